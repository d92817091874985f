import {
  CALL_RECORDS_PAGE_SIZE,
  type CallAttemptItem,
  type CallGroup,
  type CallGroupPage,
  type CallRecordDetails,
  type CallRecordSort,
  type CallStatus,
} from "@ringback/contracts";
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { callGroupCounts, callGroups, callRecords } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { isUuid } from "../../lib/uuid.ts";

export interface CallGroupFilter {
  search?: string | undefined;
  status?: CallStatus | undefined;
  sort?: CallRecordSort | undefined;
}

/** `%…%` for LIKE, with the user's own % _ and \ taken literally. */
function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filterConditions(organizationId: string, filter: CallGroupFilter): SQL {
  const conditions: SQL[] = [eq(callGroups.organizationId, organizationId)];
  if (filter.status) conditions.push(eq(callGroups.latestStatus, filter.status));
  const search = filter.search?.trim();
  if (search) conditions.push(sql`${callGroups.searchText} like ${containsPattern(search)}`);
  return and(...conditions)!;
}

/**
 * The sort keys, most significant first, each with a unique last key (the id), so that pages
 * never overlap or skip rows however many groups share a time or a duration.
 */
function sortKeys(sort: CallRecordSort) {
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

const groupColumns = {
  id: callGroups.id,
  submissionId: callGroups.submissionId,
  formTitle: callGroups.formTitle,
  assistantName: callGroups.assistantName,
  respondentName: callGroups.respondentName,
  respondentEmail: callGroups.respondentEmail,
  respondentPhoneNumber: callGroups.respondentPhoneNumber,
  latestStatus: callGroups.latestStatus,
  latestCallId: callGroups.latestCallId,
  latestCallAt: callGroups.latestCallAt,
  totalDuration: callGroups.totalDuration,
};
interface GroupRow {
  id: string;
  submissionId: string | null;
  formTitle: string | null;
  assistantName: string | null;
  respondentName: string | null;
  respondentEmail: string | null;
  respondentPhoneNumber: string | null;
  latestStatus: CallStatus;
  latestCallId: string;
  latestCallAt: Date;
  totalDuration: number;
}

/** ORDER BY for a sort, in either direction. */
const orderOf = (sort: ReturnType<typeof sortKeys>) =>
  sort.keys.map((k) => (sort.descending ? desc(k.column) : asc(k.column)));

/** The first `limit` of the organization's groups in this order. */
function selectGroups(
  db: Database,
  where: SQL,
  sort: ReturnType<typeof sortKeys>,
  limit: number,
): Promise<GroupRow[]> {
  return db
    .select(groupColumns)
    .from(callGroups)
    .where(where)
    .orderBy(...orderOf(sort))
    .limit(limit);
}

const attemptColumns = {
  id: callRecords.id,
  submissionId: callRecords.submissionId,
  callAttempt: callRecords.callAttempt,
  status: callRecords.status,
  duration: callRecords.duration,
  createdAt: callRecords.createdAt,
  recordingKey: callRecords.recordingKey,
};

/** The attempts of these groups, keyed by group id, each list sorted by call_attempt. */
async function attemptsOf(db: Database, groups: Pick<GroupRow, "id" | "submissionId">[]) {
  const bySubmission = groups.filter((g) => g.submissionId).map((g) => g.submissionId!);
  const alone = groups.filter((g) => !g.submissionId).map((g) => g.id);
  const byGroup = new Map<string, (typeof rows)[number][]>();
  if (groups.length === 0) return byGroup;
  const rows = await db
    .select(attemptColumns)
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

function attemptItem(row: {
  id: string;
  callAttempt: number;
  status: CallStatus;
  duration: number | null;
  createdAt: Date;
  recordingKey: string | null;
}): CallAttemptItem {
  return {
    id: row.id,
    callAttempt: row.callAttempt,
    status: row.status,
    duration: row.duration,
    createdAt: row.createdAt.toISOString(),
    hasRecording: row.recordingKey !== null,
  };
}

function groupItem(row: GroupRow, attempts: CallAttemptItem[]): CallGroup {
  return {
    id: row.id,
    submissionId: row.submissionId,
    formTitle: row.formTitle,
    assistantName: row.assistantName,
    respondent: {
      name: row.respondentName,
      email: row.respondentEmail,
      phone: row.respondentPhoneNumber,
    },
    latestStatus: row.latestStatus,
    latestCallId: row.latestCallId,
    latestCallAt: row.latestCallAt.toISOString(),
    totalDuration: row.totalDuration,
    attempts,
  };
}

/**
 * How many groups match. Without a search, from call_group_counts (kept by a trigger): a sum of
 * at most 16 × 6 rows instead of counting hundreds of thousands. A search counts its matches
 * (the trigram index keeps that proportional to the matches).
 */
async function countGroups(
  db: Database,
  organizationId: string,
  filter: CallGroupFilter,
  where: SQL,
): Promise<number> {
  if (filter.search?.trim()) {
    const [row] = await db.select({ total: count() }).from(callGroups).where(where);
    return row?.total ?? 0;
  }
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${callGroupCounts.groups}), 0)::int` })
    .from(callGroupCounts)
    .where(
      and(
        eq(callGroupCounts.organizationId, organizationId),
        filter.status ? eq(callGroupCounts.latestStatus, filter.status) : undefined,
      ),
    );
  return row?.total ?? 0;
}

/**
 * One page of the organization's call groups (SPEC.md §2 Call Records): searched, filtered by
 * the latest attempt's status, sorted, 10 per page, with the number of matching groups.
 * A deep page costs little: the page's ids are found by an index-only scan (a deferred join),
 * and a page past the middle is counted from the other end of the same index.
 */
export async function listCallGroups(
  db: Database,
  organizationId: string,
  query: CallGroupFilter & { page?: number | undefined },
): Promise<CallGroupPage> {
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const where = filterConditions(organizationId, query);
  const sort = sortKeys(query.sort ?? "newest");
  const total = await countGroups(db, organizationId, query, where);
  const offset = (page - 1) * CALL_RECORDS_PAGE_SIZE;
  const empty = { groups: [], total, page, pageSize: CALL_RECORDS_PAGE_SIZE };
  if (offset >= total) return empty;
  const size = Math.min(CALL_RECORDS_PAGE_SIZE, total - offset);
  // Past the middle, read the page backwards from the end: the skip is then the shorter one.
  const fromEnd = offset > total / 2;
  const order = fromEnd ? { ...sort, descending: !sort.descending } : sort;
  const skip = fromEnd ? total - offset - size : offset;
  const idRows = await db
    .select({ id: callGroups.id })
    .from(callGroups)
    .where(where)
    .orderBy(...orderOf(order))
    .limit(size)
    .offset(skip);
  const ids = idRows.map((r) => r.id);
  if (fromEnd) ids.reverse();
  if (ids.length === 0) return empty;
  const rows = await db.select(groupColumns).from(callGroups).where(inArray(callGroups.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = ids.map((id) => byId.get(id)).filter((r): r is GroupRow => r !== undefined);
  const attempts = await attemptsOf(db, ordered);
  return {
    groups: ordered.map((row) => groupItem(row, (attempts.get(row.id) ?? []).map(attemptItem))),
    total,
    page,
    pageSize: CALL_RECORDS_PAGE_SIZE,
  };
}

/** One attempt with its summary and transcript, for the Call Details panel. */
export async function getCallRecord(
  db: Database,
  organizationId: string,
  callRecordId: string,
): Promise<CallRecordDetails> {
  const [row] = isUuid(callRecordId)
    ? await db
        .select({
          ...attemptColumns,
          summary: callRecords.callSummary,
          transcript: callRecords.transcriptJson,
          formTitle: callGroups.formTitle,
          respondentName: callGroups.respondentName,
          respondentEmail: callGroups.respondentEmail,
          respondentPhoneNumber: callGroups.respondentPhoneNumber,
        })
        .from(callRecords)
        .leftJoin(
          callGroups,
          eq(callGroups.id, sql`coalesce(${callRecords.submissionId}, ${callRecords.id})`),
        )
        .where(
          and(eq(callRecords.id, callRecordId), eq(callRecords.organizationId, organizationId)),
        )
    : [];
  if (!row) throw new AppError("not_found", "Call record not found");
  return {
    ...attemptItem(row),
    groupId: row.submissionId ?? row.id,
    summary: row.summary,
    transcript: row.transcript ?? null,
    formTitle: row.formTitle ?? null,
    respondent: {
      name: row.respondentName ?? null,
      email: row.respondentEmail ?? null,
      phone: row.respondentPhoneNumber ?? null,
    },
  };
}

/**
 * A spreadsheet cell: quoted when needed, and never run as a formula (CSV injection, OWASP): text
 * starting with = + - @ or a tab gets a leading apostrophe, unless it is only a number such as
 * a phone number (+14155550100), which a spreadsheet cannot run.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text) && !/^[+-]?[\d\s().-]+$/.test(text)) {
    text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const CSV_HEADER = [
  "Form",
  "Respondent",
  "Email",
  "Phone",
  "Attempt",
  "Status",
  "Duration (seconds)",
  "Called at",
  "Latest status",
  "Total duration (seconds)",
];

/**
 * Every attempt of every matching group as CSV lines, in the page's order, read in batches with
 * keyset pagination (no OFFSET, no "all rows"): memory stays flat however large the export.
 */
export async function* exportCallRecords(
  db: Database,
  organizationId: string,
  filter: CallGroupFilter,
  batchSize = 500,
): AsyncGenerator<string> {
  yield `${CSV_HEADER.map(csvCell).join(",")}\r\n`;
  const where = filterConditions(organizationId, filter);
  const sort = sortKeys(filter.sort ?? "newest");
  let after: GroupRow | null = null;
  for (;;) {
    // Row comparison on the sort keys: the next batch starts right after the last row sent.
    const last = after;
    const keyset = last
      ? sql`(${sql.join(
          sort.keys.map((k) => k.column),
          sql`, `,
        )}) ${sql.raw(sort.descending ? "<" : ">")} (${sql.join(
          sort.keys.map((k) => {
            const value = k.of(last);
            return sql`${value instanceof Date ? value.toISOString() : value}`;
          }),
          sql`, `,
        )})`
      : undefined;
    const rows = await selectGroups(db, keyset ? and(where, keyset)! : where, sort, batchSize);
    if (rows.length === 0) return;
    const attempts = await attemptsOf(db, rows);
    let chunk = "";
    for (const group of rows) {
      for (const attempt of attempts.get(group.id) ?? []) {
        chunk += `${[
          group.formTitle,
          group.respondentName,
          group.respondentEmail,
          group.respondentPhoneNumber,
          attempt.callAttempt,
          attempt.status,
          attempt.duration,
          attempt.createdAt.toISOString(),
          group.latestStatus,
          group.totalDuration,
        ]
          .map(csvCell)
          .join(",")}\r\n`;
      }
    }
    yield chunk;
    after = rows.at(-1)!;
    if (rows.length < batchSize) return;
  }
}
