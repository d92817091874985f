import type { Locator, Page } from "@playwright/test";
import { expect, screenshots, test } from "./fixtures.ts";
import { assistantWithDefaults, submitForm } from "./lead-helpers.ts";

/**
 * What Call Records says about how calls ended, on a phone and a laptop: the simulator's
 * voicemail ending (numbers ending 0004) is "Voicemail" with the lead outcome "Voicemail left",
 * never answered; and the status filter matches any attempt, several statuses at once, so a lead
 * whose first attempt went unanswered (0005) is found by "No answer" while its retry waits.
 */
for (const [width, height] of [
  [390, 844],
  [1280, 800],
] as const) {
  test(`at ${width} px: a voicemail reads Voicemail / Voicemail left, and the status filter finds earlier attempts`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height });
    // On voicemail the assistant leaves a message (Hang up is the default): a voicemail left.
    const formUrl = await assistantWithDefaults(page, `Endings${width}`, {
      anyHour: true,
      customize: async (wizard) => {
        await wizard.getByLabel("Leave a short message").check();
        await wizard
          .getByLabel("Voicemail message")
          .fill("Hi, this is Front desk returning your enquiry. We will try you again soon.");
      },
    });
    await submitForm(page, formUrl, {
      name: "Vera Voicemail",
      email: "vera@example.com",
      phone: "+1 415-555-0004",
      help: "A quote, please",
    });
    await submitForm(page, formUrl, {
      name: "Nico Noanswer",
      email: "nico@example.com",
      phone: "+1 415-555-0005",
      help: "Call me later",
    });
    await page.goto("/admin/call-records");

    const lead = (name: string): Locator =>
      width < 768
        ? page.locator("li[data-group]").filter({ hasText: name })
        : page.getByRole("row").filter({ hasText: name });
    // Vera: her first call reached voicemail, a message was left, and a retry waits.
    const vera = lead("Vera Voicemail");
    await expect(vera).toContainText("Voicemail left", { timeout: 60_000 });
    await expect(vera).not.toContainText("Answered");
    await vera
      .getByRole("button", { name: /^Show (2 attempts|attempts for Vera Voicemail)$/ })
      .click();
    const first = page.locator('[data-attempt="1"]').filter({ hasText: "Voicemail" });
    await expect(first).toHaveCount(1);
    await expect(first).toContainText("Message left");
    await expect(first).not.toContainText("Answered");
    await screenshots(page, `call-statuses-voicemail-${width}`);
    const nico = lead("Nico Noanswer");
    await expect(nico).toContainText(/Scheduled for .*\d:\d\d [AP]M/, { timeout: 60_000 });
    await expect(nico).toContainText("Not reached yet");

    // "No answer" and "Voicemail" together: Nico's first attempt matches, though his latest is
    // the retry that waits; Vera's voicemail too. The filter is in the URL.
    await chooseStatuses(page, width, ["No answer", "Voicemail"]);
    await expect(page).toHaveURL(/status=(no-answer%2Cvoicemail|voicemail%2Cno-answer)/);
    await expect(nico).toBeVisible();
    await expect(vera).toBeVisible();
    // "Answered" alone: neither lead was reached.
    await page.goto("/admin/call-records?status=answered");
    await expect(page.getByText("No call records found.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Clear filters" }).last()).toBeVisible();
  });
}

async function chooseStatuses(page: Page, width: number, statuses: string[]): Promise<void> {
  if (width < 768) {
    await page.getByRole("button", { name: /^Filters/ }).click();
    const sheet = page.getByRole("dialog", { name: "Filters" });
    for (const status of statuses) {
      await sheet.getByRole("checkbox", { name: status, exact: true }).check();
    }
    await sheet.getByRole("button", { name: "Done" }).click();
    await expect(sheet).toBeHidden();
    return;
  }
  await page.getByRole("button", { name: /^Status/ }).click();
  const popover = page.getByRole("dialog", { name: "Any attempt's status" });
  for (const status of statuses) {
    await popover.getByRole("checkbox", { name: status, exact: true }).check();
  }
  await page.keyboard.press("Escape");
}
