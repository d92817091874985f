import { and, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { optOutCodes, sessions, verifications } from "../../db/schema/index.ts";

const DAY_MS = 86_400_000;
/**
 * How long an opt-out code that was never confirmed is kept after it expired: a day, so that a
 * late guess still hears "expired" rather than "no code", and then it is only noise.
 */
export const UNCONFIRMED_OPT_OUT_CODE_DAYS = 1;
/**
 * How long a confirmed opt-out code is kept: 90 days, as evidence that the number's owner proved
 * it by SMS when the opt-out page listed it (the do-not-call entries themselves stay).
 */
export const CONFIRMED_OPT_OUT_CODE_DAYS = 90;

/**
 * Deletes sessions and one-time codes that have expired; they can never be used again. The
 * opt-out page's codes are kept a little longer: unconfirmed ones for a day after
 * they expired, confirmed ones for 90 days after their confirmation.
 */
export async function pruneExpired(
  db: Database,
  now: Date,
): Promise<{ sessions: number; verifications: number; optOutCodes: number }> {
  const deletedSessions = await db.delete(sessions).where(lt(sessions.expiresAt, now));
  const deletedVerifications = await db
    .delete(verifications)
    .where(lt(verifications.expiresAt, now));
  const deletedOptOutCodes = await db
    .delete(optOutCodes)
    .where(
      or(
        and(
          isNull(optOutCodes.confirmedAt),
          lt(
            optOutCodes.expiresAt,
            new Date(now.getTime() - UNCONFIRMED_OPT_OUT_CODE_DAYS * DAY_MS),
          ),
        ),
        and(
          isNotNull(optOutCodes.confirmedAt),
          lt(
            optOutCodes.confirmedAt,
            new Date(now.getTime() - CONFIRMED_OPT_OUT_CODE_DAYS * DAY_MS),
          ),
        ),
      ),
    );
  return {
    sessions: deletedSessions.rowCount ?? 0,
    verifications: deletedVerifications.rowCount ?? 0,
    optOutCodes: deletedOptOutCodes.rowCount ?? 0,
  };
}
