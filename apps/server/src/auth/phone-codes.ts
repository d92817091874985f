import { createHmac, hkdfSync } from "node:crypto";
import { APIError } from "better-auth";
import { and, desc, eq, gt, inArray, lt, lte, sql } from "drizzle-orm";
import type { Database } from "../db/database.ts";
import { verifications } from "../db/schema/index.ts";

/** better-auth's verification identifiers for phone codes: `phone-number-otp-<phone>` and kin. */
export const PHONE_CODE_IDENTIFIER_PREFIX = "phone-number-";
export const phoneCodeIdentifier = (phone: string) => `phone-number-otp-${phone}`;

/** The error answers of better-auth's phone-number plugin, so that clients see no difference. */
const refusal = {
  notFound: () => new APIError("BAD_REQUEST", { code: "OTP_NOT_FOUND", message: "OTP not found" }),
  expired: () => new APIError("BAD_REQUEST", { code: "OTP_EXPIRED", message: "OTP expired" }),
  tooMany: () =>
    new APIError("FORBIDDEN", { code: "TOO_MANY_ATTEMPTS", message: "Too many attempts" }),
};

/**
 * Phone one-time codes at rest and under guessing (ADR 0011). A code is stored only as an HMAC
 * under a key derived from SECRET_KEY (a 6-digit code's plain hash would be undone by trying a
 * million codes). Each guess is counted and checked against the newest code in one conditional
 * UPDATE, so no more than `maxTries` guesses per code are ever compared, however many arrive
 * at once, and a right code is spent by the one guess that deletes its row.
 */
export function createPhoneCodes(deps: { db: Database; secretKey: string; maxTries: number }) {
  const { db, maxTries } = deps;
  const key = Buffer.from(hkdfSync("sha256", deps.secretKey, "ringback", "phone-code:v1", 32));
  const digest = (identifier: string, code: string) =>
    createHmac("sha256", key).update(`${identifier}\n${code}`).digest("base64url");

  return {
    /**
     * The value to store for a code better-auth writes as `<code>:<tries>` (its plugin's format);
     * tries are counted in `verifications.attempts` instead.
     */
    storedValue(identifier: string, value: string): string {
      return digest(identifier, value.split(":")[0] ?? "");
    },

    /**
     * Whether `code` is the phone's current code; spends it when it is. Throws better-auth's
     * errors for no code, an expired code, and a code whose tries are used up.
     */
    async check(phone: string, code: string): Promise<boolean> {
      const identifier = phoneCodeIdentifier(phone);
      const newest = db
        .select({ id: verifications.id })
        .from(verifications)
        .where(eq(verifications.identifier, identifier))
        .orderBy(desc(verifications.createdAt))
        .limit(1);
      // Count the guess and compare in one statement. Concurrent guesses queue on the row lock,
      // and each re-checks `attempts < maxTries` on the row as the previous one left it.
      const [counted] = await db
        .update(verifications)
        .set({ attempts: sql`${verifications.attempts} + 1`, updatedAt: sql`now()` })
        .where(
          and(
            inArray(verifications.id, newest),
            lt(verifications.attempts, maxTries),
            gt(verifications.expiresAt, sql`now()`),
          ),
        )
        .returning({
          id: verifications.id,
          matched: sql<boolean>`${verifications.value} = ${digest(identifier, code)}`,
        });
      if (counted) {
        if (!counted.matched) return false;
        const spent = await db
          .delete(verifications)
          .where(eq(verifications.id, counted.id))
          .returning({ id: verifications.id });
        return spent.length === 1;
      }
      // Not counted: say why, as better-auth would. A used-up code stays (until it expires) so
      // that every later guess hears "too many attempts".
      const [latest] = await db
        .select({
          attempts: verifications.attempts,
          live: sql<boolean>`${verifications.expiresAt} > now()`,
        })
        .from(verifications)
        .where(eq(verifications.identifier, identifier))
        .orderBy(desc(verifications.createdAt))
        .limit(1);
      if (!latest) throw refusal.notFound();
      if (!latest.live) {
        await db
          .delete(verifications)
          .where(
            and(eq(verifications.identifier, identifier), lte(verifications.expiresAt, sql`now()`)),
          );
        throw refusal.expired();
      }
      if (latest.attempts >= maxTries) throw refusal.tooMany();
      return false; // A newer code arrived meanwhile; this guess was for the old one.
    },
  };
}
export type PhoneCodes = ReturnType<typeof createPhoneCodes>;
