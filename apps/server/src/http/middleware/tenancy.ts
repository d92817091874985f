import { can, type OrganizationRole, type Permission } from "@ringback/contracts";
import { and, eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Database } from "../../db/database.ts";
import { organizationMembers } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuthVariables } from "./authenticate.ts";

export interface TenantVariables extends AuthVariables {
  organizationId: string;
  role: OrganizationRole;
  memberId: string;
}

/**
 * The one tenancy check. Every organization-scoped route is mounted under
 * /api/organizations/:organizationId and names the permission it needs; this resolves the
 * caller's membership from the database and checks the roles' table (contracts/permissions).
 * A non-member gets the same 404 whether or not the organization exists.
 */
export function withOrganization(db: Database, permission: Permission) {
  return createMiddleware<{ Variables: TenantVariables }>(async (c, next) => {
    const organizationId = c.req.param("organizationId");
    const userId = c.get("userId");
    if (!organizationId || !userId) throw new AppError("not_found", "Organization not found");
    const [member] = await db
      .select({ id: organizationMembers.id, role: organizationMembers.role })
      .from(organizationMembers)
      .where(
        and(
          eq(organizationMembers.organizationId, organizationId),
          eq(organizationMembers.userId, userId),
        ),
      );
    if (!member) throw new AppError("not_found", "Organization not found");
    if (!can(member.role, permission)) {
      throw new AppError("forbidden", "You do not have permission to do this");
    }
    c.set("organizationId", organizationId);
    c.set("role", member.role);
    c.set("memberId", member.id);
    await next();
  });
}
