import type {
  CallStatus,
  ConsentEvidence,
  EndedReason,
  LeadOutcome,
  Outcomes,
} from "@ringback/contracts";
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { formAssistants } from "./forms.ts";
import { tenant } from "./organizations.ts";
import type { RecordingStoreName } from "./recordings.ts";
import { voiceConnections } from "./voice.ts";

/**
 * call_scheduled: accepted and a call is (or was) placed — these count as calls.
 * not_available / invalid_phone: stored with the reason, never called.
 * test_lead: the source marked it a test (Google Ads' "Send test data"): stored and shown in
 * "Recent deliveries", never called, no submission.received event, not in the dashboard's counts.
 * too_old: submitted longer ago than the assistant's "call leads up to N hours old": not called.
 */
export const submissionStatuses = [
  "call_scheduled",
  "not_available",
  "invalid_phone",
  "test_lead",
  "too_old",
] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];

export const formSubmissions = pgTable(
  "form_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenant(),
    assistantId: uuid("assistant_id").references(() => formAssistants.id, { onDelete: "set null" }),
    provider: text("provider").notNull().default("typeform"),
    formId: text("form_id").notNull(),
    /** The provider's response id (Typeform's form_response.token): the de-duplication key. */
    providerResponseId: text("provider_response_id").notNull(),
    respondentName: text("respondent_name"),
    respondentEmail: text("respondent_email"),
    respondentPhoneNumber: text("respondent_phone_number"),
    status: text("status").$type<SubmissionStatus>().notNull(),
    answers: jsonb("answers").notNull().default({}),
    /**
     * What the person agreed to, written once at ingest and never changed (a
     * trigger refuses it): null for submissions from before.
     */
    consent: jsonb("consent").$type<ConsentEvidence>(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    /**
     * A "Call me now" test call to a team member's own phone, not a lead: listed in
     * Call Records as a test, left out of the dashboard's stats and charts, never retried.
     */
    isTest: boolean("is_test").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("form_submissions_dedupe_idx").on(
      t.organizationId,
      t.provider,
      t.formId,
      t.providerResponseId,
    ),
    index("form_submissions_org_created_idx").on(t.organizationId, t.createdAt.desc(), t.id.desc()),
    index("form_submissions_assistant_status_idx").on(t.assistantId, t.status),
    // A number's submissions: the do-not-call cancelation, the per-number cap and the public
    // opt-out (which organizations called it).
    index("form_submissions_phone_idx").on(t.respondentPhoneNumber, t.organizationId),
  ],
);

export { type CallStatus, callStatuses } from "@ringback/contracts";

