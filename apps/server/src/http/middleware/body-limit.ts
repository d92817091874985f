import type { Context } from "hono";
import { createMiddleware } from "hono/factory";

/** How much of an oversized body is read and thrown away so the connection stays usable. */
const DRAIN_MAX_BYTES = 16 * 1024 * 1024;
const DRAIN_MAX_MS = 10_000;

/**
 * Bodies over `maxBytes` get 413 without breaking the connection. The rest of the body is read
 * and discarded first (up to 16 MiB or 10 s), so the client reads the 413 and its keep-alive
 * connection is ready for the next request; a body larger still gets 413 with
 * `Connection: close`. (Answering while the body is still arriving and then dropping the socket
 * resets the connection: the client loses the answer and its next request on it.)
 * The body is buffered, which is fine at API sizes.
 */
export function bodyLimit(options: { maxBytes: number; onTooLarge: (c: Context) => Response }) {
  const { maxBytes } = options;
  return createMiddleware(async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const declared = Number(c.req.header("content-length") ?? Number.NaN);
    const reader = body.getReader();
    if (Number.isFinite(declared) && declared > maxBytes) {
      const drained = declared <= DRAIN_MAX_BYTES && (await drain(reader, DRAIN_MAX_BYTES));
      return tooLarge(c, drained, options);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        return tooLarge(c, await drain(reader, DRAIN_MAX_BYTES - size), options);
      }
      chunks.push(value);
    }
    c.req.raw = new Request(c.req.raw, {
      body: Buffer.concat(chunks),
      duplex: "half",
    } as RequestInit);
    await next();
  });
}

function tooLarge(c: Context, drained: boolean, options: { onTooLarge: (c: Context) => Response }) {
  const response = options.onTooLarge(c);
  if (!drained) response.headers.set("connection", "close");
  return response;
}

/** Reads and discards the rest of a body; false when it is longer or slower than allowed. */
async function drain(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  maxBytes: number,
): Promise<boolean> {
  const deadline = Date.now() + DRAIN_MAX_MS;
  let left = maxBytes;
  try {
    for (;;) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) return false;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<"timeout">((resolve) => {
        timer = setTimeout(() => resolve("timeout"), remaining);
      });
      const read = await Promise.race([reader.read(), timeout]).finally(() => clearTimeout(timer));
      if (read === "timeout") return false;
      if (read.done) return true;
      left -= read.value.byteLength;
      if (left < 0) return false;
    }
  } catch {
    return false;
  }
}
