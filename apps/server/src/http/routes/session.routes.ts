import type { Session } from "@ringback/contracts";
import { Hono } from "hono";
import { decodeJwt } from "jose";
import type { Auth } from "../../auth/auth.ts";
import type { Database } from "../../db/database.ts";
import { getUser } from "../../domain/accounts/get-user.ts";
import { listOrganizationsForUser } from "../../domain/organizations/list-organizations.ts";

/**
 * GET /api/session — the session for the browser: a fresh access token for the session
 * cookie, its expiry, the user and the user's organizations. The web app calls it on load, when
 * the token nears expiry and when the tab becomes visible again; better-auth extends the cookie
 * session as it goes. Answers `null` when there is no session.
 */
export function sessionRoutes(deps: { auth: Auth; db: Database }) {
  return new Hono().get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    const { headers, response: current } = await deps.auth.api.getSession({
      headers: c.req.raw.headers,
      returnHeaders: true,
    });
    for (const cookie of headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
    // Signed out is an ordinary answer here, not an error: the app asks on every load.
    if (!current) return c.json(null);
    // Every cold load of the app waits for this answer: its independent reads go together.
    const [{ token }, user, organizations] = await Promise.all([
      deps.auth.api.getToken({ headers: c.req.raw.headers }),
      getUser(deps.db, current.user.id),
      listOrganizationsForUser(deps.db, current.user.id),
    ]);
    const expiresAt = decodeJwt(token).exp ?? Math.floor(Date.now() / 1000);
    const body: Session = {
      access_token: token,
      token_type: "bearer",
      expires_at: expiresAt,
      expires_in: Math.max(0, expiresAt - Math.floor(Date.now() / 1000)),
      user,
      organizations,
    };
    return c.json(body);
  });
}