export const callRecords = pgTable(
  "call_records",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenant(),
    submissionId: uuid("submission_id").references(() => formSubmissions.id, {
      onDelete: "set null",
    }),
    assistantId: uuid("assistant_id").references(() => formAssistants.id, { onDelete: "set null" }),
    callAttempt: integer("call_attempt").notNull().default(1),
    /** Where the call is or how it ended (contracts' call-status.ts, ADR 0025). */
    status: text("status").$type<CallStatus>().notNull(),
    /** Why it ended or was not placed; null while it is pending or when the platform did not say. */
    endedReason: text("ended_reason").$type<EndedReason>(),
    /** Seconds. */
    duration: integer("duration"),
    /** Where the provider offers the recording (we copy it; browsers never see this URL). */
    recordingUrl: text("recording_url"),
    /** Our copy in the RecordingStore, once fetched (`{organizationId}/{id}`). */
    recordingKey: text("recording_key"),
    /**
     * Which RecordingStore holds it: local, postgres or s3. Null on rows copied
     * before stores had names: those are on local disk.
     */
    recordingStore: text("recording_store").$type<RecordingStoreName>(),
    recordingContentType: text("recording_content_type"),
    recordingBytes: integer("recording_bytes"),
    callSummary: text("call_summary"),
    transcriptJson: jsonb("transcript_json"),
    /** The provider's answers to the assistant's outcome questions, by key. */
    outcomes: jsonb("outcomes").$type<Outcomes>(),
    voiceProvider: text("voice_provider"),
    /**
     * The organization's voice connection the attempt was placed with (null: the
     * installation's default): its webhooks, reconciliation and recording use that connection's
     * credentials even after the organization changes provider.
     */
    voiceConnectionId: uuid("voice_connection_id").references(() => voiceConnections.id, {
      onDelete: "set null",
    }),
    /** Placed through the call simulator (no real phone was called). */
    simulated: boolean("simulated").notNull().default(false),
    /** A test call: copied from its submission. */
    isTest: boolean("is_test").notNull().default(false),
    /** While not final: queued, ringing or in-progress, as the provider last said. */
    livePhase: text("live_phase").$type<"queued" | "ringing" | "in-progress">(),
    providerCallId: text("provider_call_id").unique(),
    /**
     * Where the attempt is in dialing: scheduled (waiting for its time or calling window),
     * dialing (a worker asked the provider; if it died here, reconcile before dialing again),
     * dialed (the provider has the call), canceled (never dialled: deactivated, blocked). `status`
     * is what the call's record says (scheduled, dialling, then the provider's news).
     */
    dialState: text("dial_state")
      .$type<"scheduled" | "dialing" | "dialed" | "canceled">()
      .notNull()
      .default("scheduled"),
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }).notNull().defaultNow(),
    dialRequestedAt: timestamp("dial_requested_at", { withTimezone: true }),
    answeredBy: text("answered_by"),
    errorMessage: text("error_message"),
    /** The provider sent its final word; later, older webhooks must not change the record. */
    finalAt: timestamp("final_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("call_records_org_created_idx").on(t.organizationId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex("call_records_submission_attempt_idx").on(t.submissionId, t.callAttempt),
    // The sweeper finds due attempts without scanning finished ones.
    // The sweeper finds recent recordings not yet copied.
    index("call_records_recording_pending_idx")
      .on(t.finalAt)
      .where(sql`${t.recordingUrl} is not null and ${t.recordingKey} is null`),
    // Stored recordings by key (the deletion job's "still named?" check, recordings:migrate) and
    // by age per organization (retention).
    index("call_records_recording_key_idx")
      .on(t.recordingKey)
      .where(sql`${t.recordingKey} is not null`),
    index("call_records_recording_age_idx")
      .on(t.organizationId, t.finalAt)
      .where(sql`${t.recordingKey} is not null`),
    index("call_records_transcript_age_idx")
      .on(t.organizationId, t.finalAt)
      .where(sql`${t.transcriptJson} is not null`),
    // A retired voice connection's calls still open (its keys are kept until there are none).
    index("call_records_connection_open_idx")
      .on(t.voiceConnectionId)
      .where(sql`${t.finalAt} is null and ${t.voiceConnectionId} is not null`),
    index("call_records_due_idx")
      .on(t.scheduledFor)
      .where(sql`${t.dialState} in ('scheduled', 'dialing')`),
  ],
);

/**
 * Call Records' read model: one row per group of attempts — a submission's, or a call
 * record without a submission on its own — with what the page lists, filters, sorts and
 * searches by. Kept by database triggers on call_records (migration 0010), so every writer keeps
 * it right; never written by application code.
 */
