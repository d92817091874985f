import { lt } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { sessions, verifications } from "../../db/schema/index.ts";

/** Deletes sessions and one-time codes that have expired; they can never be used again. */
export async function pruneExpired(
  db: Database,
  now: Date,
): Promise<{ sessions: number; verifications: number }> {
  const deletedSessions = await db.delete(sessions).where(lt(sessions.expiresAt, now));
  const deletedVerifications = await db
    .delete(verifications)
    .where(lt(verifications.expiresAt, now));
  return {
    sessions: deletedSessions.rowCount ?? 0,
    verifications: deletedVerifications.rowCount ?? 0,
  };
}
