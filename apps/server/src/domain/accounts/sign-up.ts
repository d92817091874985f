import type { CompleteSignup, Organization } from "@ringback/contracts";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { users } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { createOrganization } from "../organizations/create-organization.ts";
import { acceptInvitation } from "../organizations/invitations.ts";
import { assertEmailFree, saveProfile } from "./update-profile.ts";

/**
 * Before a sign-up code is sent: the email and phone number must not belong to an account
 * already, or the person would verify a code only to be told so.
 */
export async function checkSignupAvailability(
  db: Database,
  input: { email: string; phone: string },
): Promise<void> {
  await assertEmailFree(db, input.email);
  const [phoneTaken] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phoneNumber, input.phone));
  if (phoneTaken) {
    throw new AppError(
      "conflict",
      "An account with this phone number already exists. Log in instead.",
    );
  }
}

/**
 * After the code is verified: the pending signup data names the user and creates
 * their organization with them as owner — or, for someone who signed up through an invitation,
 * accepts it instead and creates no organization. All or nothing: an invitation
 * that cannot be accepted (expired, cancelled, used, for another email) saves nothing.
 */
export async function completeSignup(
  db: Database,
  userId: string,
  input: CompleteSignup,
): Promise<Organization> {
  return db.transaction(async (tx) => {
    await saveProfile(tx, userId, { fullName: input.fullName, email: input.email });
    if (input.invitationToken !== undefined) {
      return acceptInvitation(db, { token: input.invitationToken, userId }, tx);
    }
    return createOrganization(db, { name: input.organizationName ?? "", userId }, tx);
  });
}
