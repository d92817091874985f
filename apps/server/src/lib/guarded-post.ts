import { type OutboundClient, OutboundError } from "./outbound-http.ts";

export interface GuardedPostOptions {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The whole request — connect, send, response headers and the bytes kept — gives up after. */
  timeoutMs: number;
  /** At most this many bytes of the response body are read (and returned). */
  maxResponseBytes: number;
}

export type GuardedPostResult =
  | { ok: true; status: number; body: string; durationMs: number }
  | { ok: false; error: string; durationMs: number };

/**
 * POSTs a body through the guarded outbound client and reads the status and the first bytes of
 * the answer, never more: no redirect is followed (a 3xx is the answer), and the whole exchange
 * is bounded by `timeoutMs`; an answer still trickling in then is kept as far as it came. Never
 * throws: a failure without a response is `ok: false` with a reason a person can read.
 */
export async function guardedPost(
  client: OutboundClient,
  options: GuardedPostOptions,
): Promise<GuardedPostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let response: Awaited<ReturnType<OutboundClient["request"]>>;
  try {
    response = await client.request(options.url, {
      method: "POST",
      headers: options.headers,
      body: options.body,
      timeoutMs: options.timeoutMs,
      maxBytes: Number.MAX_SAFE_INTEGER,
      maxRedirects: 0,
    });
  } catch (error) {
    return {
      ok: false,
      error: error instanceof Error ? error.message : "Request failed",
      durationMs: elapsed(),
    };
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= options.maxResponseBytes) break;
    }
  } catch (error) {
    // The deadline or a reset while reading: what was read is the answer.
    if (!(error instanceof OutboundError)) throw error;
  } finally {
    response.cancel();
  }
  return {
    ok: true,
    status: response.status,
    body: readableText(Buffer.concat(chunks).subarray(0, options.maxResponseBytes)),
    durationMs: elapsed(),
  };
}

/** Bytes as text for the delivery log: UTF-8 (a cut character dropped), without NULs. */
function readableText(bytes: Buffer): string {
  return bytes
    .toString("utf8")
    .replace(/\uFFFD+$/, "")
    .replaceAll("\u0000", "");
}
