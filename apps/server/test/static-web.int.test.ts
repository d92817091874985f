import { existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { type IncomingHttpHeaders, request } from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { precompress } from "../../web/build/precompress.ts";
import { organizations } from "../src/db/schema/index.ts";
import { escapeHtml } from "../src/lib/escape-html.ts";
import { startRingback } from "../src/runtime.ts";
import { signUp } from "./auth-client.ts";
import { activeAssistant } from "./call-helpers.ts";
import { createTestDatabase, freePort, tempDataDir, testConfig, testLogger } from "./harness.ts";
import { waitFor } from "./webhook-receiver.ts";

/**
 * The built web app served like a CDN would (precompressed Brotli and gzip by
 * Accept-Encoding, ETags, cache headers), robots.txt and noindex, and JSON compressed on the fly
 * — but never the live-updates stream or a recording. The web app here is a small build of the
 * test's own, precompressed by the build's own plugin, so the test needs no `npm run build`.
 */

type Raw = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** One HTTP request with the bytes as they came (fetch would undo the compression). */
function raw(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** The head and first chunk of a response that does not end (an event stream). */
function firstChunk(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      res.once("data", (chunk: Buffer) => {
        resolve({ status: res.statusCode!, headers: res.headers, body: chunk });
        req.destroy();
      });
    });
    req.on("error", reject);
    req.end();
  });
}

const script = 'export const greeting = (name) => "Hello, " + name + "!";\n'.repeat(200);
const stylesheet = ".card { display: flex; padding: 1rem; color: oklch(0.2 0.03 265); }\n".repeat(
  100,
);
const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Ringback — call every form lead in seconds</title>
    <script type="module" crossorigin src="/assets/app-3f9a1c2e.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/app-7d8e9f0a.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
/** The pages the build writes per route (apps/web/build/route-pages.ts): index.html and more. */
const pageHtml = (name: string) =>
  indexHtml.replace(
    "</head>",
    `  <link rel="modulepreload" crossorigin href="/assets/${name}-1a2b3c4d.js">\n  </head>`,
  );
const adminHtml = pageHtml("admin-root");
const dashboardHtml = pageHtml("dashboard-page");
/** The dashboard's first view, which names the organization (ADR 0022): the server fills it in. */
const dashboardFirstView = indexHtml.replace(
  '<div id="root"></div>',
  '<div id="root"><div data-first-view><h1><!--first-view:organization--> Dashboard</h1></div></div>',
);
const favicon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#4338ca"/><path d="M9 16h14M16 9v14" stroke="#fff" stroke-width="3"/></svg>\n`;
const font = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 251));

/** A small web build: the files Vite would write, then the precompress plugin over them. */
async function fakeWebBuild(): Promise<string> {
  const dist = tempDataDir("ringback-web-dist-");
  mkdirSync(path.join(dist, "assets"));
  const files: Record<string, string | Buffer> = {
    "index.html": indexHtml,
    "admin/index.html": adminHtml,
    "admin/dashboard/index.html": dashboardHtml,
    "admin/dashboard/first-view.html": dashboardFirstView,
    "favicon.svg": favicon,
    ".source-fingerprint": "fingerprint\n",
    "assets/app-3f9a1c2e.js": script,
    "assets/app-7d8e9f0a.css": stylesheet,
    "assets/tiny-0a1b2c3d.js": "1",
    "assets/copied-5e6f7a8b.js": script,
    "assets/inter-latin-wght-normal-Dx4kXJAl.woff2": font,
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    writeFileSync(path.join(dist, name), content);
  }
  const plugin = precompress();
  (plugin.configResolved as (config: unknown) => void)({
    root: dist,
    build: { outDir: dist },
    logger: { info: () => undefined },
  });
  await (plugin.writeBundle as { handler: (options: { dir: string }) => Promise<void> }).handler({
    dir: dist,
  });
  // A copy of the build that did not keep the files' times (cp without -p, cpSync): the
  // compressed copies now look older than their file, and must be served all the same.
  const hourAgo = new Date(Date.now() - 3_600_000);
  for (const suffix of [".br", ".gz"]) {
    utimesSync(path.join(dist, `assets/copied-5e6f7a8b.js${suffix}`), hourAgo, hourAgo);
  }
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  return dist;
}

