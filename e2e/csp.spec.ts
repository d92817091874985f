import type { Page, Response } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { assistantWithDefaults, submitForm } from "./lead-helpers.ts";

/**
 * No Content-Security-Policy violation on the landing page, /login, the dashboard
 * and Call Records (with a recording playing), seen both ways a browser reports one: the
 * `securitypolicyviolation` event and its console message. Also what the pages are served with:
 * compressed scripts and styles, hashed assets cached for good, index.html revalidated, the
 * admin app marked noindex, and the font that first paint needs preloaded and used.
 */

/** Collects every CSP violation and preload warning the page reports from now on. */
async function watchForViolations(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.exposeFunction("reportCspViolation", (violation: string) => problems.push(violation));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportCspViolation: (v: string) => void }).reportCspViolation(
        `${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  page.on("console", (message) => {
    const text = message.text();
    if (/content security policy|refused to (load|execute|apply|connect|frame)/i.test(text)) {
      problems.push(`console ${message.type()}: ${text}`);
    }
    // A preload the page never uses is a wasted download on a phone.
    if (/preloaded using link preload but not used/i.test(text)) {
      problems.push(`console ${message.type()}: ${text}`);
    }
  });
  return problems;
}

/** The responses for the page's own scripts, styles and fonts. */
function watchAssets(page: Page): Response[] {
  const assets: Response[] = [];
  page.on("response", (response) => {
    if (/\/assets\/[^/]+\.(js|css|woff2)$/.test(new URL(response.url()).pathname)) {
      assets.push(response);
    }
  });
  return assets;
}

test("the landing page, /login, the dashboard and Call Records break no CSP rule", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const problems = await watchForViolations(page);
  const assets = watchAssets(page);

  const landing = await page.goto("/");
  expect(landing!.headers()["cache-control"]).toBe("no-cache");
  expect(landing!.headers()["x-robots-tag"]).toBeUndefined();
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  // Inter is preloaded, fetched once (the preload is the request the stylesheet uses) and drawn.
  const preload = page.locator('link[rel="preload"][as="font"]');
  await expect(preload).toHaveAttribute(
    "href",
    /^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/,
  );
  await expect(preload).toHaveAttribute("crossorigin", "");
  await expect
    .poll(() => page.evaluate(() => document.fonts.check('16px "Inter Variable"')))
    .toBe(true);
  // Chromium reports an unused preload about 3 s after load.
  await page.waitForTimeout(3_500);
  const fonts = assets.filter((r) => r.url().endsWith(".woff2"));
  expect(fonts.map((r) => new URL(r.url()).pathname)).toEqual([await preload.getAttribute("href")]);
  const scriptsAndStyles = assets.filter((r) => /\.(js|css)$/.test(r.url()));
  expect(scriptsAndStyles.length).toBeGreaterThan(0);
  for (const response of scriptsAndStyles) {
    const headers = await response.allHeaders();
    expect(headers["content-encoding"], response.url()).toMatch(/^(br|gzip)$/);
    expect(headers.vary, response.url()).toBe("Accept-Encoding");
    expect(headers["cache-control"], response.url()).toBe("public, max-age=31536000, immutable");
  }

  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Send Verification Code" })).toBeVisible();

  // Sign up, set up an assistant and let a lead be called: the dashboard, the wizard and a
  // recording to play on Call Records.
  const formUrl = await assistantWithDefaults(page, "Policy", { anyHour: true });
  await submitForm(page, formUrl, {
    name: "Rita Souza",
    email: "rita.souza@example.com",
    phone: "+1 415-555-0183",
    help: "A quote, please",
  });

  const dashboard = await page.goto("/admin/dashboard");
  expect(dashboard!.headers()["x-robots-tag"]).toBe("noindex");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByRole("heading", { name: /Dashboard$/ })).toBeVisible();

  await page.goto("/admin/call-records");
  await expect(page.getByRole("heading", { name: "Call Records" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Rita Souza" });
  await expect(row).toContainText("Answered", { timeout: 60_000 });
  const play = page.getByRole("button", { name: "Play recording of Rita Souza, attempt 1" });
  // The recording is copied into Ringback's storage just after the call: the open page is told
  // (live updates), never reloaded.
  await page.getByRole("button", { name: "Show attempts for Rita Souza" }).click();
  await expect(play).toBeVisible({ timeout: 30_000 });
  await play.click();
  await expect(
    page.getByRole("button", { name: "Pause recording of Rita Souza, attempt 1" }),
  ).toBeVisible();
  await expect
    .poll(() =>
      page.locator("audio[data-recording-player]").evaluate((a: HTMLAudioElement) => a.currentTime),
    )
    .toBeGreaterThan(0);

  expect(problems, "CSP violations and unused preloads").toEqual([]);
});
