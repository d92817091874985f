import { sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import type { RecordingStoreName } from "../../db/schema/index.ts";
import type { Logger } from "../../lib/logger.ts";
import type { RecordingStores } from "../../providers/storage/recording-store.ts";
import { MAX_RECORDING_BYTES } from "../../providers/voice/voice-provider.ts";

/**
 * Deletes the stored objects that no call record names any more. The database
 * queues them (the trigger in migration 0025: a call record deleted — by a member, with its
 * assistant or organization, by retention — or moved to another store); this takes a batch,
 * deletes each object from its store, and only then drops the request, in one transaction, so a
 * crash half-way repeats deletions rather than forgets them. Several workers take different
 * batches (skip locked). An object a row names again (moved back) is kept.
 */
export async function purgeReleasedRecordings(
  db: Database,
  stores: RecordingStores,
  logger: Logger,
  options: { batch?: number } = {},
): Promise<{ deleted: number; kept: number; waiting: number }> {
  const batch = options.batch ?? 100;
  let deleted = 0;
  let kept = 0;
  let waiting = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{
        id: number;
        store: RecordingStoreName;
        key: string;
        named: boolean;
      }>(sql`
        select d.id, d.store, d.key, exists (
          select 1 from call_records c
          where c.recording_key = d.key and coalesce(c.recording_store, 'local') = d.store
        ) as named
        from recording_deletions d
        order by d.id
        limit ${batch}
        for update of d skip locked`);
      const finished: number[] = [];
      for (const row of rows) {
        const store = stores.get(row.store);
        if (row.named) {
          kept++;
        } else if (!store) {
          // Not reachable from this process (an S3 store without S3_BUCKET): left for one that is.
          waiting++;
          continue;
        } else {
          await store.delete(row.key);
          deleted++;
        }
        finished.push(Number(row.id));
      }
      if (finished.length > 0) {
        await tx.execute(
          sql`delete from recording_deletions where id in (${sql.join(
            finished.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
      }
      return rows.length < batch || finished.length === 0;
    });
    if (done) break;
  }
  if (deleted + kept + waiting > 0) {
    logger.info({ deleted, kept, waiting }, "Deleted recordings no call record names any more");
  }
  return { deleted, kept, waiting };
}

export interface MigrationProgress {
  /** Stored recordings not yet in the target store when the run started. */
  total: number;
  moved: number;
  /** Rows whose object their store does not hold (e.g. another machine's disk): left as they are. */
  missing: number;
  failed: number;
}

/**
 * Moves stored recordings into another store (`npm run recordings:migrate -- --to s3`): each
 * object is copied, then its row names the new store (the old copy is queued for deletion by
 * the trigger and deleted by purgeReleasedRecordings). Resumable: a run picks up whatever is not
 * in the target yet, in key order; a crash between the copy and the update copies once more.
 * Playback never breaks: until its row moves, a recording plays from where it was.
 */
export async function migrateRecordings(
  db: Database,
  stores: RecordingStores,
  options: {
    to: RecordingStoreName;
    /** Only from this store; default: every other store. */
    from?: RecordingStoreName;
    concurrency?: number;
    onProgress?: (progress: MigrationProgress) => void;
    logger: Logger;
  },
): Promise<MigrationProgress> {
  const target = stores.get(options.to);
  if (!target) throw new Error(`The ${options.to} recording store is not configured`);
  const fromFilter = options.from
    ? sql`coalesce(recording_store, 'local') = ${options.from}`
    : sql`coalesce(recording_store, 'local') <> ${options.to}`;
  const [{ total }] = (
    await db.execute<{ total: number }>(
      sql`select count(*)::int as total from call_records where recording_key is not null and ${fromFilter}`,
    )
  ).rows as [{ total: number }];
  const progress: MigrationProgress = { total, moved: 0, missing: 0, failed: 0 };
  options.onProgress?.({ ...progress });
  const concurrency = options.concurrency ?? 4;
  let after = "";
  for (;;) {
    const { rows } = await db.execute<{
      id: string;
      key: string;
      store: RecordingStoreName;
    }>(sql`
      select id, recording_key as key, coalesce(recording_store, 'local') as store
      from call_records
      where recording_key is not null and recording_key > ${after} and ${fromFilter}
      order by recording_key
      limit ${concurrency * 8}`);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.key;
    for (let i = 0; i < rows.length; i += concurrency) {
      await Promise.all(
        rows.slice(i, i + concurrency).map(async (row) => {
          const outcome = await moveOne(db, stores, row, options.to).catch((error: unknown) => {
            options.logger.error({ err: error, callRecordId: row.id }, "Recording not moved");
            return "failed" as const;
          });
          progress[outcome]++;
        }),
      );
      options.onProgress?.({ ...progress });
    }
  }
  return progress;
}

async function moveOne(
  db: Database,
  stores: RecordingStores,
  row: { id: string; key: string; store: RecordingStoreName },
  to: RecordingStoreName,
): Promise<"moved" | "missing"> {
  const source = stores.get(row.store);
  const target = stores.get(to)!;
  if (!source || (await source.size(row.key)) === null) return "missing";
  await target.put(row.key, source.read(row.key), { maxBytes: MAX_RECORDING_BYTES });
  // Only if nothing moved or removed it meanwhile; the trigger queues the old copy's deletion.
  const updated = await db.execute(sql`
    update call_records set recording_store = ${to}
    where id = ${row.id} and recording_key = ${row.key}
      and coalesce(recording_store, 'local') = ${row.store}`);
  if (updated.rowCount === 0) {
    // The row went (or moved) meanwhile: the new copy is nobody's; the purge job deletes it.
    await db.execute(sql`insert into recording_deletions (store, key) values (${to}, ${row.key})`);
  }
  return "moved";
}
