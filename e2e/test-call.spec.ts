import type { Page } from "@playwright/test";
import { newPerson, signUp, uniquePhone } from "./auth-helpers.ts";
import { allowConsoleErrors, expect, test } from "./fixtures.ts";

/**
 * "Call me now": on the wizard's Finalize step and on each assistant card, a test
 * call to the signed-in user's own phone, shown live in a dialog until its transcript; marked in
 * Call Records and left out of the dashboard's stats. In sandbox mode the simulator plays it:
 * the user's own number ends in 4321, which the simulator answers (providers/voice/simulator/outcomes.ts).
 */
test("Call me now: a live test call to your own phone, left out of the stats", async ({ page }) => {
  test.setTimeout(180_000);
  const person = newPerson("Tester");
  person.phone = `${uniquePhone().slice(0, -4)}4321`;
  const spoken = `+1 415 ${person.phone.slice(5, 8)} 4321`;
  await signUp(page, person);

  // An assistant set up up to its script, not activated: a test call tries it out first.
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page).toHaveURL(/\/oauth\/authorize/);
  await page.getByLabel("Account", { exact: true }).fill(`tester-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Allow" }).click();
  await page.getByLabel("Assistant name").fill("Front desk");
  await page.getByLabel("Assistant name").press("Enter");
  await page
    .getByRole("list", { name: "Forms" })
    .getByRole("button", { name: /Website enquiry/ })
    .click();
  await page.getByRole("button", { name: "Assign Fields & Continue" }).click();
  await page
    .getByLabel("Assistant Script")
    .fill("Hi {name}, thanks for your enquiry. Is now a good time to talk?");
  await page.getByRole("button", { name: "Save Assistant Configuration" }).click();
  await expect(page.getByRole("button", { name: "Activate Assistant" })).toBeVisible();

  // The Finalize step: the call is being placed (held a moment, so that this is seen)…
  await page.route("**/test-calls", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  const callMeNow = page
    .getByRole("region", { name: "Hear it first" })
    .getByRole("button", { name: "Call me now" });
  await callMeNow.click();
  const dialog = page.getByRole("dialog", { name: "Test call" });
  await expect(dialog.getByRole("status").filter({ hasText: "Calling your phone" })).toHaveText(
    `Calling your phone ${spoken}…`,
  );
  await dialogShots(page, "test-call-calling");
  await page.unroute("**/test-calls");

  // …then live, and its result: status, duration, summary and the transcript.
  await expect(dialog.getByText("Call ended", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText("Answered", { exact: true })).toBeVisible();
  await expect(dialog.getByText("Simulated", { exact: true })).toBeVisible();
  const transcript = dialog.getByRole("list", { name: "Transcript" });
  await expect(transcript.locator('li[data-from="assistant"]').first()).toBeVisible();
  await expect(transcript.locator('li[data-from="respondent"]').first()).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Summary" })).toBeVisible();
  await expect(dialog.getByText("No summary for this call.")).toHaveCount(0);
  await dialogShots(page, "test-call-ended");

  // On a phone the transcript scrolls under the dialog's buttons: Close stays on the screen.
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(dialog.getByRole("button", { name: "Close" }).first()).toBeInViewport({ ratio: 1 });
  if (size) await page.setViewportSize(size);

  // Closing gives focus back to the button that opened it.
  await dialog.getByRole("button", { name: "Close" }).first().click();
  await expect(dialog).toHaveCount(0);
  await expect(callMeNow).toBeFocused();

  // The dashboard: the assistant card has it too, and the stats count no call.
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const stat = (label: string) => page.locator(`dt:has-text("${label}") + dd`);
  await expect(stat("Total Form Submissions")).toHaveText("0");
  await expect(stat("Completed Calls")).toHaveText("0");
  await expect(stat("Unique Forms Called")).toHaveText("0");

  const card = page.getByRole("list", { name: "Your Form Assistants" }).getByRole("listitem");
  await placeFromCard(page, card.getByRole("button", { name: "Call me now" }));
  await expect(stat("Completed Calls")).toHaveText("0");
  await expect(stat("Total Form Submissions")).toHaveText("0");

  // A poll that fails says so, with Retry.
  allowConsoleErrors(page, /status of 503/);
  await page.route("**/test-calls/*", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({
        error: { code: "unavailable", message: "Ringback is temporarily unavailable." },
      }),
    }),
  );
  await card.getByRole("button", { name: "Call me now" }).click();
  const lost = dialog.getByRole("alert").filter({ hasText: "Lost touch with the call." });
  await expect(lost).toBeVisible({ timeout: 15_000 });
  await expect(lost).toContainText("Ringback is temporarily unavailable.");
  await dialogShots(page, "test-call-lost");
  await page.unroute("**/test-calls/*");
  await lost.getByRole("button", { name: "Retry" }).click();
  await expect(dialog.getByText("Call ended", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(lost).toHaveCount(0);
  await dialog.getByRole("button", { name: "Close" }).first().click();

  // Three in ten minutes: the fourth is refused, in words that say when to try again.
  await card.getByRole("button", { name: "Call me now" }).click();
  const refusal = dialog.getByRole("alert").filter({ hasText: "Too many test calls" });
  await expect(refusal).toContainText(
    /You can place 3 test calls every 10 minutes; try again in \d+ minutes?\./,
  );
  await dialogShots(page, "test-call-rate-limited");
  await dialog.getByRole("button", { name: "Close" }).first().click();

  // Call Records lists them, marked; Call Details says Test call and Simulated.
  await page.getByRole("link", { name: "Call Records" }).first().click();
  await expect(page.getByRole("heading", { name: "Call Records" })).toBeVisible();
  const rows = page.locator("tr[data-group]");
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: "Test call" })).toHaveCount(3);
  await rows.first().getByRole("button", { name: "Latest Call" }).click();
  const panel = page.getByRole("dialog", { name: "Call Details" });
  await expect(panel.getByText("Test call", { exact: true })).toBeVisible();
  await expect(panel.getByText("Simulated", { exact: true })).toBeVisible();
  await expect(panel.getByText(person.fullName).first()).toBeVisible();
  await page.keyboard.press("Escape");

  // And the dashboard still counts nothing.
  await page.getByRole("link", { name: "Dashboard" }).first().click();
  await expect(stat("Completed Calls")).toHaveText("0");
  await expect(stat("Total Form Submissions")).toHaveText("0");
});

/** "Call me now" on a card: the dialog follows the call to its end; then closed. */
async function placeFromCard(page: Page, button: ReturnType<Page["getByRole"]>) {
  await button.click();
  const dialog = page.getByRole("dialog", { name: "Test call" });
  await expect(dialog.getByText("Call ended", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(
    dialog.getByRole("list", { name: "Transcript" }).locator("li").first(),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).first().click();
  await expect(dialog).toHaveCount(0);
  await expect(button).toBeFocused();
}

/**
 * With E2E_SCREENSHOTS set, the dialog as a person sees it (the viewport, not the whole page) at
 * 1280 and 390 px. Its spinner never stops while a call is live, so animations are frozen rather
 * than waited for.
 */
async function dialogShots(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  const size = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({
      path: test.info().outputPath(`${name}-${width}.png`),
      animations: "disabled",
    });
  }
  if (size) await page.setViewportSize(size);
}
