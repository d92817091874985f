import type { Context } from "hono";
import { parseByteRange } from "./byte-range.ts";

/**
 * Answers a GET for `size` bytes of audio with byte-range support (so a browser can seek): 200
 * with the whole body, 206 with one range, or 416 when the range is unsatisfiable. `body`
 * produces the bytes asked for; it is not called for HEAD or 416.
 */
export function byteRangeResponse(
  c: Context,
  input: {
    size: number;
    contentType: string;
    body: (range: { start: number; end: number } | null) => ReadableStream | Uint8Array;
  },
): Response {
  c.header("Accept-Ranges", "bytes");
  c.header("Cache-Control", "private, max-age=3600");
  const range = parseByteRange(c.req.header("range"), input.size);
  if (range === "unsatisfiable") {
    c.header("Content-Range", `bytes */${input.size}`);
    return c.body(null, 416);
  }
  c.header("Content-Type", input.contentType);
  if (range) {
    c.header("Content-Range", `bytes ${range.start}-${range.end}/${input.size}`);
    c.header("Content-Length", String(range.end - range.start + 1));
  } else {
    c.header("Content-Length", String(input.size));
  }
  const status = range ? 206 : 200;
  if (c.req.method === "HEAD") return c.body(null, status);
  const body = input.body(range);
  return body instanceof Uint8Array
    ? c.body(body as Uint8Array<ArrayBuffer>, status)
    : c.body(body, status);
}
