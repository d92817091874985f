import { lookup as dnsLookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import net, { isIP } from "node:net";
import type { Duplex } from "node:stream";
import tls from "node:tls";
import { type AllowedNetworks, isAllowedAddress } from "./outbound-addresses.ts";

/**
 * The one HTTP client for every URL that a tenant or a vendor's payload can influence: recording
 * URLs from the voice platforms (webhooks and get-call answers), outgoing webhook endpoints, and
 * whatever is added later. It is the SSRF guard (docs/decisions/0023-one-guarded-outbound-client.md):
 *
 * - only http: and https: URLs, and only https: where the policy says so (production);
 * - the name is resolved here and the connection made to the address that was checked, so a name
 *   that resolves differently a moment later (DNS rebinding) cannot slip past; an answer with any
 *   address that is not public (loopback, private, link-local and cloud metadata, unique-local,
 *   CGNAT, multicast, reserved, IPv4-mapped forms of these…) refuses the whole name, unless the
 *   operator listed that network in OUTBOUND_ALLOWED_NETWORKS;
 * - redirects are followed by hand, each hop checked the same way, at most `maxRedirects`;
 *   credentials go to the first URL's origin only and never along a redirect;
 * - one deadline for the whole exchange, body included, and a cap on the bytes read.
 *
 * Ringback's own call simulator lives at PUBLIC_URL (loopback in development): the policy's
 * `trusted` says which URLs are the installation's own configuration, fetched without the checks.
 */

export interface OutboundPolicy {
  /** Refuse http: (production). */
  requireHttps: boolean;
  /** Networks the operator allows although they are not public (OUTBOUND_ALLOWED_NETWORKS). */
  allowedNetworks: AllowedNetworks;
  /** URLs of the installation's own configuration (the simulator's recordings on PUBLIC_URL). */
  trusted?: (url: URL) => boolean;
}

export type ResolvedAddress = { address: string; family: number };

/** What the client connects with; tests replace both, so no packet leaves when the guard fails. */
export interface OutboundTransport {
  resolve(hostname: string): Promise<ResolvedAddress[]>;
  connect(options: net.NetConnectOpts & tls.ConnectionOptions, secure: boolean): Duplex;
}

export interface OutboundInit {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** Headers for the first URL's origin only (an API key): never sent along a redirect. */
  credentials?: Record<string, string>;
  body?: string;
  /** The whole exchange — every hop, and reading the body — gives up after this. */
  timeoutMs: number;
  /** Reading more than this many bytes of the body fails with `too_large`. */
  maxBytes: number;
  /** How many redirects are followed (0: a 3xx is the answer). Default 5. */
  maxRedirects?: number;
}

export interface OutboundResponse {
  status: number;
  /** Lower-case names; a repeated header's values joined with ", ". */
  header(name: string): string | null;
  /** The URL that answered (after redirects). */
  url: URL;
  /** The body, at most `maxBytes`; iterating past the cap or the deadline throws OutboundError. */
  body: AsyncIterable<Uint8Array>;
  /** Reads the body as UTF-8 text (within the same caps). */
  text(): Promise<string>;
  /** Stops reading and closes the connection. */
  cancel(): void;
}

export type OutboundErrorCode = "refused" | "timeout" | "network" | "too_large";

/**
 * Why a request gave no usable answer. `refused` is the guard's verdict on the URL (never worth
 * retrying); the others are the network's.
 */
export class OutboundError extends Error {
  readonly code: OutboundErrorCode;
  constructor(code: OutboundErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "OutboundError";
    this.code = code;
  }
}

export interface OutboundClient {
  request(url: string, init: OutboundInit): Promise<OutboundResponse>;
  readonly policy: OutboundPolicy;
}

export const DEFAULT_MAX_REDIRECTS = 5;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const systemTransport: OutboundTransport = {
  resolve: (hostname) => dnsLookup(hostname, { all: true, verbatim: true }),
  connect: (options, secure) => (secure ? tls.connect(options) : net.connect(options)),
};

const refused = (message: string) => new OutboundError("refused", message);

/** The reason a URL may not be fetched under the policy, before any lookup (or null). */
function checkUrl(url: URL, policy: OutboundPolicy): OutboundError | null {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return refused("Only http:// and https:// URLs are allowed");
  }
  if (policy.trusted?.(url)) return null;
  if (policy.requireHttps && url.protocol !== "https:") {
    return refused("Only https:// URLs are allowed");
  }
  if (url.username || url.password) return refused("URLs with credentials are not allowed");
  return null;
}

