import {
  apiErrorSchema,
  invitationPreviewSchema,
  memberSchema,
  type Organization,
  organizationSchema,
  userSchema,
} from "@ringback/contracts";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signIn, signUp, TestClient } from "./auth-client.ts";
import { startTestRingback } from "./harness.ts";
import { invite, uniqueEmail } from "./organization-harness.ts";

/**
 * Signing up through an invitation joins the inviting organization with the invited
 * role and creates no organization of one's own; the preview says whether the invited email
 * already has an account, so the page can offer "Create account" or "Log in" first.
 */
describe("signing up through an invitation", async () => {
  const app = await startTestRingback({ env: { CODE_SENDS_PER_IP: "1000" } });
  const db = app.database.db;
  const owner = await signUp(app.url, db, {
    fullName: "Ivy Inviter",
    organizationName: "Joiners Inc",
  });
  const orgId = owner.organization.id;

  const preview = async (token: string) =>
    invitationPreviewSchema.parse(await new TestClient(app.url).json(`/api/invitations/${token}`));
  const completeSignup = (client: TestClient, json: unknown) =>
    client.request("/api/account/complete-signup", { method: "POST", json });
  const organizationsOf = async (client: TestClient) =>
    organizationSchema.array().parse(await client.json("/api/organizations"));
  const members = async () =>
    memberSchema.array().parse(await owner.client.json(`/api/organizations/${orgId}/members`));

  it("says whether the invited email already has an account", async () => {
    const fresh = uniqueEmail("fresh");
    const { token } = await invite(db, owner.client, orgId, { email: fresh, role: "member" });
    expect((await preview(token)).has_account).toBe(false);

    const existing = uniqueEmail("existing");
    await signUp(app.url, db, { email: existing, organizationName: "Their Own" });
    const second = await invite(db, owner.client, orgId, { email: existing, role: "admin" });
    expect(await preview(second.token)).toMatchObject({
      organization_name: "Joiners Inc",
      email: existing,
      role: "admin",
      state: "pending",
      has_account: true,
    });
  });

  it("joins with the invited role, names the user, and creates no organization", async () => {
    const email = uniqueEmail("joiner");
    const { token } = await invite(db, owner.client, orgId, { email, role: "admin" });
    const { client } = await signIn(app.url, db);

    const response = await completeSignup(client, {
      fullName: "  Jo Joiner ",
      email,
      invitationToken: token,
    });
    expect(response.status).toBe(201);
    const { organization } = (await response.json()) as { organization: Organization };
    expect(organizationSchema.parse(organization)).toMatchObject({
      id: orgId,
      name: "Joiners Inc",
      role: "admin",
    });

    // One organization: the one joined.
    expect((await organizationsOf(client)).map((o) => [o.id, o.role])).toEqual([[orgId, "admin"]]);
    const me = userSchema.parse(await client.json("/api/account"));
    expect(me).toMatchObject({ email, user_metadata: { full_name: "Jo Joiner" } });
    expect((await members()).find((m) => m.email === email)).toMatchObject({
      full_name: "Jo Joiner",
      role: "admin",
    });
    expect((await preview(token)).state).toBe("accepted");
  });

  it("saves nothing when the invitation is for another email", async () => {
    const invited = uniqueEmail("invited");
    const { token } = await invite(db, owner.client, orgId, { email: invited, role: "member" });
    const { client } = await signIn(app.url, db);
    const other = uniqueEmail("other");

    const response = await completeSignup(client, {
      fullName: "Someone Else",
      email: other,
      invitationToken: token,
    });
    expect(response.status).toBe(403);
    expect(apiErrorSchema.parse(await response.json()).error.message).toContain(
      `This invitation is for ${invited}`,
    );
    expect(await organizationsOf(client)).toEqual([]);
    const me = userSchema.parse(await client.json("/api/account"));
    expect(me.email).not.toBe(other);
    expect(me.user_metadata.full_name).toBeNull();
    expect((await preview(token)).state).toBe("pending");
  });

  it("saves nothing when the invitation has expired", async () => {
    const email = uniqueEmail("late");
    const { token, invitation } = await invite(db, owner.client, orgId, { email, role: "member" });
    await db.execute(
      sql`update organization_invitations set expires_at = now() - interval '1 minute' where id = ${invitation.id}`,
    );
    const { client } = await signIn(app.url, db);
    const response = await completeSignup(client, {
      fullName: "Late Joiner",
      email,
      invitationToken: token,
    });
    expect(response.status).toBe(409);
    expect(apiErrorSchema.parse(await response.json()).error.message).toBe(
      "This invitation has expired. Ask for a new one.",
    );
    expect(await organizationsOf(client)).toEqual([]);
    expect((await members()).some((m) => m.email === email)).toBe(false);
  });

  it("needs exactly one of a company name and an invitation", async () => {
    const email = uniqueEmail("both");
    const { token } = await invite(db, owner.client, orgId, { email, role: "member" });
    const { client } = await signIn(app.url, db);
    const neither = await completeSignup(client, { fullName: "N", email });
    expect(neither.status).toBe(400);
    const both = await completeSignup(client, {
      fullName: "B",
      email,
      organizationName: "Mine",
      invitationToken: token,
    });
    expect(both.status).toBe(400);
    expect(await organizationsOf(client)).toEqual([]);
    expect((await preview(token)).state).toBe("pending");
  });

  it("still creates an owned organization from a company name", async () => {
    const { client, organization } = await signUp(app.url, db, { organizationName: "Solo Co" });
    expect(organization).toMatchObject({ name: "Solo Co", role: "owner" });
    expect((await organizationsOf(client)).map((o) => o.name)).toEqual(["Solo Co"]);
  });
});
