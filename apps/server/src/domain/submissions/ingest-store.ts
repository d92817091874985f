import { sql } from "drizzle-orm";
import { type Database, executePrepared } from "../../db/database.ts";
import { createGroupCommit } from "../../lib/group-commit.ts";
import type { Logger } from "../../lib/logger.ts";
import { type JobInsertSql, jobInsertSql } from "../../queue/job-insert.ts";
import type { Queue } from "../../queue/queue.ts";
import { firstAttemptStatements } from "../calls/attempt-statements.ts";
import { PLACE_CALL_JOB } from "../calls/call-engine.ts";
import { WEBHOOK_DELIVERIES_CHANNEL } from "../webhooks/emit-webhook-event.ts";

/** One delivery, checked and evaluated, ready to store (ids and the event made beforehand). */
export interface IngestRow {
  submissionId: string;
  assistantId: string;
  formId: string;
  provider: string;
  responseId: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  status: string;
  /** form_submissions.answers and .consent. */
  answers: unknown;
  consent: unknown;
  submittedAt: string | null;
  /**
   * Whether it gets a first call attempt, due at `scheduledFor` — and its calls.place job, in
   * the same statement.
   */
  callable: boolean;
  scheduledFor: string | null;
  /** submission.received for the organization's endpoints: stored only with the submission. */
  event: { messageId: string; payload: unknown; at: string };
}

export interface IngestStored {
  /** The assistant was still active (and on this form) when the row was written. */
  active: boolean;
  /** Null: a repeat of a response already stored. */
  submissionId: string | null;
  status: string | null;
  /** The first attempt, stored with its calls.place job (null: not callable, or a repeat). */
  attemptId: string | null;
  scheduledFor: Date | null;
}

export interface IngestStore {
  store(row: IngestRow): Promise<IngestStored>;
}

/** Deliveries per statement at most. */
const MAX_BATCH = 64;
/**
 * Statements on their way at once: one batch's rows are written by one database session, so a
 * single statement at a time would leave the database's other cores idle.
 */
const MAX_IN_FLIGHT = 2;

/**
 * Group commit for ingest: deliveries that arrive while a statement is on its way
 * are stored together by the next one — each still with its submission, its first attempt, that
 * attempt's calls.place job and its webhook deliveries, or none of them — so a burst costs a few
 * round trips and commits instead of one each. Alone, a delivery goes at once. If a batch fails,
 * its deliveries are stored one by one, so one delivery can never fail another.
 */
export function createIngestStore(db: Database, logger: Logger, queue: Queue): IngestStore {
  // pg-boss's job insert for calls.place, read from the queue on first use (the queue exists by
  // then: every role creates the queues at start), again after a failure.
  let placeCall: Promise<JobInsertSql> | null = null;
  const write = async (rows: IngestRow[]) => {
    placeCall ??= jobInsertSql(queue, PLACE_CALL_JOB);
    const job = await placeCall.catch((error: unknown) => {
      placeCall = null;
      throw error;
    });
    return storeRows(db, job, rows);
  };
  const store = createGroupCommit(write, {
    maxBatch: MAX_BATCH,
    maxInFlight: MAX_IN_FLIGHT,
    retrySingly: {
      onBatchFailed: (error, size) =>
        logger.warn({ err: error, size }, "A batch of deliveries failed; storing one by one"),
    },
  });
  return { store };
}

/**
 * One statement for any number of deliveries: the assistant must still be active at this moment
 * (a deactivation is never missed because of the assistant cache); a repeated response id
 * inserts nothing (the unique index; the pre-made submission id tells which row was stored);
 * rows go in assistant order, so concurrent batches take the counters' rows in one order.
 * A first attempt and its calls.place job come from the call engine's statement builder
 * (calls/attempt-statements.ts): pg-boss's own insert reading the attempts this statement wrote,
 * so a stored attempt always has its job — no enqueue to lose after the commit — and the job
 * wakes a worker when the statement commits.
 * Prepared: parsed and planned once per connection.
 */
