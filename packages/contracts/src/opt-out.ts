import { z } from "zod";
import { countryCodeSchema, typedPhoneSchema } from "./accounts.ts";
import { VERIFICATION_CODE_LENGTH } from "./phone.ts";

/** The public opt-out page, where anyone can stop calls to their number. */
export const OPT_OUT_PATH = "/opt-out";

/** Where a number typed without a country code is from (ISO 3166-1 alpha-2). */
const countrySchema = countryCodeSchema.optional();

/** POST /api/opt-out/send-code: texts a one-time code to the number. */
export const optOutSendCodeRequestSchema = z.object({
  phoneNumber: typedPhoneSchema,
  country: countrySchema,
});
export type OptOutSendCodeRequest = z.input<typeof optOutSendCodeRequestSchema>;

/** The same answer for every number, whether or not anyone ever called it. */
export const optOutSendCodeResponseSchema = z.object({
  sent: z.literal(true),
  /** The number the code went to, in E.164. */
  phoneNumber: z.string(),
  expiresInSeconds: z.number().int().positive(),
});
export type OptOutSendCodeResponse = z.infer<typeof optOutSendCodeResponseSchema>;

/** POST /api/opt-out/confirm: the code proves the number; then it is never called again. */
export const optOutConfirmRequestSchema = z.object({
  phoneNumber: typedPhoneSchema,
  country: countrySchema,
  code: z
    .string({ error: `Enter the ${VERIFICATION_CODE_LENGTH}-digit code we texted you` })
    .trim()
    .regex(
      new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`),
      `Enter the ${VERIFICATION_CODE_LENGTH}-digit code we texted you`,
    ),
});
export type OptOutConfirmRequest = z.input<typeof optOutConfirmRequestSchema>;

/**
 * The same answer whether no organization or several had the number: it says nothing about
 * which organizations, or whether any, called it.
 */
export const optOutConfirmResponseSchema = z.object({
  optedOut: z.literal(true),
  phoneNumber: z.string(),
});
export type OptOutConfirmResponse = z.infer<typeof optOutConfirmResponseSchema>;

/** Why a code was refused (an error's `details.reason`). */
export const optOutRefusalReasons = [
  "invalid_code",
  "expired",
  "too_many_attempts",
  "no_code",
  "used",
] as const;
export type OptOutRefusalReason = (typeof optOutRefusalReasons)[number];
