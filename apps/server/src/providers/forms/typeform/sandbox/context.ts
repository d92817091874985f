import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Database } from "../../../../db/database.ts";
import type { Logger } from "../../../../lib/logger.ts";
import type { SecretBox } from "../../../../lib/secret-box.ts";
import type { Queue } from "../../../../queue/queue.ts";

/** pg-boss retry options for webhook deliveries. */
export interface DeliveryRetryPolicy {
  retryLimit: number;
  /** Seconds before the first retry; doubled (with jitter) for each later one. */
  retryDelay: number;
  retryDelayMax: number;
}

export interface TypeformSandboxDeps {
  db: Database;
  queue: Queue;
  logger: Logger;
  /** Ringback's public base URL: the sandbox lives under `${publicUrl}/sandbox/typeform`. */
  publicUrl: string;
  clientId: string;
  clientSecret: string;
  /** Access-token lifetime (expires_in). Default: Typeform's 7 days. */
  accessTokenTtlSeconds?: number;
  /** Default: 5 retries, 2 s doubling up to 5 minutes (Typeform's minutes, scaled to seconds). */
  deliveryRetry?: DeliveryRetryPolicy;
}

/** The resolved dependencies every part of the sandbox shares. */
export interface SandboxContext {
  db: Database;
  queue: Queue;
  logger: Logger;
  clientId: string;
  clientSecret: string;
  /** Encrypts webhook secrets at rest (key derived from the client secret). */
  secrets: SecretBox;
  accessTokenTtlSeconds: number;
  deliveryRetry: DeliveryRetryPolicy;
  /** The origin redirect URIs must have (Ringback's own). */
  publicOrigin: string;
  /** `${publicUrl}/sandbox/typeform` */
  baseUrl: string;
  /** `/sandbox/typeform`: links and form actions in pages stay relative to the page's origin. */
  basePath: string;
  apiUrl: string;
  adminUrl: string;
  displayUrl(formId: string): string;
}

/** The caller of an API route, from its bearer token. */
export interface ApiCaller {
  accountId: string;
  scopes: Set<string>;
}

export type SandboxApiEnv = { Variables: { caller: ApiCaller } };

/** Typeform's error body: `{ code, description }`. */
export function typeformError(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  description: string,
) {
  return c.json({ code, description }, status);
}
