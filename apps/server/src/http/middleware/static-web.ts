import { createReadStream, existsSync, type Stats } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { isNoIndexPath, robotsTxt } from "@ringback/contracts";
import type { Context, Hono } from "hono";
import { getMimeType } from "hono/utils/mime";
import { escapeHtml } from "../../lib/escape-html.ts";
import type { Logger } from "../../lib/logger.ts";
import { type ContentCoding, negotiateEncoding } from "../accept-encoding.ts";
import { compressText } from "./compress-json.ts";

/**
 * Beside a page's index.html, the page with a first view that names the current organization,
 * and the marker its name replaces (apps/web/src/app/first-view.ts, ADR 0022).
 */
const FIRST_VIEW_FILE = "first-view.html";
const ORGANIZATION_MARKER = "<!--first-view:organization-->";
/** A page written for one user: never stored by a shared cache, asked again every time. */
const PRIVATE_PAGE = "private, no-cache";

export interface WebAppOptions {
  /** The current organization's name for this request's session, or null (ADR 0022). */
  organizationName?: (c: Context) => Promise<string | null>;
  logger?: Logger;
}

/** Server-only prefixes: a sandbox that is not mounted (production) is a 404, never the app. */
const isServerPath = (pathname: string) => /^\/(api|assets|sandbox|dev)(\/|$)/.test(pathname);

/**
 * The files the build precompresses next to themselves as `.br` and `.gz`
 * (apps/web/build/precompress.ts keeps the same list): they are answered by Accept-Encoding.
 */
const isCompressible = (file: string) => /\.(html|js|mjs|css|svg|json|txt)$/.test(file);

/** Hashed build output never changes under its name; index.html is asked again every time. */
const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";
/** Other files of apps/web/public (favicon.svg): not hashed, so a day. */
const PUBLIC_FILE = "public, max-age=86400";

/**
 * Serves the built web app like a CDN would: each file as its precompressed `.br` or `.gz`
 * when the client accepts it (`Vary: Accept-Encoding`), with an ETag (If-None-Match → 304),
 * hashed assets cached for a year and index.html revalidated. Every other GET that is not a
 * server path gets the nearest index.html up its path (nearestPage) so that client routes survive a
 * reload and load their chunks at once; the admin app and
 * the other private pages say `X-Robots-Tag: noindex`. Files are read from disk on each request,
 * so a rebuild under a running server is picked up.
 */
export function mountWebApp(app: Hono, webDist: string, options: WebAppOptions = {}): void {
  const root = path.resolve(webDist);
  const indexFile = path.join(root, "index.html");
  app.get("/robots.txt", (c) => {
    c.header("Cache-Control", PUBLIC_FILE);
    return c.text(robotsTxt);
  });
  if (!existsSync(indexFile)) {
    app.get("*", (c) => {
      if (isServerPath(c.req.path)) return c.notFound();
      noIndexIfPrivate(c);
      return c.text(
        "The web app is not built. Run `npm start` (it builds on first run) or `npm run build`.",
        503,
      );
    });
    return;
  }
  app.get("*", async (c) => {
    const file = fileFor(root, c.req.path);
    const found = file ? await regularFile(file) : null;
    if (file && found) {
      const cacheControl = c.req.path.startsWith("/assets/")
        ? IMMUTABLE
        : path.basename(file) === "index.html"
          ? REVALIDATE
          : PUBLIC_FILE;
      return serveFile(c, file, found, cacheControl);
    }
    if (isServerPath(c.req.path)) return c.notFound();
    const page = await nearestPage(root, file);
    if (!page) return c.notFound();
    noIndexIfPrivate(c);
    const named = await pageNamingOrganization(c, page.file, options);
    if (named !== null) return named;
    return serveFile(c, page.file, page.stats, REVALIDATE);
  });
}

/**
 * The page for a client route, as a static host answers one: the nearest index.html up the
 * path (the build writes one per page that preloads that page's chunks, e.g.
 * admin/dashboard/index.html, admin/index.html for the other admin pages: apps/web/build/
 * route-pages.ts), else the root index.html.
 */
async function nearestPage(
  root: string,
  /** What fileFor made of the URL's path (null: nothing of the build, so the root page). */
  dir: string | null,
): Promise<{ file: string; stats: Stats } | null> {
  const parts = dir ? path.relative(root, dir).split(path.sep).filter(Boolean) : [];
  for (let n = parts.length; n >= 0; n--) {
    const file = path.join(root, ...parts.slice(0, n), "index.html");
    const stats = await regularFile(file);
    if (stats) return { file, stats };
  }
  return null;
}

