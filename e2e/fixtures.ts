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
    // These machines are offline: Gravatar answers as it does for an address without a picture
    // (d=404), so respondents' avatars fall back to initials, as they would for such a person.
    await page.route("https://www.gravatar.com/**", (route) => route.fulfill({ status: 404 }));
    // "Network idle", minus the live-updates stream, which stays open for as long as the page.
    const inFlight = new Set<unknown>();
    const isStream = (url: string) => url.endsWith("/events");
    page.on("request", (r) => {
      if (!isStream(r.url())) inFlight.add(r);
    });
    page.on("requestfinished", (r) => inFlight.delete(r));
    page.on("requestfailed", (r) => inFlight.delete(r));
    const settled = async () => {
      await page.waitForLoadState("load");
      let quietSince = Date.now();
      for (const started = Date.now(); Date.now() - started < 10_000; ) {
        if (inFlight.size > 0) quietSince = Date.now();
        else if (Date.now() - quietSince >= 500) return;
        await page.waitForTimeout(50);
      }
    };
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await settled();
      await expectAccessible(page);
      return response;
    };
    await use(page);
    await expectAccessible(page);
    expect(consoleErrors, "console errors").toEqual([]);
  },
});

export { expect };
