// pg-boss's own statement builders: the package has no exports map, and these are the functions
// its send() and insert() use, so a job written through them is the job pg-boss would write.
import { insertJobs, notifyChannelSql } from "pg-boss/dist/plans.js";
import { QUEUE_SCHEMA, type Queue } from "./queue.ts";

/** Where pg-boss's insert reads its jobs from (`json_to_recordset($1::text::json)`). */
const JOBS_PARAMETER = "$1::text::json";

/**
 * A queue's job insert as SQL to embed in another statement (ADR 0021): a job that
 * must exist exactly when some row does is written by the statement that writes the row —
 * committed with it or not at all, with no second round trip.
 */
export interface JobInsertSql {
  /**
   * pg-boss's `INSERT … RETURNING id` for the queue, reading its jobs from `jobsJson`: an SQL
   * expression giving a JSON array of pg-boss job objects (`data`, `singletonKey`, `startAfter`,
   * `retryLimit`… as `insert()` takes them). Usable as a data-modifying CTE.
   */
  insertFrom(jobsJson: string): string;
  /**
   * `pg_notify(...)` that wakes the queue's workers at once, as pg-boss's own send does for a
   * queue with `notify`; null when the queue does not notify.
   */
  notify: string | null;
}

/**
 * Builds a queue's insert from the installed pg-boss (its table comes from the queue's row, so
 * the queue must exist: ensureQueues). Throws if pg-boss's statement no longer reads its jobs the
 * way this expects — an upgrade must fail loudly here, not write jobs pg-boss cannot read
 * (job-insert.int.test.ts compares a job written this way with one pg-boss writes itself).
 */
export async function jobInsertSql(boss: Queue, name: string): Promise<JobInsertSql> {
  const queue = await boss.getQueue(name);
  if (!queue) throw new Error(`Queue ${name} does not exist`);
  const text = insertJobs(QUEUE_SCHEMA, { table: queue.table, name, returnId: true });
  if (text.split(JOBS_PARAMETER).length !== 2 || /\$[2-9]/.test(text)) {
    throw new Error(
      `pg-boss's job insert no longer takes its jobs as ${JOBS_PARAMETER} alone: ` +
        "check queue/job-insert.ts against the installed pg-boss",
    );
  }
  return {
    // A replacement function: a string would read `$$` (dollar quoting) or `$&` in the query as
    // replacement patterns.
    insertFrom: (jobsJson) => text.replace(JOBS_PARAMETER, () => `(${jobsJson})::text::json`),
    notify: queue.notify ? `pg_notify(${notifyChannelSql(QUEUE_SCHEMA)}, '${name}')` : null,
  };
}
