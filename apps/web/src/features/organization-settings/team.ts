import { can, emailSchema, type Member, type OrganizationRole } from "@ringback/contracts";

/** Display rules of the Team page, kept pure so they are tested. */
export const roleLabels: Record<OrganizationRole, string> = {
  owner: "Owner",
  admin: "Admin",
  member: "Member",
};

/** A member whose name is unknown (signed in by phone, never named) shows 'Unknown'. */
export function memberName(member: Pick<Member, "full_name">): string {
  return member.full_name?.trim() || "Unknown";
}

export function memberEmail(member: Pick<Member, "email">): string {
  return member.email?.trim() || "No email";
}

/**
 * Owners remove members other than themselves. Other owners are not offered either:
 * the server refuses to remove an owner.
 */
export function canRemoveMember(
  viewerRole: OrganizationRole | null,
  viewerUserId: string | null,
  member: Pick<Member, "user_id" | "role">,
): boolean {
  return (
    can(viewerRole, "members:remove") && member.user_id !== viewerUserId && member.role !== "owner"
  );
}

/** Owners change the role of members other than themselves, and never an owner's. */
export function canChangeRole(
  viewerRole: OrganizationRole | null,
  viewerUserId: string | null,
  member: Pick<Member, "user_id" | "role">,
): boolean {
  return (
    can(viewerRole, "members:update") && member.user_id !== viewerUserId && member.role !== "owner"
  );
}

/**
 * What happens to the member's API keys when they lose access (removed, or made a member, who
 * cannot hold keys): said before the owner confirms. Null when they created none.
 */
export function apiKeysRevokedNotice(member: Pick<Member, "active_api_keys">): string | null {
  const n = member.active_api_keys;
  if (n <= 0) return null;
  return n === 1 ? "Their API key will be revoked." : `Their ${n} API keys will be revoked.`;
}

const dateSentFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** 'Mar 4, 2026' for a timestamp; the raw value if it is not a date. */
export function formatDateSent(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateSentFormat.format(date);
}

/** An invitation needs a non-empty trimmed email, and a well-formed one (the server's rule). */
export function inviteEmailError(email: string): string | null {
  if (!email.trim()) return "Enter an email address";
  const parsed = emailSchema.safeParse(email);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "Enter a valid email address");
}
