import { newPerson, signUp } from "./auth-helpers.ts";
import { arrive, expect, test } from "./fixtures.ts";

test.describe("connecting Typeform (sandbox)", () => {
  test("Deny comes back with an error; Allow connects and shows the forms", async ({ page }) => {
    await signUp(page, newPerson("Connector"));

    await page.getByRole("button", { name: "Connect", exact: true }).click();
    await expect(page).toHaveURL(/\/sandbox\/typeform\/api\/oauth\/authorize/);
    await expect(page.getByText("Typeform sandbox").first()).toBeVisible();
    await page.getByRole("button", { name: "Deny" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByText("Failed to connect your account. Please try again.")).toBeVisible();

    await page.getByRole("button", { name: "Connect", exact: true }).click();
    await expect(page).toHaveURL(/\/oauth\/authorize/);
    await page.getByLabel("Account", { exact: true }).fill(`connector-${Date.now()}@example.com`);
    await page.getByRole("button", { name: "Allow" }).click();
    await expect(page).toHaveURL(/\/admin\/assistant-configuration\/[0-9a-f-]{36}$/);
    await expect(page.getByText("Successfully connected to your account!")).toBeVisible();
    await expect(page.getByText("Connected to Typeform")).toBeVisible();
    await expect(page.getByText("Sandbox", { exact: true })).toBeVisible();
    // A new assistant opens at step 0: name it to see the forms.
    await page.getByLabel("Assistant name").fill("Website leads");
    await page.getByLabel("Assistant name").press("Enter");
    await expect(page.getByText("Assistant name updated")).toBeVisible();
    const forms = page.getByRole("list", { name: "Forms" });
    await expect(forms.getByText("Website enquiry")).toBeVisible();
    await expect(forms.getByText("Newsletter signup")).toBeVisible();

    // Already connected: a new assistant skips the consent page.
    await page.goto("/admin/dashboard");
    await page.getByRole("button", { name: "Create New Assistant" }).click();
    await page.getByRole("menuitem", { name: "Typeform" }).click();
    await expect(page).toHaveURL(/\/admin\/assistant-configuration\/[0-9a-f-]{36}$/);
    await expect(page.getByText("Connected to Typeform")).toBeVisible();
  });

  test("a forged state is refused with the invalid-state message", async ({ page }) => {
    await signUp(page, newPerson("Forger"));
    await arrive(page, "/api/form-connections/typeform/callback?code=abc&state=forged.state");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(
      page.getByText("Invalid state parameter in the OAuth response. Please try again."),
    ).toBeVisible();
  });

  test("each return reason shows its message", async ({ page }) => {
    await signUp(page, newPerson("Reasons"));
    const cases: [string, string][] = [
      [
        "auth=error&reason=token_exchange_403",
        "Typeform authorization failed (403 Forbidden). Please verify your redirect URI configuration in Typeform.",
      ],
      [
        "auth=error&reason=token_exchange_400",
        "Failed to authenticate with Typeform (token_exchange_400). The redirect URI or client credentials may be incorrect. Please check your Typeform app configuration.",
      ],
      ["auth=error&reason=db_error", "Failed to save your credentials. Please try again."],
      ["auth=error&reason=missing_user_id", "Authentication session expired. Please try again."],
      [
        "auth=error&reason=token_exchange_exception",
        "Connection error with Typeform. Please try again later.",
      ],
      ["auth=error", "Failed to connect your account. Please try again."],
      ["auth=success", "No assistant ID received. Please try again or contact support."],
    ];
    for (const [query, message] of cases) {
      await arrive(page, `/admin/form-connection/typeform?${query}`);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(page.getByText(message)).toBeVisible();
    }
  });
});