export const callGroups = pgTable(
  "call_groups",
  {
    /** The submission's id, or the call record's id when it has no submission. */
    id: uuid("id").primaryKey(),
    organizationId: tenant(),
    submissionId: uuid("submission_id").references(() => formSubmissions.id, {
      onDelete: "cascade",
    }),
    assistantId: uuid("assistant_id").references(() => formAssistants.id, { onDelete: "set null" }),
    assistantName: text("assistant_name"),
    formTitle: text("form_title"),
    respondentName: text("respondent_name"),
    respondentEmail: text("respondent_email"),
    respondentPhoneNumber: text("respondent_phone_number"),
    /**
     * What the search box matches (trigram index): lower(name, email, form title), the phone's
     * digits and the text of the submitted answers (ringback_call_group_search_text).
     */
    searchText: text("search_text").notNull().default(""),
    attemptCount: integer("attempt_count").notNull(),
    /** Attempts handed to a voice platform: not scheduled, canceled or not called (migration 0033). */
    dialledCount: integer("dialled_count").notNull().default(0),
    latestCallId: uuid("latest_call_id").notNull(),
    latestStatus: text("latest_status").$type<CallStatus>().notNull(),
    /** What all the group's attempts came to (ringback_lead_outcome, migration 0031). */
    leadOutcome: text("lead_outcome").$type<LeadOutcome>().notNull().default("not-reached-yet"),
    /** Every status the group's attempts have (the status filter finds earlier attempts too). */
    attemptStatuses: text("attempt_statuses")
      .array()
      .$type<CallStatus[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** When the latest attempt was created (to the millisecond): Newest First / Oldest First. */
    latestCallAt: timestamp("latest_call_at", { withTimezone: true }).notNull(),
    /** Seconds, all attempts: 'Duration'. */
    totalDuration: integer("total_duration").notNull().default(0),
    /** The answers of the group's latest call that has some (filterable: GIN, jsonb_path_ops). */
    outcomes: jsonb("outcomes").$type<Outcomes>(),
    /** A test call's group: shown marked, left out of the dashboard. */
    isTest: boolean("is_test").notNull().default(false),
  },
  (t) => [
    index("call_groups_org_latest_idx").on(t.organizationId, t.latestCallAt, t.id),
    index("call_groups_org_status_latest_idx").on(
      t.organizationId,
      t.latestStatus,
      t.latestCallAt,
      t.id,
    ),
    index("call_groups_org_duration_idx").on(
      t.organizationId,
      t.totalDuration,
      t.latestCallAt,
      t.id,
    ),
    index("call_groups_org_status_duration_idx").on(
      t.organizationId,
      t.latestStatus,
      t.totalDuration,
      t.latestCallAt,
      t.id,
    ),
    // The same four orders within one assistant (the assistant filter).
    index("call_groups_org_assistant_latest_idx").on(
      t.organizationId,
      t.assistantId,
      t.latestCallAt,
      t.id,
    ),
    index("call_groups_org_assistant_status_latest_idx").on(
      t.organizationId,
      t.assistantId,
      t.latestStatus,
      t.latestCallAt,
      t.id,
    ),
    index("call_groups_org_assistant_duration_idx").on(
      t.organizationId,
      t.assistantId,
      t.totalDuration,
      t.latestCallAt,
      t.id,
    ),
    index("call_groups_org_assistant_status_duration_idx").on(
      t.organizationId,
      t.assistantId,
      t.latestStatus,
      t.totalDuration,
      t.latestCallAt,
      t.id,
    ),
    index("call_groups_org_lead_outcome_latest_idx").on(
      t.organizationId,
      t.leadOutcome,
      t.latestCallAt,
      t.id,
    ),
    index("call_groups_attempt_statuses_idx").using("gin", t.attemptStatuses),
    // Outcome filters ("Qualified?" yes): containment (outcomes @> '{"qualified": true}').
    index("call_groups_outcomes_idx").using("gin", t.outcomes.op("jsonb_path_ops")),
  ],
);

/** call_group_counts' and call_group_day_counts' key for groups without an assistant. */
export const NO_ASSISTANT_KEY = "00000000-0000-0000-0000-000000000000";

/**
 * How many call groups an organization has per assistant and latest status, for Call Records'
 * totals without counting 400,000 rows per page view. Kept by a trigger on call_groups
 * (migrations 0013, 0019); spread over 16 shards per status so that concurrent calls of one
 * organization do not queue on one counter row. A total is the sum of its rows.
 */
export const callGroupCounts = pgTable(
  "call_group_counts",
  {
    organizationId: tenant(),
    /** The group's assistant, or NO_ASSISTANT_KEY. */
    assistantKey: uuid("assistant_key").notNull().default(NO_ASSISTANT_KEY),
    latestStatus: text("latest_status").$type<CallStatus>().notNull(),
    shard: integer("shard").notNull(),
    groups: integer("groups").notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.assistantKey, t.latestStatus, t.shard] })],
);