describe("serving the web app and the API like a CDN would", async () => {
  const webDist = await fakeWebBuild();
  const database = await createTestDatabase();
  const dataDir = tempDataDir("ringback-test-data-");
  const port = await freePort();
  const config = testConfig(database.url, dataDir, {
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    CODE_SENDS_PER_IP: "1000",
    CALL_SIMULATOR_RING_MS: "30",
    // Turns long enough for a recording of several KiB (above the compression threshold).
    CALL_SIMULATOR_TURN_MS: "100",
  });
  const ringback = await startRingback({ config, logger: testLogger, role: "all", webDist });
  afterAll(async () => {
    await ringback.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const url = ringback.url!;
  const chrome = { "accept-encoding": "gzip, deflate, br, zstd" };

  describe("the build", () => {
    it("writes .br and .gz beside each text file, only when smaller", () => {
      for (const name of [
        "index.html",
        "favicon.svg",
        "assets/app-3f9a1c2e.js",
        "assets/app-7d8e9f0a.css",
      ]) {
        const original = readFileSync(path.join(webDist, name));
        const br = readFileSync(path.join(webDist, `${name}.br`));
        const gz = readFileSync(path.join(webDist, `${name}.gz`));
        expect(brotliDecompressSync(br).equals(original), name).toBe(true);
        expect(gunzipSync(gz).equals(original), name).toBe(true);
        expect(br.length, name).toBeLessThan(original.length);
      }
      // One byte cannot shrink; a font is compressed already; dot-files are not the app's.
      for (const name of [
        "assets/tiny-0a1b2c3d.js",
        "assets/inter-latin-wght-normal-Dx4kXJAl.woff2",
        ".source-fingerprint",
      ]) {
        expect(existsSync(path.join(webDist, `${name}.br`)), name).toBe(false);
        expect(existsSync(path.join(webDist, `${name}.gz`)), name).toBe(false);
      }
    });
  });

  describe("static files", () => {
    const js = "/assets/app-3f9a1c2e.js";
    const onDisk = (name: string) => readFileSync(path.join(webDist, name));

    it("sends Brotli to a browser that accepts it, with the type, length and a year's cache", async () => {
      const response = await raw(url + js, chrome);
      expect(response.status).toBe(200);
      expect(response.headers["content-encoding"]).toBe("br");
      expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
      expect(response.headers.vary).toBe("Accept-Encoding");
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(Number(response.headers["content-length"])).toBe(response.body.length);
      expect(response.body.equals(onDisk("assets/app-3f9a1c2e.js.br"))).toBe(true);
      expect(brotliDecompressSync(response.body).toString()).toBe(script);
      // The security headers are on static files too.
      expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
    });

    it.each([
      ["gzip, deflate", "gzip"],
      ["br;q=0.5, gzip", "gzip"],
      ["br;q=0.9, gzip;q=0.8", "br"],
      ["gzip;q=0.2, br;q=0.2", "br"],
      ["*", "br"],
      ["*;q=0.5, br;q=0", "gzip"],
      ["identity", undefined],
      ["br;q=0, gzip;q=0", undefined],
      ["deflate", undefined],
      ["", undefined],
    ])("Accept-Encoding %j → %s", async (acceptEncoding, expected) => {
      const response = await raw(url + js, { "accept-encoding": acceptEncoding });
      expect(response.status).toBe(200);
      expect(response.headers["content-encoding"]).toBe(expected);
      expect(response.headers.vary).toBe("Accept-Encoding");
      expect(Number(response.headers["content-length"])).toBe(response.body.length);
      const decoded =
        expected === "br"
          ? brotliDecompressSync(response.body)
          : expected === "gzip"
            ? gunzipSync(response.body)
            : response.body;
      expect(decoded.toString()).toBe(script);
    });

    it("sends the file as it is without Accept-Encoding, still saying it varies", async () => {
      const response = await raw(url + js);
      expect(response.headers["content-encoding"]).toBeUndefined();
      expect(response.headers.vary).toBe("Accept-Encoding");
      expect(response.body.toString()).toBe(script);
    });

    it("answers If-None-Match with 304 for the same representation only", async () => {
      const first = await raw(url + js, chrome);
      const etag = first.headers.etag!;
      expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+-br"$/);
      const again = await raw(url + js, { ...chrome, "if-none-match": etag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers.vary).toBe("Accept-Encoding");
      expect(again.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const weak = await raw(url + js, { ...chrome, "if-none-match": `"other", W/${etag}` });
      expect(weak.status).toBe(304);
      // The gzip representation has its own tag: the Brotli one does not match it.
      const gzip = await raw(url + js, { "accept-encoding": "gzip", "if-none-match": etag });
      expect(gzip.status).toBe(200);
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(gzip.headers.etag).not.toBe(etag);
      const plain = await raw(url + js, { "accept-encoding": "identity" });
      expect(new Set([etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
    });

    it("answers HEAD with the headers and no body", async () => {
      const response = await raw(url + js, chrome, "HEAD");
      expect(response.status).toBe(200);
      expect(response.headers["content-encoding"]).toBe("br");
      expect(Number(response.headers["content-length"])).toBe(
        onDisk("assets/app-3f9a1c2e.js.br").length,
      );
      expect(response.body.length).toBe(0);
    });

    it("sends a file that did not shrink, and fonts, as they are", async () => {
      const tiny = await raw(`${url}/assets/tiny-0a1b2c3d.js`, chrome);
      expect(tiny.headers["content-encoding"]).toBeUndefined();
      expect(tiny.headers.vary).toBe("Accept-Encoding");
      expect(tiny.body.toString()).toBe("1");
      const woff2 = await raw(`${url}/assets/inter-latin-wght-normal-Dx4kXJAl.woff2`, chrome);
      expect(woff2.status).toBe(200);
      expect(woff2.headers["content-type"]).toBe("font/woff2");
      expect(woff2.headers["content-encoding"]).toBeUndefined();
      expect(woff2.headers.vary).toBeUndefined();
      expect(woff2.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(woff2.body.equals(font)).toBe(true);
    });

    it("sends the compressed copies of a build copied without its files' times", async () => {
      const response = await raw(`${url}/assets/copied-5e6f7a8b.js`, chrome);
      expect(response.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(response.body).toString()).toBe(script);
    });

    it("caches the other public files for a day, compressed too", async () => {
      const response = await raw(`${url}/favicon.svg`, chrome);
      expect(response.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
      expect(response.headers["content-encoding"]).toBe("br");
      expect(response.headers["cache-control"]).toBe("public, max-age=86400");
      expect(brotliDecompressSync(response.body).toString()).toBe(favicon);
    });

    it("answers a missing asset with 404, never the app", async () => {
      for (const missing of ["/assets/gone-00000000.js", "/assets/", "/assets"]) {
        const response = await raw(url + missing, chrome);
        expect(response.status, missing).toBe(404);
        expect(response.body.toString(), missing).not.toContain('<div id="root">');
      }
    });

    it("never serves dot-files or anything outside the build", async () => {
      for (const probe of ["/.source-fingerprint", "/%2e%2e/%2e%2e/package.json", "/..%2fetc"]) {
        const response = await raw(url + probe, { "accept-encoding": "identity" });
        expect(response.body.toString(), probe).not.toContain("fingerprint");
        expect(response.body.toString(), probe).not.toContain('"name"');
      }
    });
  });

  describe("index.html and the client routes", () => {
    it("serves every client route the nearest index.html up its path, compressed and revalidated each time", async () => {
      const pages: Record<string, string> = {
        "/": indexHtml,
        "/login": indexHtml,
        "/invitations/0123abcd": indexHtml,
        "/admin/dashboard": dashboardHtml,
        "/admin/dashboard/": dashboardHtml,
        "/admin/call-records?page=2": adminHtml,
        "/admin/settings/unknown": adminHtml,
        "/admin": adminHtml,
        "/administrator": indexHtml,
      };
      for (const [route, html] of Object.entries(pages)) {
        const response = await raw(url + route, chrome);
        expect(response.status, route).toBe(200);
        expect(response.headers["content-type"], route).toBe("text/html; charset=utf-8");
        expect(response.headers["content-encoding"], route).toBe("br");
        expect(response.headers.vary, route).toBe("Accept-Encoding");
        expect(response.headers["cache-control"], route).toBe("no-cache");
        expect(brotliDecompressSync(response.body).toString(), route).toBe(html);
        const again = await raw(url + route, {
          ...chrome,
          "if-none-match": response.headers.etag!,
        });
        expect(again.status, route).toBe(304);
      }
      const gzip = await raw(`${url}/signup`, { "accept-encoding": "gzip" });
      expect(gunzipSync(gzip.body).toString()).toBe(indexHtml);
      const plain = await raw(`${url}/index.html`);
      expect(plain.headers["cache-control"]).toBe("no-cache");
      expect(plain.body.toString()).toBe(indexHtml);
    });

    it("marks the admin app and the private pages noindex, and not the public ones", async () => {
      for (const route of [
        "/admin",
        "/admin/dashboard",
        "/admin/settings/profile",
        "/invitations/0123abcd",
        "/unauthorized",
        "/email-verification",
        "/forgot-password",
      ]) {
        const response = await raw(url + route, chrome);
        expect(response.headers["x-robots-tag"], route).toBe("noindex");
      }
      for (const route of ["/", "/login", "/signup", "/opt-out", "/administrator"]) {
        const response = await raw(url + route, chrome);
        expect(response.headers["x-robots-tag"], route).toBeUndefined();
      }
    });

    it("never falls back to the app for the server's paths", async () => {
      const api = await raw(`${url}/api/no-such-thing`, chrome);
      expect(api.status).toBe(404);
      expect(api.headers["content-type"]).toMatch(/^application\/json/);
      for (const route of ["/sandbox/nowhere/at-all", "/dev/nothing-here"]) {
        const response = await raw(url + route, chrome);
        expect(response.status, route).toBe(404);
        expect(response.headers["content-type"] ?? "", route).not.toMatch(/^text\/html/);
      }
    });
  });

  describe("robots.txt", () => {
    it("is a real robots.txt: the public pages allowed, the admin app and the server's paths not", async () => {
      const response = await raw(`${url}/robots.txt`, chrome);
      expect(response.status).toBe(200);
      expect(response.headers["content-type"]).toBe("text/plain; charset=UTF-8");
      const lines = response.body.toString().trim().split("\n");
      expect(lines).toEqual([
        "User-agent: *",
        "Allow: /",
        "Disallow: /admin",
        "Disallow: /api/",
        "Disallow: /sandbox/",
        "Disallow: /dev/",
      ]);
    });
  });

  describe("API JSON", () => {
    it("compresses a large answer by Accept-Encoding, with the same JSON inside", async () => {
      const plain = await raw(`${url}/api/v1/openapi.json`, { "accept-encoding": "identity" });
      expect(plain.status).toBe(200);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers.vary).toContain("Accept-Encoding");
      expect(plain.body.length).toBeGreaterThan(1024);
      const document = JSON.parse(plain.body.toString());

      const br = await raw(`${url}/api/v1/openapi.json`, chrome);
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.headers["content-type"]).toMatch(/^application\/json/);
      expect(br.headers.vary).toContain("Accept-Encoding");
      expect(Number(br.headers["content-length"])).toBe(br.body.length);
      expect(br.body.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(document);

      const gzip = await raw(`${url}/api/v1/openapi.json`, {
        "accept-encoding": "br;q=0.1, gzip;q=0.9",
      });
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(document);
    });

    it("leaves a small answer as it is", async () => {
      const response = await raw(`${url}/api/health`, chrome);
      expect(response.status).toBe(200);
      expect(response.body.length).toBeLessThan(1024);
      expect(response.headers["content-encoding"]).toBeUndefined();
      expect(response.headers.vary).toContain("Accept-Encoding");
      expect(JSON.parse(response.body.toString()).status).toBe("ok");
    });

    describe("signed in", async () => {
      const { client, organization } = await signUp(url, database.db);
      const auth = { ...chrome, authorization: `Bearer ${client.accessToken}` };

      it("writes the current organization into the dashboard's first view, for this user only", async () => {
        const page = async (path: string) => {
          const response = await client.request(path, { headers: chrome });
          return { response, body: await response.text() };
        };
        const { response, body } = await page("/admin/dashboard");
        expect(response.status).toBe(200);
        expect(body).toContain(`<h1>${escapeHtml(organization.name)} Dashboard</h1>`);
        expect(response.headers.get("cache-control")).toBe("private, no-cache");
        expect(response.headers.get("vary")).toBe("Cookie, Accept-Encoding");
        expect(response.headers.get("content-type")).toBe("text/html; charset=UTF-8");
        // Compressed like the other pages (fetch undoes it; the raw bytes say which coding).
        expect(response.headers.get("content-encoding")).toBe("br");
        expect(response.headers.get("x-robots-tag")).toBe("noindex");
        // A name is text, never markup.
        const tricky = await client.json<{ id: string }>("/api/organizations", {
          method: "POST",
          json: { name: "Ana & <b>Co</b>" },
        });
        // The pick the browser remembers (mirrored in a cookie) decides, as in the web app.
        client.setCookie("ringback_organization", tricky.id);
        expect((await page("/admin/dashboard")).body).toContain(
          "<h1>Ana &amp; &lt;b&gt;Co&lt;/b&gt; Dashboard</h1>",
        );
        // A pick that is no longer theirs: their first organization.
        client.setCookie("ringback_organization", "gone");
        expect((await page("/admin/dashboard")).body).toContain(
          `<h1>${escapeHtml(organization.name)} Dashboard</h1>`,
        );
        // No session: the page with the spinner, as a static file (precompressed, revalidated).
        const anonymous = await raw(`${url}/admin/dashboard`, chrome);
        expect(anonymous.headers["cache-control"]).toBe("no-cache");
        expect(brotliDecompressSync(anonymous.body).toString()).toBe(dashboardHtml);
      });

      it("writes any organization name into the first view as text: no replacement patterns, no markup", async () => {
        const page = async () => {
          client.setCookie("ringback_organization", organization.id);
          const response = await client.request("/admin/dashboard", { headers: chrome });
          expect(response.status).toBe(200);
          return response.text();
        };
        const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;
        const plain = await page();
        const scripts = count(plain, /<script\b/gi);
        expect(count(plain, /<!doctype html>/gi)).toBe(1);
        try {
          for (const name of [
            "$&",
            "$'",
            "$`",
            "Ana $$ Co $1",
            "</script><script>alert(1)</script>",
            "n".repeat(10_000),
          ]) {
            await database.db
              .update(organizations)
              .set({ name })
              .where(eq(organizations.id, organization.id));
            const body = await page();
            expect(count(body, /<!doctype html>/gi), name).toBe(1);
            expect(count(body, /<script\b/gi), name).toBe(scripts);
            expect(body, name).toContain(`<h1>${escapeHtml(name)} Dashboard</h1>`);
            expect(body, name).toBe(
              dashboardFirstView.replace("<!--first-view:organization-->", () => escapeHtml(name)),
            );
          }
        } finally {
          await database.db
            .update(organizations)
            .set({ name: organization.name })
            .where(eq(organizations.id, organization.id));
        }
      });

      it("never compresses the live-updates stream", async () => {
        const response = await firstChunk(
          `${url}/api/organizations/${organization.id}/events`,
          auth,
        );
        expect(response.status).toBe(200);
        expect(response.headers["content-type"]).toMatch(/^text\/event-stream/);
        expect(response.headers["content-encoding"]).toBeUndefined();
        expect(response.body.toString()).toContain("event: ready");
      });

      it("never compresses a recording, whole or in byte ranges", async () => {
        const calls = await activeAssistant({
          url,
          db: database.db,
          secretKey: config.secretKey,
          owner: client,
          organizationId: organization.id,
        });
        const token = "served-recording";
        await calls.deliver(calls.delivery({ phone: "+1 415 555 0161", token }));
        const [call] = await calls.settled(token, 1);
        const stored = await waitFor(async () => {
          const [row] = await calls.attemptsFor(token);
          return row?.recordingKey ? row : undefined;
        }, 15_000);
        const recording = `${url}/api/organizations/${organization.id}/call-records/${call!.id}/recording`;
        const whole = await raw(recording, auth);
        expect(whole.status).toBe(200);
        expect(whole.headers["content-type"]).toBe("audio/wav");
        expect(whole.headers["content-encoding"]).toBeUndefined();
        expect(whole.body.length).toBe(stored.recordingBytes);
        expect(whole.body.length).toBeGreaterThan(1024);
        const part = await raw(recording, { ...auth, range: "bytes=100-1299" });
        expect(part.status).toBe(206);
        expect(part.headers["content-encoding"]).toBeUndefined();
        expect(part.headers["content-range"]).toBe(`bytes 100-1299/${stored.recordingBytes}`);
        expect(part.body.equals(whole.body.subarray(100, 1300))).toBe(true);
      });
    });
  });
});
