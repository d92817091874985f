import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";

/** Server-only prefixes: a sandbox that is not mounted (production) is a 404, never the app. */
const isServerPath = (pathname: string) => /^\/(api|assets|sandbox|dev)(\/|$)/.test(pathname);

/**
 * Serves the built web app. Hashed assets are cached for a year; every other GET that is not
 * an API call falls back to index.html so that client routes survive a reload.
 */
export function mountWebApp(app: Hono, webDist: string): void {
  const indexFile = path.join(webDist, "index.html");
  if (!existsSync(indexFile)) {
    app.get("*", (c) =>
      isServerPath(c.req.path)
        ? c.notFound()
        : c.text(
            "The web app is not built. Run `npm start` (it builds on first run) or `npm run build`.",
            503,
          ),
    );
    return;
  }
  const indexHtml = readFileSync(indexFile, "utf8");
  app.use(
    "/assets/*",
    serveStatic({
      root: webDist,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  app.use("*", serveStatic({ root: webDist, index: "__no_index__" }));
  app.get("*", (c) => {
    if (isServerPath(c.req.path)) return c.notFound();
    c.header("Cache-Control", "no-cache");
    return c.html(indexHtml);
  });
}
