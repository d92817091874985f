// The split by route cannot silently regress. The e2e stage builds the web app
// first (npm run test:e2e), so apps/web/dist is the build under test; a missing build fails here.
import type { Page } from "@playwright/test";
import { FIRST_LOAD_HTML } from "../apps/web/src/app/first-load.ts";
import {
  chunkSources,
  htmlReferences,
  JS_BUDGET_KIB,
  kib,
  landingChunkSet,
  landingIntruders,
  measureRoutes,
  ROUTE_MODULES,
  readManifest,
  routePageMismatches,
} from "../scripts/web-budget.ts";
import { newPerson, signUp } from "./auth-helpers.ts";
import { allowConsoleErrors, expect, test } from "./fixtures.ts";

/** The scripts and stylesheets the browser fetches from /assets (paths without "/"). */
function watchAssets(page: Page): string[] {
  const fetched: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/assets\/.+\.(js|css)$/.test(pathname)) fetched.push(pathname.slice(1));
  });
  return fetched;
}

test.describe("the landing page's chunk set", () => {
  test("index.html for / references the landing chunks and nothing else", async ({ request }) => {
    const landing = landingChunkSet();
    const response = await request.get("/");
    expect(response.ok()).toBe(true);
    const references = htmlReferences(await response.text());
    // The entry script, its module preloads and the stylesheet: exactly the landing set.
    expect(references.toSorted()).toEqual(landing.toSorted());
    expect(references.filter((file) => file.endsWith(".js")).length).toBeGreaterThan(0);
    expect(references.filter((file) => file.endsWith(".css")).length).toBeGreaterThan(0);
  });

  test("the landing chunks hold the landing page only: no other page, session or UI kit", () => {
    expect(landingIntruders()).toEqual([]);
    // Every other page is a chunk of its own, out of the landing set.
    const manifest = readManifest();
    const landing = new Set(landingChunkSet());
    const lazy = Object.values(manifest).filter((chunk) => chunk.isDynamicEntry);
    expect(lazy.map((chunk) => chunk.src)).toEqual(
      expect.arrayContaining([
        "src/app/app-shell.tsx",
        "src/app/admin-root.tsx",
        "src/features/auth/login-page.tsx",
        "src/features/dashboard/dashboard-page.tsx",
        "src/features/assistant-configuration/assistant-configuration-page.tsx",
        "src/features/dashboard/charts-panel.tsx",
        "src/features/call-records/call-details-sheet.tsx",
      ]),
    );
    for (const chunk of lazy) expect(landing.has(chunk.file), chunk.file).toBe(false);
  });

  test(`initial JavaScript: the landing page ≤ ${JS_BUDGET_KIB["/"]} KiB, /login ≤ ${JS_BUDGET_KIB["/login"]} KiB gzipped`, () => {
    const routes = measureRoutes();
    for (const [route, budget] of Object.entries(JS_BUDGET_KIB)) {
      const weight = routes.find((r) => r.route === route);
      expect(weight, route).toBeDefined();
      expect(
        weight!.js.gzip,
        `${route}: ${kib(weight!.js.gzip)} in ${weight!.js.files.join(", ")}`,
      ).toBeLessThanOrEqual(budget * 1024);
    }
  });
});

test.describe("each page's own index.html", () => {
  test("preloads exactly that page's chunks: no waterfall, nothing it does not need", () => {
    for (const route of Object.keys(ROUTE_MODULES)) {
      expect(routePageMismatches(route), route).toEqual({ extra: [], missing: [] });
    }
  });

  test("is what the server answers for the page, and the session it preloads is fetched once", async ({
    page,
    request,
  }) => {
    const manifest = readManifest();
    const dashboard = manifest["src/features/dashboard/dashboard-page.tsx"]!.file;
    const html = await (await request.get("/admin/dashboard?from=mail")).text();
    expect(htmlReferences(html)).toContain(dashboard);
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/session">',
    );
    // An admin page without one of its own gets the admin frame's, never the landing page's.
    const other = htmlReferences(await (await request.get("/admin/no-such-page")).text());
    expect(other).toContain(manifest["src/app/admin-root.tsx"]!.file);
    expect(other).not.toContain(dashboard);
    expect(htmlReferences(await (await request.get("/")).text())).not.toContain(
      manifest["src/app/admin-root.tsx"]!.file,
    );

    // The preload is the session request the page makes: the browser does not ask twice.
    const sessions: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/session") sessions.push(r.url());
    });
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Log in to Ringback" })).toBeVisible();
    await page.waitForTimeout(500);
    expect(sessions).toHaveLength(1);
  });
});

