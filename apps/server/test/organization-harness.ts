import { randomBytes } from "node:crypto";
import type {
  Invitation,
  InvitationRole,
  Member,
  Organization,
  OrganizationRole,
  Session,
} from "@ringback/contracts";
import type { Database } from "../src/db/database.ts";
import { latestOutboxMessage } from "../src/http/routes/dev-outbox.routes.ts";
import { signUp, type TestClient } from "./auth-client.ts";

/** One person in a test organization: a signed-in client and who they are. */
export interface TeamUser {
  client: TestClient;
  userId: string;
  memberId: string;
  email: string;
  fullName: string;
  role: OrganizationRole;
}

/** An organization with one user of each role, each signed in separately. */
export interface Team {
  organization: Organization;
  owner: TeamUser;
  admin: TeamUser;
  member: TeamUser;
}

/** An email nobody in this run has used. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(5).toString("hex")}@example.com`;
}

/** The invitation token from the newest invitation email sent to this address. */
export async function invitationTokenFromEmail(db: Database, email: string): Promise<string> {
  const message = await latestOutboxMessage(db, "email", email);
  const token = message?.body.match(/\/invitations\/([0-9a-f]{64})\b/)?.[1];
  if (!token) throw new Error(`No invitation email was sent to ${email}`);
  return token;
}

/** POST /api/organizations/:id/invitations and read the token from the email that went out. */
export async function invite(
  db: Database,
  inviter: TestClient,
  organizationId: string,
  input: { email: string; role: InvitationRole },
): Promise<{ invitation: Invitation; link: string; token: string }> {
  const created = await inviter.json<{ invitation: Invitation; link: string }>(
    `/api/organizations/${organizationId}/invitations`,
    { method: "POST", json: input },
  );
  const token = await invitationTokenFromEmail(db, input.email);
  return { ...created, token };
}

/**
 * Invites `email` with `role`, signs that person up (their own phone, name and email: sign-up
 * gives them an organization of their own too), and accepts as them.
 */
export async function inviteAndAccept(
  baseUrl: string,
  db: Database,
  inviter: TestClient,
  organizationId: string,
  input: { role: InvitationRole; fullName: string; email?: string },
): Promise<TeamUser> {
  const email = input.email ?? uniqueEmail(input.role);
  const { token } = await invite(db, inviter, organizationId, { email, role: input.role });
  const { client } = await signUp(baseUrl, db, {
    fullName: input.fullName,
    email,
    organizationName: `${input.fullName}'s own org`,
  });
  await client.json(`/api/invitations/${token}/accept`, { method: "POST" });
  const session = await client.json<Session>("/api/session");
  const members = await client.json<Member[]>(`/api/organizations/${organizationId}/members`);
  const me = members.find((m) => m.user_id === session.user.id);
  if (!me) throw new Error(`${email} accepted but is not a member of ${organizationId}`);
  return {
    client,
    userId: session.user.id,
    memberId: me.id,
    email,
    fullName: input.fullName,
    role: me.role,
  };
}

/** Signs up an owner, then invites an admin and a member who each accept (the three roles). */
export async function createTeam(
  baseUrl: string,
  db: Database,
  options: { organizationName?: string; label?: string } = {},
): Promise<Team> {
  const label = options.label ?? "team";
  const ownerEmail = uniqueEmail(`${label}-owner`);
  const ownerName = `${label} Owner`;
  const signedUp = await signUp(baseUrl, db, {
    fullName: ownerName,
    email: ownerEmail,
    organizationName:
      options.organizationName ?? `${label} Leads ${randomBytes(3).toString("hex")}`,
  });
  const organizationId = signedUp.organization.id;
  const session = await signedUp.client.json<Session>("/api/session");
  const [ownerMember] = await signedUp.client.json<Member[]>(
    `/api/organizations/${organizationId}/members`,
  );
  const owner: TeamUser = {
    client: signedUp.client,
    userId: session.user.id,
    memberId: ownerMember!.id,
    email: ownerEmail,
    fullName: ownerName,
    role: "owner",
  };
  const admin = await inviteAndAccept(baseUrl, db, owner.client, organizationId, {
    role: "admin",
    fullName: `${label} Admin`,
    email: uniqueEmail(`${label}-admin`),
  });
  const member = await inviteAndAccept(baseUrl, db, owner.client, organizationId, {
    role: "member",
    fullName: `${label} Member`,
    email: uniqueEmail(`${label}-member`),
  });
  return { organization: signedUp.organization, owner, admin, member };
}
