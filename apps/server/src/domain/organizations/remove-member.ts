import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { organizationMembers } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";

/** SPEC.md §6: owners remove members other than themselves. */
export async function removeMember(
  db: Database,
  input: { organizationId: string; memberId: string; actingUserId: string },
): Promise<void> {
  const [member] = await db
    .select()
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.id, input.memberId),
        eq(organizationMembers.organizationId, input.organizationId),
      ),
    );
  if (!member) throw new AppError("not_found", "Member not found");
  if (member.userId === input.actingUserId) {
    throw new AppError("forbidden", "You cannot remove yourself from the organization");
  }
  if (member.role === "owner") {
    throw new AppError("forbidden", "An owner cannot be removed");
  }
  await db.delete(organizationMembers).where(eq(organizationMembers.id, member.id));
}
