import { and, isNotNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { callRecords, voiceConnections } from "../../db/schema/index.ts";

/**
 * How long a retired voice connection keeps its keys at least: its calls' late webhooks, the
 * sweeper's polling and their recordings (copied within the hour, looked for again for a day)
 * all need them.
 */
export const RETIRED_KEYS_KEPT_DAYS = 7;

/**
 * Forgets the API key and webhook secret of voice connections the organization left:
 * retired at least RETIRED_KEYS_KEPT_DAYS ago and with no call still open. An account the
 * organization no longer uses is not kept in Ringback's database; the row stays (its calls point
 * at it), and its webhooks are refused (404) from then on.
 */
export async function forgetRetiredVoiceKeys(db: Database, now: Date): Promise<number> {
  const retiredBefore = new Date(now.getTime() - RETIRED_KEYS_KEPT_DAYS * 86_400_000);
  const result = await db
    .update(voiceConnections)
    .set({ apiKeyEncrypted: null, webhookSecretEncrypted: null })
    .where(
      and(
        isNotNull(voiceConnections.apiKeyEncrypted),
        lt(voiceConnections.retiredAt, retiredBefore),
        // call_records_connection_open_idx: the connection's calls that are not final.
        sql`not exists (select 1 from ${callRecords} where ${callRecords.voiceConnectionId} = ${voiceConnections.id} and ${callRecords.finalAt} is null)`,
      ),
    );
  return result.rowCount ?? 0;
}
