import { expect, expectAccessible, screenshots, test } from "./fixtures.ts";
import { assistantWithDefaults, submitForm } from "./lead-helpers.ts";

/**
 * An owner opens Settings → Voice, chooses Vapi played by the simulator, Verify
 * says it is connected, saves; a submitted form is then called through Vapi's API (the
 * simulator's) and the call shows as answered in Call Records.
 */
test("an organization switches to Vapi (simulated) on Settings → Voice and its next call is answered", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const formUrl = await assistantWithDefaults(page, "Voice", { anyHour: true });

  await page.getByRole("link", { name: "Voice", exact: true }).first().click();
  await expect(page).toHaveURL(/\/admin\/settings\/voice$/);
  await expect(page.getByRole("heading", { name: "Voice", level: 1 })).toBeVisible();
  const current = page.getByRole("region", { name: "Current voice provider" });
  await expect(current).toContainText("Calls go through Simulator, this installation's default.");
  await expectAccessible(page);
  await screenshots(page, "voice-default");

  // Own account without a key: said under the field, nothing saved.
  await page.getByRole("radio", { name: "Bland", exact: true }).check();
  await page.getByRole("radio", { name: "My own account" }).check();
  await expect(page.getByLabel("Webhook signing secret")).toBeVisible();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Enter your Bland API key.")).toBeVisible();
  await expect(page.getByLabel("API key")).toBeFocused();
  await expect(page.getByLabel("API key")).toHaveAttribute("aria-invalid", "true");
  await expect(current).toContainText("this installation's default");
  await expectAccessible(page);
  await screenshots(page, "voice-own-account-errors");

  // Vapi, played by the simulator: no key, Verify finds its number.
  await page.getByRole("radio", { name: "Vapi", exact: true }).check();
  await page.getByRole("radio", { name: "Simulated — no key needed" }).check();
  await expect(page.getByLabel("API key")).toBeHidden();
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("voice-verify-result")).toHaveText(
    "Connected to Vapi: 1 phone number.",
  );
  await expectAccessible(page);
  await screenshots(page, "voice-vapi-verified");

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Voice settings saved")).toBeVisible();
  await expect(current).toContainText("Calls go through Vapi (simulated)");
  const webhookUrl = page.getByLabel("Webhook URL");
  await expect(webhookUrl).toHaveValue(/\/api\/voice-webhooks\/vapi\/[0-9a-f-]{36}$/);
  await expect(
    page.getByText("The simulator sends each call's updates here by itself."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Use the installation default" })).toBeEnabled();
  // Saved: a reload shows the same choice.
  await page.reload();
  await expect(current).toContainText("Calls go through Vapi (simulated)");
  await expect(page.getByRole("radio", { name: "Vapi", exact: true })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Simulated — no key needed" })).toBeChecked();
  await screenshots(page, "voice-vapi-saved");

  // A lead fills in the form: the call goes out through Vapi and is answered.
  await submitForm(page, formUrl, {
    name: "Vera Vapi",
    email: "vera@example.com",
    phone: "+1 415 555 0188",
    help: "A quote for a kitchen",
  });
  await page.getByRole("link", { name: "Call Records" }).first().click();
  await expect(page.getByRole("heading", { name: "Call Records" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Vera Vapi" });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row).toContainText("Answered", { timeout: 30_000 });
});
