import type { Context } from "hono";

/**
 * Whether the browser reached Ringback over https: the request's own scheme, or, behind a proxy
 * the operator trusts (TRUST_PROXY), the first X-Forwarded-Proto hop. PUBLIC_URL says where
 * Ringback is linked from, not how this request came in, so it decides nothing here.
 */
export function isHttpsRequest(c: Context, trustProxy: boolean): boolean {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
    if (forwarded) return forwarded === "https";
  }
  return new URL(c.req.url).protocol === "https:";
}

/**
 * The Secure flag for Ringback's own cookies: always in production (a production browser only
 * ever talks https to it, whatever PUBLIC_URL says), and elsewhere whenever the request came in
 * over https. Plain http in development keeps working.
 */
export function secureCookie(
  c: Context,
  config: { isProduction: boolean; trustProxy: boolean },
): boolean {
  return config.isProduction || isHttpsRequest(c, config.trustProxy);
}
