import { readCode, uniquePhone } from "./auth-helpers.ts";
import { expect, screenshots, test } from "./fixtures.ts";

/** "+14155550123" as a person might type it: "(415) 555-0123" (US, no country code). */
const typedUS = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;

test.describe("the public opt-out page", () => {
  test("from the landing page's footer, a person confirms their number and is told it will not be called again", async ({
    page,
  }) => {
    const phone = uniquePhone();
    await page.goto("/");
    await screenshots(page, "landing");
    await page.getByRole("contentinfo").getByRole("link", { name: "Stop calls" }).click();
    await expect(page).toHaveURL(/\/opt-out$/);
    await expect(page.getByRole("heading", { level: 1, name: "Stop calls" })).toBeVisible();
    await screenshots(page, "opt-out-phone");

    // A number that cannot be one is refused under the field.
    await page.getByLabel("Phone Number").fill("call me");
    await page.getByRole("button", { name: "Send Code" }).click();
    await expect(page.getByText("Enter a phone number with its country code")).toBeVisible();

    await page.getByLabel("Phone Number").fill(typedUS(phone));
    await page.getByRole("button", { name: "Send Code" }).click();
    await expect(page.getByLabel("Verification Code")).toBeVisible();
    await expect(page.getByText(`Enter the 6-digit code we sent to ${phone}.`)).toBeVisible();
    const code = await readCode(page, phone);

    // A wrong code is refused with the API's words.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    await page.getByLabel("Verification Code").fill(wrong);
    await page.getByRole("button", { name: "Stop Calls" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Invalid verification code. Check the code we texted you and try again.",
    );
    await screenshots(page, "opt-out-wrong-code");

    await page.getByLabel("Verification Code").fill(code);
    await page.getByRole("button", { name: "Stop Calls" }).click();
    await expect(
      page.getByRole("heading", { name: "Your number will not be called again" }),
    ).toBeVisible();
    await expect(page.getByText(phone)).toBeVisible();
    await screenshots(page, "opt-out-done");

    await page.getByRole("link", { name: "Return to Homepage" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("is public: a signed-out visitor opens it directly, and a reload keeps it", async ({
    page,
  }) => {
    const response = await page.goto("/opt-out");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Stop calls" })).toBeVisible();
    await expect(page.getByLabel("Phone Number")).toBeVisible();
  });
});
