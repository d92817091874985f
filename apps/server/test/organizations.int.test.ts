import {
  apiErrorSchema,
  invitationPreviewSchema,
  invitationSchema,
  memberSchema,
  type Organization,
  organizationSchema,
  type Session,
} from "@ringback/contracts";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { latestOutboxMessage } from "../src/http/routes/dev-outbox.routes.ts";
import { signIn, signUp, TestClient } from "./auth-client.ts";
import { startTestRingback } from "./harness.ts";
import { createTeam, invite, inviteAndAccept, uniqueEmail } from "./organization-harness.ts";

/** The error of a non-2xx reply, checked against the one error shape. */
async function errorOf(response: Response) {
  return apiErrorSchema.parse(await response.json()).error;
}

describe("organizations", async () => {
  const app = await startTestRingback({ env: { CODE_SENDS_PER_IP: "1000" } });
  const db = app.database.db;
  const team = await createTeam(app.url, db, { label: "acme", organizationName: "Acme Leads" });
  const orgId = team.organization.id;
  const orgPath = `/api/organizations/${orgId}`;

  const listMembers = async (client = team.owner.client) =>
    memberSchema.array().parse(await client.json(`${orgPath}/members`));
  const listInvitations = async (client = team.owner.client) =>
    invitationSchema.array().parse(await client.json(`${orgPath}/invitations`));
  const organizationName = async () =>
    organizationSchema.parse(await team.owner.client.json(orgPath)).name;
  const accept = (client: TestClient, token: string) =>
    client.request(`/api/invitations/${token}/accept`, { method: "POST" });

  describe("the harness", () => {
    it("gives one signed-in user of each role, each with the right role in the organization", async () => {
      expect(team.organization).toMatchObject({ name: "Acme Leads", role: "owner" });
      for (const user of [team.owner, team.admin, team.member]) {
        const organization = organizationSchema.parse(await user.client.json(orgPath));
        expect(organization).toMatchObject({ id: orgId, name: "Acme Leads", role: user.role });
      }
      expect([team.owner.role, team.admin.role, team.member.role]).toEqual([
        "owner",
        "admin",
        "member",
      ]);
    });

    it("sent each invitee an email with the invitation link", async () => {
      const message = await latestOutboxMessage(db, "email", team.admin.email);
      expect(message?.subject).toBe("Join Acme Leads on Ringback");
      expect(message?.body).toContain("acme Owner invited you to join Acme Leads on Ringback");
      expect(message?.body).toContain("as an admin");
      expect(message?.body).toMatch(new RegExp(`${app.config.publicUrl}/invitations/[0-9a-f]{64}`));
    });
  });

  describe("members", () => {
    it("lists every member with name, email and role, to every role", async () => {
      for (const user of [team.owner, team.admin, team.member]) {
        const members = await listMembers(user.client);
        expect(
          members.map((m) => ({ name: m.full_name, email: m.email, role: m.role, id: m.id })),
        ).toEqual([
          { name: "acme Owner", email: team.owner.email, role: "owner", id: team.owner.memberId },
          { name: "acme Admin", email: team.admin.email, role: "admin", id: team.admin.memberId },
          {
            name: "acme Member",
            email: team.member.email,
            role: "member",
            id: team.member.memberId,
          },
        ]);
      }
    });

    it("lets the owner remove a member, who then loses access", async () => {
      const extra = await inviteAndAccept(app.url, db, team.owner.client, orgId, {
        role: "member",
        fullName: "Leaving Soon",
      });
      expect((await listMembers()).some((m) => m.id === extra.memberId)).toBe(true);

      const removed = await team.owner.client.request(`${orgPath}/members/${extra.memberId}`, {
        method: "DELETE",
      });
      expect(removed.status).toBe(204);
      expect((await listMembers()).some((m) => m.id === extra.memberId)).toBe(false);
      const after = await extra.client.request(orgPath);
      expect(after.status).toBe(404);
      expect(await errorOf(after)).toMatchObject({ code: "not_found" });
      // Removed from this organization only: the list of their organizations no longer has it.
      const theirs = organizationSchema
        .array()
        .parse(await extra.client.json("/api/organizations"));
      expect(theirs.map((o) => o.id)).not.toContain(orgId);
    });

    it("does not let the owner remove themselves", async () => {
      const response = await team.owner.client.request(
        `${orgPath}/members/${team.owner.memberId}`,
        {
          method: "DELETE",
        },
      );
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toEqual({
        code: "forbidden",
        message: "You cannot remove yourself from the organization",
      });
      expect((await listMembers()).map((m) => m.id)).toContain(team.owner.memberId);
    });

    it("does not let an admin or a member remove anyone", async () => {
      for (const user of [team.admin, team.member]) {
        for (const target of [team.owner, team.admin, team.member]) {
          const response = await user.client.request(`${orgPath}/members/${target.memberId}`, {
            method: "DELETE",
          });
          expect(response.status).toBe(403);
          expect(await errorOf(response)).toEqual({
            code: "forbidden",
            message: "You do not have permission to do this",
          });
        }
      }
      expect(await listMembers()).toHaveLength(3);
    });

    it("answers 404 for a member id that is not in the organization", async () => {
      const response = await team.owner.client.request(
        `${orgPath}/members/${crypto.randomUUID()}`,
        { method: "DELETE" },
      );
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toEqual({ code: "not_found", message: "Member not found" });
    });
  });

  describe("organization name", () => {
    it("lets the owner rename the organization (trimmed)", async () => {
      const response = await team.owner.client.request(orgPath, {
        method: "PATCH",
        json: { name: "  Acme Renamed  " },
      });
      expect(response.status).toBe(200);
      expect(organizationSchema.parse(await response.json())).toMatchObject({
        id: orgId,
        name: "Acme Renamed",
        role: "owner",
      });
      expect(await organizationName()).toBe("Acme Renamed");
      // Every member sees the new name in their list of organizations.
      const seenByMember = organizationSchema
        .array()
        .parse(await team.member.client.json("/api/organizations"));
      expect(seenByMember.find((o) => o.id === orgId)?.name).toBe("Acme Renamed");
    });

    it("refuses a blank name", async () => {
      const response = await team.owner.client.request(orgPath, {
        method: "PATCH",
        json: { name: "   " },
      });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({
        code: "validation_failed",
        message: "Enter an organization name",
      });
      expect(await organizationName()).toBe("Acme Renamed");
    });

    it("does not let an admin or a member rename it (403)", async () => {
      for (const user of [team.admin, team.member]) {
        const response = await user.client.request(orgPath, {
          method: "PATCH",
          json: { name: `Renamed by ${user.role}` },
        });
        expect(response.status).toBe(403);
        expect(await errorOf(response)).toEqual({
          code: "forbidden",
          message: "You do not have permission to do this",
        });
      }
      expect(await organizationName()).toBe("Acme Renamed");
    });
  });

  describe("invitations", () => {
    it("lets the owner and an admin invite and cancel; the pending list shows what is pending", async () => {
      for (const inviter of [team.owner, team.admin]) {
        const email = uniqueEmail(`by-${inviter.role}`);
        const response = await inviter.client.request(`${orgPath}/invitations`, {
          method: "POST",
          json: { email: email.toUpperCase(), role: "admin" },
        });
        expect(response.status).toBe(201);
        const created = (await response.json()) as { invitation: unknown; link: string };
        const invitation = invitationSchema.parse(created.invitation);
        expect(invitation).toMatchObject({
          organization_id: orgId,
          email,
          role: "admin",
          status: "pending",
          created_by: inviter.userId,
        });
        expect(created.link).toMatch(
          new RegExp(`^${app.config.publicUrl}/invitations/[0-9a-f]{64}$`),
        );
        // 48 hours.
        const ttl = Date.parse(invitation.expires_at) - Date.parse(invitation.created_at);
        expect(Math.abs(ttl - 48 * 3600 * 1000)).toBeLessThan(60_000);

        // Everyone in the organization sees it as pending (members view only).
        for (const viewer of [team.owner, team.admin, team.member]) {
          const pending = await listInvitations(viewer.client);
          expect(pending.find((i) => i.id === invitation.id)).toMatchObject({
            email,
            role: "admin",
          });
        }

        const cancelled = await inviter.client.request(`${orgPath}/invitations/${invitation.id}`, {
          method: "DELETE",
        });
        expect(cancelled.status).toBe(204);
        expect((await listInvitations()).map((i) => i.id)).not.toContain(invitation.id);
        // Cancelling twice: it is no longer pending.
        const again = await inviter.client.request(`${orgPath}/invitations/${invitation.id}`, {
          method: "DELETE",
        });
        expect(again.status).toBe(404);
      }
    });

    it("defaults the invited role to member", async () => {
      const response = await team.owner.client.request(`${orgPath}/invitations`, {
        method: "POST",
        json: { email: uniqueEmail("default-role") },
      });
      expect(response.status).toBe(201);
      const { invitation } = (await response.json()) as { invitation: { role: string } };
      expect(invitation.role).toBe("member");
    });

    it("refuses an invalid email and an owner role", async () => {
      const badEmail = await team.owner.client.request(`${orgPath}/invitations`, {
        method: "POST",
        json: { email: "not-an-email", role: "member" },
      });
      expect(badEmail.status).toBe(400);
      expect((await errorOf(badEmail)).message).toBe("Enter a valid email address");
      const ownerRole = await team.owner.client.request(`${orgPath}/invitations`, {
        method: "POST",
        json: { email: uniqueEmail("owner-role"), role: "owner" },
      });
      expect(ownerRole.status).toBe(400);
    });

    it("refuses to invite someone who is already a member", async () => {
      const response = await team.owner.client.request(`${orgPath}/invitations`, {
        method: "POST",
        json: { email: team.member.email, role: "admin" },
      });
      expect(response.status).toBe(409);
      expect(await errorOf(response)).toMatchObject({
        code: "conflict",
        message: `${team.member.email} is already a member`,
      });
    });

    it("does not let a member invite or cancel", async () => {
      const email = uniqueEmail("member-tries");
      const inviteResponse = await team.member.client.request(`${orgPath}/invitations`, {
        method: "POST",
        json: { email, role: "member" },
      });
      expect(inviteResponse.status).toBe(403);
      expect(await errorOf(inviteResponse)).toEqual({
        code: "forbidden",
        message: "You do not have permission to do this",
      });
      expect(await latestOutboxMessage(db, "email", email)).toBeUndefined();

      const { invitation } = await invite(db, team.owner.client, orgId, {
        email,
        role: "member",
      });
      const cancelResponse = await team.member.client.request(
        `${orgPath}/invitations/${invitation.id}`,
        { method: "DELETE" },
      );
      expect(cancelResponse.status).toBe(403);
      expect((await listInvitations()).map((i) => i.id)).toContain(invitation.id);
    });

    it("replaces a pending invitation when the same email is invited again", async () => {
      const email = uniqueEmail("twice");
      const first = await invite(db, team.owner.client, orgId, { email, role: "member" });
      const second = await invite(db, team.admin.client, orgId, { email, role: "admin" });
      expect(second.token).not.toBe(first.token);
      const pending = (await listInvitations()).filter((i) => i.email === email);
      expect(pending.map((i) => i.id)).toEqual([second.invitation.id]);
      const { client } = await signUp(app.url, db, { email });
      const old = await accept(client, first.token);
      expect(old.status).toBe(409);
      expect((await errorOf(old)).message).toBe(
        "This invitation was cancelled. Ask for a new one.",
      );
      expect((await accept(client, second.token)).status).toBe(200);
    });
  });

  describe("accepting an invitation", () => {
    it("shows a public preview and joins with the invited role", async () => {
      const email = uniqueEmail("joiner");
      const { token } = await invite(db, team.admin.client, orgId, { email, role: "admin" });

      const preview = await new TestClient(app.url).request(`/api/invitations/${token}`);
      expect(preview.status).toBe(200);
      expect(invitationPreviewSchema.parse(await preview.json())).toMatchObject({
        organization_name: "Acme Renamed",
        email,
        role: "admin",
        inviter_name: "acme Admin",
        state: "pending",
      });

      // Accepting needs a signed-in user.
      const anonymous = await accept(new TestClient(app.url), token);
      expect(anonymous.status).toBe(401);

      const { client } = await signUp(app.url, db, { fullName: "New Joiner", email });
      const response = await accept(client, token);
      expect(response.status).toBe(200);
      const { organization } = (await response.json()) as { organization: Organization };
      expect(organizationSchema.parse(organization)).toMatchObject({
        id: orgId,
        name: "Acme Renamed",
        role: "admin",
      });
      const members = await listMembers();
      expect(members.find((m) => m.email === email)).toMatchObject({
        full_name: "New Joiner",
        role: "admin",
      });
      // No longer pending; the preview says it was used.
      expect((await listInvitations()).some((i) => i.email === email)).toBe(false);
      const used = await new TestClient(app.url).json(`/api/invitations/${token}`);
      expect(invitationPreviewSchema.parse(used).state).toBe("accepted");
    });

    it("refuses an expired invitation", async () => {
      const email = uniqueEmail("late");
      const { token, invitation } = await invite(db, team.owner.client, orgId, {
        email,
        role: "member",
      });
      await db.execute(
        sql`update organization_invitations set expires_at = now() - interval '1 minute' where id = ${invitation.id}`,
      );
      const preview = invitationPreviewSchema.parse(
        await new TestClient(app.url).json(`/api/invitations/${token}`),
      );
      expect(preview.state).toBe("expired");
      expect((await listInvitations()).map((i) => i.id)).not.toContain(invitation.id);

      const { client } = await signUp(app.url, db, { email });
      const response = await accept(client, token);
      expect(response.status).toBe(409);
      expect(await errorOf(response)).toEqual({
        code: "conflict",
        message: "This invitation has expired. Ask for a new one.",
      });
      expect((await listMembers()).some((m) => m.email === email)).toBe(false);
    });

    it("refuses a cancelled invitation", async () => {
      const email = uniqueEmail("cancelled");
      const { token, invitation } = await invite(db, team.owner.client, orgId, {
        email,
        role: "member",
      });
      await team.admin.client.json(`${orgPath}/invitations/${invitation.id}`, {
        method: "DELETE",
      });
      const { client } = await signUp(app.url, db, { email });
      const response = await accept(client, token);
      expect(response.status).toBe(409);
      expect(await errorOf(response)).toEqual({
        code: "conflict",
        message: "This invitation was cancelled. Ask for a new one.",
      });
      expect((await listMembers()).some((m) => m.email === email)).toBe(false);
    });

    it("refuses an invitation used twice", async () => {
      const email = uniqueEmail("twice-used");
      const { token } = await invite(db, team.owner.client, orgId, { email, role: "member" });
      const { client } = await signUp(app.url, db, { email });
      expect((await accept(client, token)).status).toBe(200);
      const again = await accept(client, token);
      expect(again.status).toBe(409);
      expect(await errorOf(again)).toEqual({
        code: "conflict",
        message: "This invitation has already been used.",
      });
      expect((await listMembers()).filter((m) => m.email === email)).toHaveLength(1);
    });

    it("refuses the wrong account and keeps the invitation for the right one", async () => {
      const email = uniqueEmail("right");
      const { token, invitation } = await invite(db, team.owner.client, orgId, {
        email,
        role: "admin",
      });
      const otherEmail = uniqueEmail("wrong");
      const { client: wrong } = await signUp(app.url, db, { email: otherEmail });
      const response = await accept(wrong, token);
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toEqual({
        code: "forbidden",
        message: `This invitation is for ${email}, but you are signed in as ${otherEmail}. Sign in with the account that uses that email.`,
      });
      expect((await listMembers()).some((m) => m.email === otherEmail)).toBe(false);
      expect((await listInvitations()).map((i) => i.id)).toContain(invitation.id);

      const { client: right } = await signUp(app.url, db, { email });
      expect((await accept(right, token)).status).toBe(200);
    });

    it("gives a phone-only user the invited email", async () => {
      const email = uniqueEmail("phone-only");
      const { token } = await invite(db, team.owner.client, orgId, { email, role: "member" });
      const { client, phone } = await signIn(app.url, db);
      expect((await client.json<Session>("/api/session")).user.email).toBeNull();

      const response = await accept(client, token);
      expect(response.status).toBe(200);
      const session = await client.refreshSession();
      expect(session.user).toMatchObject({ email, phone });
      const joined = (await listMembers()).find((m) => m.user_id === session.user.id);
      // No name yet: the settings page shows 'Unknown' for it.
      expect(joined).toMatchObject({ email, role: "member", full_name: null });
      expect(organizationSchema.parse(await client.json(orgPath)).role).toBe("member");
    });

    it("refuses a phone-only user when the invited email belongs to another account", async () => {
      const taken = uniqueEmail("taken");
      const { token } = await invite(db, team.owner.client, orgId, {
        email: taken,
        role: "member",
      });
      // Someone else signs up with that email before the phone-only user accepts.
      await signUp(app.url, db, { email: taken });
      const { client } = await signIn(app.url, db);
      const response = await accept(client, token);
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toEqual({
        code: "forbidden",
        message: `This invitation is for ${taken}. Sign in with the account that uses that email.`,
      });
      expect((await client.json<Session>("/api/session")).user.email).toBeNull();
    });

    it("says an unknown or malformed link is not valid", async () => {
      const { client } = await signIn(app.url, db);
      for (const token of ["a".repeat(64), "not-a-token"]) {
        const preview = await new TestClient(app.url).request(`/api/invitations/${token}`);
        expect(preview.status).toBe(404);
        expect(await errorOf(preview)).toEqual({
          code: "not_found",
          message: "This invitation link is not valid.",
        });
        const response = await accept(client, token);
        expect(response.status).toBe(404);
        expect((await errorOf(response)).message).toBe("This invitation link is not valid.");
      }
    });
  });
});
