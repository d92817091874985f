import { newPerson, signUp } from "./auth-helpers.ts";
import { expect, test } from "./fixtures.ts";

test("a submission is called, and the dashboard counts it without a reload", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, newPerson("Live"));

  // Connect the sandbox and set up an assistant for 'Website enquiry', callable at any hour.
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page).toHaveURL(/\/oauth\/authorize/);
  await page.getByLabel("Account", { exact: true }).fill(`live-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Allow" }).click();
  await page.getByLabel("Assistant name").fill("Live caller");
  await page.getByLabel("Assistant name").press("Enter");
  await page
    .getByRole("list", { name: "Forms" })
    .getByRole("button", { name: /Website enquiry/ })
    .click();
  await page.getByRole("button", { name: "Assign Fields & Continue" }).click();
  await page
    .getByLabel("Assistant Script")
    .fill("Hi {name}, thanks for your enquiry about our homes.");
  await page.getByRole("button", { name: "Advanced" }).click();
  await page.getByLabel("Calling window start").fill("00:00");
  await page.getByLabel("Calling window end").fill("23:59");
  await page.getByRole("button", { name: "Save Assistant Configuration" }).click();
  await page.getByRole("button", { name: "Activate Assistant" }).click();
  await expect(page.getByRole("heading", { name: "Assistant Active" })).toBeVisible();
  const formUrl = await page.getByRole("link", { name: "Use Form" }).getAttribute("href");

  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  const stat = (label: string) => page.locator(`dt:has-text("${label}") + dd`);
  await expect(stat("Total Form Submissions")).toHaveText("0");
  await expect(stat("Completed Calls")).toHaveText("0");

  // A respondent fills in the public form elsewhere (over HTTP, so this tab stays in front).
  const formPage = await (await page.request.get(formUrl!)).text();
  const form: Record<string, string> = {};
  for (const match of formPage.matchAll(/<input([^>]*)>/g)) {
    const attrs = match[1]!;
    const name = /name="([^"]+)"/.exec(attrs)?.[1];
    const type = /type="([^"]+)"/.exec(attrs)?.[1];
    if (!name || type === "hidden") continue;
    if (type === "tel") form[name] = "+1 415 555 0177";
    else if (type === "email") form[name] = "sam@example.com";
    else if (type === "radio") {
      if (/value="yes"/i.test(attrs)) form[name] = /value="([^"]+)"/.exec(attrs)![1]!;
    } else form[name] = "Sam";
  }
  const submitted = await page.request.post(formUrl!, { form });
  expect(submitted.ok()).toBe(true);

  // No reload: the numbers move as the submission lands and the call ends.
  await expect(stat("Total Form Submissions")).toHaveText("1", { timeout: 20_000 });
  await expect(stat("Completed Calls")).toHaveText("1", { timeout: 30_000 });
  await expect(stat("Answered Calls")).toHaveText("1");
});
