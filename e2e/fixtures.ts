import { createHash } from "node:crypto";
import { expect, type Page, test as playwrightTest } from "@playwright/test";
import axeCore from "axe-core";
import { type AppServer, startAppServer } from "./app-server.ts";

/**
 * Playwright's `test` with an app of the worker's own (see app-server.ts): `baseURL`, and so every
 * relative address of a page, a context or `page.request`, is that app.
 */
export const plainTest = playwrightTest.extend<object, { app: AppServer }>({
  app: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const app = await startAppServer(
        Number(process.env.E2E_PORT ?? 3999) + workerInfo.parallelIndex,
      );
      await use(app);
      await app.stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ app }, use) => use(app.url),
});
const base = plainTest;

/**
 * Fails on any accessibility violation of the page as it is now, whatever axe's impact (minor
 * and moderate ones too, such as content outside a landmark). Two rules axe leaves off by default
 * are on: targets of at least 24 px (WCAG 2.5.8) and visible labels inside accessible names
 * (2.5.3).
 *
 * Both themes: the system setting is then switched to the other colour scheme,
 * which the app follows, the rules that colours decide are run again (contrast, links told apart
 * from text), and the setting is put back. That second look is added to the test's time limit,
 * which stays the test's own.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const systemDark = await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches);
  const [now, other] = systemDark ? (["dark", "light"] as const) : (["light", "dark"] as const);
  await expectAccessibleIn(page, now, { rules: extraRules });
  const started = Date.now();
  await page.emulateMedia({ colorScheme: other });
  try {
    await expectAccessibleIn(page, other, { runOnly: { type: "rule", values: colourRules } });
  } finally {
    await page.emulateMedia({ colorScheme: now });
  }
  await followsSystem(page, now);
  const info = base.info();
  info.setTimeout(info.timeout + (Date.now() - started));
}

/**
 * Runs axe-core in the page: its 1.3 MB script is evaluated once per document (not once per
 * look, as @axe-core/playwright does), in this frame only (our pages have no frames), and only
 * violations are gathered.
 */
async function axeViolations(page: Page, options: axeCore.RunOptions): Promise<axeCore.Result[]> {
  const loaded = await page.evaluate(
    () => typeof (window as { axe?: { run?: unknown } }).axe?.run === "function",
  );
  if (!loaded) await page.evaluate(axeCore.source);
  return page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: typeof axeCore }).axe
        .run(document, runOptions)
        .then((results) => results.violations),
    { ...options, iframes: false, resultTypes: ["violations"] } satisfies axeCore.RunOptions,
  );
}

const extraRules: axeCore.RunOptions["rules"] = {
  "target-size": { enabled: true },
  "label-content-name-mismatch": { enabled: true },
};
const colourRules = ["color-contrast", "link-in-text-block"];

/**
 * Waits until the web app shows the theme of the (emulated) system setting. Pages that are not
 * the app (the sandbox's forms, the development outbox) have one theme, and so does the app once
 * the account menu chose Light or Dark.
 */
async function followsSystem(page: Page, scheme: "light" | "dark"): Promise<void> {
  await page.waitForFunction(
    (dark) =>
      !document.getElementById("root") ||
      ["light", "dark"].includes(localStorage.getItem("ringback-theme") ?? "") ||
      document.documentElement.classList.contains("dark") === dark,
    scheme === "dark",
  );
}

async function expectAccessibleIn(
  page: Page,
  scheme: "light" | "dark",
  options: axeCore.RunOptions,
): Promise<void> {
  await followsSystem(page, scheme);
  // Judge the settled page: a toast or dialog mid-transition is partly transparent (and colours
  // mid-transition after the theme changed are neither theme's). Two frames first, so that the
  // transitions a theme change starts have started.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running"),
  );
  // A violation must still be there a second later: a component that completes its ARIA in an
  // effect after it measured itself (the wizard's resizable step list sets aria-valuenow once
  // laid out) is judged as the user meets it, not in the frame between.
  let blocking: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    if (attempt > 0) await page.waitForTimeout(500);
    const violations = await axeViolations(page, options);
    blocking = violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
    if (blocking.length === 0) return;
  }
  expect(blocking, `accessibility violations on ${page.url()} (${scheme} theme)`).toEqual([]);
}

