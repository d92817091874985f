import type { Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { newPerson, signUp } from "./auth-helpers.ts";
import { expect, screenshots, test } from "./fixtures.ts";

/** A body as a tool that signs with Standard Webhooks sends it, from outside the browser. */
async function sendSigned(page: Page, url: string, secret: string, id: string, body: object) {
  const raw = JSON.stringify(body);
  const at = new Date();
  const response = await page.request.post(url, {
    data: raw,
    headers: {
      "content-type": "application/json",
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(secret).sign(id, at, raw),
    },
  });
  expect(response.status()).toBe(200);
}

test("any tool by webhook: a URL and a secret shown once, fields learned from a test submission, and a lead called", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newPerson("Hook"));
  await page.getByRole("button", { name: "Set Up", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/assistant-configuration\/[0-9a-f-]{36}$/);
  await page.getByLabel("Assistant name").fill("Website leads");
  await page.getByLabel("Assistant name").press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Select Form" })).toBeVisible();

  // The URL and its signing secret, this once; the modes that cannot sign say what they cost.
  await page.getByRole("button", { name: "Create Webhook URL" }).click();
  const url = await page.getByRole("textbox", { name: "Webhook URL" }).inputValue();
  expect(url).toMatch(/\/api\/webhooks\/webhook\/[0-9a-f-]{36}$/);
  const secret = await page.getByLabel("Signing secret").inputValue();
  expect(secret).toMatch(/^whsec_/);
  await expect(
    page.getByText("Copy it now: it will not be shown again.", { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole("radio", { name: /Standard Webhooks signature/ })).toBeChecked();
  await expect(page.getByText("Less secure: anyone with the URL can send leads")).toHaveCount(2);
  await expect(page.getByText("Waiting for a test submission…")).toBeVisible();
  await screenshots(page, "webhook-endpoint");

  // The tool's test submission: its fields appear with the values they carried.
  await sendSigned(page, url, secret, "msg_sample", {
    data: {
      name: "Sam Sample",
      phone: "+1 415 555 0134",
      email: "sam@example.com",
      call_me: "yes",
    },
  });
  await expect(page.getByText(/^Received /)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("cell", { name: "data.phone" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "+1 415 555 0134" })).toBeVisible();
  await screenshots(page, "webhook-sample");

  // Its fields, by their paths, for each role.
  await page.getByRole("button", { name: "Choose Fields" }).click();
  await expect(
    page.getByRole("heading", { level: 2, name: "Configure Form Fields" }),
  ).toBeVisible();
  const choose = async (label: string, path: string) => {
    await page.getByLabel(label).click();
    await page.getByRole("option", { name: new RegExp(`^${path.replace(".", "\\.")} `) }).click();
  };
  await choose("Call Availability Field", "data.call_me");
  await choose("Phone Number Field", "data.phone");
  await choose("Name Field", "data.name");
  await choose("Email Field", "data.email");
  await page.getByRole("button", { name: "Assign Fields & Continue" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Customize Assistant" })).toBeVisible();
  await page
    .getByLabel("Assistant Script")
    .fill("Hi {name}, thanks for your enquiry on our website. When would suit you for a visit?");
  await page.getByRole("button", { name: "Save Assistant Configuration" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Review & Activate" })).toBeVisible();
  await page.getByRole("button", { name: "Activate Assistant" }).click();
  await expect(page.getByRole("heading", { name: "Assistant Active" })).toBeVisible();

  // A lead from the tool is called, and Call Records shows the call answered.
  await sendSigned(page, url, secret, "msg_lead_1", {
    data: { name: "Lee Lead", phone: "+1 415 555 0171", email: "lee@example.com", call_me: "yes" },
  });
  await page.goto("/admin/call-records");
  const row = page.getByRole("row").filter({ hasText: "Lee Lead" });
  await expect(row).toContainText("Answered", { timeout: 30_000 });
});

test("Google Ads lead form: the preset's test lead is a Test lead, never called; a real lead is called on the form's own consent text", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newPerson("Ads"));
  await page.getByRole("button", { name: "Set Up", exact: true }).click();
  await page.getByLabel("Assistant name").fill("Google Ads leads");
  await page.getByLabel("Assistant name").press("Enter");
  await page.getByRole("button", { name: "Create Webhook URL" }).click();
  const url = await page.getByRole("textbox", { name: "Webhook URL" }).inputValue();
  const key = await page.getByLabel("Signing secret").inputValue();

  // The preset: Google's own way to authenticate, its help, what tells its leads apart.
  await page.getByLabel("The tool that sends your leads").selectOption("Google Ads lead form");
  await expect(page.getByText("Tool saved")).toBeVisible();
  await expect(page.getByRole("radio", { name: /Google Ads key/ })).toBeChecked();
  await expect(page.getByText("Less secure: anyone with the URL can send leads")).toHaveCount(0);
  await expect(page.getByText("lead_id", { exact: true })).toBeVisible();

  // Sandbox mode: Google's test lead, signed with the key as Google sends it.
  await page.getByRole("button", { name: "Send a test submission" }).click();
  await expect(page.getByText("Test submission: Test lead", { exact: false })).toBeVisible();
  const deliveries = page.getByRole("region", { name: "Recent deliveries" });
  await expect(deliveries.getByText("Test lead", { exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: "PHONE_NUMBER" })).toBeVisible();
  await screenshots(page, "webhook-google-ads");

  // The preset's mapping is chosen; a Google Ads form has no checkbox: its own consent text.
  await page.getByRole("button", { name: "Choose Fields" }).click();
  await expect(page.getByLabel("Call Availability Field")).toContainText(
    "The form's own consent text",
  );
  await expect(page.getByLabel("Phone Number Field")).toContainText("User Phone (PHONE_NUMBER)");
  await expect(page.getByLabel("Name Field")).toContainText("Full Name (FULL_NAME)");
  await page.getByRole("button", { name: "Assign Fields & Continue" }).click();
  await expect(page.getByText("Paste the consent text your form shows")).toBeVisible();
  await page
    .getByLabel("Consent Text")
    .fill("By submitting this form, you agree that we may call you about your request.");
  await screenshots(page, "webhook-consent-text");
  await page.getByRole("button", { name: "Assign Fields & Continue" }).click();
  await page
    .getByLabel("Assistant Script")
    .fill("Hi {name}, thanks for asking about our offer. When would suit you for a call back?");
  await page.getByRole("button", { name: "Save Assistant Configuration" }).click();
  await page.getByRole("button", { name: "Activate Assistant" }).click();
  await expect(page.getByRole("heading", { name: "Assistant Active" })).toBeVisible();

  // A real-shaped lead, as Google posts it (curl would send the same).
  const response = await page.request.post(url, {
    data: JSON.stringify({
      lead_id: `lead-${Date.now()}`,
      user_column_data: [
        { column_name: "Full Name", string_value: "Gia Google", column_id: "FULL_NAME" },
        { column_name: "User Phone", string_value: "+14155550172", column_id: "PHONE_NUMBER" },
      ],
      api_version: "1.0",
      form_id: 40000000000,
      campaign_id: 7581129110,
      google_key: key,
    }),
    headers: { "content-type": "application/json" },
  });
  expect(response.status()).toBe(200);
  await page.goto("/admin/call-records");
  const row = page.getByRole("row").filter({ hasText: "Gia Google" });
  await expect(row).toContainText("Answered", { timeout: 30_000 });
});
