import { getConnInfo } from "@hono/node-server/conninfo";
import { type Context, Hono } from "hono";
import type { Auth } from "../../auth/auth.ts";
import type { CodeSendLimits } from "../../domain/accounts/code-send-limits.ts";
import { readNumberInChosenCountry } from "../../lib/phone-number.ts";

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

/** better-auth's own answer to a number it would not take, kept for every client. */
const INVALID_PHONE_NUMBER = { code: "INVALID_PHONE_NUMBER", message: "Invalid phone number" };

/**
 * A phone-code request's body with its number read as typed (ADR 0024): `phoneNumber` as the
 * person typed it and `country`, the country chosen on the page, become the E.164 number
 * better-auth keys codes and accounts by. Null `phone` when the number reads as no number;
 * null altogether when there is no number to read (better-auth answers those itself).
 */
export function readSignInBody(
  body: unknown,
): { phone: string | null; body: Record<string, unknown> } | null {
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  const { country, ...rest } = body as Record<string, unknown>;
  if (typeof rest.phoneNumber !== "string") return null;
  const phone = readNumberInChosenCountry(rest.phoneNumber, country);
  return { phone, body: { ...rest, ...(phone ? { phoneNumber: phone } : {}) } };
}

/** The request again, with `body` as its JSON body. */
function withBody(request: Request, body: Record<string, unknown>): Request {
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  return new Request(request.url, {
    method: request.method,
    headers,
    body: JSON.stringify(body),
    signal: request.signal,
  });
}

/** The request's JSON body, or undefined when it has none (better-auth answers that itself). */
async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.raw.clone().json();
  } catch {
    return undefined;
  }
}

/**
 * better-auth's endpoints under /api/auth (phone codes, sessions, TOTP, JWKS, access tokens).
 * A code is sent and verified for the number as Ringback's one phone reader reads what was
 * typed, in the country chosen on the sign-in or sign-up page (ADR 0024), so "07911 123456" in
 * GB and "+44 7911 123456" are one account. Code sends pass our rate limits first, counted
 * for the number read (domain/accounts/code-send-limits.ts, ADR 0011).
 */
export function authRoutes(deps: {
  auth: Pick<Auth, "handler">;
  limits: Pick<CodeSendLimits, "consume">;
  trustProxy: boolean;
}) {
  return (
    new Hono()
      // POST /api/auth/phone-number/send-otp {phoneNumber, country?} — rate-limited per phone
      // number from the client's address, per client address, and per phone number from all
      // addresses; answers with the number the code went to (E.164) as `phoneNumber`.
      .post("/phone-number/send-otp", async (c) => {
        const read = readSignInBody(await jsonBody(c));
        if (!read) return deps.auth.handler(c.req.raw);
        // A number that cannot exist costs no SMS, so it uses up no send.
        if (!read.phone) return c.json(INVALID_PHONE_NUMBER, 400);
        await deps.limits.consume({ phone: read.phone, ip: clientAddress(c, deps.trustProxy) });
        const response = await deps.auth.handler(withBody(c.req.raw, read.body));
        if (!response.ok) return response;
        const answer = (await response.json()) as Record<string, unknown>;
        const headers = new Headers(response.headers);
        headers.delete("content-length");
        return new Response(JSON.stringify({ ...answer, phoneNumber: read.phone }), {
          status: response.status,
          headers,
        });
      })
      // POST /api/auth/phone-number/verify {phoneNumber, country?, code} — the same reading.
      .post("/phone-number/verify", async (c) => {
        const read = readSignInBody(await jsonBody(c));
        if (!read) return deps.auth.handler(c.req.raw);
        if (!read.phone) return c.json(INVALID_PHONE_NUMBER, 400);
        return deps.auth.handler(withBody(c.req.raw, read.body));
      })
      // Everything else under /api/auth is better-auth's.
      .on(["GET", "POST"], "/*", (c) => deps.auth.handler(c.req.raw))
  );
}
