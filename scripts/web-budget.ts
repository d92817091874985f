// The web app's initial weight per route, read from a build: apps/web/dist/index.html
// and Vite's manifest (dist/.vite/manifest.json). A route's initial JavaScript is the entry chunk
// and its static imports (what index.html loads and modulepreloads), plus the lazily loaded
// modules the route needs before it shows (its page, the app shell, the admin frame: see
// apps/web/src/app/router.tsx) with their static imports; its CSS, the stylesheets of all those.
// Sizes are gzipped at level 9, what a build-time precompression writes.
//
//   npm run build && node scripts/web-budget.ts     (the table, every asset, and the checks;
//                                                     exit code 1 when a check fails)
//
// e2e/bundle-budget.spec.ts runs the same checks on the build the e2e stage makes.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { ROUTE_MODULES } from "../apps/web/build/route-pages.ts";
import { FIRST_VIEW_BOOT_DATA_ID } from "../packages/contracts/src/first-view.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
export const WEB_ROOT = path.join(root, "apps/web");
export const WEB_DIST = path.join(WEB_ROOT, "dist");

/** Initial JavaScript, gzipped. */
export const JS_BUDGET_KIB: Readonly<Record<string, number>> = { "/": 100, "/login": 120 };

/**
 * The lazily loaded modules (Vite manifest keys) each route needs before it shows: the list the
 * build writes each route's page from (apps/web/build/route-pages.ts).
 */
export { ROUTE_MODULES };

/**
 * What the landing page's chunks may be made of: React, the router, the landing page's icons,
 * and our own entry modules. Anything else there (the session, TanStack Query, Radix, Sonner,
 * tailwind-merge, zod, the contracts' schemas, another page) is weight the landing page does not
 * use. Sources as the source maps name them: packages by name, our files relative to apps/web.
 */
const LANDING_PACKAGES = new Set([
  "react",
  "react-dom",
  "scheduler",
  "react-router",
  "lucide-react",
]);
const LANDING_SOURCES = [
  /^src\/main\.tsx$/,
  /^src\/app\/(app|router|root-layout|lazy-modules)\.tsx?$/,
  /^src\/lib\/lazy-page\.ts$/,
  /^src\/components\/page-error-boundary\.tsx$/,
  // Where the sign-in pages ask for the admin app to be fetched early (app/lazy-modules.ts fills it).
  /^src\/lib\/prefetch\.ts$/,
  // What an outage needs is there before it (a page that cannot load says so, and retries).
  /^src\/components\/recovering-boundary\.tsx$/,
  // Whether the page came with an admin page's first view (ADR 0022), which React then keeps.
  /^src\/lib\/first-view\.ts$/,
  /^src\/components\/first-view-hold\.tsx$/,
  // Whether the page came with the admin pages' loading spinner, which React then keeps.
  /^src\/app\/first-load\.ts$/,
  /^src\/features\/landing\/[^/]+\.tsx?$/,
  // The access token in the URL hash decides whether the landing needs the shell.
  /^src\/features\/auth\/access-token\.ts$/,
  // Zod's jitless switch (no eval under the CSP), set before any chunk builds a schema.
  /^src\/lib\/zod-jitless\.ts$/,
  // Dark mode follows the system setting on every page.
  /^src\/lib\/theme\.ts$/,
  /^\.\.\/\.\.\/packages\/contracts\/src\/theme\.ts$/,
  // The robots meta tag and the paths it applies to.
  /^src\/components\/robots-meta\.tsx$/,
  /^\.\.\/\.\.\/packages\/contracts\/src\/robots\.ts$/,
];

export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface Weight {
  /** Bytes, gzipped at level 9. */
  gzip: number;
  /** Bytes as built. */
  raw: number;
  files: string[];
}

export interface RouteWeight {
  route: string;
  js: Weight;
  css: Weight;
}

