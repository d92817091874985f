import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { type ContentCoding, negotiateEncoding, varyOnAcceptEncoding } from "../accept-encoding.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const isJson = (type: string | null) =>
  type !== null && /^\s*application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type);

/** A text body compressed on the fly (JSON, a page written per request) in the chosen coding. */
export async function compressText(
  body: Uint8Array,
  coding: Exclude<ContentCoding, "identity">,
): Promise<Uint8Array<ArrayBuffer>> {
  const compressed =
    coding === "br"
      ? await brotli(body, {
          params: {
            // Quality 5 of 11: most of the saving at a small fraction of the time.
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          },
        })
      : await gzipAsync(body, { level: 6 });
  return new Uint8Array(compressed);
}

/**
 * Compresses JSON answers on the fly: Brotli or gzip by Accept-Encoding, when the
 * body is at least `threshold` bytes (below that the framing costs more than it saves), with
 * `Vary: Accept-Encoding` on every JSON answer. Only JSON is touched, so the live-updates stream
 * (text/event-stream), recordings (audio, byte ranges) and CSV downloads (streamed) pass through
 * as they are, and so does anything already encoded. JSON bodies are never streamed, so reading
 * one whole costs nothing. The session and sign-in answers carry tokens: they are never
 * compressed, so their size says nothing about a secret (BREACH).
 */
export function compressJson(options: { threshold: number }): MiddlewareHandler {
  return async function compressJson(c, next) {
    await next();
    const res = c.res;
    if (
      c.req.method === "HEAD" ||
      !isJson(res.headers.get("Content-Type")) ||
      res.headers.has("Content-Encoding") ||
      [204, 206, 304].includes(res.status) ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get("Cache-Control") ?? "") ||
      /^\/api\/(auth|session)(\/|$)/.test(c.req.path) ||
      !res.body
    ) {
      return;
    }
    c.header("Vary", varyOnAcceptEncoding(res.headers.get("Vary")));
    const coding = negotiateEncoding(c.req.header("Accept-Encoding"), ["br", "gzip", "identity"]);
    if (coding === "identity") return;
    // c.header above moved the body into a new response: read c.res, not `res`.
    const uncompressed = c.res;
    const body = new Uint8Array(await uncompressed.arrayBuffer());
    if (body.byteLength < options.threshold) {
      c.res = new Response(body, uncompressed);
      return;
    }
    const compressed = await compressText(body, coding);
    c.res = new Response(compressed, uncompressed);
    // Set after the swap: Hono copies the old response's headers onto the new one.
    c.res.headers.set("Content-Encoding", coding);
    c.res.headers.set("Content-Length", String(compressed.byteLength));
    const etag = c.res.headers.get("ETag");
    if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
  };
}
