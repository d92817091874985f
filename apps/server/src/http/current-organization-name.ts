import { CURRENT_ORGANIZATION_COOKIE, pickCurrentOrganization } from "@ringback/contracts";
import type { Auth } from "../auth/auth.ts";
import type { Database } from "../db/database.ts";
import { listOrganizationsForUser } from "../domain/organizations/list-organizations.ts";

/**
 * The name of the organization the browser will show as current (the pick it remembers, mirrored
 * in a cookie, else the user's first: pickCurrentOrganization, shared with the web app), for the
 * dashboard's first view (ADR 0022). Null when there is no session or no organization: the page
 * then gets its spinner page, since its first view would name nobody.
 */
export async function currentOrganizationName(
  deps: { auth: Auth; db: Database },
  request: { headers: Headers; cookie: (name: string) => string | undefined },
): Promise<string | null> {
  const session = await deps.auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const organizations = await listOrganizationsForUser(deps.db, session.user.id);
  return (
    pickCurrentOrganization(organizations, request.cookie(CURRENT_ORGANIZATION_COOKIE))?.name ??
    null
  );
}
