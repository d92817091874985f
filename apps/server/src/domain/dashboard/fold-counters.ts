import { sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";

/**
 * How old a bin is before its shards are folded into one row: a day. Until then the dashboard's
 * counters keep 16 rows per key so that concurrent calls do not queue on one row — calls are
 * placed, answered and finished within the hour, or the next morning when they waited for the
 * calling window — and after it a month is read in about one row per key.
 */
export const FOLD_AFTER_MS = 24 * 3_600_000;
const BATCH = 10_000;

/**
 * Folds the dashboard counters' shards (call_record_bin_counts, call_group_outcome_counts) of
 * bins older than FOLD_AFTER_MS into shard 0 (ringback_fold_dashboard_counts, migration 0023),
 * in batches. Totals are sums of rows, so they do not change; the reads get shorter. Returns the
 * number of rows moved (of the larger table, per batch). A batch that had to wait too long for a
 * row (lock_timeout) gives way and ends this run: the next one takes the rest.
 */
export async function foldDashboardCounters(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - FOLD_AFTER_MS).toISOString();
  let moved = 0;
  for (;;) {
    let batch: number;
    try {
      const { rows } = await db.execute<{ moved: number }>(
        sql`select ringback_fold_dashboard_counts(${before}::timestamptz, ${BATCH}) as moved`,
      );
      batch = Number(rows[0]!.moved);
    } catch (error) {
      if (postgresCode(error) === LOCK_NOT_AVAILABLE) return moved;
      throw error;
    }
    moved += batch;
    if (batch < BATCH) return moved;
  }
}

const LOCK_NOT_AVAILABLE = "55P03";

/** The SQLSTATE of a failed query (drizzle wraps the driver's error as its cause). */
function postgresCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = cause?.code ?? (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}
