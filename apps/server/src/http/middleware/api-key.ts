import type { ApiError } from "@ringback/contracts";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Database } from "../../db/database.ts";
import type { ApiKeyLimits } from "../../domain/api-keys/api-key-limits.ts";
import { authenticateApiKey } from "../../domain/api-keys/api-keys.ts";

export interface ApiKeyVariables {
  /** The key's organization: the only one its requests can read. */
  organizationId: string;
  apiKeyId: string;
}

function refuse(c: Context, message: string) {
  const body: ApiError = { error: { code: "unauthenticated", message } };
  c.header("WWW-Authenticate", 'Bearer realm="Ringback API"');
  return c.json(body, 401);
}

/**
 * The public read API's one way in (/api/v1): `Authorization: Bearer rb_live_…`, an
 * organization API key that is known and not revoked, and nothing else — no session cookie, no
 * app access token. It sets the key's organization, which every handler behind it reads; there
 * is no organization in the path to get wrong. Requests are counted per key.
 */
export function withApiKey(deps: { db: Database; limits: ApiKeyLimits }) {
  return createMiddleware<{ Variables: ApiKeyVariables }>(async (c, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "");
    if (!match) {
      return refuse(c, "Send an API key in the Authorization header: Bearer rb_live_…");
    }
    const key = await authenticateApiKey(deps.db, match[1]!);
    if (!key) return refuse(c, "This API key is not valid or was revoked.");
    const counted = await deps.limits.consume(key.apiKeyId);
    c.header("RateLimit-Limit", String(deps.limits.limit));
    if (!counted.allowed) {
      const seconds = counted.retryAfterSeconds;
      c.header("Retry-After", String(seconds));
      c.header("RateLimit-Remaining", "0");
      const body: ApiError = {
        error: {
          code: "rate_limited",
          message: `Too many requests with this API key. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
          details: { retryAfterSeconds: seconds },
        },
      };
      return c.json(body, 429);
    }
    c.header("RateLimit-Remaining", String(counted.remaining));
    c.header("Cache-Control", "no-store");
    c.set("organizationId", key.organizationId);
    c.set("apiKeyId", key.apiKeyId);
    await next();
  });
}
