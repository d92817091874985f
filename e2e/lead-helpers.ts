import type { Page } from "@playwright/test";
import { newPerson, signUp } from "./auth-helpers.ts";
import { expect } from "./fixtures.ts";

/**
 * From the signed-in dashboard of a new organization: connect the sandbox (as a new account
 * named after `account`), name the assistant, pick 'Website enquiry' and keep the fields as the
 * wizard reads them from the form, up to the Customize step.
 */
export async function toCustomizeStep(
  page: Page,
  { account, assistant }: { account: string; assistant: string },
): Promise<void> {
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page).toHaveURL(/\/oauth\/authorize/);
  await page.getByLabel("Account", { exact: true }).fill(`${account}-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Allow" }).click();
  await page.getByLabel("Assistant name").fill(assistant);
  await page.getByLabel("Assistant name").press("Enter");
  await page
    .getByRole("list", { name: "Forms" })
    .getByRole("button", { name: /Website enquiry/ })
    .click();
  // The fields as the wizard reads them from the form: nothing changed.
  await page.getByRole("button", { name: "Assign Fields & Continue" }).click();
}

/**
 * Sign up, connect the sandbox and set up 'Website enquiry' accepting every default;
 * `customize` does more on the Customize step (outcome questions, say) before it is saved.
 */
export async function assistantWithDefaults(
  page: Page,
  label: string,
  options: { anyHour?: boolean; customize?: (page: Page) => Promise<void> } = {},
): Promise<string> {
  await signUp(page, newPerson(label));
  await toCustomizeStep(page, { account: "records", assistant: "Front desk" });
  await page
    .getByLabel("Assistant Script")
    .fill("Hi {name}, thanks for your enquiry. Is now a good time to talk?");
  if (options.anyHour) {
    await page.getByRole("button", { name: "Advanced" }).click();
    await page.getByLabel("Calling window start").fill("08:00");
    await page.getByLabel("Calling window end").fill("21:00");
  }
  await options.customize?.(page);
  await page.getByRole("button", { name: "Save Assistant Configuration" }).click();
  await page.getByRole("button", { name: "Activate Assistant" }).click();
  await expect(page.getByRole("heading", { name: "Assistant Active" })).toBeVisible();
  const formUrl = await page.getByRole("link", { name: "Use Form" }).getAttribute("href");
  return formUrl!;
}

/** A respondent fills in the public form in a tab of their own. */
export async function submitForm(
  page: Page,
  formUrl: string,
  answers: { name: string; email: string; phone: string; help: string },
) {
  const form = await page.context().newPage();
  await form.goto(formUrl);
  await form.getByLabel("What's your name?").fill(answers.name);
  await form.getByLabel("What's your email address?").fill(answers.email);
  await form.getByLabel("What's the best number to call you on?").fill(answers.phone);
  await form.getByLabel("How can we help?").fill(answers.help);
  await form
    .getByRole("group", { name: /Can we call you/ })
    .getByLabel("Yes")
    .check();
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.getByText(/thank/i).first()).toBeVisible();
  await form.close();
}
