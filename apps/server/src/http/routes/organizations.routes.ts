import {
  createInvitationSchema,
  createOrganizationSchema,
  locateRecordSchema,
  updateMemberRoleSchema,
  updateOrganizationSchema,
} from "@ringback/contracts";
import { Hono } from "hono";
import type { Database } from "../../db/database.ts";
import { memberActor } from "../../domain/compliance/audit.ts";
import { createOrganization } from "../../domain/organizations/create-organization.ts";
import {
  cancelInvitation,
  inviteMember,
  listPendingInvitations,
} from "../../domain/organizations/invitations.ts";
import { listMembers } from "../../domain/organizations/list-members.ts";
import { listOrganizationsForUser } from "../../domain/organizations/list-organizations.ts";
import { locateRecord } from "../../domain/organizations/locate-record.ts";
import { changeMemberRole, removeMember } from "../../domain/organizations/members.ts";
import { updateOrganization } from "../../domain/organizations/update-organization.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Logger } from "../../lib/logger.ts";
import type { EmailSender } from "../../providers/email/email-sender.ts";
import type { AuthVariables } from "../middleware/authenticate.ts";
import { type TenantVariables, withOrganization } from "../middleware/tenancy.ts";
import { parseJson, parseQuery } from "../validate.ts";

export interface OrganizationRouteDeps {
  db: Database;
  emailSender: EmailSender;
  publicUrl: string;
  logger: Logger;
}

/** The caller's organizations: list and create (not scoped to one organization). */
export function organizationsRoutes(deps: OrganizationRouteDeps) {
  return (
    new Hono<{ Variables: AuthVariables }>()
      // GET /api/organizations — the organizations the caller belongs to, with their role.
      .get("/", async (c) => c.json(await listOrganizationsForUser(deps.db, c.get("userId"))))
      // GET /api/organizations/locate?kind=call-record|assistant&id=… — which of the caller's
      // organizations holds it (404 when none does).
      .get("/locate", async (c) => {
        const query = parseQuery(c, locateRecordSchema);
        const located = await locateRecord(deps.db, c.get("userId"), query);
        if (!located) throw new AppError("not_found", "Not found in your organizations");
        return c.json(located);
      })
      // POST /api/organizations — create one; the creator becomes owner.
      .post("/", async (c) => {
        const { name } = await parseJson(c, createOrganizationSchema);
        return c.json(await createOrganization(deps.db, { name, userId: c.get("userId") }), 201);
      })
  );
}

/**
 * Routes of one organization, mounted at /api/organizations/:organizationId. Each names the
 * permission it needs; withOrganization checks membership and role (the one tenancy check).
 */
export function organizationRoutes(deps: OrganizationRouteDeps) {
  const { db } = deps;
  const allow = (permission: Parameters<typeof withOrganization>[1]) =>
    withOrganization(db, permission);
  return (
    new Hono<{ Variables: TenantVariables }>()
      // GET /api/organizations/:organizationId — details and the caller's role.
      .get("/", allow("organization:read"), async (c) => {
        const list = await listOrganizationsForUser(db, c.get("userId"));
        const organization = list.find((o) => o.id === c.get("organizationId"));
        if (!organization) throw new AppError("not_found", "Organization not found");
        return c.json(organization);
      })
      // PATCH /api/organizations/:organizationId — rename (owner).
      .patch("/", allow("organization:update"), async (c) => {
        const { name } = await parseJson(c, updateOrganizationSchema);
        return c.json(
          await updateOrganization(db, {
            organizationId: c.get("organizationId"),
            name,
            role: c.get("role"),
          }),
        );
      })
      // GET /api/organizations/:organizationId/members — the team.
      .get("/members", allow("members:read"), async (c) =>
        c.json(await listMembers(db, c.get("organizationId"))),
      )
      // DELETE /api/organizations/:organizationId/members/:memberId — remove (owner, not self).
      .delete("/members/:memberId", allow("members:remove"), async (c) => {
        await removeMember(db, {
          organizationId: c.get("organizationId"),
          memberId: c.req.param("memberId"),
          actingUserId: c.get("userId"),
          actor: await memberActor(db, c.get("userId")),
        });
        return c.body(null, 204);
      })
      // PATCH /api/organizations/:organizationId/members/:memberId — change role (owner, not self).
      .patch("/members/:memberId", allow("members:update"), async (c) => {
        const input = await parseJson(c, updateMemberRoleSchema);
        await changeMemberRole(db, {
          organizationId: c.get("organizationId"),
          memberId: c.req.param("memberId"),
          role: input.role,
          actingUserId: c.get("userId"),
          actor: await memberActor(db, c.get("userId")),
        });
        const members = await listMembers(db, c.get("organizationId"));
        return c.json(members.find((m) => m.id === c.req.param("memberId")) ?? null);
      })
      // GET /api/organizations/:organizationId/invitations — pending invitations.
      .get("/invitations", allow("invitations:read"), async (c) =>
        c.json(await listPendingInvitations(db, c.get("organizationId"))),
      )
      // POST /api/organizations/:organizationId/invitations — invite by email (owner, admin).
      .post("/invitations", allow("invitations:create"), async (c) => {
        const input = await parseJson(c, createInvitationSchema);
        const created = await inviteMember(deps, {
          organizationId: c.get("organizationId"),
          email: input.email,
          role: input.role,
          inviterId: c.get("userId"),
        });
        return c.json(created, 201);
      })
      // DELETE /api/organizations/:organizationId/invitations/:invitationId — cancel (owner, admin).
      .delete("/invitations/:invitationId", allow("invitations:cancel"), async (c) => {
        await cancelInvitation(db, {
          organizationId: c.get("organizationId"),
          invitationId: c.req.param("invitationId"),
        });
        return c.body(null, 204);
      })
  );
}
