import {
  type OutboundClient,
  OutboundError,
  type OutboundResponse,
} from "../../lib/outbound-http.ts";
import { MAX_RECORDING_BYTES, type VoiceProvider, VoiceProviderError } from "./voice-provider.ts";

/**
 * The HTTP plumbing the voice adapters share (Bland, Vapi, Retell): JSON requests with the API
 * key and a timeout, a lost connection as a VoiceProviderError (`outcome_unknown` where the
 * request may have placed a call), unreadable JSON as `invalid_response`, a refused response
 * in words a person can act on, and the download of a recording through the guarded outbound
 * client, with the key sent to the vendor's own API only. What differs per vendor is passed in, so that each adapter still says
 * it: how the key is sent, which request may dial, where its error body keeps the message.
 */
export type VendorHttpMethod = "GET" | "POST" | "PATCH";

export interface VendorHttpOptions {
  /** The vendor's name as messages give it: "Bland", "Vapi", "Retell". */
  vendor: string;
  /** The API base without a trailing slash; request paths are appended to it. */
  apiUrl: string;
  /** The `authorization` header's value: Bland's bare key, or `Bearer <key>`. */
  authorization: string;
  fetch: typeof fetch;
  /** The guarded client recordings are downloaded with (their URLs come from vendor payloads). */
  outbound: OutboundClient;
  /** Per request. */
  timeoutMs: number;
  /**
   * Whether this request, lost in flight, may still have placed a call: then the connection
   * error is `outcome_unknown` (reconcile before dialling again), else `network`.
   */
  mayHaveDialled(method: VendorHttpMethod, path: string): boolean;
  /** The message in the vendor's error body (a JSON object, `{}` when it was none), if any. */
  errorDetail(body: Record<string, unknown>): string | null | undefined;
  /** Statuses the vendor gives a meaning of its own (Retell's 402), with their message and code. */
  statusErrors?: Readonly<Record<number, { message: string; code: string }>>;
}

export interface RecordingOptions {
  /** For the whole download, redirect included. */
  timeoutMs: number;
  /** Whether the URL is the vendor's own API: the key goes there and nowhere else. */
  sendKeyTo(url: URL): boolean;
}

/** What VoiceProvider.fetchRecording gives back. */
export type Recording = Awaited<ReturnType<VoiceProvider["fetchRecording"]>>;

export interface VendorHttp {
  /** A request to the vendor's API: JSON body (if any), the key, the timeout. */
  request(method: VendorHttpMethod, path: string, body?: unknown): Promise<Response>;
  /** The response's JSON; unreadable JSON is `invalid_response`. */
  readJson(response: Response): Promise<unknown>;
  /** "Received invalid data from <Vendor>" (502, `invalid_response`). */
  invalid(cause?: unknown): VoiceProviderError;
  /** The error for a response that is not ok; `context` names what failed ("Placing the call"). */
  failure(response: Response, context: string): Promise<VoiceProviderError>;
  /** A recording's audio: http(s) URLs only, the key to the vendor's own API only. */
  fetchRecording(recordingUrl: string, options: RecordingOptions): Promise<Recording>;
}

const isHttp = (url: URL) => url.protocol === "https:" || url.protocol === "http:";

export function createVendorHttp(options: VendorHttpOptions): VendorHttp {
  const { vendor, apiUrl, authorization, timeoutMs } = options;
  const doFetch = options.fetch;

  const connectionError = (code: "outcome_unknown" | "network", cause: unknown) =>
    new VoiceProviderError(`Connection error with ${vendor}. Please try again later.`, {
      status: 502,
      code,
      cause,
    });

  const invalid = (cause?: unknown) =>
    new VoiceProviderError(`Received invalid data from ${vendor}`, {
      status: 502,
      code: "invalid_response",
      cause,
    });

  async function request(
    method: VendorHttpMethod,
    path: string,
    body?: unknown,
  ): Promise<Response> {
    try {
      return await doFetch(`${apiUrl}${path}`, {
        method,
        headers: {
          authorization,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw connectionError(
        options.mayHaveDialled(method, path) ? "outcome_unknown" : "network",
        error,
      );
    }
  }

  async function readJson(response: Response): Promise<unknown> {
    try {
      return await response.json();
    } catch (error) {
      throw invalid(error);
    }
  }

  async function failure(response: Response, context: string): Promise<VoiceProviderError> {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      // Not JSON: keep the status.
    }
    if (response.status === 401 || response.status === 403) {
      return new VoiceProviderError(`${vendor} refused the API key. Check the Voice settings.`, {
        status: response.status,
        code: "unauthorized",
      });
    }
    const own = options.statusErrors?.[response.status];
    if (own) {
      return new VoiceProviderError(own.message, { status: response.status, code: own.code });
    }
    if (response.status === 429) {
      return new VoiceProviderError(`${vendor} is rate limiting calls. Please try again shortly.`, {
        status: 429,
        code: "rate_limited",
      });
    }
    const detail = options.errorDetail(
      typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {},
    );
    const status = response.status >= 500 ? 502 : response.status;
    return new VoiceProviderError(
      detail ? `${vendor}: ${detail}` : `${context} failed (HTTP ${response.status})`,
      { status, code: `http_${response.status}` },
    );
  }

  async function fetchRecording(
    recordingUrl: string,
    recording: RecordingOptions,
  ): Promise<Recording> {
    let url: URL;
    try {
      url = new URL(recordingUrl);
    } catch {
      url = new URL("invalid:");
    }
    if (!isHttp(url)) {
      throw new VoiceProviderError("The recording URL is not an http(s) URL", {
        status: 400,
        code: "invalid_recording_url",
      });
    }
    let response: OutboundResponse;
    try {
      // The guarded client: every hop's address is checked, and the key goes to the first URL
      // only when it is the vendor's own API (never along a redirect to a storage host).
      response = await options.outbound.request(url.href, {
        credentials: recording.sendKeyTo(url) ? { authorization } : {},
        timeoutMs: recording.timeoutMs,
        maxBytes: MAX_RECORDING_BYTES,
      });
    } catch (error) {
      throw recordingError(error);
    }
    if (response.status < 200 || response.status >= 300) {
      const body = await response.text().catch(() => "");
      throw await failure(
        new Response(body, { status: response.status }),
        "Fetching the recording",
      );
    }
    const body = response.body;
    return {
      body: (async function* () {
        try {
          yield* body;
        } catch (error) {
          throw recordingError(error);
        }
      })(),
      contentType: response.header("content-type"),
    };
  }

  /** The guarded client's verdicts in the adapters' terms: a refused URL is never retried. */
  function recordingError(error: unknown): VoiceProviderError {
    if (!(error instanceof OutboundError)) return connectionError("network", error);
    switch (error.code) {
      case "refused":
        return new VoiceProviderError(`The recording URL was refused: ${error.message}`, {
          status: 400,
          code: "recording_refused",
          cause: error,
        });
      case "too_large":
        return new VoiceProviderError(error.message, {
          status: 413,
          code: "recording_too_large",
          cause: error,
        });
      default:
        return connectionError("network", error);
    }
  }

  return { request, readJson, invalid, failure, fetchRecording };
}
