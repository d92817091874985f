import { createHmac, hkdfSync, randomInt } from "node:crypto";
import type {
  OptOutConfirmResponse,
  OptOutRefusalReason,
  OptOutSendCodeResponse,
} from "@ringback/contracts";
import { and, desc, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { formSubmissions, optOutCodes } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Logger } from "../../lib/logger.ts";
import { NOT_A_NUMBER_IN_COUNTRY, readNumberInChosenCountry } from "../../lib/phone-number.ts";
import { SmsDeliveryError, type SmsSender } from "../../providers/sms/index.ts";
import type { CodeSendLimits } from "../accounts/code-send-limits.ts";
import { CODE_LENGTH, CODE_MAX_WRONG_TRIES, CODE_TTL_SECONDS } from "../accounts/sign-in-rules.ts";
import { addToDoNotCallList } from "./do-not-call.ts";

/** How an entry made by the public opt-out page reads on an organization's list and trail. */
export const OPT_OUT_PAGE_REASON = "Asked not to be called (opt-out page)";
export const OPT_OUT_PAGE_ACTOR = { userId: null, label: "The opt-out page" } as const;

const refusals: Record<OptOutRefusalReason, () => AppError> = {
  invalid_code: () =>
    new AppError(
      "bad_request",
      "Invalid verification code. Check the code we texted you and try again.",
      { reason: "invalid_code" },
    ),
  expired: () =>
    new AppError("bad_request", "This code has expired. Request a new one.", {
      reason: "expired",
    }),
  too_many_attempts: () =>
    new AppError("forbidden", "Too many wrong attempts. Request a new code.", {
      reason: "too_many_attempts",
    }),
  no_code: () =>
    new AppError("bad_request", "No code is waiting for this number. Request a new one.", {
      reason: "no_code",
    }),
  used: () =>
    new AppError("bad_request", "This code has already been used. Request a new one.", {
      reason: "used",
    }),
};

/**
 * The number as the person typed it, read with Ringback's one phone reader in the country they
 * chose (the installation's default country when they chose none): every number Ringback would
 * call as a lead reads here as the same number. Throws validation_failed when it is no number.
 */
export function readOptOutNumber(input: { phoneNumber: string; country?: string | undefined }) {
  const phone = readNumberInChosenCountry(input.phoneNumber, input.country);
  if (!phone) throw new AppError("validation_failed", NOT_A_NUMBER_IN_COUNTRY);
  return phone;
}

export interface OptOutDeps {
  db: Database;
  secretKey: string;
  smsSender: SmsSender;
  limits: CodeSendLimits;
  logger: Logger;
}

/**
 * The public opt-out page: a person proves their number with a one-time code by
 * SMS, and the number then goes onto the do-not-call list of every organization of this
 * installation that has it as a lead, with its pending attempts canceled.
 *
 * Codes are kept as sign-in's are (ADR 0011): only an HMAC under a key derived from SECRET_KEY
 * (a plain hash of a 6-digit code is undone by trying a million), valid for the same 5 minutes,
 * and each guess is counted and compared in one conditional UPDATE, so no more than 5 guesses
 * per code are ever compared however many arrive at once. The right guess spends the code in
 * that same UPDATE (`confirmed_at`), so of several right guesses at once exactly one lists the
 * number. Sends pass the same limits as sign-in's.
 *
 * Nothing the page answers depends on which organizations, or whether any, had the number.
 */
