import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, screenshots, test } from "./fixtures.ts";
import { assistantWithDefaults, submitForm } from "./lead-helpers.ts";

/** Outcome questions on the Customize step: two questions, and a wrong third said under its fields. */
async function addOutcomeQuestions(page: Page) {
  const outcomes = page.getByRole("region", { name: "Outcomes" });
  await expect(outcomes).toContainText("No questions yet.");
  await outcomes.scrollIntoViewIfNeeded();
  await screenshots(page, "outcomes-empty");
  // An example, in one click.
  await outcomes.getByRole("button", { name: /^Qualified\?/ }).click();
  const qualified = outcomes.getByRole("group", { name: "Question 1" });
  await expect(qualified.getByLabel("Label")).toHaveValue("Qualified?");
  await expect(qualified.getByLabel("Key")).toHaveValue("qualified");
  await expect(qualified.getByLabel("Type")).toHaveText("Yes / no");

  // A question of its own: the key follows the label.
  await outcomes.getByRole("button", { name: "Add question" }).click();
  const budget = outcomes.getByRole("group", { name: "Question 2" });
  await expect(budget.getByLabel("Label")).toBeFocused();
  await budget.getByLabel("Label").fill("Budget");
  await expect(budget.getByLabel("Key")).toHaveValue("budget");
  await budget.getByLabel("Type").click();
  await page.getByRole("option", { name: "Number" }).click();
  await expect(budget.getByLabel("Type")).toHaveText("Number");
  await budget.getByLabel("Description for the AI").fill("The budget they mention, in dollars.");

  // A third one that is not right yet: a key it cannot have is said as it is typed, a list
  // without options when saving — under the fields, and nothing is saved.
  await outcomes.getByRole("button", { name: "Add question" }).click();
  const plan = outcomes.getByRole("group", { name: "Question 3" });
  await plan.getByLabel("Label").fill("Plan");
  await plan.getByLabel("Key").fill("Plan!");
  await expect(plan).toContainText("Use lower-case letters, digits and _");
  await expect(plan.getByLabel("Key")).toHaveAttribute("aria-invalid", "true");
  await plan.getByLabel("Type").click();
  await page.getByRole("option", { name: "One of a list" }).click();
  await expect(plan.getByLabel("Option 1", { exact: true })).toBeVisible();
  await expect(plan.getByLabel("Option 2", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Save Assistant Configuration" }).click();
  await expect(plan).toContainText("Give at least two options.");
  await expect(plan.getByLabel("Key")).toBeFocused();
  await expect(page.getByRole("heading", { level: 2, name: "Customize Assistant" })).toBeVisible();
  // Reordering: the third goes up, then it is removed.
  await plan.getByRole("button", { name: "Move Plan up" }).click();
  await expect(outcomes.getByRole("group", { name: "Question 2" }).getByLabel("Label")).toHaveValue(
    "Plan",
  );
  await screenshots(page, "outcomes-customize");
  await outcomes
    .getByRole("group", { name: "Question 2" })
    .getByRole("button", { name: "Remove Plan" })
    .click();
  await expect(outcomes.getByRole("group")).toHaveCount(2);
  await expect(outcomes.getByRole("group", { name: "Question 2" }).getByLabel("Label")).toHaveValue(
    "Budget",
  );
}

test("a new user asks each call 'Qualified?' and 'Budget', sees the answers, and filters by them", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const formUrl = await assistantWithDefaults(page, "Outcomes", {
    customize: addOutcomeQuestions,
  });
  // The summary lists the questions.
  await expect(
    page.getByRole("list", { name: "Outcome questions" }).getByRole("listitem"),
  ).toHaveText(["Qualified? · Yes / no", "Budget · Number"]);

  await submitForm(page, formUrl, {
    name: "Rosa Delgado",
    email: "rosa.delgado@example.com",
    phone: "+1 415-555-0188",
    // A need, a budget and (said on the call) a timeline: the simulator answers from them.
    help: "A new roof before winter, with a budget of about $12,000",
  });
  await page.getByRole("link", { name: "Call Records" }).first().click();
  await expect(page.getByRole("heading", { name: "Call Records" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Rosa Delgado" });
  await expect(row).toContainText("Answered", { timeout: 60_000 });

  // Call Details: what the call found out, as the simulator read it from what Rosa wrote and said.
  const panel = page.getByRole("dialog", { name: "Call Details" });
  const outcomes = panel.getByRole("region", { name: "Outcomes" });
  // The outcomes arrive with the call's last report: the open panel shows them as they come
  // (live updates), never reloaded.
  await row.getByRole("button", { name: "Latest Call" }).click();
  await expect(outcomes).toBeVisible({ timeout: 30_000 });
  await expect(outcomes.locator("dt")).toHaveText(["Qualified?", "Budget"]);
  const qualified = "Yes";
  await expect(outcomes.locator('[data-outcome="qualified"] dd')).toHaveText(qualified);
  await expect(outcomes.locator('[data-outcome="budget"] dd')).toHaveText("12,000");
  await screenshots(page, "outcomes-call-details");
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();

  // Call Records: the "Qualified?" column, kept in the URL.
  await page.getByRole("button", { name: /^Columns/ }).click();
  await page.getByRole("menuitemcheckbox", { name: "Qualified?" }).click();
  await expect(page.getByRole("menuitemcheckbox", { name: "Qualified?" })).toBeChecked();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/cols=qualified(&|$)/);
  await expect(page.getByRole("columnheader", { name: "Qualified?" })).toBeVisible();
  await expect(row.locator('[data-outcome="qualified"]')).toHaveText(qualified);

  // The Outcome filter: the answer it gave finds the row, the other does not.
  const other = "No";
  const outcome = page.getByRole("combobox", { name: "Outcome" });
  await outcome.click();
  await page.getByRole("option", { name: `Qualified?: ${qualified}` }).click();
  await expect(page).toHaveURL(new RegExp(`outcome=qualified%3A${qualified.toLowerCase()}`));
  await expect(row).toHaveCount(1);
  await page.reload();
  await expect(outcome).toContainText(`Qualified?: ${qualified}`);
  await expect(page.getByRole("columnheader", { name: "Qualified?" })).toBeVisible();
  await expect(row).toHaveCount(1);
  await screenshots(page, "outcomes-call-records");
  // The export follows the filter and has a column per question.
  const exported = page.waitForRequest(/\/call-records\/export-link\?/);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  expect((await exported).url()).toContain(`outcome=qualified%3A${qualified.toLowerCase()}`);
  const csv = readFileSync((await (await download).path())!, "utf8");
  // Rows end in CRLF; a cell may hold a line break of its own (the form's answers).
  const [header, ...lines] = csv.trim().split("\r\n");
  expect(header).toMatch(/,"Outcome: Qualified\?","Outcome: Budget"$/);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain("Rosa Delgado");
  expect(lines[0]).toMatch(new RegExp(`,"${qualified}","?[\\d,.]+"?$`));

  await outcome.click();
  await page.getByRole("option", { name: `Qualified?: ${other}` }).click();
  await expect(page).toHaveURL(new RegExp(`outcome=qualified%3A${other.toLowerCase()}`));
  await expect(page.getByText("No call records found.")).toBeVisible();
});
