import type { JobInsertSql } from "../../queue/job-insert.ts";
import { PLACE_CALL_RETRIES } from "./call-engine.ts";

/**
 * The call engine's statements for first attempts, to embed in a statement that writes their
 * submissions (the ingest statement: ADR 0021). The engine owns what an attempt and its
 * calls.place job are — here and in createAttemptQueue for later attempts — so ingest never
 * writes either by itself.
 *
 * `rows`: an SQL relation (a CTE's name or a subquery) with organization_id, submission_id,
 * assistant_id, scheduled_for and an ordering column `n`, one row per callable submission just
 * written. The fragments are data-modifying CTE bodies, in this order:
 * - `attempt`: `insert into call_records … returning id, submission_id, scheduled_for` (attempt 1,
 *   scheduled, in assistant order so that concurrent statements take the counters' rows in one
 *   order);
 * - `job`: pg-boss's own insert of each attempt's calls.place job, reading `attempt`;
 * - `jobNotified`: wakes a worker when one of them is due now.
 */
export function firstAttemptStatements(input: {
  rows: string;
  attempt: string;
  job: string;
  placeCall: JobInsertSql;
}): { attempt: string; job: string; jobNotified: string } {
  const { rows, attempt, job, placeCall } = input;
  return {
    attempt: `insert into call_records (organization_id, submission_id, assistant_id, call_attempt,
        status, dial_state, scheduled_for)
      select r.organization_id, r.submission_id, r.assistant_id, 1, 'scheduled', 'scheduled',
        r.scheduled_for
      from ${rows} r
      order by r.assistant_id, r.n
      returning id, submission_id, scheduled_for`,
    job: placeCall.insertFrom(`select coalesce(jsonb_agg(jsonb_build_object('data',
          jsonb_build_object('attemptId', t.id), 'singletonKey', t.id, 'startAfter',
          t.scheduled_for) || '${JSON.stringify(PLACE_CALL_RETRIES)}'::jsonb), '[]')
          from ${attempt} t`),
    jobNotified: placeCall.notify
      ? `select ${placeCall.notify} from (select 1 from ${job} limit 1) j
            where exists (select 1 from ${attempt} where scheduled_for <= now())`
      : "select 1 where false",
  };
}
