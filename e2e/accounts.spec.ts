import { Secret, TOTP } from "otpauth";
import {
  logIn,
  logOut,
  newPerson,
  readCode,
  signUp,
  signUpThroughForm,
  uniquePhone,
} from "./auth-helpers.ts";
import { arrive, expect, screenshots, test } from "./fixtures.ts";

test.describe("sign-up and sign-in", () => {
  test("signs up with a code from the outbox, lands as owner, logs out and logs back in", async ({
    page,
  }) => {
    const person = newPerson("Owner");
    await signUpThroughForm(page, person);
    await expect(page.getByTestId("organization-name")).toHaveText(person.company);
    await expect(page.getByRole("button", { name: "Account menu" })).toContainText(person.fullName);
    // The pending signup data is gone once the organization exists.
    expect(await page.evaluate(() => localStorage.getItem("pendingSignup"))).toBeNull();

    // The session survives a reload.
    await page.reload();
    await expect(page.getByRole("heading", { name: `${person.company} Dashboard` })).toBeVisible();

    await logOut(page);
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, person.phone);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole("heading", { name: `${person.company} Dashboard` })).toBeVisible();
  });

  test("signed-in users visiting /login or /signup go to the dashboard", async ({ page }) => {
    await signUp(page, newPerson("Returning"));
    await page.goto("/login");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto("/signup");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test("the guard remembers where the user was going", async ({ page }) => {
    const person = newPerson("Guarded");
    await signUp(page, person);
    await logOut(page);
    await page.goto("/admin/settings/profile");
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, person.phone);
    await expect(page).toHaveURL(/\/admin\/settings\/profile$/);
  });

  test("signup needs every field, and says what is wrong under each one at once", async ({
    page,
  }) => {
    await page.goto("/signup");
    await page.getByLabel("Full Name").fill("Only A Name");
    await page.getByLabel("Email").fill("only@");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("All fields are required")).toBeVisible();
    await expect(page.getByText("Please fill in all fields to continue.")).toBeVisible();
    const expected: [string, string | null][] = [
      ["Full Name", null],
      ["Email", "Enter a valid email address"],
      ["Phone Number", "Include country code (e.g., +1 for US) Enter your phone number"],
      ["Company Name", "Enter your company name"],
    ];
    for (const [label, description] of expected) {
      const field = page.getByLabel(label);
      await expect(field).toHaveAttribute("aria-invalid", description ? "true" : "false");
      if (description) await expect(field).toHaveAccessibleDescription(description);
    }
    // The first field in error has the focus.
    await expect(page.getByLabel("Email")).toBeFocused();
    await screenshots(page, "signup-errors");

    // Fixing a field clears its error; a phone too short is named as such.
    await page.getByLabel("Email").fill("only@example.com");
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "false");
    await page.getByLabel("Phone Number").fill("+12");
    await page.getByLabel("Company Name").fill("Only Co");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByLabel("Phone Number")).toHaveAccessibleDescription(
      "Include country code (e.g., +1 for US) Enter a phone number with its country code, e.g. +1 415 555 0123",
    );
  });

  test("login says under the field that the phone number is missing", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Send Verification Code" }).click();
    await expect(page.getByText("Login failed")).toBeVisible();
    const phone = page.getByLabel("Phone Number");
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toHaveAccessibleDescription(
      "Include country code (e.g., +1 for US) Enter your phone number",
    );
  });

  test("the code step needs 6 digits and says when a code is wrong", async ({ page }) => {
    const phone = uniquePhone();
    await page.goto("/login");
    await page.getByLabel("Phone Number").fill(phone);
    await page.getByRole("button", { name: "Send Verification Code" }).click();
    const code = await readCode(page, phone);
    const verify = page.getByRole("button", { name: "Verify & Login" });
    await page.getByLabel("Verification Code").fill("12a45");
    await expect(page.getByLabel("Verification Code")).toHaveValue("1245");
    await expect(verify).toBeDisabled();
    const wrong = code === "000000" ? "111111" : "000000";
    await page.getByLabel("Verification Code").fill(wrong);
    await expect(verify).toBeEnabled();
    await verify.click();
    await expect(page.getByText("Verification failed")).toBeVisible();
    await expect(page.getByText("Invalid verification code")).toBeVisible();
  });

  test("after 5 wrong tries a new code is needed", async ({ page }) => {
    const phone = uniquePhone();
    await page.goto("/login");
    await page.getByLabel("Phone Number").fill(phone);
    await page.getByRole("button", { name: "Send Verification Code" }).click();
    const code = await readCode(page, phone);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      await page.getByLabel("Verification Code").fill(wrong);
      await page.getByRole("button", { name: "Verify & Login" }).click();
      await expect(page.getByRole("button", { name: "Verify & Login" })).toBeEnabled();
    }
    await page.getByLabel("Verification Code").fill(code);
    await page.getByRole("button", { name: "Verify & Login" }).click();
    await expect(page.getByText("Too many wrong attempts. Request a new code.")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("an expired code gets its own message", async ({ page }) => {
    // The server's expiry is proven by the integration tests; here the screen's wording.
    await page.route("**/api/auth/phone-number/verify", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({ code: "OTP_EXPIRED", message: "OTP expired" }),
      }),
    );
    const phone = uniquePhone();
    await page.goto("/login");
    await page.getByLabel("Phone Number").fill(phone);
    await page.getByRole("button", { name: "Send Verification Code" }).click();
    await page.getByLabel("Verification Code").fill("123456");
    await page.getByRole("button", { name: "Verify & Login" }).click();
    await expect(page.getByText("This code has expired. Request a new one.")).toBeVisible();
  });

  test("an access token in the URL hash signs in; a bad one says so", async ({ page, browser }) => {
    await signUp(page, newPerson("Hash"));
    const token = await page.evaluate(async () => {
      const response = await fetch("/api/session");
      return ((await response.json()) as { access_token: string }).access_token;
    });
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto(`/#access_token=${token}&token_type=bearer`);
    await expect(otherPage.getByText("Authentication successful")).toBeVisible();
    await expect(otherPage).toHaveURL(/\/admin\/dashboard$/);
    expect(otherPage.url()).not.toContain("access_token");
    await other.close();

    const stranger = await browser.newContext();
    const strangerPage = await stranger.newPage();
    await strangerPage.goto("/#access_token=not.a.token");
    await expect(strangerPage.getByText("Authentication error")).toBeVisible();
    await stranger.close();
  });
});

