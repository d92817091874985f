import type { Organization } from "@ringback/contracts";
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { organizationMembers, organizations } from "../../db/schema/index.ts";
import { toOrganizationDto } from "./organization-dto.ts";

/** The organizations a user belongs to, with their role in each, oldest membership first. */
export async function listOrganizationsForUser(
  db: Database,
  userId: string,
): Promise<Organization[]> {
  const rows = await db
    .select({ organization: organizations, role: organizationMembers.role })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizationMembers.createdAt), asc(organizations.id));
  return rows.map((r) => toOrganizationDto(r.organization, r.role));
}
