import type { Page } from "@playwright/test";
import { newPerson, signUp } from "./auth-helpers.ts";
import { expect, expectAccessible, screenshots, test } from "./fixtures.ts";
import { assistantWithDefaults, submitForm, toCustomizeStep } from "./lead-helpers.ts";

/**
 * Dark mode follows the system setting, the account menu's System / Light / Dark
 * overrides it and is remembered. (Every page.goto of the suite checks accessibility in both
 * themes: e2e/fixtures.ts expectAccessible.)
 */

/** The relative luminance (WCAG) of the page's background, as painted. */
async function backgroundLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const context = canvas.getContext("2d", { willReadFrequently: true })!;
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = [...context.getImageData(0, 0, 1, 1).data].map((v) => {
      const c = v / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  });
}

const isDark = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains("dark"));

test("the theme is set from the system setting before the app's script runs, the CSP allowing it", async ({
  browser,
  baseURL,
}) => {
  for (const colorScheme of ["dark", "light"] as const) {
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    // No app script at all: only index.html's inline theme script can set the class.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto(`${baseURL}/login`);
    await expect
      .poll(() => isDark(page), `the ${colorScheme} system setting`)
      .toBe(colorScheme === "dark");
    const luminance = await backgroundLuminance(page);
    if (colorScheme === "dark") expect(luminance).toBeLessThan(0.05);
    else expect(luminance).toBeGreaterThan(0.9);
    expect(violations, "CSP violations").toEqual([]);
    await context.close();
  }
});

test("the app follows the system setting on first load and when it changes", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  expect(await isDark(page)).toBe(true);
  expect(await backgroundLuminance(page)).toBeLessThan(0.05);
  // The system turns light (the sun is up): the open page follows.
  await page.emulateMedia({ colorScheme: "light" });
  await expect.poll(() => isDark(page)).toBe(false);
  expect(await backgroundLuminance(page)).toBeGreaterThan(0.9);
});

test("the account menu's theme switches at once and is remembered across reloads and pages", async ({
  page,
}) => {
  await signUp(page, newPerson("Theme"));
  const menu = page.getByRole("button", { name: "Account menu" });
  const choice = (name: string) => page.getByRole("menuitemradio", { name });

  // By default the system decides (light here).
  await menu.click();
  await expect(page.getByRole("group", { name: "Theme" })).toBeVisible();
  await expect(choice("System")).toHaveAttribute("aria-checked", "true");
  await expect(choice("Dark")).toHaveAttribute("aria-checked", "false");
  await choice("Dark").click();
  await expect.poll(() => isDark(page)).toBe(true);
  expect(await backgroundLuminance(page)).toBeLessThan(0.05);

  await page.reload();
  await expect(page.getByRole("heading", { name: /Dashboard$/ })).toBeVisible();
  expect(await isDark(page)).toBe(true);
  await menu.click();
  await expect(choice("Dark")).toHaveAttribute("aria-checked", "true");
  await page.keyboard.press("Escape");
  // The choice is this browser's: the public pages keep it too.
  await page.goto("/");
  expect(await isDark(page)).toBe(true);

  // Light wins over a dark system; System follows it again.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/admin/dashboard");
  expect(await isDark(page)).toBe(true);
  await menu.click();
  await choice("Light").click();
  await expect.poll(() => isDark(page)).toBe(false);
  await page.reload();
  await expect(page.getByRole("heading", { name: /Dashboard$/ })).toBeVisible();
  expect(await isDark(page)).toBe(false);
  await menu.click();
  await expect(choice("Light")).toHaveAttribute("aria-checked", "true");
  await choice("System").click();
  await expect.poll(() => isDark(page)).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem("ringback-theme"))).toBeNull();
});

test.describe("in the dark", () => {
  test.use({ colorScheme: "dark" });

  test("warnings, badges, settings and public pages keep their contrast", async ({ page }) => {
    test.setTimeout(90_000);
    for (const path of ["/login", "/signup", "/forgot-password", "/opt-out"]) {
      await page.goto(path);
      expect(await isDark(page), path).toBe(true);
    }
    await screenshots(page, "dark-opt-out");
    await signUp(page, newPerson("Dusk"));
    // The wizard's Customize step with its warning box (a variable that matches no field).
    await toCustomizeStep(page, { account: "dusk", assistant: "Evening caller" });
    await page.getByLabel("Assistant Script").fill("Hi {name}, about your {enquirey}?");
    await expect(page.getByText(/matches no field of this form/)).toBeVisible();
    await page.getByRole("button", { name: "Advanced" }).click();
    await expectAccessible(page);
    await screenshots(page, "dark-wizard-script-warning");
    // A named assistant stays a draft: its card has the Draft badge and what is left to do.
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await expect(page.getByText(/^Setup not finished\./)).toBeVisible();
    await expectAccessible(page);
    for (const path of [
      "/admin/settings/organization",
      "/admin/settings/team",
      "/admin/settings/audit-trail",
      "/admin/settings/do-not-call",
      "/admin/settings/webhooks",
      "/admin/settings/profile",
    ]) {
      await page.goto(path);
      expect(await isDark(page), path).toBe(true);
    }
    await screenshots(page, "dark-profile");
  });

  test("the dashboard, Call Records, the wizard, Voice settings and the landing page", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const formUrl = await assistantWithDefaults(page, "Night", { anyHour: true });
    expect(await isDark(page)).toBe(true);
    await screenshots(page, "dark-wizard-active");
    await submitForm(page, formUrl, {
      name: "Sam Rivera",
      email: "sam@example.com",
      phone: "+1 415-555-0179",
      help: "A quote, please",
    });

    await page.goto("/admin/call-records");
    const sam = page.getByRole("row").filter({ hasText: "Sam Rivera" });
    await expect(sam).toContainText("Answered", { timeout: 60_000 });
    await screenshots(page, "dark-call-records");
    await sam.getByRole("button", { name: "Latest Call" }).click();
    await expect(page.getByRole("dialog", { name: "Call Details" })).toBeVisible();
    await screenshots(page, "dark-call-details");
    await page.keyboard.press("Escape");

    await page.goto("/admin/dashboard");
    await expect(
      page.getByRole("img", { name: /^Calls per day .* 1 finished call/ }),
    ).toBeVisible();
    await screenshots(page, "dark-dashboard");

    await page.getByRole("link", { name: "Configure" }).first().click();
    await expect(page.getByRole("heading", { name: "Assistant Configuration" })).toBeVisible();
    await screenshots(page, "dark-wizard");

    await page.goto("/admin/settings/voice");
    await expect(page.getByRole("heading", { name: "Voice", level: 1 })).toBeVisible();
    await screenshots(page, "dark-voice-settings");

    await page.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByRole("menuitemradio", { name: "System" })).toBeVisible();
    await screenshots(page, "dark-account-menu");
    await page.keyboard.press("Escape");

    await page.goto("/");
    expect(await isDark(page)).toBe(true);
    await screenshots(page, "dark-landing");
  });
});