export function readManifest(dist = WEB_DIST): Manifest {
  const file = path.join(dist, ".vite/manifest.json");
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: build the web app first (npm run build).`);
  }
  return JSON.parse(readFileSync(file, "utf8")) as Manifest;
}

function entryKey(manifest: Manifest): string {
  const keys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (keys.length !== 1) throw new Error(`Expected one entry in the manifest, found ${keys}`);
  return keys[0]!;
}

/**
 * The files (relative to dist) a page loads before it shows: the entry and the given lazy
 * modules, each with its static imports, and their stylesheets.
 */
export function initialFiles(
  manifest: Manifest,
  lazyModules: readonly string[] = [],
): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest`);
    js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey(manifest));
  for (const key of lazyModules) {
    if (!manifest[key]?.isDynamicEntry) {
      throw new Error(
        `${key} is not a lazily loaded chunk of this build: update ROUTE_MODULES in apps/web/build/route-pages.ts to match apps/web/src/app/router.tsx.`,
      );
    }
    visit(key);
  }
  return { js: [...js], css: [...css] };
}

const gzipCache = new Map<string, { gzip: number; raw: number }>();
function sizeOf(dist: string, file: string): { gzip: number; raw: number } {
  const full = path.join(dist, file);
  let size = gzipCache.get(full);
  if (!size) {
    const body = readFileSync(full);
    size = { gzip: gzipSync(body, { level: 9 }).length, raw: body.length };
    gzipCache.set(full, size);
  }
  return size;
}

function weigh(dist: string, files: string[]): Weight {
  let gzip = 0;
  let raw = 0;
  for (const file of files) {
    const size = sizeOf(dist, file);
    gzip += size.gzip;
    raw += size.raw;
  }
  return { gzip, raw, files };
}

/** The initial JS and CSS of each route (ROUTE_MODULES by default), gzipped. */
export function measureRoutes(
  dist = WEB_DIST,
  routes: Readonly<Record<string, readonly string[]>> = ROUTE_MODULES,
): RouteWeight[] {
  const manifest = readManifest(dist);
  return Object.entries(routes).map(([route, modules]) => {
    const files = initialFiles(manifest, modules);
    return { route, js: weigh(dist, files.js), css: weigh(dist, files.css) };
  });
}

/** The landing page's chunk set: what index.html may reference as script, preload or style. */
export function landingChunkSet(dist = WEB_DIST): string[] {
  const files = initialFiles(readManifest(dist));
  return [...files.js, ...files.css];
}

/**
 * The scripts, module preloads and stylesheets an HTML page references (paths without "/"),
 * those its first-view boot script loads included.
 */
