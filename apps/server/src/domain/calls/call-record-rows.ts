// The rows Call Records reads and how they become its items: a group's columns, its attempts,
// and the sort keys every page (and the CSV export) orders them by.
import type {
  CallAttemptItem,
  CallGroup,
  CallRecordSort,
  CallStatus,
  ConsentEvidence,
  EndedReason,
  LeadOutcome,
  Outcomes,
} from "@ringback/contracts";
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { callGroups, callRecords, formSubmissions } from "../../db/schema/index.ts";
import { displayPhone } from "../../lib/phone-display.ts";

/**
 * The sort keys, most significant first, each with a unique last key (the id), so that pages
 * never overlap or skip rows however many groups share a time or a duration.
 */
export function sortKeys(sort: CallRecordSort) {
  const latest = { column: callGroups.latestCallAt, of: (g: GroupRow) => g.latestCallAt };
  const id = { column: callGroups.id, of: (g: GroupRow) => g.id };
  const duration = { column: callGroups.totalDuration, of: (g: GroupRow) => g.totalDuration };
  switch (sort) {
    case "oldest":
      return { keys: [latest, id], descending: false };
    case "duration":
      return { keys: [duration, latest, id], descending: true };
    default:
      return { keys: [latest, id], descending: true };
  }
}

export const groupColumns = {
  id: callGroups.id,
  submissionId: callGroups.submissionId,
  formTitle: callGroups.formTitle,
  assistantName: callGroups.assistantName,
  respondentName: callGroups.respondentName,
  respondentEmail: callGroups.respondentEmail,
  respondentPhoneNumber: callGroups.respondentPhoneNumber,
  latestStatus: callGroups.latestStatus,
  leadOutcome: callGroups.leadOutcome,
  latestCallId: callGroups.latestCallId,
  latestCallAt: callGroups.latestCallAt,
  totalDuration: callGroups.totalDuration,
  outcomes: callGroups.outcomes,
  isTest: callGroups.isTest,
};
export interface GroupRow {
  id: string;
  submissionId: string | null;
  formTitle: string | null;
  assistantName: string | null;
  respondentName: string | null;
  respondentEmail: string | null;
  respondentPhoneNumber: string | null;
  latestStatus: CallStatus;
  leadOutcome: LeadOutcome;
  latestCallId: string;
  latestCallAt: Date;
  totalDuration: number;
  outcomes: Outcomes | null;
  isTest: boolean;
}

/** ORDER BY for a sort, in either direction. */
export const orderOf = (sort: ReturnType<typeof sortKeys>) =>
  sort.keys.map((k) => (sort.descending ? desc(k.column) : asc(k.column)));

/**
 * The first `limit` of the organization's groups in this order, each with its submission's
 * consent evidence for the export: one primary-key lookup per group in the same
 * statement (a nested loop under the LIMIT), never a query per row.
 */
export function selectGroups(
  db: Database,
  where: SQL,
  sort: ReturnType<typeof sortKeys>,
  limit: number,
): Promise<(GroupRow & { consent: ConsentEvidence | null; answers: unknown })[]> {
  return db
    .select({ ...groupColumns, consent: formSubmissions.consent, answers: formSubmissions.answers })
    .from(callGroups)
    .leftJoin(formSubmissions, eq(formSubmissions.id, callGroups.submissionId))
    .where(where)
    .orderBy(...orderOf(sort))
    .limit(limit);
}

export const attemptColumns = {
  id: callRecords.id,
  submissionId: callRecords.submissionId,
  callAttempt: callRecords.callAttempt,
  status: callRecords.status,
  endedReason: callRecords.endedReason,
  duration: callRecords.duration,
  createdAt: callRecords.createdAt,
  scheduledFor: callRecords.scheduledFor,
  recordingKey: callRecords.recordingKey,
};

/** The attempts of these groups, keyed by group id, each list sorted by call_attempt. */
export async function attemptsOf(
  db: Database,
  groups: Pick<GroupRow, "id" | "submissionId">[],
  /** With each attempt's summary too (the CSV; the list does without). */
  read: { summaries?: boolean } = {},
) {
  const bySubmission = groups.filter((g) => g.submissionId).map((g) => g.submissionId!);
  const alone = groups.filter((g) => !g.submissionId).map((g) => g.id);
  const byGroup = new Map<string, (typeof rows)[number][]>();
  if (groups.length === 0) return byGroup;
  const rows = await db
    .select({
      ...attemptColumns,
      outcomes: callRecords.outcomes,
      summary: read.summaries ? callRecords.callSummary : sql<null>`null`,
    })
    .from(callRecords)
    .where(
      or(
        bySubmission.length > 0 ? inArray(callRecords.submissionId, bySubmission) : undefined,
        alone.length > 0
          ? and(inArray(callRecords.id, alone), isNull(callRecords.submissionId))
          : undefined,
      ),
    )
    .orderBy(asc(callRecords.callAttempt), asc(callRecords.createdAt), asc(callRecords.id));
  for (const row of rows) {
    const key = row.submissionId ?? row.id;
    const list = byGroup.get(key) ?? [];
    list.push(row);
    byGroup.set(key, list);
  }
  return byGroup;
}

export function attemptItem(row: {
  id: string;
  callAttempt: number;
  status: CallStatus;
  endedReason: EndedReason | null;
  duration: number | null;
  createdAt: Date;
  scheduledFor: Date;
  recordingKey: string | null;
}): CallAttemptItem {
  return {
    id: row.id,
    callAttempt: row.callAttempt,
    status: row.status,
    endedReason: row.endedReason,
    duration: row.duration,
    createdAt: row.createdAt.toISOString(),
    scheduledFor: row.status === "scheduled" ? row.scheduledFor.toISOString() : null,
    hasRecording: row.recordingKey !== null,
  };
}

export function groupItem(row: GroupRow, attempts: CallAttemptItem[]): CallGroup {
  return {
    id: row.id,
    submissionId: row.submissionId,
    formTitle: row.formTitle,
    assistantName: row.assistantName,
    respondent: {
      name: row.respondentName,
      email: row.respondentEmail,
      phone: row.respondentPhoneNumber,
      phoneDisplay: displayPhone(row.respondentPhoneNumber),
    },
    latestStatus: row.latestStatus,
    leadOutcome: row.leadOutcome,
    latestCallId: row.latestCallId,
    latestCallAt: row.latestCallAt.toISOString(),
    totalDuration: row.totalDuration,
    attempts,
    outcomes: row.outcomes ?? null,
    isTest: row.isTest,
  };
}
