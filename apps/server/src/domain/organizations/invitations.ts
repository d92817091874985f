import type {
  Invitation,
  InvitationPreview,
  InvitationRole,
  Organization,
} from "@ringback/contracts";
import { and, desc, eq, gt } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import {
  organizationInvitations,
  organizationMembers,
  organizations,
  users,
} from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Logger } from "../../lib/logger.ts";
import type { EmailSender } from "../../providers/email/email-sender.ts";
import { isPlaceholderEmail } from "../accounts/sign-in-rules.ts";
import { toInvitationDto, toOrganizationDto } from "./organization-dto.ts";

/** Invitations expire after 48 hours. */
export const INVITATION_TTL_MS = 48 * 60 * 60 * 1000;

export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/invitations/${token}`;
}

/**
 * Invites someone by email. A pending invitation for the same email is replaced (its link stops
 * working), so "invite again" is how an inviter resends. The email is best-effort: the link is
 * returned to the inviter to share whatever happens to the email.
 */
export async function inviteMember(
  deps: { db: Database; emailSender: EmailSender; publicUrl: string; logger: Logger },
  input: { organizationId: string; email: string; role: InvitationRole; inviterId: string },
): Promise<{ invitation: Invitation; link: string; emailSent: boolean }> {
  const { db } = deps;
  const email = input.email.trim().toLowerCase();
  const [existingMember] = await db
    .select({ id: organizationMembers.id })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(eq(organizationMembers.organizationId, input.organizationId), eq(users.email, email)),
    );
  if (existingMember) throw new AppError("conflict", `${email} is already a member`);

  const row = await db.transaction(async (tx) => {
    await tx
      .update(organizationInvitations)
      .set({ status: "canceled" })
      .where(
        and(
          eq(organizationInvitations.organizationId, input.organizationId),
          eq(organizationInvitations.email, email),
          eq(organizationInvitations.status, "pending"),
        ),
      );
    const [created] = await tx
      .insert(organizationInvitations)
      .values({
        id: crypto.randomUUID(),
        organizationId: input.organizationId,
        email,
        role: input.role,
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
        inviterId: input.inviterId,
      })
      .returning();
    return created!;
  });

  const link = invitationLink(deps.publicUrl, row.token);
  const [context] = await db
    .select({ organizationName: organizations.name, inviterName: users.name })
    .from(organizations)
    .leftJoin(users, eq(users.id, input.inviterId))
    .where(eq(organizations.id, input.organizationId));
  let emailSent = true;
  try {
    await deps.emailSender.send({
      to: email,
      subject: `Join ${context?.organizationName ?? "your team"} on Ringback`,
      text: [
        `${context?.inviterName?.trim() || "A teammate"} invited you to join ${context?.organizationName ?? "their organization"} on Ringback as ${input.role === "admin" ? "an admin" : "a member"}.`,
        "",
        `Accept the invitation: ${link}`,
        "",
        "The link works for 48 hours. If you did not expect this email, you can ignore it.",
      ].join("\n"),
    });
  } catch (error) {
    emailSent = false;
    deps.logger.warn({ err: error, invitationId: row.id }, "Invitation email was not sent");
  }
  return { invitation: toInvitationDto(row), link, emailSent };
}

/** Pending, unexpired invitations, newest first. */
export async function listPendingInvitations(
  db: Database,
  organizationId: string,
): Promise<Invitation[]> {
  const rows = await db
    .select()
    .from(organizationInvitations)
    .where(
      and(
        eq(organizationInvitations.organizationId, organizationId),
        eq(organizationInvitations.status, "pending"),
        gt(organizationInvitations.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(organizationInvitations.createdAt))
    .limit(500);
  return rows.map(toInvitationDto);
}

export async function cancelInvitation(
  db: Database,
  input: { organizationId: string; invitationId: string },
): Promise<void> {
  const result = await db
    .update(organizationInvitations)
    .set({ status: "canceled" })
    .where(
      and(
        eq(organizationInvitations.id, input.invitationId),
        eq(organizationInvitations.organizationId, input.organizationId),
        eq(organizationInvitations.status, "pending"),
      ),
    );
  if ((result.rowCount ?? 0) === 0) throw new AppError("not_found", "Invitation not found");
}

function stateOf(row: typeof organizationInvitations.$inferSelect): InvitationPreview["state"] {
  if (row.status === "accepted") return "accepted";
  if (row.status === "canceled") return "canceled";
  return row.expiresAt <= new Date() ? "expired" : "pending";
}

async function findByToken(db: Database, token: string) {
  // Tokens are 64 hex characters; anything else cannot match and is not worth a query.
  if (!/^[0-9a-f]{64}$/.test(token)) return null;
  const [row] = await db
    .select({
      invitation: organizationInvitations,
      organizationName: organizations.name,
      inviterName: users.name,
    })
    .from(organizationInvitations)
    .innerJoin(organizations, eq(organizations.id, organizationInvitations.organizationId))
    .leftJoin(users, eq(users.id, organizationInvitations.inviterId))
    .where(eq(organizationInvitations.token, token));
  return row ?? null;
}

/** What the accept page shows, before the visitor signs in. The token is the secret. */
export async function previewInvitation(db: Database, token: string): Promise<InvitationPreview> {
  const found = await findByToken(db, token);
  if (!found) throw new AppError("not_found", "This invitation link is not valid.");
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, found.invitation.email))
    .limit(1);
  return {
    organization_name: found.organizationName,
    email: found.invitation.email,
    role: found.invitation.role,
    inviter_name: found.inviterName?.trim() || null,
    expires_at: found.invitation.expiresAt.toISOString(),
    state: stateOf(found.invitation),
    has_account: account !== undefined,
  };
}

const stateMessages: Record<Exclude<InvitationPreview["state"], "pending">, string> = {
  expired: "This invitation has expired. Ask for a new one.",
  canceled: "This invitation was cancelled. Ask for a new one.",
  accepted: "This invitation has already been used.",
};

/**
 * Joins the invitation's organization with its role. The invitation belongs to an email: a
 * signed-in user whose email differs is the wrong account. A user who has no email yet (signed
 * in by phone only) takes the invited one. Runs in the caller's transaction when given one
 * (sign-up through an invitation saves the profile and joins all or nothing).
 */
export async function acceptInvitation(
  db: Database,
  input: { token: string; userId: string },
  tx?: Parameters<Parameters<Database["transaction"]>[0]>[0],
): Promise<Organization> {
  const run = async (tx: Parameters<Parameters<Database["transaction"]>[0]>[0]) => {
    const found = await findByToken(tx as unknown as Database, input.token);
    if (!found) throw new AppError("not_found", "This invitation link is not valid.");
    const { invitation } = found;
    const state = stateOf(invitation);
    if (state !== "pending") throw new AppError("conflict", stateMessages[state]);

    const [user] = await tx.select().from(users).where(eq(users.id, input.userId));
    if (!user) throw new AppError("unauthenticated", "Please sign in again.");
    if (isPlaceholderEmail(user.email)) {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, invitation.email));
      if (taken) {
        throw new AppError(
          "forbidden",
          `This invitation is for ${invitation.email}. Sign in with the account that uses that email.`,
        );
      }
      await tx.update(users).set({ email: invitation.email }).where(eq(users.id, user.id));
    } else if (user.email.toLowerCase() !== invitation.email) {
      throw new AppError(
        "forbidden",
        `This invitation is for ${invitation.email}, but you are signed in as ${user.email}. Sign in with the account that uses that email.`,
      );
    }

    const claimed = await tx
      .update(organizationInvitations)
      .set({ status: "accepted" })
      .where(
        and(
          eq(organizationInvitations.id, invitation.id),
          eq(organizationInvitations.status, "pending"),
        ),
      );
    if ((claimed.rowCount ?? 0) === 0) throw new AppError("conflict", stateMessages.accepted);

    const [existing] = await tx
      .select()
      .from(organizationMembers)
      .where(
        and(
          eq(organizationMembers.organizationId, invitation.organizationId),
          eq(organizationMembers.userId, user.id),
        ),
      );
    const role = existing?.role ?? invitation.role;
    if (!existing) {
      await tx.insert(organizationMembers).values({
        id: crypto.randomUUID(),
        organizationId: invitation.organizationId,
        userId: user.id,
        role: invitation.role,
      });
    }
    const [organization] = await tx
      .select()
      .from(organizations)
      .where(eq(organizations.id, invitation.organizationId));
    return toOrganizationDto(organization!, role);
  };
  return tx ? run(tx) : db.transaction(run);
}