test.describe("an admin page's first load", () => {
  test("paints the loading spinner or the first view from the HTML, and its organizations come with the session", async ({
    page,
    request,
  }) => {
    // The spinner is in the admin pages' HTML, not in the sign-in pages' (they show at once),
    // but for the pages with a first view instead (first-view.spec.ts); the dashboard's names
    // the organization, so without a session it is the spinner page.
    for (const path of ["/admin/dashboard", "/admin/settings/unknown"]) {
      expect(await (await request.get(path)).text(), path).toContain(
        `<div id="root">${FIRST_LOAD_HTML}</div>`,
      );
    }
    expect(await (await request.get("/admin/call-records")).text()).toContain(
      '<div id="root"><div data-first-view',
    );
    for (const path of ["/", "/login", "/signup"]) {
      expect(await (await request.get(path)).text(), path).toContain('<div id="root"></div>');
    }

    const person = newPerson("FirstLoad");
    await signUp(page, person);
    const organizationLists: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "GET" && new URL(r.url()).pathname === "/api/organizations") {
        organizationLists.push(r.url());
      }
    });
    // A cold load: the dashboard's first view (its heading, the organization's name written by
    // the server: ADR 0022) shows while no script has arrived yet, then the dashboard itself.
    let release = () => {};
    const scriptsHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    // (A reload: the fixture's goto waits for the page to finish loading.)
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.reload({ waitUntil: "commit" });
    await expect(page.locator("[data-first-view]")).toBeVisible();
    await expect(page.getByRole("heading", { name: `${person.company} Dashboard` })).toBeVisible();
    release();
    await expect(page.getByText("Get Started by Connecting a Form Provider")).toBeVisible();
    await expect(page.locator("[data-first-view]")).toHaveCount(0);
    expect(organizationLists).toEqual([]);
  });
});

test.describe("loading on demand", () => {
  test("heavy parts are in no page's initial load: charts, QR code, call details, wizard", () => {
    const manifest = readManifest();
    const lazyOnly = (key: string) => {
      const chunk = manifest[key];
      expect(chunk?.isDynamicEntry, key).toBe(true);
      return chunk!.file;
    };
    const heavy = [
      lazyOnly("src/features/dashboard/charts-panel.tsx"),
      lazyOnly("src/features/call-records/call-details-sheet.tsx"),
      lazyOnly(Object.keys(manifest).find((key) => key.endsWith("/qrcode/lib/browser.js"))!),
    ];
    const wizard = lazyOnly(
      "src/features/assistant-configuration/assistant-configuration-page.tsx",
    );
    for (const { route, js } of measureRoutes()) {
      for (const file of heavy) expect(js.files, route).not.toContain(file);
      if (!route.startsWith("/admin/assistant-configuration")) {
        expect(js.files, route).not.toContain(wizard);
      }
      const packages = new Set(js.files.flatMap((file) => chunkSources(file)));
      // d3-array is the charts' scale maths: it comes with charts-panel.tsx only.
      for (const name of ["d3-array", "qrcode", "react-resizable-panels"]) {
        if (
          name === "react-resizable-panels" &&
          route.startsWith("/admin/assistant-configuration")
        ) {
          continue;
        }
        expect(packages.has(name), `${route} loads ${name} up front`).toBe(false);
      }
      // Pages that only show data build no schemas: zod comes with the forms' pages.
      if (["/admin", "/admin/dashboard", "/admin/call-records"].includes(route)) {
        expect(packages.has("zod"), `${route} loads zod up front`).toBe(false);
      }
    }
  });

  test("the landing page fetches only its own chunks", async ({ page }) => {
    const fetched = watchAssets(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const landing = new Set(landingChunkSet());
    expect(fetched.filter((file) => !landing.has(file))).toEqual([]);
  });

  test("the admin app is fetched once sign-in starts, not before", async ({ page }) => {
    const manifest = readManifest();
    const adminRoot = manifest["src/app/admin-root.tsx"]!.file;
    const dashboard = manifest["src/features/dashboard/dashboard-page.tsx"]!.file;
    const fetched = watchAssets(page);

    await page.goto("/");
    await page.getByRole("link", { name: "Login" }).click();
    await expect(page.getByRole("heading", { name: "Log in to Ringback" })).toBeVisible();
    // The sign-in page is there (its own chunk), the admin app is not.
    expect(fetched).toContain(manifest["src/features/auth/login-page.tsx"]!.file);
    await page.waitForTimeout(500);
    expect(fetched).not.toContain(adminRoot);
    expect(fetched).not.toContain(dashboard);

    await page.getByLabel("Phone Number").focus();
    await expect.poll(() => fetched.includes(adminRoot) && fetched.includes(dashboard)).toBe(true);
  });

  test("a page whose chunk cannot load says so with Retry, and shows once it can", async ({
    page,
  }) => {
    const login = readManifest()["src/features/auth/login-page.tsx"]!.file;
    allowConsoleErrors(page, /Failed to load resource|could not be shown|dynamically imported/i);
    await page.route(`**/${login}`, (route) => route.abort());
    await page.goto("/");
    await page.getByRole("link", { name: "Login" }).click();
    const unavailable = page
      .getByRole("alert")
      .filter({ hasText: "This page could not be loaded" });
    await expect(unavailable).toBeVisible();
    await expect(unavailable.getByRole("button", { name: "Retry" })).toBeVisible();
    // The chunk can be fetched again: Retry shows the page (a fresh request, not React's
    // remembered failure), without a reload.
    await page.unroute(`**/${login}`);
    await unavailable.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByLabel("Phone Number")).toBeVisible();
  });
});
