import { and, eq, gt } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { AccessTokenClaims } from "../../auth/access-token.ts";
import type { Database } from "../../db/database.ts";
import { sessions } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";

export interface AuthVariables {
  userId: string;
  sessionId: string;
}

/**
 * Resolves the caller from `Authorization: Bearer <access token>`. The API takes no cookies,
 * so it needs no CSRF defence; the token's session must still exist, so logging out revokes
 * every token issued for it at once.
 */
export function authenticate(deps: {
  db: Database;
  verifyAccessToken: (token: string) => Promise<AccessTokenClaims>;
}) {
  return createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new AppError("unauthenticated", "Authentication required");
    const claims = await deps.verifyAccessToken(match[1]!);
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