export function htmlReferences(html: string): string[] {
  const references: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attribute = (name: string) =>
      new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, "i").exec(tag)?.[1];
    const url = tag.toLowerCase().startsWith("<script") ? attribute("src") : attribute("href");
    if (!url) continue;
    const rel = attribute("rel")?.toLowerCase();
    if (tag.toLowerCase().startsWith("<link") && rel !== "modulepreload" && rel !== "stylesheet") {
      continue;
    }
    references.push(url.replace(/^\//, ""));
  }
  // A page with a first view lists its scripts for the boot script instead (ADR 0022).
  const boot = new RegExp(
    `<script type="application/json" id="${FIRST_VIEW_BOOT_DATA_ID}">([^<]*)</script>`,
  ).exec(html)?.[1];
  if (boot) {
    const { entry, modules } = JSON.parse(boot) as { entry: string; modules: string[] };
    for (const url of [entry, ...modules]) references.push(url.replace(/^\//, ""));
  }
  return references;
}

/** The source modules a built chunk is made of, from its source map (packages by name). */
export function chunkSources(file: string, dist = WEB_DIST): string[] {
  const mapFile = path.join(dist, `${file}.map`);
  if (!existsSync(mapFile)) return [];
  const map = JSON.parse(readFileSync(mapFile, "utf8")) as { sources: string[] };
  return map.sources.map((source) => {
    const at = source.lastIndexOf("node_modules/");
    if (at >= 0) {
      const [scope, name] = source.slice(at + "node_modules/".length).split("/");
      return scope!.startsWith("@") ? `${scope}/${name}` : scope!;
    }
    return path
      .relative(WEB_ROOT, path.resolve(path.dirname(mapFile), source))
      .replaceAll("\\", "/");
  });
}

/** Modules in the landing page's chunks that the landing page should not carry. */
export function landingIntruders(dist = WEB_DIST): string[] {
  const files = initialFiles(readManifest(dist)).js;
  const intruders = new Set<string>();
  for (const file of files) {
    for (const source of chunkSources(file, dist)) {
      if (LANDING_PACKAGES.has(source)) continue;
      if (LANDING_SOURCES.some((allowed) => allowed.test(source))) continue;
      intruders.add(`${source} (in ${file})`);
    }
  }
  return [...intruders];
}

/**
 * The differences between what a route's page (dist/<route>/index.html, or index.html for "/")
 * references as scripts, module preloads and stylesheets and the route's initial files: what it
 * references beyond them (weight it does not need) and what it leaves out (a round trip later).
 */
export function routePageMismatches(
  route: string,
  dist = WEB_DIST,
): { extra: string[]; missing: string[] } {
  const file = path.join(dist, route === "/" ? "" : route.slice(1), "index.html");
  if (!existsSync(file)) return { extra: [], missing: [`${file} (no page for ${route})`] };
  const references = new Set(htmlReferences(readFileSync(file, "utf8")));
  const files = initialFiles(readManifest(dist), ROUTE_MODULES[route] ?? []);
  const expected = new Set([...files.js, ...files.css]);
  return {
    extra: [...references].filter((reference) => !expected.has(reference)),
    missing: [...expected].filter((needed) => !references.has(needed)),
  };
}

/** Every check of the web app's weight budget on a build; an empty list when all pass. */
export function budgetProblems(dist = WEB_DIST): string[] {
  const problems: string[] = [];
  for (const route of Object.keys(ROUTE_MODULES)) {
    const page = route === "/" ? "index.html" : `${route.slice(1)}/index.html`;
    const { extra, missing } = routePageMismatches(route, dist);
    for (const reference of extra) problems.push(`${page} references ${reference}`);
    for (const needed of missing) problems.push(`${page} does not load ${needed}`);
  }
  for (const intruder of landingIntruders(dist)) {
    problems.push(`the landing page's chunks include ${intruder}`);
  }
  for (const { route, js } of measureRoutes(dist)) {
    const budget = JS_BUDGET_KIB[route];
    if (budget !== undefined && js.gzip > budget * 1024) {
      problems.push(`${route}: initial JS ${kib(js.gzip)} gzipped, over ${budget} KiB`);
    }
  }
  return problems;
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function main(): void {
  const dist = WEB_DIST;
  const assets = readdirSync(path.join(dist, "assets"))
    .filter((name) => /\.(js|css)$/.test(name))
    .map((name) => ({ name, ...sizeOf(dist, `assets/${name}`) }))
    .sort((a, b) => b.gzip - a.gzip);
  console.log("Assets (gzipped, largest first):");
  for (const asset of assets) {
    console.log(
      `  ${kib(asset.gzip).padStart(10)}  ${kib(asset.raw).padStart(10)} raw  ${asset.name}`,
    );
  }
  console.log("\nInitial JS and CSS per route (gzipped):");
  for (const { route, js, css } of measureRoutes(dist)) {
    const budget = JS_BUDGET_KIB[route];
    const verdict =
      budget === undefined
        ? ""
        : `  (budget ${budget} KiB: ${js.gzip <= budget * 1024 ? "met" : "NOT met"})`;
    console.log(
      `  ${route.padEnd(38)} JS ${kib(js.gzip).padStart(9)} in ${String(js.files.length).padStart(2)} files   CSS ${kib(css.gzip).padStart(8)}${verdict}`,
    );
  }
  const problems = budgetProblems(dist);
  if (problems.length > 0) {
    console.error(
      `\n${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
    process.exitCode = 1;
  } else {
    console.log("\nThe landing page's chunk set and the budgets hold.");
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