export function createOptOut(deps: OptOutDeps) {
  const { db, logger } = deps;
  const key = Buffer.from(hkdfSync("sha256", deps.secretKey, "ringback", "opt-out-code:v1", 32));
  const digest = (phone: string, code: string) =>
    createHmac("sha256", key).update(`${phone}\n${code}`).digest("base64url");

  /** The phone's newest code (an index range scan of opt_out_codes_phone_idx). */
  const newestCode = (tx: Database | Tx, phone: string) =>
    tx
      .select({ id: optOutCodes.id })
      .from(optOutCodes)
      .where(eq(optOutCodes.phoneNumber, phone))
      .orderBy(desc(optOutCodes.createdAt))
      .limit(1);

  return {
    /**
     * Texts a new code to `phoneNumber` (E.164). Throws AppError: validation_failed for a number
     * no phone can have, rate_limited over a send limit, provider_error when the SMS fails.
     */
    async sendCode(input: {
      phoneNumber: string;
      country?: string | undefined;
      ip: string;
    }): Promise<OptOutSendCodeResponse> {
      // Before the limits: a number that cannot exist costs no SMS, so it uses up nothing.
      const phone = readOptOutNumber(input);
      await deps.limits.consume({ phone, ip: input.ip });

      const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
      const [stored] = await db
        .insert(optOutCodes)
        .values({
          phoneNumber: phone,
          codeHash: digest(phone, code),
          // The database's clock, as every check of it is.
          expiresAt: sql`now() + make_interval(secs => ${CODE_TTL_SECONDS})`,
        })
        .returning({ id: optOutCodes.id });
      try {
        await deps.smsSender.send({
          to: phone,
          body: `Your Ringback verification code is ${code}. Enter it on the opt-out page to stop calls to this number. It expires in ${CODE_TTL_SECONDS / 60} minutes.`,
        });
      } catch (error) {
        await db.delete(optOutCodes).where(eq(optOutCodes.id, stored!.id));
        logger.error({ err: error }, "Could not send an opt-out code");
        if (error instanceof SmsDeliveryError) {
          throw new AppError("provider_error", "We could not text you a code. Please try again.");
        }
        throw error;
      }
      return { sent: true, phoneNumber: phone, expiresInSeconds: CODE_TTL_SECONDS };
    },

    /**
     * Checks `code` against the number's newest code and, when it is right, lists the number for
     * every organization that has it. Throws AppError with `details.reason` (OptOutRefusalReason)
     * when the code is refused; a wrong guess stays counted.
     */
    async confirm(input: {
      phoneNumber: string;
      country?: string | undefined;
      code: string;
    }): Promise<OptOutConfirmResponse> {
      const phone = readOptOutNumber(input);
      const outcome = await db.transaction(
        async (tx): Promise<"confirmed" | OptOutRefusalReason> => {
          // Count the guess, compare, and spend a right code, in one statement. Concurrent guesses
          // queue on the row lock, and each re-checks the conditions on the row as the previous
          // one left it: at most CODE_MAX_WRONG_TRIES are compared, and a spent code is never
          // compared again.
          const [counted] = await tx
            .update(optOutCodes)
            .set({
              attempts: sql`${optOutCodes.attempts} + 1`,
              confirmedAt: sql`case when ${optOutCodes.codeHash} = ${digest(phone, input.code)} then now() end`,
            })
            .where(
              and(
                inArray(optOutCodes.id, newestCode(tx, phone)),
                isNull(optOutCodes.confirmedAt),
                lt(optOutCodes.attempts, CODE_MAX_WRONG_TRIES),
                gt(optOutCodes.expiresAt, sql`now()`),
              ),
            )
            .returning({ confirmed: sql<boolean>`${optOutCodes.confirmedAt} is not null` });
          if (counted) {
            if (!counted.confirmed) return "invalid_code";
            // In the same transaction as spending the code: if listing fails, the code stays.
            await listEverywhere(tx, phone);
            return "confirmed";
          }
          // Not counted: say why.
          const [latest] = await tx
            .select({
              attempts: optOutCodes.attempts,
              used: sql<boolean>`${optOutCodes.confirmedAt} is not null`,
              live: sql<boolean>`${optOutCodes.expiresAt} > now()`,
            })
            .from(optOutCodes)
            .where(eq(optOutCodes.phoneNumber, phone))
            .orderBy(desc(optOutCodes.createdAt))
            .limit(1);
          if (!latest) return "no_code";
          if (latest.used) return "used";
          if (!latest.live) return "expired";
          if (latest.attempts >= CODE_MAX_WRONG_TRIES) return "too_many_attempts";
          return "invalid_code"; // A newer code arrived meanwhile; this guess was for the old one.
        },
      );
      if (outcome !== "confirmed") throw refusals[outcome]();
      return { optedOut: true, phoneNumber: phone };
    },
  };

  /**
   * Lists the number for every organization that has a submission from it — everyone who called
   * it or was about to — and cancels their pending attempts to it. One index range scan of
   * form_submissions_phone_idx (respondent_phone_number, organization_id) finds them.
   */
  async function listEverywhere(tx: Tx, phone: string): Promise<void> {
    const organizations = await tx
      .selectDistinct({ id: formSubmissions.organizationId })
      .from(formSubmissions)
      .where(eq(formSubmissions.respondentPhoneNumber, phone))
      .orderBy(formSubmissions.organizationId);
    let canceled = 0;
    for (const organization of organizations) {
      const result = await addToDoNotCallList(tx, {
        organizationId: organization.id,
        phoneNumber: phone,
        reason: OPT_OUT_PAGE_REASON,
        source: "opt_out_page",
        actor: OPT_OUT_PAGE_ACTOR,
      });
      canceled += result.canceledAttempts;
    }
    // Counts only: the log never says who had the number.
    logger.info(
      { organizations: organizations.length, canceledAttempts: canceled },
      "Opt-out confirmed on the opt-out page",
    );
  }
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type OptOut = ReturnType<typeof createOptOut>;
