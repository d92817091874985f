import { getConnInfo } from "@hono/node-server/conninfo";
import { normalizePhone } from "@ringback/contracts";
import { type Context, Hono } from "hono";
import type { Auth } from "../../auth/auth.ts";
import type { CodeSendLimits } from "../../domain/accounts/code-send-limits.ts";

/** The client address: the socket's, or X-Forwarded-For's first hop behind a trusted proxy. */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/**
 * better-auth's endpoints under /api/auth (phone codes, sessions, TOTP, JWKS, access tokens).
 * Code sends pass our rate limits first (domain/accounts/code-send-limits.ts, ADR 0011).
 */
export function authRoutes(deps: { auth: Auth; limits: CodeSendLimits; trustProxy: boolean }) {
  return (
    new Hono()
      // POST /api/auth/phone-number/send-otp — rate-limited per phone number from the client's
      // address, per client address, and per phone number from all addresses.
      .post("/phone-number/send-otp", async (c, next) => {
        let phone = "";
        try {
          const body = (await c.req.raw.clone().json()) as { phoneNumber?: unknown };
          phone = typeof body.phoneNumber === "string" ? normalizePhone(body.phoneNumber) : "";
        } catch {
          // better-auth answers malformed bodies itself.
        }
        if (phone) await deps.limits.consume({ phone, ip: clientAddress(c, deps.trustProxy) });
        await next();
      })
      // Everything else under /api/auth is better-auth's.
      .on(["GET", "POST"], "/*", (c) => deps.auth.handler(c.req.raw))
  );
}