export function createOutboundClient(
  policy: OutboundPolicy,
  transport: OutboundTransport = systemTransport,
): OutboundClient {
  /** The checked address to connect to for `host`, or the guard's refusal. */
  async function addressFor(host: string, trusted: boolean): Promise<ResolvedAddress> {
    if (isIP(host) !== 0) {
      if (!trusted && !isAllowedAddress(host, policy.allowedNetworks)) {
        throw refused(`Refused: ${host} is not a public address`);
      }
      return { address: host, family: isIP(host) };
    }
    let addresses: ResolvedAddress[];
    try {
      addresses = await transport.resolve(host);
    } catch (error) {
      throw new OutboundError("network", `Host not found: ${host}`, { cause: error });
    }
    if (addresses.length === 0) throw new OutboundError("network", `Host not found: ${host}`);
    if (!trusted) {
      const blocked = addresses.find((a) => !isAllowedAddress(a.address, policy.allowedNetworks));
      if (blocked) {
        throw refused(
          `Refused: ${host} resolves to ${blocked.address}, which is not a public address`,
        );
      }
    }
    return addresses[0]!;
  }

  /** One hop: the response's head, with its body not yet read. */
  function send(
    url: URL,
    method: string,
    headers: Record<string, string>,
    body: string | undefined,
    signal: AbortSignal,
  ): Promise<IncomingMessage> {
    const secure = url.protocol === "https:";
    const host = url.hostname.replace(/^\[|\]$/g, "");
    const trusted = policy.trusted?.(url) ?? false;
    return new Promise((resolve, reject) => {
      const request = (secure ? https : http).request(url, {
        // Without an agent, the default port is not known from the scheme: say it.
        defaultPort: secure ? 443 : 80,
        method,
        headers: {
          ...headers,
          ...(body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) }),
        },
        signal,
        // No agent: one connection per request, made by the guard below.
        createConnection: ((
          options: net.NetConnectOpts & tls.ConnectionOptions,
          done: (error: Error | null, socket?: Duplex) => void,
        ) => {
          addressFor(host, trusted).then(
            ({ address, family }) => {
              if (signal.aborted) return done(signal.reason as Error);
              try {
                done(
                  null,
                  transport.connect(
                    {
                      ...options,
                      host: address,
                      family,
                      lookup: undefined,
                      ...(secure && isIP(host) === 0 ? { servername: host } : {}),
                    } as net.NetConnectOpts & tls.ConnectionOptions,
                    secure,
                  ),
                );
              } catch (error) {
                done(error as Error);
              }
            },
            (error: Error) => done(error),
          );
          return undefined;
        }) as unknown as http.RequestOptions["createConnection"],
      });
      request.once("response", resolve);
      request.once("error", reject);
      request.end(body);
    });
  }

  async function request(target: string, init: OutboundInit): Promise<OutboundResponse> {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      throw refused("Not a valid URL");
    }
    const controller = new AbortController();
    const deadline = setTimeout(
      () =>
        controller.abort(
          new OutboundError("timeout", `Timed out after ${formatMs(init.timeoutMs)}`),
        ),
      init.timeoutMs,
    );
    deadline.unref?.();
    const fail = (error: unknown): never => {
      clearTimeout(deadline);
      controller.abort();
      if (error instanceof OutboundError) throw error;
      if (controller.signal.reason instanceof OutboundError) throw controller.signal.reason;
      throw new OutboundError("network", describeSocketError(error), { cause: error });
    };

    let method = init.method ?? "GET";
    let body = init.body;
    const maxRedirects = init.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    let response: IncomingMessage | undefined;
    for (let hop = 0; ; hop += 1) {
      const problem = checkUrl(url, policy);
      if (problem) fail(problem);
      const headers = {
        ...(init.headers ?? {}),
        ...(hop === 0 ? (init.credentials ?? {}) : {}),
      };
      try {
        response = await send(url, method, headers, body, controller.signal);
      } catch (error) {
        fail(error);
      }
      const status = response!.statusCode ?? 0;
      const location = response!.headers.location;
      if (!REDIRECTS.has(status) || !location || maxRedirects === 0) break;
      response!.destroy();
      if (hop + 1 > maxRedirects) fail(refused(`More than ${maxRedirects} redirects`));
      try {
        url = new URL(location, url);
      } catch {
        fail(refused("A redirect to an invalid URL"));
      }
      if (status === 303 || ((status === 301 || status === 302) && method === "POST")) {
        method = "GET";
        body = undefined;
      }
    }

    const answer = response!;
    let read = 0;
    let done = false;
    const finish = () => {
      done = true;
      clearTimeout(deadline);
    };
    async function* capped(): AsyncGenerator<Uint8Array> {
      try {
        for await (const chunk of answer as AsyncIterable<Buffer>) {
          read += chunk.length;
          if (read > init.maxBytes) {
            throw new OutboundError(
              "too_large",
              `The response is larger than ${init.maxBytes} bytes`,
            );
          }
          yield chunk;
        }
      } catch (error) {
        if (error instanceof OutboundError) throw error;
        if (controller.signal.reason instanceof OutboundError) throw controller.signal.reason;
        throw new OutboundError("network", describeSocketError(error), { cause: error });
      } finally {
        finish();
        answer.destroy();
      }
    }
    const iterable = capped();
    return {
      status: answer.statusCode ?? 0,
      header(name) {
        const value = answer.headers[name.toLowerCase()];
        if (value === undefined) return null;
        return Array.isArray(value) ? value.join(", ") : value;
      },
      url,
      body: iterable,
      async text() {
        const chunks: Uint8Array[] = [];
        for await (const chunk of iterable) chunks.push(chunk);
        return Buffer.concat(chunks).toString("utf8");
      },
      cancel() {
        if (done) return;
        finish();
        answer.destroy();
        void iterable.return(undefined);
      },
    };
  }

  return { request, policy };
}

/** For code given no client: only https, only public addresses, nothing trusted. */
export const strictOutboundClient: OutboundClient = createOutboundClient({
  requireHttps: true,
  allowedNetworks: [],
});

function formatMs(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}

/** A person-readable reason for a connection that failed. */
function describeSocketError(error: unknown): string {
  const code = (error as { code?: string } | null)?.code;
  switch (code) {
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
