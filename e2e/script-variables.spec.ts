import { newPerson, signUp } from "./auth-helpers.ts";
import { expect, expectAccessible, screenshots, test } from "./fixtures.ts";

/**
 * The Customize step lists the form's variables and previews the script with a
 * sample response; the call made from a real submission knows what the lead wrote.
 */
test("the script uses the form's answers, and the call refers back to them", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, newPerson("Variables"));
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await page.getByLabel("Account", { exact: true }).fill(`variables-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Allow" }).click();
  await page.getByLabel("Assistant name").fill("Kitchen caller");
  await page.getByLabel("Assistant name").press("Enter");
  await page
    .getByRole("list", { name: "Forms" })
    .getByRole("button", { name: /Website enquiry/ })
    .click();
  await page.getByRole("button", { name: "Assign Fields & Continue" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Customize Assistant" })).toBeVisible();

  // The form's variables, by ref, with their questions.
  const variables = page.getByRole("region", { name: "Variables" });
  await expect(
    variables.getByRole("button", { name: /\{enquiry\}\s*How can we help\?/ }),
  ).toBeVisible();
  await expect(variables.getByRole("button", { name: /\{name\}/ })).toBeVisible();
  await expect(variables.getByRole("button", { name: /\{answers\}/ })).toBeVisible();
  await expect(variables.getByRole("button", { name: /\{utm_source\}/ })).toBeVisible();

  // A variable that matches no field is named; clicking one inserts it at the cursor.
  const script = page.getByLabel("Assistant Script");
  await script.fill(
    "Hi {name}, this is Acme Kitchens about your {enquirey}. Do you have a minute?",
  );
  await expect(page.getByText(/matches no field of this form/)).toContainText("{enquirey}");
  await expect(script).toHaveAccessibleDescription(/matches no field of this form/);
  await expectAccessible(page);
  await screenshots(page, "script-warning");
  await script.fill("Hi {name}, this is Acme Kitchens about your . Do you have a minute?");
  await expect(page.getByText(/matches no field of this form/)).toHaveCount(0);
  const dot = "Hi {name}, this is Acme Kitchens about your ".length;
  await script.evaluate((element: HTMLTextAreaElement, at) => {
    element.focus();
    element.setSelectionRange(at, at);
  }, dot);
  await variables.getByRole("button", { name: /\{enquiry\}/ }).click();
  const filled = "Hi {name}, this is Acme Kitchens about your {enquiry}. Do you have a minute?";
  await expect(script).toHaveValue(filled);
  await expect(script).toBeFocused();

  // The preview reads it as a call to a sample respondent would.
  const preview = page.getByTestId("script-preview");
  await expect(preview).toHaveText(
    "Hi Sam Rivera, this is Acme Kitchens about your A quote for a new kitchen, ideally before the summer. Do you have a minute?",
  );
  await expectAccessible(page);
  await screenshots(page, "script-variables");

  await page.getByRole("button", { name: "Advanced" }).click();
  await page.getByLabel("Calling window start").fill("08:00");
  await page.getByLabel("Calling window end").fill("21:00");
  await page.getByRole("button", { name: "Save Assistant Configuration" }).click();
  await page.getByRole("button", { name: "Activate Assistant" }).click();
  await expect(page.getByRole("heading", { name: "Assistant Active" })).toBeVisible();
  const formUrl = (await page.getByRole("link", { name: "Use Form" }).getAttribute("href"))!;

  // A lead submits the form.
  const form = await page.context().newPage();
  await form.goto(formUrl);
  await form.getByLabel("What's your name?").fill("Sam Rivera");
  await form.getByLabel("What's your email address?").fill("sam.rivera@example.com");
  await form.getByLabel("What's the best number to call you on?").fill("+1 415 555 0166");
  await form.getByLabel("How can we help?").fill("Kitchen renovation with an island");
  await form
    .getByRole("group", { name: /Can we call you/ })
    .getByLabel("Yes")
    .check();
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.getByText(/thank/i).first()).toBeVisible();
  await form.close();

  // The call opened with the filled script and referred back to the answer.
  await page.getByRole("link", { name: "Call Records" }).first().click();
  const row = page.getByRole("row").filter({ hasText: "Sam Rivera" });
  await expect(row).toContainText("Answered", { timeout: 30_000 });
  await row.getByRole("button", { name: "Latest Call" }).click();
  const conversation = page
    .getByRole("dialog", { name: "Call Details" })
    .getByRole("list", { name: "Conversation" });
  await expect(conversation).toContainText(
    "Hi Sam Rivera, this is Acme Kitchens about your Kitchen renovation with an island.",
  );
  await expect(conversation).toContainText(
    "You mentioned “Kitchen renovation with an island” for “How can we help?” on the form.",
  );
});