/**
 * The same counts per UTC day of the group's latest call, for totals of a date range:
 * the whole days inside a range are summed here, and only the partial days at its ends (a
 * range starts at midnight in the user's time zone) are counted in call_groups. Kept by the
 * same trigger (migration 0019).
 */
export const callGroupDayCounts = pgTable(
  "call_group_day_counts",
  {
    organizationId: tenant(),
    assistantKey: uuid("assistant_key").notNull(),
    /** (latest_call_at at time zone 'UTC')::date */
    day: date("day", { mode: "string" }).notNull(),
    latestStatus: text("latest_status").$type<CallStatus>().notNull(),
    shard: integer("shard").notNull(),
    groups: integer("groups").notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.organizationId, t.assistantKey, t.day, t.latestStatus, t.shard],
    }),
    index("call_group_day_counts_org_day_idx").on(t.organizationId, t.day),
  ],
);

/**
 * The dashboard's calls: how many call records an organization has per 15-minute
 * UTC bin of their creation, assistant and status, so that a month's calls per day in any time
 * zone are a sum of ~2,900 bins rather than a pass over a million rows. Kept by a trigger on
 * call_records (migration 0023); spread over 16 shards per key so that concurrent calls of one
 * organization do not queue on one counter row, and folded into shard 0 once a bin is a day old
 * (ringback_fold_dashboard_counts, the dashboard.fold-counters job), so that a month is read in
 * about one row per key. A total is the sum of its rows.
 */
export const callRecordBinCounts = pgTable(
  "call_record_bin_counts",
  {
    organizationId: tenant(),
    /** date_bin('15 minutes', call_records.created_at, '2000-01-01 00:00:00+00') */
    bin: timestamp("bin", { withTimezone: true }).notNull(),
    /** The call's assistant, or NO_ASSISTANT_KEY. */
    assistantKey: uuid("assistant_key").notNull(),
    status: text("status").$type<CallStatus>().notNull(),
    /** The writing session's ((pg_backend_pid() & 15) + 1, migration 0029); 0 holds the folded calls. */
    shard: integer("shard").notNull(),
    calls: integer("calls").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.bin, t.assistantKey, t.status, t.shard] }),
    // What the fold has still to do: the shards of the last day (and late changes to older bins).
    index("call_record_bin_counts_unfolded_idx").on(t.bin).where(sql`${t.shard} <> 0`),
  ],
);

/**
 * The dashboard's yes/no outcome answers per lead: for each call group's latest
 * answers (call_groups.outcomes), how many leads said yes and no to each boolean question, per
 * 15-minute UTC bin of the group's latest call and the group's assistant. Kept by a trigger on
 * call_groups (migration 0023), sharded and folded as call_record_bin_counts is.
 */
export const callGroupOutcomeCounts = pgTable(
  "call_group_outcome_counts",
  {
    organizationId: tenant(),
    /** date_bin('15 minutes', call_groups.latest_call_at, '2000-01-01 00:00:00+00') */
    bin: timestamp("bin", { withTimezone: true }).notNull(),
    /** The group's assistant, or NO_ASSISTANT_KEY. */
    assistantKey: uuid("assistant_key").notNull(),
    /** The outcome question's key (OutcomeQuestion.key). */
    outcomeKey: text("outcome_key").notNull(),
    /** The writing session's ((pg_backend_pid() & 15) + 1, migration 0029); 0 holds the folded leads. */
    shard: integer("shard").notNull(),
    yes: integer("yes").notNull(),
    no: integer("no").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.bin, t.assistantKey, t.outcomeKey, t.shard] }),
    index("call_group_outcome_counts_unfolded_idx").on(t.bin).where(sql`${t.shard} <> 0`),
  ],
);
