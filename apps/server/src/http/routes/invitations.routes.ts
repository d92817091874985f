import { Hono } from "hono";
import type { Database } from "../../db/database.ts";
import { acceptInvitation, previewInvitation } from "../../domain/organizations/invitations.ts";
import type { AuthVariables } from "../middleware/authenticate.ts";

/** GET /api/invitations/:token — public preview for the accept page (the token is the secret). */
export function invitationPreviewRoutes(deps: { db: Database }) {
  return new Hono().get("/:token", async (c) =>
    c.json(await previewInvitation(deps.db, c.req.param("token"))),
  );
}

/** POST /api/invitations/:token/accept — join with the invited role (signed in). */
export function invitationAcceptRoutes(deps: { db: Database }) {
  return new Hono<{ Variables: AuthVariables }>().post("/:token/accept", async (c) => {
    const organization = await acceptInvitation(deps.db, {
      token: c.req.param("token"),
      userId: c.get("userId"),
    });
    return c.json({ organization });
  });
}
