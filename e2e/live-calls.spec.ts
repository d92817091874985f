import { newPerson, signUp } from "./auth-helpers.ts";
import { expect, test } from "./fixtures.ts";

test("a submission is called; the dashboard counts it and Call Records plays it, live", async ({
  page,
}) => {
  test.setTimeout(180_000);
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
  // Name and email are optional (None by default): Call Records shows and searches them.
  await page.getByLabel("Name Field").click();
  await page.getByRole("option", { name: /What's your name/ }).click();
  await page.getByLabel("Email Field").click();
  await page.getByRole("option", { name: /What's your email/ }).click();
  await page.getByRole("button", { name: "Assign Fields & Continue" }).click();
  await page
    .getByLabel("Assistant Script")
    .fill("Hi {name}, thanks for your enquiry about our homes.");
  await page.getByRole("button", { name: "Advanced" }).click();
  await page.getByLabel("Calling window start").fill("08:00");
  await page.getByLabel("Calling window end").fill("21:00");
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
  const submit = async (name: string, phone: string) => {
    const form: Record<string, string> = {};
    for (const match of formPage.matchAll(/<input([^>]*)>/g)) {
      const attrs = match[1]!;
      const field = /name="([^"]+)"/.exec(attrs)?.[1];
      const type = /type="([^"]+)"/.exec(attrs)?.[1];
      if (!field || type === "hidden") continue;
      if (type === "tel") form[field] = phone;
      else if (type === "email") form[field] = "sam@example.com";
      else if (type === "radio") {
        if (/value="yes"/i.test(attrs)) form[field] = /value="([^"]+)"/.exec(attrs)![1]!;
      } else form[field] = name;
    }
    const submitted = await page.request.post(formUrl!, { form });
    expect(submitted.ok()).toBe(true);
  };
  await submit("Sam Rivera", "+1 415 555 0177");

  // No reload: the numbers move as the submission lands and the call ends.
  await expect(stat("Total Form Submissions")).toHaveText("1", { timeout: 20_000 });
  await expect(stat("Completed Calls")).toHaveText("1", { timeout: 30_000 });
  await expect(stat("Answered Calls")).toHaveText("1");

  // Call Records: find the call by name, expand it, play and stop its recording.
  await page.getByRole("link", { name: "Call Records" }).first().click();
  await expect(page.getByRole("heading", { name: "Call Records" })).toBeVisible();
  await page.getByLabel("Search by name, email or form title").fill("rivera");
  await expect(page).toHaveURL(/search=rivera/);
  const row = page.getByRole("row").filter({ hasText: "Sam Rivera" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Website enquiry");
  await expect(row).toContainText("Answered");
  await page.getByRole("button", { name: "Show attempts for Sam Rivera" }).click();
  const attempt = page.locator('tr[data-attempt="1"]');
  await expect(attempt).toContainText("Attempt 1");
  await expect(attempt).toContainText("Answered");
  await attempt.getByRole("button", { name: /^Play recording of/ }).click();
  await expect(attempt.getByRole("button", { name: /^Pause recording of/ })).toBeVisible();
  await attempt.getByRole("button", { name: /^Stop recording of/ }).click();
  await expect(attempt.getByRole("button", { name: /^Play recording of/ })).toBeVisible();
  await expect(attempt.getByRole("button", { name: /^Stop recording of/ })).toBeDisabled();

  // Call Details: the summary and the conversation, the assistant on the right.
  await row.getByRole("button", { name: "Latest Call" }).click();
  const panel = page.getByRole("dialog", { name: "Call Details" });
  await expect(panel.getByRole("heading", { name: "Summary" })).toBeVisible();
  const conversation = panel.getByRole("list", { name: "Conversation" });
  await expect(conversation.locator('li[data-from="assistant"]').first()).toContainText("Sam");
  await expect(conversation.locator('li[data-from="respondent"]').first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();

  // A new lead shows up on the open page, with the user's search kept, and changes status live.
  // 0005: no answer on the first attempt; the second waits for the assistant's retry delay.
  // The pointer is away from the list, which is at its top: a new lead shows at once.
  await page.mouse.move(0, 0);
  await submit("Sam Later", "+1 415 555 0005");
  const later = page.getByRole("row").filter({ hasText: "Sam Later" });
  await page.getByLabel("Search by name, email or form title").fill("sam");
  await expect(later).toHaveCount(1, { timeout: 20_000 });
  await expect(later.getByRole("cell").nth(3)).toHaveText("2", { timeout: 40_000 });
  // The retry waits for its delay: scheduled, with its time, never "in progress".
  await expect(later).toContainText(/Scheduled for .*\d:\d\d [AP]M/);
  await expect(later).toContainText("Not reached yet");
  await page.getByRole("button", { name: "Show attempts for Sam Later" }).click();
  await expect(page.locator('tr[data-attempt="1"]').filter({ hasText: "No answer" })).toHaveCount(
    1,
  );

  // While the pointer is on the list, a new lead does not push rows down under it: it waits
  // behind "1 new call — Show", and the rows stay where they were.
  const rows = page.locator("tbody tr:not([data-attempt])");
  const order = await rows.allInnerTexts();
  await rows.last().hover();
  await submit("Sam Third", "+1 415 555 0155");
  const waiting = page.getByRole("status").filter({ hasText: "1 new call —" });
  await expect(waiting).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("row").filter({ hasText: "Sam Third" })).toHaveCount(0);
  expect((await rows.allInnerTexts()).map((t) => t.split("\t")[2])).toEqual(
    order.map((t) => t.split("\t")[2]),
  );
  await waiting.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Sam Third" })).toHaveCount(1);
  await expect(waiting).toHaveCount(0);

  // The search, filter and sort live in the URL: they survive a reload.
  // Status is a list of checkboxes in a popover: any attempt's status, several at once.
  const status = page.getByRole("button", { name: /^Status/ });
  await status.click();
  await page
    .getByRole("dialog", { name: "Any attempt's status" })
    .getByRole("checkbox", { name: "Answered" })
    .check();
  await expect(page).toHaveURL(/status=answered/);
  await page.keyboard.press("Escape");
  await page.reload();
  await expect(page.getByLabel("Search by name, email or form title")).toHaveValue("sam");
  await expect(status).toContainText("Answered");
  await expect(page.getByRole("row").filter({ hasText: "Sam Rivera" })).toHaveCount(1);
});
