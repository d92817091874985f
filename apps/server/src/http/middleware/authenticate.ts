import { and, eq, gt } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { AccessTokenClaims } from "../../auth/access-token.ts";
import { verifyLink } from "../../auth/signed-links.ts";
import type { Database } from "../../db/database.ts";
import { sessions } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import type { SecretBox } from "../../lib/secret-box.ts";

export interface AuthVariables {
  userId: string;
  sessionId: string;
}

/**
 * Resolves the caller from `Authorization: Bearer <access token>`, or, for a GET without that
 * header, from a signed link issued for exactly this path (auth/signed-links.ts; recordings
 * played by an <audio> element). The API takes no cookies, so it needs no CSRF defence; the
 * token's or link's session must still exist, so logging out revokes both at once.
 */
export function authenticate(deps: {
  db: Database;
  box: SecretBox;
  verifyAccessToken: (token: string) => Promise<AccessTokenClaims>;
}) {
  return createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    let claims: Pick<AccessTokenClaims, "sub" | "sid">;
    if (match) {
      claims = await deps.verifyAccessToken(match[1]!);
    } else {
      const query = new URL(c.req.url).searchParams;
      const linked =
        !header && (c.req.method === "GET" || c.req.method === "HEAD") && query.has("sig")
          ? verifyLink(deps.box, c.req.path, query)
          : null;
      if (!linked) {
        throw new AppError(
          "unauthenticated",
          query.has("sig") ? "This link has expired. Please try again." : "Authentication required",
        );
      }
      claims = { sub: linked.userId, sid: linked.sessionId };
    }
    const [session] = await deps.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.id, claims.sid),
          eq(sessions.userId, claims.sub),
          gt(sessions.expiresAt, new Date()),
        ),
      );
    if (!session)
      throw new AppError("unauthenticated", "Your session has ended. Please sign in again.");
    c.set("userId", claims.sub);
    c.set("sessionId", session.id);
    await next();
  });
}
