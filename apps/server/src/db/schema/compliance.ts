import {
  type DoNotCallSource,
  MAX_CALLS_PER_NUMBER_PER_DAY_DEFAULT,
  RECORDING_RETENTION_DAYS_DEFAULT,
} from "@ringback/contracts";
import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { callRecords } from "./calls.ts";
import { organizations, tenant } from "./organizations.ts";

export type { DoNotCallSource } from "@ringback/contracts";

/**
 * An organization's do-not-call list: one row per number (E.164), with who or what added it,
 * when, and the call it was heard on, if any. Removing a number deletes its row; the audit trail
 * keeps what it was.
 */
export const doNotCallEntries = pgTable(
  "do_not_call_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenant(),
    /** E.164, e.g. +14155550123. */
    phoneNumber: text("phone_number").notNull(),
    reason: text("reason").notNull(),
    source: text("source").$type<DoNotCallSource>().notNull(),
    /** The member who added it (manual, import); null for a call or the public opt-out page. */
    addedByUserId: text("added_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The call on which the person asked not to be called again. */
    callRecordId: uuid("call_record_id").references(() => callRecords.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One entry per number; the pre-dial check is an index lookup.
    uniqueIndex("do_not_call_entries_org_phone_idx").on(t.organizationId, t.phoneNumber),
    // The list, newest first, paged.
    index("do_not_call_entries_org_created_idx").on(
      t.organizationId,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // Search by any part of the number or the reason (pg_trgm).
    index("do_not_call_entries_search_idx").using(
      "gin",
      sql`(${t.phoneNumber} || ' ' || lower(${t.reason})) gin_trgm_ops`,
    ),
  ],
);

/**
 * Per-organization call rules that are not an assistant's: the per-number cap across
 * all assistants. A missing row means the defaults.
 */
export const organizationCallSettings = pgTable("organization_call_settings", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  /** At most this many dials to one number in any 24 hours, across all assistants. */
  maxCallsPerNumberPerDay: integer("max_calls_per_number_per_day")
    .notNull()
    .default(MAX_CALLS_PER_NUMBER_PER_DAY_DEFAULT),
  /**
   * Days after a call its recording and its transcript are deleted; null: kept
   * forever. (An organization without a row: recordings 90 days, transcripts forever.)
   */
  recordingRetentionDays: integer("recording_retention_days").default(
    RECORDING_RETENTION_DAYS_DEFAULT,
  ),
  transcriptRetentionDays: integer("transcript_retention_days"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The audit trail: do-not-call changes, assistant activations and deactivations, changes to
 * assistants' settings, call limits, retention, API keys, the team and the voice provider — who,
 * when, before → after.
 * Append-only (a trigger refuses updates and deletes other than the organization's removal).
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenant(),
    /** The member who did it; null when Ringback did (a call's opt-out, the opt-out page). */
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Who did it, as it should read even after the user is gone ("Ana Costa", "A call"). */
    actorLabel: text("actor_label").notNull(),
    /** One of auditActions (contracts): do_not_call.added, member.role_changed… */
    action: text("action").notNull(),
    /** What it was done to: a phone number, an assistant's id… */
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    subjectLabel: text("subject_label"),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_events_org_created_idx").on(t.organizationId, t.createdAt.desc(), t.id.desc()),
    // The trail filtered by who (null: Ringback) or by kind (a few actions), newest first.
    index("audit_events_org_actor_created_idx").on(
      t.organizationId,
      t.actorUserId,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index("audit_events_org_action_created_idx").on(
      t.organizationId,
      t.action,
      t.createdAt.desc(),
      t.id.desc(),
    ),
  ],
);

/**
 * The public opt-out page's one-time codes: a number proven by SMS before it is
 * added to the lists of the organizations that called it. The code is stored as an HMAC only,
 * its guesses counted (as sign-in's, ADR 0011).
 */
export const optOutCodes = pgTable(
  "opt_out_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    phoneNumber: text("phone_number").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("opt_out_codes_phone_idx").on(t.phoneNumber, t.createdAt.desc())],
);
