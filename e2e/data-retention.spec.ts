import { newPerson, signUp } from "./auth-helpers.ts";
import { expect, expectAccessible, screenshots, test } from "./fixtures.ts";

/**
 * Call Limits & Retention says what is kept and for how long (by default recordings 90 days,
 * transcripts forever); an owner changes it, and the audit trail says so.
 */
test("an owner sees and changes how long recordings and transcripts are kept", async ({ page }) => {
  const owner = newPerson("Retention");
  await signUp(page, owner);
  await page.goto("/admin/settings/call-limits");
  const card = page.locator('[data-slot="card"]').filter({
    has: page.getByRole("heading", { name: "Data Retention" }),
  });
  const summary = card.getByTestId("retention-summary");
  await expect(summary).toHaveText(
    "Recordings are deleted 90 days after the call. Transcripts are kept forever.",
  );
  await expect(card.getByLabel("Keep recordings")).toHaveText("90 days");
  await expect(card.getByLabel("Keep transcripts")).toHaveText("Forever");
  const save = card.getByRole("button", { name: "Update Retention" });
  await expect(save).toBeDisabled();
  await card.scrollIntoViewIfNeeded();
  await screenshots(page, "data-retention-default");

  await card.getByLabel("Keep recordings").click();
  await page.getByRole("option", { name: "30 days" }).click();
  await card.getByLabel("Keep transcripts").click();
  await page.getByRole("option", { name: "1 year" }).click();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText("Organization settings saved")).toBeVisible();
  await expect(summary).toHaveText(
    "Recordings are deleted 30 days after the call. Transcripts are deleted 1 year after the call.",
  );
  await expectAccessible(page);

  await page.reload();
  await expect(summary).toHaveText(
    "Recordings are deleted 30 days after the call. Transcripts are deleted 1 year after the call.",
  );
  await page.goto("/admin/settings/audit-trail?kind=retention");
  const trail = page.getByRole("list", { name: "Audit events" });
  await expect(trail).toContainText("changed how long recordings and transcripts are kept");
  await expect(trail).toContainText("Keep recordings: 90 days → 30 days");
  await expect(trail).toContainText("Keep transcripts: Forever → 1 year");
});
