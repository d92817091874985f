import { GATEWAY_DOWN, reportReachable, reportUnreachable } from "./connection";
/**
 * The one HTTP client of the web app. It sends the access token, refreshes it once when the
 * server says it has expired, and turns every error body (ours and better-auth's) into an
 * ApiRequestError whose message is safe to show.
 */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = "ApiRequestError";
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

interface TokenSource {
  accessToken(): string | null;
  /** Gets a new access token; resolves null when the user is no longer signed in. */
  refresh(): Promise<string | null>;
}

let tokens: TokenSource | null = null;

/** Wired once by the session store (lib/session.ts). */
export function setTokenSource(source: TokenSource): void {
  tokens = source;
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  json?: unknown;
  signal?: AbortSignal;
  /** Send the bearer token (default true). */
  auth?: boolean;
}

async function errorFrom(response: Response): Promise<ApiRequestError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy error page, say): fall through to a generic message.
  }
  const ours = (body as { error?: { code?: string; message?: string; details?: unknown } })?.error;
  if (ours?.message) {
    return new ApiRequestError(response.status, ours.code ?? "error", ours.message, ours.details);
  }
  const theirs = body as { code?: string; message?: string } | null;
  if (theirs?.message) {
    return new ApiRequestError(response.status, theirs.code ?? "error", theirs.message);
  }
  return new ApiRequestError(
    response.status,
    "http_error",
    response.status >= 500
      ? "The server is not answering right now. Please try again."
      : `Request failed (${response.status})`,
  );
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const send = (token: string | null) => {
    const headers: Record<string, string> = { accept: "application/json" };
    if (options.json !== undefined) headers["content-type"] = "application/json";
    if (token) headers.authorization = `Bearer ${token}`;
    return fetch(path, {
      method: options.method ?? "GET",
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      credentials: "same-origin",
      signal: options.signal,
    });
  };
  const useAuth = options.auth !== false && tokens !== null;
  let response: Response;
  try {
    response = await send(useAuth ? tokens!.accessToken() : null);
    if (response.status === 401 && useAuth) {
      const fresh = await tokens!.refresh();
      if (fresh) response = await send(fresh);
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    reportUnreachable();
    throw new ApiRequestError(0, "network", "Cannot reach Ringback. Check your connection.");
  }
  if (GATEWAY_DOWN.has(response.status)) reportUnreachable();
  else reportReachable();
  if (!response.ok) throw await errorFrom(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, "method" | "json">) =>
    apiRequest<T>(path, { ...options, method: "GET" }),
  post: <T>(path: string, json?: unknown, options?: Omit<RequestOptions, "method" | "json">) =>
    apiRequest<T>(path, { ...options, method: "POST", json: json ?? {} }),
  patch: <T>(path: string, json: unknown, options?: Omit<RequestOptions, "method" | "json">) =>
    apiRequest<T>(path, { ...options, method: "PATCH", json }),
  put: <T>(path: string, json: unknown, options?: Omit<RequestOptions, "method" | "json">) =>
    apiRequest<T>(path, { ...options, method: "PUT", json }),
  delete: <T = void>(path: string, options?: Omit<RequestOptions, "method" | "json">) =>
    apiRequest<T>(path, { ...options, method: "DELETE" }),
};
