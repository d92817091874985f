import type { Browser, BrowserContext, Page } from "@playwright/test";
import { newPerson, signUp } from "./auth-helpers.ts";
import { expect, test } from "./fixtures.ts";

/**
 * ADR 0022: Call Records' and the dashboard's HTML carry the admin frame and the
 * page's heading (its first view; the dashboard's names the organization, written by the server),
 * painted before any script is fetched. Checked at a phone's and a desktop's width,
 * and with the sidebar collapsed: with every script blocked the heading is there; with scripts,
 * the rendered page puts the heading exactly where the first view had it (nothing moves), and on
 * the phone nothing painted later is larger than what the first paint showed (the largest
 * contentful paint is the first one: what Lighthouse's mobile score rests on).
 */
interface Heading {
  title: string;
  description: string;
}

async function headingBoxes(page: Page, heading: Heading) {
  const title = page.getByRole("heading", { level: 1, name: heading.title });
  const description = page.getByText(heading.description, { exact: true });
  await expect(title).toBeVisible();
  await expect(description).toBeVisible();
  return { title: await title.boundingBox(), description: await description.boundingBox() };
}

async function contextFor(
  browser: Browser,
  from: Page,
  size: { width: number; height: number },
  collapsed: boolean,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    storageState: await from.context().storageState(),
    viewport: size,
  });
  if (collapsed) {
    await context.addCookies([
      { name: "sidebar_state", value: "false", url: new URL(from.url()).origin },
    ]);
  }
  return context;
}

test("Call Records and the dashboard paint their heading before any script, and keep it there", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const person = newPerson("First View");
  await signUp(page, person);
  const pages = [
    {
      path: "/admin/call-records",
      heading: {
        title: "Call Records",
        description: "Every call your assistants made, grouped by submission.",
      },
      // The page itself, not its first view.
      rendered: (p: Page) => p.getByRole("button", { name: "Export CSV" }),
    },
    {
      path: "/admin/dashboard",
      // The server writes the organization's name into the dashboard's first view.
      heading: {
        title: `${person.company} Dashboard`,
        description: "Your form assistants and the calls they make.",
      },
      rendered: (p: Page) => p.getByText("Get Started by Connecting a Form Provider"),
    },
  ];
  const cases = [
    { size: { width: 390, height: 844 }, collapsed: false },
    { size: { width: 1280, height: 800 }, collapsed: false },
    { size: { width: 1280, height: 800 }, collapsed: true },
  ];
  for (const { size, collapsed, path, heading, rendered: renderedPage } of cases.flatMap((c) =>
    pages.map((p) => ({ ...c, ...p })),
  )) {
    const url = new URL(path, page.url()).href;
    const label = `${path} at ${size.width} px${collapsed ? ", sidebar collapsed" : ""}`;
    const context = await contextFor(browser, page, size, collapsed);
    try {
      // No script at all: the first view alone.
      await context.route(/\.js(\?|$)/, (route) => route.abort());
      const bare = await context.newPage();
      await bare.goto(url);
      const first = await headingBoxes(bare, heading);
      await bare.close();
      await context.unroute(/\.js(\?|$)/);

      // With scripts: the page renders in its place.
      const live = await context.newPage();
      await live.addInitScript(() => {
        const w = window as unknown as { paints: { lcp: number[]; fcp: number } };
        w.paints = { lcp: [], fcp: -1 };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.paints.lcp.push(entry.startTime);
        }).observe({ type: "largest-contentful-paint", buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntriesByName("first-contentful-paint")) {
            w.paints.fcp = entry.startTime;
          }
        }).observe({ type: "paint", buffered: true });
      });
      await live.goto(url);
      // The page itself (not its first view) is there, and the frame's menu.
      await expect(renderedPage(live)).toBeVisible();
      await expect(live.getByRole("button", { name: "Account menu" })).toBeVisible();
      const rendered = await headingBoxes(live, heading);
      for (const part of ["title", "description"] as const) {
        for (const side of ["x", "y", "width", "height"] as const) {
          expect(rendered[part]![side], `${label}: ${part} ${side}`).toBeCloseTo(
            first[part]![side],
            0,
          );
        }
      }
      if (size.width === 390) {
        const paints = await live.evaluate(
          () => (window as unknown as { paints: { lcp: number[]; fcp: number } }).paints,
        );
        expect(paints.fcp, label).toBeGreaterThan(0);
        expect(paints.lcp.at(-1), `${label}: the largest paint is the first one`).toBe(paints.fcp);
      }
      if (process.env.E2E_SCREENSHOTS) {
        const name = label.replaceAll(/[^\w]+/g, "-");
        await live.screenshot({ path: test.info().outputPath(`first-view-${name}.png`) });
      }
      await live.close();
    } finally {
      await context.close();
    }
  }
});
