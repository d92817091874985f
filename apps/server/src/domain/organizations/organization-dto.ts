import type { Invitation, Member, Organization, OrganizationRole } from "@ringback/contracts";
import type { organizationInvitations, organizations } from "../../db/schema/index.ts";
import { isPlaceholderEmail } from "../accounts/sign-in-rules.ts";

export function toOrganizationDto(
  row: typeof organizations.$inferSelect,
  role: OrganizationRole,
): Organization {
  return {
    id: row.id,
    name: row.name,
    logo_url: row.logo,
    role,
    created_at: row.createdAt.toISOString(),
  };
}

export function toMemberDto(row: {
  id: string;
  userId: string;
  organizationId: string;
  role: OrganizationRole;
  createdAt: Date;
  name: string | null;
  email: string | null;
  phone: string | null;
  activeApiKeys: number;
}): Member {
  return {
    id: row.id,
    user_id: row.userId,
    organization_id: row.organizationId,
    role: row.role,
    created_at: row.createdAt.toISOString(),
    full_name: row.name?.trim() ? row.name : null,
    email: isPlaceholderEmail(row.email) ? null : row.email,
    phone: row.phone,
    active_api_keys: row.activeApiKeys,
  };
}

export function toInvitationDto(row: typeof organizationInvitations.$inferSelect): Invitation {
  return {
    id: row.id,
    organization_id: row.organizationId,
    email: row.email,
    role: row.role,
    status: row.status as Invitation["status"],
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    created_by: row.inviterId,
  };
}