/** Page loads this worker has checked for accessibility: page (route) and viewport width. */
const checkedLoads = new Set<string>();

/**
 * What the page is made of, without its data: each kind of element once (tag, role, classes, the
 * ARIA attributes it has, whether it holds text). Two looks at a page whose kinds of element are
 * the same (a list with three rows or five, another record's details) judge the same things: a
 * test that ends where another test already ended is not checked again; one that ends on a new
 * state (a dialog open, an error shown, a filter applied) is.
 */
async function shapeOf(page: Page): Promise<string> {
  const kinds = await page.evaluate(() => {
    const seen = new Set<string>();
    for (const element of document.body.querySelectorAll("*")) {
      const attributes = [...element.attributes]
        .filter((a) => a.name.startsWith("aria-") || ["role", "class", "type"].includes(a.name))
        .map((a) => (a.name === "class" || a.name === "role" ? `${a.name}=${a.value}` : a.name))
        .join(" ");
      const text = element.childElementCount === 0 && element.textContent?.trim() ? "text" : "";
      seen.add(`${element.tagName} ${attributes} ${text}`);
    }
    return [...seen].sort().join("\n");
  });
  return createHash("sha256").update(kinds).digest("hex");
}
const checkedShapes = new Set<string>();

/** An address as the page it shows: ids in the path (any segment with a digit) become `:id`. */
function route(url: string): string {
  const { pathname, search } = new URL(url);
  const path = pathname
    .split("/")
    .map((segment) => (/\d/.test(segment) ? ":id" : segment))
    .join("/");
  return `${path}${search}`;
}

const allowedConsoleErrors = new WeakMap<Page, RegExp[]>();
const plainGoto = new WeakMap<Page, Page["goto"]>();

/**
 * Opens an address without the accessibility check that follows every other `page.goto`, for a
 * test that must see what the page shows in its first seconds: a toast shown on arrival lives
 * 4 s, and the check of both themes can take as long on a busy machine. The page is still checked
 * at the end of the test.
 */
export async function arrive(page: Page, url: string): Promise<void> {
  const goto = plainGoto.get(page);
  if (!goto) throw new Error("arrive() needs the page of this file's `test`");
  await goto(url);
}

/**
 * For a test that makes requests fail on purpose (a server that is down): the browser logs each
 * failed request as a console error, which the `page` fixture would otherwise fail on.
 */
export function allowConsoleErrors(page: Page, pattern: RegExp): void {
  allowedConsoleErrors.set(page, [...(allowedConsoleErrors.get(page) ?? []), pattern]);
}

/** With E2E_SCREENSHOTS set, full-page shots at 1280 and 390 px for a person to look at. */
export async function screenshots(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  const size = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== "running"),
    );
    await page.screenshot({ path: base.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
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
      if (m.type() !== "error" || /status of 4\d\d/.test(m.text())) return;
      if ((allowedConsoleErrors.get(page) ?? []).some((p) => p.test(m.text()))) return;
      consoleErrors.push(m.text());
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
        else if (Date.now() - quietSince >= 500) break;
        await page.waitForTimeout(50);
      }
      // The network can be quiet while a busy machine is still rendering what it fetched: every
      // page of ours has a level-one heading once it shows (the check below fails without one).
      await page
        .locator("h1")
        .first()
        .waitFor({ timeout: 10_000 })
        .catch(() => undefined);
    };
    const goto = page.goto.bind(page);
    plainGoto.set(page, goto);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await settled();
      // Each page is checked on the first load of it at a width in this worker: loading it again
      // (the sign-up page in every test, a record's page for another record) shows the same page
      // with other data, and the page each test ends on is always checked, whatever it is.
      const key = `${route(page.url())} ${page.viewportSize()?.width}`;
      if (!checkedLoads.has(key)) {
        await expectAccessible(page);
        checkedLoads.add(key);
      }
      return response;
    };
    await use(page);
    // The page the test ends on, unless this worker has checked one of the same shape.
    const shape = `${route(page.url())} ${page.viewportSize()?.width} ${await shapeOf(page)}`;
    if (!checkedShapes.has(shape)) {
      await expectAccessible(page);
      checkedShapes.add(shape);
    }
    expect(consoleErrors, "console errors").toEqual([]);
  },
});

export { expect };