test.describe("organizations", () => {
  test("creates a second organization and switches between them", async ({ page }) => {
    const person = newPerson("Switcher");
    await signUp(page, person);
    await page.getByRole("button", { name: "Create Organization" }).click();
    const create = page.getByRole("dialog").getByRole("button", { name: "Create" });
    await expect(create).toBeDisabled();
    await page.getByLabel("Organization Name").fill("   ");
    await expect(create).toBeDisabled();
    await page.getByLabel("Organization Name").fill("Second Org");
    await page.getByLabel("Organization Name").press("Enter");
    await expect(page.getByRole("heading", { name: "Second Org Dashboard" })).toBeVisible();

    await page.getByRole("button", { name: "Switch organization" }).click();
    await page.getByRole("menuitem", { name: person.company }).click();
    await expect(page.getByRole("heading", { name: `${person.company} Dashboard` })).toBeVisible();
    // The choice is remembered across reloads.
    await page.reload();
    await expect(page.getByRole("heading", { name: `${person.company} Dashboard` })).toBeVisible();
  });

  test("a link that carries its organization opens in it, whichever one the app was in", async ({
    page,
  }) => {
    const person = newPerson("Linker");
    // Through the form: signing up there makes the new organization the one the app remembers.
    await signUpThroughForm(page, person);
    const first = await page.evaluate(() => localStorage.getItem("lastOrganizationId"));
    expect(first).toBeTruthy();
    await page.getByRole("button", { name: "Create Organization" }).click();
    await page.getByLabel("Organization Name").fill("Other Org");
    await page.getByLabel("Organization Name").press("Enter");
    await expect(page.getByRole("heading", { name: "Other Org Dashboard" })).toBeVisible();
    // A teammate's link to the first organization's Call Records, opened while in the other.
    await page.goto(`/admin/call-records?org=${first}`);
    await expect(page.getByRole("button", { name: "Switch organization" })).toContainText(
      person.company,
    );
    // The address no longer names it: switching later is not undone by it.
    await expect(page).toHaveURL(/\/admin\/call-records$/);
    // A link to an organization the user is not in says so, and changes nothing.
    // (Without the accessibility check first, which would outlast the 4 s toast.)
    await arrive(page, "/admin/dashboard?org=00000000-0000-4000-8000-000000000000");
    await expect(
      page.getByText("This link is for an organization you are not a member of."),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: `${person.company} Dashboard` })).toBeVisible();
  });

  test("a record's address copied from the browser opens in its organization", async ({ page }) => {
    const person = newPerson("Copier");
    await signUp(page, person);
    // An assistant of the first organization, its address as the browser shows it (no org).
    await page.goto("/admin/assistant-configuration");
    await expect(page).toHaveURL(/\/admin\/assistant-configuration\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: "Assistant Configuration" })).toBeVisible();
    const copied = page.url();
    await page.goto("/admin/dashboard");
    await page.getByRole("button", { name: "Create Organization" }).click();
    await page.getByLabel("Organization Name").fill("Elsewhere Org");
    await page.getByLabel("Organization Name").press("Enter");
    await expect(page.getByRole("heading", { name: "Elsewhere Org Dashboard" })).toBeVisible();
    // Opened while in the other organization: the app switches to the assistant's, and opens it.
    await page.goto(copied);
    await expect(page.getByRole("heading", { name: "Assistant Configuration" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Switch organization" })).toContainText(
      person.company,
    );
    await expect(page).toHaveURL(copied);
    await expect(page.getByText("Assistant not found")).toHaveCount(0);
    // An assistant none of the user's organizations has is still not found.
    await arrive(page, "/admin/assistant-configuration/00000000-0000-4000-8000-000000000000");
    await expect(page.getByText("Assistant not found")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test("a new phone with no organization is welcomed and can create one", async ({ page }) => {
    const phone = uniquePhone();
    await logIn(page, phone);
    await expect(page.getByRole("heading", { name: "Welcome to Ringback" })).toBeVisible();
    await page.getByRole("button", { name: "Create Organization" }).first().click();
    await page.getByLabel("Organization Name").fill("Fresh Start");
    await page.getByRole("dialog").getByRole("button", { name: "Create" }).click();
    await expect(page.getByRole("heading", { name: "Fresh Start Dashboard" })).toBeVisible();
  });
});

test.describe("admin shell", () => {
  test("the sidebar collapses with Ctrl+B and remembers it", async ({ page }) => {
    await signUp(page, newPerson("Sidebar"));
    const sidebar = page.locator('[data-slot="sidebar"]').first();
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    await page.keyboard.press("Control+b");
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    await page.reload();
    await expect(page.locator('[data-slot="sidebar"]').first()).toHaveAttribute(
      "data-state",
      "collapsed",
    );
    const cookies = await page.context().cookies();
    const cookie = cookies.find((c) => c.name === "sidebar_state");
    expect(cookie?.value).toBe("false");
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
  });

  test("header links and the avatar menu go where they say", async ({ page }) => {
    await signUp(page, newPerson("Header"));
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Call Records" })
      .click();
    await expect(page).toHaveURL(/\/admin\/call-records$/);
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Organization Settings" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/organization$/);
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Profile" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/profile$/);
    await page.getByRole("link", { name: "Ringback dashboard" }).first().click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});

test.describe("two-factor authentication", () => {
  test("enrols an authenticator on Profile; sign-in then asks for it, or a backup code", async ({
    page,
  }) => {
    const person = newPerson("Careful");
    await signUp(page, person);
    await page.goto("/admin/settings/profile");
    await page.getByRole("button", { name: "Set up authenticator app" }).click();
    const secret = (await page.locator("code").first().innerText()).replace(/\s+/g, "");
    const backupCode = (
      await page.getByRole("list", { name: "Backup codes" }).locator("li").first().innerText()
    ).trim();
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    await page.getByLabel("Authentication Code").fill(totp.generate());
    await page.getByRole("button", { name: "Verify & Enable" }).click();
    await expect(page.getByText("Two-factor authentication enabled")).toBeVisible();
    await expect(page.getByRole("cell", { name: "Verified" })).toBeVisible();

    await logOut(page);
    await logIn(page, person.phone);
    await expect(page.getByLabel("Authenticator Code")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel("Authenticator Code").fill(totp.generate());
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    await logOut(page);
    await logIn(page, person.phone);
    await page.getByRole("button", { name: "Use a backup code instead" }).click();
    await page.getByLabel("Backup Code").fill(backupCode);
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});
