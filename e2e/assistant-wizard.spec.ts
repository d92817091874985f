import type { Page } from "@playwright/test";
import { newPerson, signUp } from "./auth-helpers.ts";
import { expect, expectAccessible, screenshots, test } from "./fixtures.ts";

/** From the dashboard of a new organization: Connect, Allow, and land on step 0. */
async function connectSandbox(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page).toHaveURL(/\/oauth\/authorize/);
  await page.getByLabel("Account", { exact: true }).fill(`wizard-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).toHaveURL(/\/admin\/assistant-configuration\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 2, name: "Assistant Details" })).toBeVisible();
}

async function nameAssistant(page: Page, name: string): Promise<void> {
  await page.getByLabel("Assistant name").fill(name);
  await page.getByLabel("Assistant name").press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Select Form" })).toBeVisible();
}

function formButton(page: Page, title: string) {
  return page.getByRole("list", { name: "Forms" }).getByRole("button", { name: new RegExp(title) });
}

test("from an empty organization to an active assistant, through all five steps", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const person = newPerson("Wizard");
  await signUp(page, person);
  await expect(
    page.getByRole("heading", { name: "Get Started by Connecting a Form Provider" }),
  ).toBeVisible();
  await connectSandbox(page);

  // Step 0: the name, with its validation.
  await page.getByLabel("Assistant name").fill("   ");
  await page.getByLabel("Assistant name").press("Enter");
  await expect(page.getByText("Please enter a name for your assistant")).toBeVisible();
  await nameAssistant(page, "Enquiry caller");
  await expect(page.getByTestId("assistant-name")).toHaveText("Enquiry caller");

  // Step 1: choose the form; the header then offers Edit Form and Use Form.
  await formButton(page, "Website enquiry").click();
  await expect(
    page.getByRole("heading", { level: 2, name: "Configure Form Fields" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Use Form" })).toHaveAttribute("target", "_blank");
  await expect(page.getByRole("link", { name: "Edit Form" }).first()).toHaveAttribute(
    "target",
    "_blank",
  );

  // Step 2: the wizard reads the form: availability and phone, and the name and email
  // questions, are pre-selected; accepting the defaults keeps them.
  await expect(page.getByLabel("Call Availability Field")).toHaveText(
    "Can we call you about your enquiry?",
  );
  await expect(page.getByLabel("Phone Number Field")).toHaveText(
    "What's the best number to call you on?",
  );
  await expect(page.getByLabel("Name Field")).toHaveText("What's your name?");
  await expect(page.getByLabel("Email Field")).toHaveText("What's your email address?");
  // Its hidden field (utm_source) can be chosen too, after the questions.
  await expect(page.getByText("Hidden fields, values your form’s link carries")).toBeVisible();
  await page.getByLabel("Email Field").click();
  await expect(page.getByRole("option", { name: "utm_source (hidden field)" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Assign Fields & Continue" }).click();
  await expect(page.getByText("Field selections saved successfully")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Customize Assistant" })).toBeVisible();

  // Step 3: the script, and the advanced call settings.
  const script =
    "Hi {name}, this is Northwind Realty calling about the enquiry you just sent us. " +
    "Is now a good time to talk for two minutes about the home you are looking for, " +
    "your budget, and when you would like to visit?";
  await expect(page.getByLabel("Assistant Script")).toHaveAttribute("placeholder", /\{name\}/);
  // The first sentence: the disclosure by default, previewed before the script.
  const firstSentence = page.getByLabel("First sentence");
  await expect(firstSentence).toHaveValue(
    "Hi {name}, this is {assistant}, an AI assistant calling from {company} about the form you filled in. This call may be recorded.",
  );
  await expect(firstSentence).toHaveAccessibleDescription(/spoken before the script/i);
  await expect(page.getByTestId("first-sentence-preview")).toHaveText(
    `Hi Sam Rivera, this is Enquiry caller, an AI assistant calling from ${person.company} about the form you filled in. This call may be recorded.`,
  );
  await page.getByLabel("Assistant Script").fill(script);
  await expectAccessible(page);
  await screenshots(page, "first-sentence");
  // One that neither names the company nor says it is an AI: said at once, and Finalize
  // refuses it until it is fixed.
  const disclosure =
    "The first sentence must say which company is calling or that this is an AI assistant.";
  await firstSentence.fill("Hi {name}, this is {assistant}.");
  await expect(page.getByText(disclosure)).toBeVisible();
  await page.getByRole("button", { name: "Save Assistant Configuration" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Review & Activate" })).toBeVisible();
  await expect(page.getByText(disclosure)).toBeVisible();
  await expect(page.getByRole("button", { name: "Activate Assistant" })).toBeDisabled();
  await screenshots(page, "first-sentence-refused");
  await page.getByRole("button", { name: "Edit the first sentence" }).click();
  await expect(firstSentence).toHaveValue("Hi {name}, this is {assistant}.");
  await firstSentence.fill("Hi {name}, this is {assistant}, an AI assistant from {company}.");
  await expect(page.getByText(disclosure)).toHaveCount(0);
  await expect(page.getByLabel("Assistant Script")).toHaveValue(script);
  // Crossing the layout breakpoint swaps the layout; the draft must survive it.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByLabel("Assistant Script")).toHaveValue(script);
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(page.getByLabel("Assistant Script")).toHaveValue(script);
  await page.getByRole("button", { name: "Advanced" }).click();
  await page.getByLabel("Maximum attempts").fill("4");
  // The default country comes from the owner's (US) phone number and can be changed.
  await expect(page.getByLabel("Default country")).toHaveText("United States");
  await page.getByLabel("Default country").click();
  await page.getByRole("option", { name: "United Kingdom" }).click();
  await expect(page.getByLabel("Default country")).toHaveText("United Kingdom");
  await page.getByRole("button", { name: "Save Assistant Configuration" }).click();
  await expect(page.getByText("Assistant script saved successfully").first()).toBeVisible();

  // Step 4: the summary cuts the script at 24 words; activate.
  await expect(page.getByRole("heading", { level: 2, name: "Review & Activate" })).toBeVisible();
  await expect(page.getByText("What's your name?")).toBeVisible();
  await expect(page.getByText("What's your email address?")).toBeVisible();
  await expect(page.getByText("United Kingdom", { exact: true })).toBeVisible();
  await expect(page.getByText(/no name field is chosen/)).toHaveCount(0);
  await expect(
    page.getByText("Hi {name}, this is {assistant}, an AI assistant from {company}."),
  ).toBeVisible();
  await expect(page.getByText(/Hi \{name\}, this is Northwind Realty/)).toBeVisible();
  await expect(page.getByText("your budget, and when")).toHaveCount(0);
  await page.getByRole("button", { name: "Show more" }).click();
  await expect(page.getByText(/your budget, and when you would like to visit\?/)).toBeVisible();
  await page.getByRole("button", { name: "Activate Assistant" }).click();
  await expect(page.getByText("Assistant activated successfully!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Assistant Active" })).toBeVisible();
  await expect(page.getByText("Total calls: 0")).toBeVisible();
  await expect(page.getByRole("link", { name: "View Call Records" })).toHaveAttribute(
    "href",
    "/admin/call-records",
  );

  // The webhook exists on the form in the sandbox.
  const editUrl = await page.getByRole("link", { name: "Edit Form" }).first().getAttribute("href");
  // (Read over HTTP: a second tab would leave this one in the background, without frames.)
  const sandboxEditPage = await (await page.request.get(editUrl!)).text();
  expect(sandboxEditPage).toMatch(/\/api\/webhooks\/typeform\/[0-9a-f-]{36}/);

  // Deactivate, then reopen from the dashboard: it opens at the last step, inactive.
  await page.getByRole("button", { name: "Deactivate Assistant" }).click();
  await expect(page.getByText("Assistant deactivated successfully!")).toBeVisible();
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  const card = page.getByRole("list", { name: "Your Form Assistants" }).getByRole("listitem");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Enquiry caller");
  await expect(card).toContainText("Website enquiry");
  await expect(card).toContainText("Inactive");
  await expect(page.getByText("Completed Calls")).toBeVisible();
  await card.getByRole("link", { name: "Configure" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Review & Activate" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Activate Assistant" })).toBeVisible();
});

test("a form in use cannot be taken; a missing phone field is fixed in the sandbox", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newPerson("InUse"));
  await connectSandbox(page);
  await nameAssistant(page, "First assistant");
  await formButton(page, "Website enquiry").click();
  await expect(
    page.getByRole("heading", { level: 2, name: "Configure Form Fields" }),
  ).toBeVisible();

  // A second assistant sees the form marked with the first one's name.
  await page.goto("/admin/dashboard");
  await page.getByRole("button", { name: "Create New Assistant" }).click();
  await page.getByRole("menuitem", { name: "Typeform" }).click();
  await expect(page).toHaveURL(/\/admin\/assistant-configuration\/[0-9a-f-]{36}$/);
  await nameAssistant(page, "Second assistant");
  const taken = formButton(page, "Website enquiry");
  await expect(taken).toContainText("In use by First assistant");
  await expect(taken).toBeDisabled();

  // 'Product feedback' has no yes/no field: the warning, then Edit Form in the sandbox adds one.
  await formButton(page, "Product feedback").click();
  await expect(page.getByText("This form has no checkbox field")).toBeVisible();
  await expect(page.getByRole("button", { name: "Assign Fields & Continue" })).toBeDisabled();
  const editHref = await page.getByRole("link", { name: "Edit Form" }).first().getAttribute("href");
  // The edit page's own form post (what its 'Add a yes/no question' button sends), made
  // over HTTP so this tab stays in front.
  const added = await page.request.post(editHref!.replace(/\/create$/, "/fields"), {
    form: { type: "yes_no" },
  });
  expect(added.ok()).toBe(true);
  await page.getByRole("button", { name: "Refresh Fields" }).click();
  await expect(page.getByText("This form has no checkbox field")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Assign Fields & Continue" })).toBeEnabled();

  // The name question removed, then one added back: after each Refresh Fields the suggestion
  // follows the form, since the person never chose a name field themselves.
  const nameField = page.getByLabel("Name Field");
  await expect(nameField).toHaveText("What's your name?");
  const editPage = await (await page.request.get(editHref!)).text();
  const removeAction = editPage.match(
    /What&#39;s your name\?<span class="type">short_text<\/span><\/span><form method="post" action="([^"]+)"/,
  )?.[1];
  expect(removeAction).toBeTruthy();
  expect((await page.request.post(new URL(removeAction!, editHref!).href)).ok()).toBe(true);
  await page.getByRole("button", { name: "Refresh Fields" }).click();
  await expect(nameField).toHaveText("None");
  const named = await page.request.post(editHref!.replace(/\/create$/, "/fields"), {
    form: { type: "short_text" },
  });
  expect(named.ok()).toBe(true);
  await page.getByRole("button", { name: "Refresh Fields" }).click();
  await expect(nameField).toHaveText("What's your name?");
});

test("Finalize warns when the script uses {name} and no name field is chosen", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, newPerson("NoName"));
  await connectSandbox(page);
  await nameAssistant(page, "Nameless caller");
  await formButton(page, "Website enquiry").click();
  await expect(page.getByLabel("Name Field")).toHaveText("What's your name?");
  // The person changes the suggestion to None.
  await page.getByLabel("Name Field").click();
  await page.getByRole("option", { name: "None" }).click();
  await expect(page.getByLabel("Name Field")).toHaveText("None");
  await page.getByRole("button", { name: "Assign Fields & Continue" }).click();
  await page.getByLabel("Assistant Script").fill("Hi {name}, this is Northwind Realty.");
  await page.getByRole("button", { name: "Save Assistant Configuration" }).click();

  await expect(page.getByRole("heading", { level: 2, name: "Review & Activate" })).toBeVisible();
  await expect(
    page.getByText(
      "Your script uses {name}, but no name field is chosen, so the assistant will say “there” instead of the person's name.",
    ),
  ).toBeVisible();
  // The way back to step 2, where the saved None stays None until changed.
  await page.getByRole("button", { name: "Choose a name field" }).click();
  await expect(
    page.getByRole("heading", { level: 2, name: "Configure Form Fields" }),
  ).toBeVisible();
  await expect(page.getByLabel("Name Field")).toHaveText("None");
  await page.getByLabel("Name Field").click();
  await page.getByRole("option", { name: "What's your name?" }).click();
  await page.getByRole("button", { name: "Assign Fields & Continue" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Customize Assistant" })).toBeVisible();
  await page.getByRole("button", { name: "Save Assistant Configuration" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Review & Activate" })).toBeVisible();
  await expect(page.getByText(/no name field is chosen/)).toHaveCount(0);
});
