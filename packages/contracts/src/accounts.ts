import { z } from "zod";
import { invitationRoles, organizationRoles } from "./permissions.ts";
import { E164_PATTERN, PHONE_FORMAT_MESSAGE, typedPhoneProblem } from "./phone.ts";

export const phoneSchema = z.string().trim().regex(E164_PATTERN, PHONE_FORMAT_MESSAGE);

const ENTER_PHONE = "Enter your phone number";

/**
 * A phone number as a person types it ("(415) 555-0123", "07911 123456", "+44 7911 123456"):
 * the server reads it with Ringback's one phone reader in the country the person chose (sign-up,
 * the opt-out page; sign-in reads the same way) and answers with the number it read.
 */
export const typedPhoneSchema = z
  .string({ error: ENTER_PHONE })
  .trim()
  .min(1, ENTER_PHONE)
  .max(64, PHONE_FORMAT_MESSAGE)
  .refine((typed) => typedPhoneProblem(typed) === null, PHONE_FORMAT_MESSAGE);

/** An ISO 3166-1 alpha-2 country code ("GB"), upper-cased. */
export const countryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "Choose a country from the list");

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email("Enter a valid email address"));

/** A multi-factor factor (TOTP only: the phone itself is the first factor). */
export const factorSchema = z.object({
  id: z.string(),
  factor_type: z.literal("totp"),
  status: z.enum(["verified", "unverified"]),
  friendly_name: z.string(),
  issuer: z.string(),
});
export type Factor = z.infer<typeof factorSchema>;

/** A user. The role lives on the membership of the current organization. */
export const userSchema = z.object({
  id: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  user_metadata: z.object({ full_name: z.string().nullable() }),
  factors: z.array(factorSchema),
});
export type User = z.infer<typeof userSchema>;

export const updateProfileSchema = z.object({
  fullName: z.string().trim().min(1, "Enter your full name").max(200),
  email: emailSchema,
});
export type UpdateProfile = z.infer<typeof updateProfileSchema>;

/**
 * Step 1 of sign-up: checked before a code is sent so the user does not verify in vain. `phone`
 * as typed, read in `country` (the one chosen on the page) when it has no country code.
 */
export const signupAvailabilitySchema = z.object({
  email: emailSchema,
  phone: typedPhoneSchema,
  country: countryCodeSchema.optional(),
});
export type SignupAvailabilityRequest = z.input<typeof signupAvailabilitySchema>;

/** Both are free; `phone` is the number read from what was typed (E.164), to send the code to. */
export interface SignupAvailability {
  available: true;
  phone: string;
}

/**
 * After the code is verified: the pending signup data. Either a company name (a new
 * organization, owned by the new user) or an invitation's token (joining that organization with
 * the invited role, and creating none) — exactly one.
 */
export const completeSignupSchema = z
  .object({
    fullName: z.string().trim().min(1, "All fields are required").max(200),
    email: emailSchema,
    organizationName: z.string().trim().min(1, "All fields are required").max(200).optional(),
    invitationToken: z.string().min(1).max(200).optional(),
  })
  .refine((v) => (v.organizationName === undefined) !== (v.invitationToken === undefined), {
    message: "Give a company name, or the invitation you are joining through",
    path: ["organizationName"],
  });
export type CompleteSignup = z.infer<typeof completeSignupSchema>;

export const organizationNameSchema = z
  .string()
  .trim()
  .min(1, "Enter an organization name")
  .max(200, "Use at most 200 characters");

export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  logo_url: z.string().nullable(),
  role: z.enum(organizationRoles),
  created_at: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

/**
 * The session as the browser sees it. The refresh credential is the httpOnly session
 * cookie, which scripts never see (ADR 0005); the access token is a short-lived JWT. It also
 * lists the user's organizations (as GET /api/organizations does): an admin page needs them
 * before anything else, and they come without another round trip.
 */
export const sessionSchema = z.object({
  access_token: z.string(),
  token_type: z.literal("bearer"),
  expires_in: z.number(),
  expires_at: z.number(),
  user: userSchema,
  organizations: z.array(organizationSchema),
});
export type Session = z.infer<typeof sessionSchema>;

export const createOrganizationSchema = z.object({ name: organizationNameSchema });

/**
 * GET /api/organizations/locate: which of the caller's organizations holds a record, for an
 * address opened while another organization is current (a Call Details or assistant address
 * copied from the browser carries no organization).
 */
export const locateRecordSchema = z.object({
  kind: z.enum(["call-record", "assistant"]),
  id: z.uuid(),
});
export type LocateRecordQuery = z.infer<typeof locateRecordSchema>;
export interface LocatedRecord {
  organizationId: string;
}
export const updateOrganizationSchema = z.object({ name: organizationNameSchema });

export const memberSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  organization_id: z.string(),
  role: z.enum(organizationRoles),
  created_at: z.string(),
  full_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Active API keys this member created here: revoked with their access. */
  active_api_keys: z.number().int().nonnegative(),
});
export type Member = z.infer<typeof memberSchema>;

/** PATCH …/members/:memberId: an owner makes a member an admin, or an admin a member. */
export const updateMemberRoleSchema = z.object({ role: z.enum(invitationRoles) });

export const invitationSchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  email: z.string(),
  role: z.enum(invitationRoles),
  status: z.enum(["pending", "accepted", "canceled"]),
  expires_at: z.string(),
  created_at: z.string(),
  created_by: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const createInvitationSchema = z.object({
  email: emailSchema,
  role: z.enum(invitationRoles).default("member"),
});
export type CreateInvitation = z.input<typeof createInvitationSchema>;

/** What the inviter gets back: the invitation and the link to share. */
export const createdInvitationSchema = z.object({
  invitation: invitationSchema,
  link: z.string(),
  emailSent: z.boolean(),
});

/** GET /api/invitations/:token — what the accept page shows before sign-in. */
export const invitationPreviewSchema = z.object({
  organization_name: z.string(),
  email: z.string(),
  role: z.enum(invitationRoles),
  inviter_name: z.string().nullable(),
  expires_at: z.string(),
  state: z.enum(["pending", "expired", "canceled", "accepted"]),
  /**
   * Whether the invited email already belongs to a Ringback account: the page then offers
   * "Log in" first, else "Create account". Only the token's holder learns it.
   */
  has_account: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const acceptedInvitationSchema = z.object({ organization: organizationSchema });