/**
 * A page whose first view names the current organization (the dashboard's), with the name the
 * session's user will see: only when there is a session and an organization. Null otherwise, or
 * when the name cannot be read (the database away): then the page's own index.html, which
 * shows the spinner, as every page did before first views.
 */
async function pageNamingOrganization(
  c: Context,
  indexFile: string,
  options: WebAppOptions,
): Promise<Response | null> {
  if (!options.organizationName) return null;
  const file = path.join(path.dirname(indexFile), FIRST_VIEW_FILE);
  if (!(await regularFile(file))) return null;
  let name: string | null;
  try {
    name = await options.organizationName(c);
  } catch (error) {
    options.logger?.warn({ err: error }, "First view: the organization's name could not be read");
    return null;
  }
  if (name === null) return null;
  // A replacement function, never a replacement string: in a string, `$&`, `$'` and `` $` `` in
  // the name would be read as patterns and copy the page's own markup into the heading.
  const heading = escapeHtml(name);
  const html = (await readFile(file, "utf8")).replace(ORGANIZATION_MARKER, () => heading);
  c.header("Cache-Control", PRIVATE_PAGE);
  c.header("Vary", "Cookie, Accept-Encoding");
  c.header("Content-Type", "text/html; charset=UTF-8");
  // Compressed like every other page (a few KiB; no secret in it, so no BREACH concern).
  const coding = negotiateEncoding(c.req.header("Accept-Encoding"), ["br", "gzip", "identity"]);
  const text = new TextEncoder().encode(html);
  const body = coding === "identity" ? text : await compressText(text, coding);
  if (coding !== "identity") c.header("Content-Encoding", coding);
  c.header("Content-Length", String(body.byteLength));
  if (c.req.method === "HEAD") return c.body(null, 200);
  return c.body(body, 200);
}

function noIndexIfPrivate(c: Context): void {
  if (isNoIndexPath(c.req.path)) c.header("X-Robots-Tag", "noindex");
}

/** The file a URL path names inside the build, or null (dot-files, `..`, NUL, undecodable). */
function fileFor(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.split("/").some((part) => part.startsWith("."))) {
    return null;
  }
  const file = path.join(root, decoded);
  return file.startsWith(root + path.sep) ? file : null;
}

async function regularFile(file: string): Promise<Stats | null> {
  try {
    const stats = await stat(file);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

const suffixes = { br: ".br", gzip: ".gz", identity: "" } as const;

async function serveFile(
  c: Context,
  file: string,
  stats: Stats,
  cacheControl: string,
): Promise<Response> {
  let chosen = { coding: "identity" as ContentCoding, file, stats };
  if (isCompressible(file)) {
    c.header("Vary", "Accept-Encoding");
    // The build empties dist and writes every copy after its file, so a copy is never left over
    // from an earlier build; times are not compared (a copy of the build need not keep them).
    const variants = (
      await Promise.all(
        (["br", "gzip"] as const).map(async (coding) => {
          const variant = await regularFile(file + suffixes[coding]);
          return variant ? { coding, file: file + suffixes[coding], stats: variant } : null;
        }),
      )
    ).filter((v) => v !== null);
    const coding = negotiateEncoding(c.req.header("Accept-Encoding"), [
      ...variants.map((v) => v.coding),
      "identity",
    ]);
    chosen = variants.find((v) => v.coding === coding) ?? chosen;
  }
  // One tag per representation: the file's size and time, and its coding.
  const etag = `"${chosen.stats.size.toString(16)}-${Math.trunc(chosen.stats.mtimeMs).toString(16)}${
    chosen.coding === "identity" ? "" : `-${chosen.coding}`
  }"`;
  c.header("Cache-Control", cacheControl);
  c.header("ETag", etag);
  if (matchesEtag(c.req.header("If-None-Match"), etag)) return c.body(null, 304);
  c.header("Content-Type", getMimeType(file) ?? "application/octet-stream");
  if (chosen.coding !== "identity") c.header("Content-Encoding", chosen.coding);
  c.header("Content-Length", String(chosen.stats.size));
  if (c.req.method === "HEAD") return c.body(null, 200);
  return c.body(Readable.toWeb(createReadStream(chosen.file)) as ReadableStream, 200);
}

/** If-None-Match's weak comparison (RFC 9110 §13.1.2): `*` or any listed tag, W/ or not. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
