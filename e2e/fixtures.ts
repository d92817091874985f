import { AxeBuilder } from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/** Fails on serious or critical accessibility violations of the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  // Judge the settled page: a toast or dialog mid-transition is partly transparent.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running"),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
  expect(blocking, `accessibility violations on ${page.url()}`).toEqual([]);
}

/**
 * `page` that checks accessibility after every full page load and again at the end of the
 * test (client-side navigations land there), and fails on any console error.
 */
export const test = base.extend<{ page: Page }>({
  page: async ({ page }, use) => {
    const consoleErrors: string[] = [];
    page.on("console", (m) => {
      // A 4xx answer to a bad code or a forbidden action is the app working; 5xx is not.
      if (m.type() === "error" && !/status of 4\d\d/.test(m.text())) consoleErrors.push(m.text());
    });
    page.on("pageerror", (e) => consoleErrors.push(e.message));
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page.waitForLoadState("networkidle");
      await expectAccessible(page);
      return response;
    };
    await use(page);
    await expectAccessible(page);
    expect(consoleErrors, "console errors").toEqual([]);
  },
});

export { expect };
