import type { InvitationRole } from "@ringback/contracts";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { organizationMembers, users } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { revokeApiKeysCreatedBy } from "../api-keys/api-keys.ts";
import { type AuditActor, recordAuditEvent } from "../compliance/audit.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * The member an owner acts on, locked for the change: never the owner themselves, never an owner
 * (an organization keeps its owner).
 */
async function memberToChange(
  tx: Tx,
  input: { organizationId: string; memberId: string; actingUserId: string },
  verb: "remove" | "change",
) {
  const [member] = await tx
    .select({
      id: organizationMembers.id,
      userId: organizationMembers.userId,
      role: organizationMembers.role,
      name: users.name,
      phone: users.phoneNumber,
    })
    .from(organizationMembers)
    .leftJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(
        eq(organizationMembers.id, input.memberId),
        eq(organizationMembers.organizationId, input.organizationId),
      ),
    )
    .for("update", { of: organizationMembers });
  if (!member) throw new AppError("not_found", "Member not found");
  if (member.userId === input.actingUserId) {
    throw new AppError(
      "forbidden",
      verb === "remove"
        ? "You cannot remove yourself from the organization"
        : "You cannot change your own role",
    );
  }
  if (member.role === "owner") {
    throw new AppError(
      "forbidden",
      verb === "remove" ? "An owner cannot be removed" : "An owner's role cannot be changed",
    );
  }
  return { ...member, label: member.name?.trim() || member.phone || "A member" };
}

/**
 * Owners remove members other than themselves (and never an owner). The keys the member created
 * are revoked in the same transaction — an API key speaks for the person who made it, so it must
 * not outlive their access — and the trail records the removal and each revoked key.
 */
export async function removeMember(
  db: Database,
  input: { organizationId: string; memberId: string; actingUserId: string; actor: AuditActor },
): Promise<{ revokedApiKeys: number }> {
  return db.transaction(async (tx) => {
    const member = await memberToChange(tx, input, "remove");
    await tx.delete(organizationMembers).where(eq(organizationMembers.id, member.id));
    const revoked = await revokeApiKeysCreatedBy(tx, {
      organizationId: input.organizationId,
      userId: member.userId,
      actor: input.actor,
    });
    await recordAuditEvent(tx, {
      organizationId: input.organizationId,
      actor: input.actor,
      action: "member.removed",
      subject: { type: "member", id: member.userId, label: member.label },
      before: { role: member.role },
      ...(revoked > 0 ? { after: { revokedApiKeys: revoked } } : {}),
    });
    return { revokedApiKeys: revoked };
  });
}

/**
 * Owners make a member an admin or an admin a member. Members cannot manage API keys, so an admin
 * made a member loses the keys they created, like a removed member.
 */
export async function changeMemberRole(
  db: Database,
  input: {
    organizationId: string;
    memberId: string;
    role: InvitationRole;
    actingUserId: string;
    actor: AuditActor;
  },
): Promise<{ revokedApiKeys: number }> {
  return db.transaction(async (tx) => {
    const member = await memberToChange(tx, input, "change");
    if (member.role === input.role) return { revokedApiKeys: 0 };
    await tx
      .update(organizationMembers)
      .set({ role: input.role })
      .where(eq(organizationMembers.id, member.id));
    const revoked =
      input.role === "member"
        ? await revokeApiKeysCreatedBy(tx, {
            organizationId: input.organizationId,
            userId: member.userId,
            actor: input.actor,
          })
        : 0;
    await recordAuditEvent(tx, {
      organizationId: input.organizationId,
      actor: input.actor,
      action: "member.role_changed",
      subject: { type: "member", id: member.userId, label: member.label },
      before: { role: member.role },
      after: { role: input.role, ...(revoked > 0 ? { revokedApiKeys: revoked } : {}) },
    });
    return { revokedApiKeys: revoked };
  });
}