async function storeRows(
  db: Database,
  placeCall: JobInsertSql,
  rows: IngestRow[],
): Promise<IngestStored[]> {
  const input = rows.map((r, n) => ({
    n,
    submission_id: r.submissionId,
    assistant_id: r.assistantId,
    form_id: r.formId,
    provider: r.provider,
    response_id: r.responseId,
    name: r.name,
    email: r.email,
    phone: r.phone,
    status: r.status,
    answers: r.answers,
    consent: r.consent ?? null,
    submitted_at: r.submittedAt,
    callable: r.callable,
    scheduled_for: r.scheduledFor,
    message_id: r.event.messageId,
    payload: r.event.payload,
    at: r.event.at,
  }));
  // Attempt 1 and its calls.place job, as the call engine writes them.
  const attempts = firstAttemptStatements({
    rows: "callable",
    attempt: "attempt",
    job: "job",
    placeCall,
  });
  const { rows: result } = await executePrepared<{
    n: number;
    active: boolean;
    submission_id: string | null;
    status: string | null;
    attempt_id: string | null;
    scheduled_for: Date | string | null;
  }>(
    db,
    "ingest-deliveries",
    sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as i(n int,
        submission_id uuid, assistant_id uuid, form_id text, provider text, response_id text,
        name text, email text, phone text, status text, answers jsonb, consent jsonb,
        submitted_at timestamptz, callable boolean, scheduled_for timestamptz, message_id text,
        payload jsonb, at timestamptz)
    ), active as (
      select i.*, a.organization_id from input i
      join form_assistants a on a.id = i.assistant_id and a.is_active and a.form_id = i.form_id
    ), submission as (
      insert into form_submissions (id, organization_id, assistant_id, provider, form_id,
        provider_response_id, respondent_name, respondent_email, respondent_phone_number, status,
        answers, consent, submitted_at, is_test)
      select submission_id, organization_id, assistant_id, provider, form_id, response_id, name,
        email, phone, status, answers, consent, submitted_at, status = 'test_lead'
      from active order by assistant_id, n
      on conflict do nothing
      returning id, status
    ), callable as (
      select a.organization_id, s.id as submission_id, a.assistant_id, a.scheduled_for, a.n
      from submission s join active a on a.submission_id = s.id
      where a.callable
    ), attempt as (
      ${sql.raw(attempts.attempt)}
    ), deliveries as (
      insert into webhook_deliveries (organization_id, endpoint_id, message_id, event_type,
        payload, next_attempt_at, created_at)
      select w.organization_id, w.id, a.message_id, 'submission.received', a.payload, a.at, a.at
      from submission s join active a on a.submission_id = s.id and a.status <> 'test_lead'
      join webhook_endpoints w on w.organization_id = a.organization_id and w.enabled
        and 'submission.received' = any(w.events)
      returning 1
    ), notified as (
      select pg_notify(${WEBHOOK_DELIVERIES_CHANNEL}, '') from (select 1 from deliveries limit 1) d
    ), job as (
      ${sql.raw(attempts.job)}
    ), job_notified as (
      ${sql.raw(attempts.jobNotified)}
    )
    select i.n, a.n is not null as active, s.id as submission_id, s.status,
      t.id as attempt_id, t.scheduled_for,
      (select count(*) from notified) + (select count(*) from job_notified) as notified
    from input i
    left join active a on a.n = i.n
    left join submission s on s.id = i.submission_id
    left join attempt t on t.submission_id = i.submission_id
    order by i.n`,
  );
  return result.map((r) => ({
    active: r.active,
    submissionId: r.submission_id,
    status: r.status,
    attemptId: r.attempt_id,
    scheduledFor: r.scheduled_for === null ? null : new Date(r.scheduled_for),
  }));
}
