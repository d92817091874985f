import { expect, expectAccessible, screenshots, test } from "./fixtures.ts";
import { assistantWithDefaults, submitForm } from "./lead-helpers.ts";

/**
 * A number added on the Do Not Call page is never dialled — the lead's
 * attempt shows blocked, with its reason, in Call Records — and the list can be searched,
 * imported with a per-row report, and the change is in the audit trail.
 */
test("a number added on the Do Not Call page is blocked when its form comes in", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const formUrl = await assistantWithDefaults(page, "DoNotCall");

  await page.getByRole("link", { name: "Do Not Call" }).first().click();
  await expect(page.getByRole("heading", { name: "Do Not Call List" })).toBeVisible();
  await expect(page.getByText("No numbers on the list yet.")).toBeVisible();
  await expectAccessible(page);

  // Add Number: a bad number is refused with why, and nothing is lost from the form.
  await page.getByRole("button", { name: "Add Number" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Number" });
  await dialog.getByLabel("Phone number").fill("12345");
  await dialog.getByLabel("Reason").fill("Asked by email");
  await dialog.getByRole("button", { name: "Add Number" }).click();
  await expect(dialog.getByText(/valid phone number/)).toBeVisible();
  await expect(dialog.getByLabel("Reason")).toHaveValue("Asked by email");
  await dialog.getByLabel("Phone number").fill("(415) 555-0133");
  await dialog.getByRole("button", { name: "Add Number" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: "+1 415 555 0133" });
  await expect(row).toContainText("Asked by email");
  await expect(row).toContainText("Added by hand");

  // The lead submits the form with that number: the attempt is blocked, not dialled.
  await submitForm(page, formUrl, {
    name: "Robin Listed",
    email: "robin@example.com",
    phone: "+1 415-555-0133",
    help: "Please do not call, email only",
  });
  await page.getByRole("link", { name: "Call Records" }).first().click();
  const lead = page.getByRole("row").filter({ hasText: "Robin Listed" });
  await expect(lead).toContainText("Blocked: on do-not-call list", { timeout: 20_000 });
  await screenshots(page, "call-records-blocked");

  // Search finds it by any part of the number or the reason.
  await page.getByRole("link", { name: "Do Not Call" }).first().click();
  const search = page.getByLabel("Search numbers and reasons");
  await search.fill("555 0133");
  await expect(page).toHaveURL(/search=555/);
  await expect(row).toHaveCount(1);
  await search.fill("nobody");
  await expect(page.getByText("No numbers match your search.")).toBeVisible();
  await search.fill("");

  // Import: a preview with a per-row report, then the import.
  await page.getByRole("button", { name: "Import CSV" }).click();
  const importer = page.getByRole("dialog", { name: "Import CSV" });
  await importer.getByLabel("CSV file").setInputFiles({
    name: "numbers.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      "Phone,Reason\n(303) 555-0101,Front desk\nnot a number,x\n415 555 0133,Again\n",
    ),
  });
  const preview = importer.getByRole("region", { name: "Preview" });
  await expect(preview).toContainText("1 to add");
  await expect(preview).toContainText("1 already listed");
  await expect(preview).toContainText("1 rejected");
  await expect(preview).toContainText("Not a phone number");
  await screenshots(page, "do-not-call-import");
  await importer.getByRole("button", { name: "Import 1 number" }).click();
  await expect(importer.getByRole("region", { name: "Report" })).toContainText("1 added");
  await importer.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("row").filter({ hasText: "+1 303 555 0101" })).toContainText(
    "Imported",
  );
  await screenshots(page, "do-not-call");
  await expectAccessible(page);

  // The Audit Trail says who added what, in words.
  await page
    .getByRole("navigation", { name: "Sidebar" })
    .getByRole("link", { name: "Audit Trail" })
    .click();
  const trail = page.getByRole("list", { name: "Audit events" });
  await expect(trail).toContainText("added +1 415 555 0133 to the do-not-call list");
  await expect(trail).toContainText("Reason: Asked by email");
  // How each number came onto the list, in words, not as stored.
  await expect(trail).toContainText("Source: Added by hand");
  await expect(trail).toContainText("Source: Imported");
  await expect(trail).not.toContainText("Source: manual");
  await expectAccessible(page);
});
