import type { Member } from "@ringback/contracts";
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { apiKeys, organizationMembers, users } from "../../db/schema/index.ts";
import { toMemberDto } from "./organization-dto.ts";

/** Members in join order. A team is small (tens), so one page holds all of it. */
export async function listMembers(db: Database, organizationId: string): Promise<Member[]> {
  const rows = await db
    .select({
      id: organizationMembers.id,
      userId: organizationMembers.userId,
      organizationId: organizationMembers.organizationId,
      role: organizationMembers.role,
      createdAt: organizationMembers.createdAt,
      name: users.name,
      email: users.email,
      phone: users.phoneNumber,
      activeApiKeys: sql<number>`(
        select count(*)::int from ${apiKeys}
        where ${apiKeys.organizationId} = ${organizationMembers.organizationId}
          and ${apiKeys.createdByUserId} = ${organizationMembers.userId}
          and ${apiKeys.revokedAt} is null)`,
    })
    .from(organizationMembers)
    .leftJoin(users, eq(users.id, organizationMembers.userId))
    .where(eq(organizationMembers.organizationId, organizationId))
    .orderBy(asc(organizationMembers.createdAt), asc(organizationMembers.id))
    .limit(1000);
  return rows.map(toMemberDto);
}
