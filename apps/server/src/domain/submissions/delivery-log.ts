import {
  DELIVERY_BODY_DAYS,
  type DeliveryResult,
  RECENT_DELIVERIES,
  type SourceDelivery,
} from "@ringback/contracts";
import { and, desc, eq, isNotNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { sourceDeliveries } from "../../db/schema/index.ts";
import { createGroupCommit } from "../../lib/group-commit.ts";
import type { Logger } from "../../lib/logger.ts";

/** One request to an assistant's URL, as "Recent deliveries" keeps it. */
export interface DeliveryLogEntry {
  organizationId: string;
  assistantId: string;
  result: DeliveryResult;
  detail: string | null;
  httpStatus: number;
  submissionId: string | null;
  contentType: string | null;
  /** Already redacted by the source. */
  body: string;
}

export interface DeliveryLog {
  /**
   * Keeps the entry, in the background: a lead never waits for its log line, and a log that
   * cannot be written loses the line, never the lead.
   */
  record(entry: DeliveryLogEntry): void;
  /** Resolves once every entry recorded so far is written (tests, shutdown). */
  flushed(): Promise<void>;
}

/** A body larger than this is kept cut short: the log is for reading, not for replaying. */
const MAX_BODY_CHARS = 64 * 1024;

/**
 * Writes log entries in batches (group commit: entries that arrive together cost one statement),
 * then drops each assistant's entries beyond the newest RECENT_DELIVERIES.
 */
export function createDeliveryLog(db: Database, logger: Logger): DeliveryLog {
  const write = createGroupCommit(
    async (entries: DeliveryLogEntry[]) => {
      await db.insert(sourceDeliveries).values(
        entries.map((entry) => ({
          organizationId: entry.organizationId,
          assistantId: entry.assistantId,
          result: entry.result,
          detail: entry.detail?.slice(0, 1000) ?? null,
          httpStatus: entry.httpStatus,
          submissionId: entry.submissionId,
          contentType: entry.contentType?.slice(0, 200) ?? null,
          body: entry.body === "" ? null : entry.body.slice(0, MAX_BODY_CHARS),
          bodyBytes: Buffer.byteLength(entry.body, "utf8"),
        })),
      );
      const assistants = [...new Set(entries.map((entry) => entry.assistantId))];
      await db.execute(sql`
        delete from source_deliveries where id in (
          select old.id from unnest(${sql.param(assistants)}::uuid[]) as a(id)
          cross join lateral (
            select id from source_deliveries where assistant_id = a.id
            order by received_at desc, id desc offset ${RECENT_DELIVERIES} limit 1000
          ) old
        )`);
      return entries.map(() => undefined);
    },
    { maxBatch: 200 },
  );
  const pending = new Set<Promise<void>>();
  return {
    record(entry) {
      const written = write(entry).catch((error: unknown) => {
        logger.warn(
          { err: error, assistantId: entry.assistantId },
          "A delivery log entry was lost",
        );
      });
      pending.add(written);
      void written.finally(() => pending.delete(written));
    },
    async flushed() {
      await Promise.all([...pending]);
    },
  };
}

/** The newest requests to an assistant's URL, with the call each led to. */
export async function recentDeliveries(
  db: Database,
  scope: { organizationId: string; assistantId: string },
): Promise<SourceDelivery[]> {
  const rows = await db
    .select({
      id: sourceDeliveries.id,
      receivedAt: sourceDeliveries.receivedAt,
      result: sourceDeliveries.result,
      detail: sourceDeliveries.detail,
      httpStatus: sourceDeliveries.httpStatus,
      contentType: sourceDeliveries.contentType,
      body: sourceDeliveries.body,
      bodyBytes: sourceDeliveries.bodyBytes,
      // The lead's first call (Call Records opens a lead's calls from any of them).
      callRecordId: sql<string | null>`(
        select c.id from call_records c
        where c.submission_id = ${sourceDeliveries.submissionId}
          and c.organization_id = ${sourceDeliveries.organizationId}
        order by c.call_attempt limit 1)`,
    })
    .from(sourceDeliveries)
    .where(
      and(
        eq(sourceDeliveries.organizationId, scope.organizationId),
        eq(sourceDeliveries.assistantId, scope.assistantId),
      ),
    )
    .orderBy(desc(sourceDeliveries.receivedAt), desc(sourceDeliveries.id))
    .limit(RECENT_DELIVERIES);
  return rows.map((row) => ({
    ...row,
    result: row.result as DeliveryResult,
    receivedAt: row.receivedAt.toISOString(),
  }));
}

/** Forgets request bodies older than DELIVERY_BODY_DAYS (the lines themselves stay). */
export async function forgetOldDeliveryBodies(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - DELIVERY_BODY_DAYS * 86_400_000);
  const forgotten = await db
    .update(sourceDeliveries)
    .set({ body: null })
    .where(and(isNotNull(sourceDeliveries.body), lt(sourceDeliveries.receivedAt, cutoff)));
  return forgotten.rowCount ?? 0;
}
