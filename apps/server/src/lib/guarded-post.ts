import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { isPublicAddress } from "./public-address.ts";

export interface GuardedPostOptions {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The whole request — connect, send, response headers and the bytes kept — gives up after. */
  timeoutMs: number;
  /** At most this many bytes of the response body are read (and returned). */
  maxResponseBytes: number;
  /**
   * Refuse private, loopback, link-local, CGNAT, multicast and other non-public addresses (the
   * SSRF guard). The name is resolved and its addresses checked when the socket connects, so a
   * name that resolves differently later (DNS rebinding) cannot slip past a check made earlier.
   */
  blockPrivateNetworks: boolean;
}

export type GuardedPostResult =
  | { ok: true; status: number; body: string; durationMs: number }
  | { ok: false; error: string; durationMs: number };

/** Why a request was refused by the SSRF guard. */
export class BlockedAddressError extends Error {
  readonly code = "EBLOCKEDADDRESS";
  constructor(host: string, address: string) {
    super(
      host === address
        ? `Refused: ${address} is not a public address`
        : `Refused: ${host} resolves to ${address}, which is not a public address`,
    );
    this.name = "BlockedAddressError";
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for net.connect that resolves the name and refuses it when any of its addresses is
 * not public. Node calls it for every connection it opens (with `all: true` when it races IPv4
 * and IPv6), after which it connects to exactly the addresses given here.
 */
export function publicOnlyLookup(
  hostname: string,
  options: LookupOptions | number | LookupCallback,
  callback?: LookupCallback,
): void {
  const done = (typeof options === "function" ? options : callback)!;
  const opts: LookupOptions =
    typeof options === "function"
      ? {}
      : typeof options === "number"
        ? { family: options }
        : options;
  dnsLookup(hostname, { ...opts, all: true }, (error, addresses) => {
    if (error) return done(error, []);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) return done(new BlockedAddressError(hostname, refused.address), []);
    if (addresses.length === 0) {
      return done(
        Object.assign(new Error(`No address for ${hostname}`), { code: "ENOTFOUND" }),
        [],
      );
    }
    if (opts.all) return done(null, addresses);
    done(null, addresses[0]!.address, addresses[0]!.family);
  });
}

/** A person-readable reason for a request that got no HTTP response. */
export function describeNetworkError(error: unknown, timeoutMs: number): string {
  const code = (error as { code?: string } | null)?.code;
  if (error instanceof BlockedAddressError) return error.message;
  switch (code) {
    case "ETIMEDOUT_WEBHOOK":
      return timeoutMs >= 1000
        ? `Timed out after ${Math.round(timeoutMs / 1000)} s`
        : `Timed out after ${timeoutMs} ms`;
    case "ECONNREFUSED":
      return "Connection refused";
    case "ECONNRESET":
      return "Connection reset";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "Host not found";
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return "Host unreachable";
    default: {
      const message = error instanceof Error ? error.message : String(error);
      if (code?.startsWith("ERR_TLS") || /certificate|ssl|tls/i.test(message)) {
        return `TLS error: ${message}`;
      }
      return message || "Request failed";
    }
  }
}

/**
 * POSTs a body and reads the status and the first bytes of the answer, never more: no redirects
 * are followed, one connection per request (no pool shared with other endpoints), and the whole
 * exchange is bounded by `timeoutMs`. Never throws: a failure without a response is `ok: false`.
 */
export function guardedPost(options: GuardedPostOptions): Promise<GuardedPostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (result: GuardedPostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const fail = (error: unknown) =>
      finish({
        ok: false,
        error: describeNetworkError(error, options.timeoutMs),
        durationMs: elapsed(),
      });

    let url: URL;
    try {
      url = new URL(options.url);
    } catch {
      fail(new Error("Not a valid URL"));
      return;
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") {
      fail(new Error("Only http:// and https:// URLs are allowed"));
      return;
    }
    const host = url.hostname.replace(/^\[|\]$/g, "");
    // An address written in the URL is connected to without a lookup: check it here.
    if (options.blockPrivateNetworks && isIP(host) !== 0 && !isPublicAddress(host)) {
      fail(new BlockedAddressError(host, host));
      return;
    }

    const client = url.protocol === "https:" ? https : http;
    const request = client.request(url, {
      method: "POST",
      headers: { ...options.headers, "content-length": Buffer.byteLength(options.body) },
      agent: false,
      ...(options.blockPrivateNetworks ? { lookup: publicOnlyLookup } : {}),
    });
    // Set once the status line is in: from then on, what was read is the answer.
    let answered: (() => void) | null = null;
    timer = setTimeout(() => {
      if (answered) answered();
      else request.destroy(Object.assign(new Error("Timed out"), { code: "ETIMEDOUT_WEBHOOK" }));
    }, options.timeoutMs);
    request.on("error", (error) => (answered ? answered() : fail(error)));
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      answered = () => {
        const body = Buffer.concat(chunks).subarray(0, options.maxResponseBytes);
        finish({
          ok: true,
          status: response.statusCode ?? 0,
          body: readableText(body),
          durationMs: elapsed(),
        });
        // Enough read: the rest of the body is not ours to wait for.
        response.destroy();
        request.destroy();
      };
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= options.maxResponseBytes) answered?.();
      });
      response.on("end", () => answered?.());
      response.on("error", () => answered?.());
    });
    request.end(options.body);
  });
}

/** Bytes as text for the delivery log: UTF-8 (a cut character dropped), without NULs. */
function readableText(bytes: Buffer): string {
  return bytes
    .toString("utf8")
    .replace(/\uFFFD+$/, "")
    .replaceAll("\u0000", "");
}
