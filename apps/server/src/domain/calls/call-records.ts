import {
  CALL_RECORDS_PAGE_SIZE,
  CALL_RECORDS_PAGE_SIZES,
  type CallAttemptItem,
  type CallGroup,
  type CallGroupCount,
  type CallGroupPage,
  type CallRecordDetails,
  type CallRecordSort,
  type CallStatus,
  type ConsentEvidence,
  type EndedReason,
  endedReasonLabels,
  type LeadOutcome,
  leadOutcomeLabels,
  leadOutcomeOf,
  type OutcomeQuestion,
  type Outcomes,
  type OutcomeValue,
  outcomeAnswers,
  type SubmittedAnswerItem,
  type SubmittedAnswerValue,
} from "@ringback/contracts";
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import {
  callGroupCounts,
  callGroupDayCounts,
  callGroups,
  callRecords,
  formAssistants,
  formSubmissions,
} from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { csvRow } from "../../lib/csv.ts";
import { displayPhone } from "../../lib/phone-display.ts";
import { isUuid } from "../../lib/uuid.ts";
import type { RecordingLinks } from "../webhooks/recording-links.ts";

export interface CallGroupFilter {
  search?: string | undefined;
  /** Groups with an attempt in any of these statuses (attempt_statuses, not only the latest). */
  status?: CallStatus[] | undefined;
  /** Groups whose lead outcome is any of these. */
  lead?: LeadOutcome[] | undefined;
  /** Groups a page (CALL_RECORDS_PAGE_SIZES; default CALL_RECORDS_PAGE_SIZE). */
  pageSize?: number | undefined;
  sort?: CallRecordSort | undefined;
  /** The group's assistant. */
  assistant?: string | undefined;
  /** The latest call at or after this instant (ISO 8601). */
  from?: string | undefined;
  /** The latest call before this instant (ISO 8601). */
  to?: string | undefined;
  /** `key:yes`, `key:no` or `key:Option`: the group's latest answers say so. */
  outcome?: string | undefined;
}

/** `qualified:yes` → {"qualified": true}; `plan:Pro` → {"plan": "Pro"}: a containment value. */
export function outcomeContainment(outcome: string | undefined): Outcomes | null {
  const at = outcome?.indexOf(":") ?? -1;
  if (!outcome || at < 1) return null;
  const key = outcome.slice(0, at);
  const raw = outcome.slice(at + 1);
  const value = raw === "yes" ? true : raw === "no" ? false : raw;
  return { [key]: value };
}

/** `%…%` for LIKE, with the user's own % _ and \ taken literally. */
export function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Characters people type in phone numbers: `+1 (415) 555-0123`, `415.555.0123`, `0044 …`. */
const PHONE_LIKE = /^[\d\s()+./-]+$/;

/**
 * What a search looks for in search_text (lower-cased): the text as typed or, when it is a
 * number in any format, its digits, since the phone is stored there as digits only
 * (`+1 415-555-0123` → 14155550123; `415-555` → 415555). An international prefix (00) or a
 * national trunk 0 (`07911 123456`) is not part of the stored number, so it is dropped.
 * (A list, so that more than one reading can be searched at once.)
 */
export function searchTerms(search: string | undefined): string[] {
  const text = search?.trim().toLowerCase() ?? "";
  if (!text) return [];
  if (!PHONE_LIKE.test(text)) return [text];
  let digits = text.replace(/\D/g, "");
  if (digits.startsWith("00")) digits = digits.slice(2);
  else if (digits.startsWith("0") && digits.length >= 6) digits = digits.slice(1);
  // Fewer than three digits make no trigram (that search would read every group): as typed.
  // Otherwise the digits alone: the punctuation and one-digit groups ("+1 (415)…") only add
  // trigrams that nearly every group has, which the index would read for nothing.
  return digits.length >= 3 ? [digits] : [text];
}

const at = (iso: string | undefined) => (iso ? new Date(iso) : undefined);

/** Everything but the search: the conditions the counters can answer. */
function plainConditions(organizationId: string, filter: CallGroupFilter): SQL[] {
  const conditions: SQL[] = [eq(callGroups.organizationId, organizationId)];
  // Any attempt's status: overlap with the group's statuses (GIN index on attempt_statuses).
  if (filter.status?.length) {
    conditions.push(sql`${callGroups.attemptStatuses} && ${sql.param(filter.status)}::text[]`);
  }
  if (filter.lead?.length) conditions.push(inArray(callGroups.leadOutcome, filter.lead));
  if (filter.assistant) conditions.push(eq(callGroups.assistantId, filter.assistant));
  const from = at(filter.from);
  const to = at(filter.to);
  if (from) conditions.push(gte(callGroups.latestCallAt, from));
  if (to) conditions.push(lt(callGroups.latestCallAt, to));
  // An outcome's answer: containment, which the GIN index on call_groups.outcomes reads.
  const outcome = outcomeContainment(filter.outcome);
  if (outcome) conditions.push(sql`${callGroups.outcomes} @> ${JSON.stringify(outcome)}::jsonb`);
  return conditions;
}

/** The search_text LIKE a term: what the trigram index and the planner's estimate read. */
const contains = (term: string) => sql`${callGroups.searchText} like ${containsPattern(term)}`;

/**
 * A narrow search of several words ("ana.1234@example.com", "sam rivera") is looked up in the
 * index by its words of three or more characters, each a LIKE, and checked whole with strpos
 * (which no index reads). The same groups match; the index reads fewer, rarer trigrams — a LIKE
 * of the whole term also asks for the word boundaries inside it ("  e", " ex"…), which nearly
 * every group has: 28 ms for one email at 1M records, 4 ms this way. A broad search keeps the
 * one LIKE: with tens of thousands of matches, checking each row once is what counts.
 */
function wordsCondition(term: string): SQL {
  const words = [...new Set(term.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3))];
  if (words.length === 0 || (words.length === 1 && words[0] === term)) return contains(term);
  return and(...words.map(contains), sql`strpos(${callGroups.searchText}, ${term}) > 0`)!;
}

function filterConditions(
  organizationId: string,
  filter: CallGroupFilter,
  search: (term: string) => SQL = contains,
): SQL {
  const conditions = plainConditions(organizationId, filter);
  const terms = searchTerms(filter.search);
  if (terms.length > 0) conditions.push(or(...terms.map(search))!);
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
  leadOutcome: callGroups.leadOutcome,
  latestCallId: callGroups.latestCallId,
  latestCallAt: callGroups.latestCallAt,
  totalDuration: callGroups.totalDuration,
  outcomes: callGroups.outcomes,
  isTest: callGroups.isTest,
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
  leadOutcome: LeadOutcome;
  latestCallId: string;
  latestCallAt: Date;
  totalDuration: number;
  outcomes: Outcomes | null;
  isTest: boolean;
}

/** ORDER BY for a sort, in either direction. */
const orderOf = (sort: ReturnType<typeof sortKeys>) =>
  sort.keys.map((k) => (sort.descending ? desc(k.column) : asc(k.column)));

/**
 * The first `limit` of the organization's groups in this order, each with its submission's
 * consent evidence for the export: one primary-key lookup per group in the same
 * statement (a nested loop under the LIMIT), never a query per row.
 */
function selectGroups(
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

const attemptColumns = {
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
async function attemptsOf(
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

function attemptItem(row: {
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

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * How many groups match, without counting hundreds of thousands of rows:
 * - no search and no dates: call_group_counts (kept by a trigger; 16 shards per assistant and
 *   status), a sum of a few rows;
 * - a date range: call_group_day_counts for the whole UTC days inside it, plus an index-only
 *   count of the partial days at its ends (a day in the user's time zone starts at any hour);
 * (A search counts its matches with its page: searchedPage.)
 */
async function countGroups(
  db: Database,
  organizationId: string,
  filter: CallGroupFilter,
  where: SQL,
): Promise<number> {
  const exact = async (condition: SQL) => {
    const [row] = await db.select({ total: count() }).from(callGroups).where(condition);
    return row?.total ?? 0;
  };
  // The counters know nothing of answers, earlier attempts or lead outcomes: those filters count
  // their (indexed) matches.
  if (filter.outcome || filter.status?.length || filter.lead?.length) return exact(where);
  const assistant = filter.assistant ? [eq(callGroupCounts.assistantKey, filter.assistant)] : [];
  if (!filter.from && !filter.to) {
    const [row] = await db
      .select({ total: sql<number>`coalesce(sum(${callGroupCounts.groups}), 0)::int` })
      .from(callGroupCounts)
      .where(and(eq(callGroupCounts.organizationId, organizationId), ...assistant));
    return row?.total ?? 0;
  }
  const from = filter.from ? Date.parse(filter.from) : null;
  const to = filter.to ? Date.parse(filter.to) : null;
  // The whole UTC days inside [from, to): [firstDay, lastDay).
  const firstDay = from === null ? null : Math.ceil(from / DAY_MS) * DAY_MS;
  const lastDay = to === null ? null : Math.floor(to / DAY_MS) * DAY_MS;
  if (firstDay !== null && lastDay !== null && firstDay >= lastDay) return exact(where);
  const plain = plainConditions(organizationId, { ...filter, from: undefined, to: undefined });
  const between = (start: number, end: number) =>
    sql`(${db
      .select({ n: count() })
      .from(callGroups)
      .where(
        and(
          ...plain,
          gte(callGroups.latestCallAt, new Date(start)),
          lt(callGroups.latestCallAt, new Date(end)),
        ),
      )})`;
  const days = db
    .select({ n: sql<number>`coalesce(sum(${callGroupDayCounts.groups}), 0)` })
    .from(callGroupDayCounts)
    .where(
      and(
        eq(callGroupDayCounts.organizationId, organizationId),
        filter.assistant ? eq(callGroupDayCounts.assistantKey, filter.assistant) : undefined,
        firstDay !== null ? gte(callGroupDayCounts.day, utcDay(firstDay)) : undefined,
        lastDay !== null ? lt(callGroupDayCounts.day, utcDay(lastDay)) : undefined,
      ),
    );
  const parts = [sql`(${days})`];
  if (from !== null && firstDay! > from) parts.push(between(from, firstDay!));
  if (to !== null && lastDay! < to) parts.push(between(lastDay!, to));
  const { rows } = await db.execute<{ total: number }>(
    sql`select (${sql.join(parts, sql` + `)})::int as total`,
  );
  return Number(rows[0]?.total ?? 0);
}

/** Above this many estimated matches a search is broad: counted, then paged on its own. */
const BROAD_SEARCH = 2_000;

/** The planner's estimate of the groups a condition matches (pg_trgm keeps it close). */
async function estimatedMatches(db: Database, where: SQL): Promise<number> {
  const { rows } = await db.execute<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }>(
    sql`explain (format json) ${db.select({ id: callGroups.id }).from(callGroups).where(where)}`,
  );
  return rows[0]?.["QUERY PLAN"][0]?.Plan["Plan Rows"] ?? Number.POSITIVE_INFINITY;
}

/**
 * A searched page, and its exact total when that costs no more than the page:
 * - a narrow search (a lead's email, name or number: few matches, but an index scan that can
 *   cost tens of ms when the text shares trigrams with every group, like "@gmail.com") reads
 *   its matches once, by their words (wordsCondition), the page and a window count together;
 * - a broad one (a word thousands of answers hold) reads its page along the sort's index, which
 *   finds ten matches in a few dozen rows, and leaves the total to countCallGroups (null here):
 *   counting means rechecking every match on its heap page, about 40 ms for 34,000 matches at
 *   1M records, which the page need not wait for (the browser asks for both at once; ADR 0012).
 * Which one it is comes from the planner's estimate of the plain LIKE (pg_trgm keeps it close).
 */
async function searchedPage(
  db: Database,
  organizationId: string,
  filter: CallGroupFilter,
  sort: ReturnType<typeof sortKeys>,
  offset: number,
  broadSearch: number,
  pageSize: number,
): Promise<{ rows: GroupRow[]; total: number | null }> {
  const { where, broad } = await searchCondition(db, organizationId, filter, broadSearch);
  if (broad) {
    const rows = await db
      .select(groupColumns)
      .from(callGroups)
      .where(where)
      .orderBy(...orderOf(sort))
      .limit(pageSize)
      .offset(offset);
    return { rows, total: null };
  }
  const found = await db
    .select({ ...groupColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(callGroups)
    .where(where)
    .orderBy(...orderOf(sort))
    .limit(pageSize)
    .offset(offset);
  if (found.length > 0) {
    return { rows: found.map(({ total: _, ...row }) => row), total: found[0]!.total };
  }
  // Past the last page: the total still shows.
  return { rows: [], total: offset === 0 ? 0 : await countWhere(db, where) };
}

/** A search's condition, read by its words when narrow (see searchedPage). */
async function searchCondition(
  db: Database,
  organizationId: string,
  filter: CallGroupFilter,
  broadSearch: number,
): Promise<{ where: SQL; broad: boolean }> {
  const plain = filterConditions(organizationId, filter);
  const broad = (await estimatedMatches(db, plain)) > broadSearch;
  return {
    where: broad ? plain : filterConditions(organizationId, filter, wordsCondition),
    broad,
  };
}

async function countWhere(db: Database, where: SQL): Promise<number> {
  const [row] = await db.select({ total: count() }).from(callGroups).where(where);
  return row?.total ?? 0;
}

/**
 * The exact number of groups a search and filter match (GET …/call-records/count): what a broad
 * search's page leaves out. Without a search, the counters answer (countGroups).
 */
export async function countCallGroups(
  db: Database,
  organizationId: string,
  filter: CallGroupFilter,
  tuning: { broadSearch?: number } = {},
): Promise<CallGroupCount> {
  if (searchTerms(filter.search).length === 0) {
    const where = filterConditions(organizationId, filter);
    return { total: await countGroups(db, organizationId, filter, where) };
  }
  const { where } = await searchCondition(
    db,
    organizationId,
    filter,
    tuning.broadSearch ?? BROAD_SEARCH,
  );
  return { total: await countWhere(db, where) };
}

/**
 * An unsearched page: the total from the counters, then the page's ids from an index-only scan
 * (a deferred join), counted from the other end of the same index past the middle, then the
 * page's rows by id. A deep page costs little.
 */
async function indexedPage(
  db: Database,
  organizationId: string,
  filter: CallGroupFilter,
  sort: ReturnType<typeof sortKeys>,
  offset: number,
  pageSize: number,
): Promise<{ rows: GroupRow[]; total: number | null }> {
  const where = filterConditions(organizationId, filter);
  const total = await countGroups(db, organizationId, filter, where);
  if (offset >= total) return { rows: [], total };
  const size = Math.min(pageSize, total - offset);
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
  if (ids.length === 0) return { rows: [], total };
  const rows = await db.select(groupColumns).from(callGroups).where(inArray(callGroups.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    rows: ids.map((id) => byId.get(id)).filter((r): r is GroupRow => r !== undefined),
    total,
  };
}

/**
 * One page of the organization's call groups (the Call Records page): searched, filtered by
 * the latest attempt's status, the assistant and a date range, sorted, 10 per page, with the
 * number of matching groups.
 */
export async function listCallGroups(
  db: Database,
  organizationId: string,
  query: CallGroupFilter & { page?: number | undefined },
  /** Tests set how many estimated matches make a search broad (both ways give one answer). */
  tuning: { broadSearch?: number } = {},
): Promise<CallGroupPage> {
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const sort = sortKeys(query.sort ?? "newest");
  const pageSize = (CALL_RECORDS_PAGE_SIZES as readonly number[]).includes(query.pageSize ?? 0)
    ? query.pageSize!
    : CALL_RECORDS_PAGE_SIZE;
  const offset = (page - 1) * pageSize;
  const { rows, total } =
    searchTerms(query.search).length > 0
      ? await searchedPage(
          db,
          organizationId,
          query,
          sort,
          offset,
          tuning.broadSearch ?? BROAD_SEARCH,
          pageSize,
        )
      : await indexedPage(db, organizationId, query, sort, offset, pageSize);
  const attempts = await attemptsOf(db, rows);
  return {
    groups: rows.map((row) => groupItem(row, (attempts.get(row.id) ?? []).map(attemptItem))),
    total,
    page,
    pageSize,
  };
}

function answerValue(value: unknown): SubmittedAnswerValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (Array.isArray(value)) return value.filter((v) => v !== null).map(String);
  return JSON.stringify(value);
}

/**
 * The questions and answers of a stored submission (form_submissions.answers), in form order
 * with their titles. A submission stored before questions were kept has only its answers by
 * field id (and hidden fields): the ids stand in for the titles.
 */
export function submittedAnswers(stored: unknown): SubmittedAnswerItem[] {
  if (!stored || typeof stored !== "object") return [];
  const { questions, answers, hidden } = stored as Record<string, unknown>;
  if (Array.isArray(questions)) {
    return questions.flatMap((q: unknown) => {
      if (!q || typeof q !== "object") return [];
      const { id, title, type, value } = q as Record<string, unknown>;
      if (typeof id !== "string") return [];
      return [
        {
          id,
          title: typeof title === "string" && title.trim() ? title : id,
          type: typeof type === "string" ? type : "unknown",
          value: answerValue(value),
        },
      ];
    });
  }
  const items: SubmittedAnswerItem[] = [];
  if (answers && typeof answers === "object") {
    for (const [id, value] of Object.entries(answers)) {
      items.push({ id, title: id, type: "unknown", value: answerValue(value) });
    }
  }
  if (hidden && typeof hidden === "object") {
    for (const [name, value] of Object.entries(hidden)) {
      items.push({ id: `hidden:${name}`, title: name, type: "hidden", value: answerValue(value) });
    }
  }
  return items;
}

/**
 * One attempt for the Call Details panel: its summary and transcript, and the person behind it —
 * their contact lines, the answers they submitted, and the availability answer that is their
 * consent to be called (the question is the assistant's availability field).
 */
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
          assistantName: callGroups.assistantName,
          leadOutcome: callGroups.leadOutcome,
          respondentName: callGroups.respondentName,
          respondentEmail: callGroups.respondentEmail,
          respondentPhoneNumber: callGroups.respondentPhoneNumber,
          answers: formSubmissions.answers,
          consentEvidence: formSubmissions.consent,
          submittedAt: formSubmissions.submittedAt,
          receivedAt: formSubmissions.createdAt,
          availabilityFieldId: formAssistants.checkboxFieldId,
          outcomes: callRecords.outcomes,
          outcomeQuestions: formAssistants.outcomeQuestions,
          isTest: callRecords.isTest,
          simulated: callRecords.simulated,
          livePhase: callRecords.livePhase,
          finalAt: callRecords.finalAt,
        })
        .from(callRecords)
        .leftJoin(
          callGroups,
          eq(callGroups.id, sql`coalesce(${callRecords.submissionId}, ${callRecords.id})`),
        )
        .leftJoin(formSubmissions, eq(formSubmissions.id, callRecords.submissionId))
        .leftJoin(
          formAssistants,
          eq(
            formAssistants.id,
            sql`coalesce(${formSubmissions.assistantId}, ${callRecords.assistantId})`,
          ),
        )
        .where(
          and(eq(callRecords.id, callRecordId), eq(callRecords.organizationId, organizationId)),
        )
    : [];
  if (!row) throw new AppError("not_found", "Call record not found");
  const answers = submittedAnswers(row.answers);
  const availability = row.availabilityFieldId
    ? answers.find((a) => a.id === row.availabilityFieldId)
    : undefined;
  const submittedAt = row.submittedAt ?? row.receivedAt;
  return {
    ...attemptItem(row),
    groupId: row.submissionId ?? row.id,
    leadOutcome: row.leadOutcome ?? leadOutcomeOf([row]),
    summary: row.summary,
    transcript: row.transcript ?? null,
    formTitle: row.formTitle ?? null,
    assistantName: row.assistantName ?? null,
    respondent: {
      name: row.respondentName ?? null,
      email: row.respondentEmail ?? null,
      phone: row.respondentPhoneNumber ?? null,
      phoneDisplay: displayPhone(row.respondentPhoneNumber),
    },
    submittedAt: submittedAt ? submittedAt.toISOString() : null,
    answers,
    consent: availability ? { question: availability.title, value: availability.value } : null,
    consentEvidence: row.consentEvidence ?? null,
    outcomes: outcomeAnswers(row.outcomeQuestions ?? [], row.outcomes),
    isTest: row.isTest,
    simulated: row.simulated,
    // Only while the call is not final (a final call's phase is cleared; older rows may lag).
    livePhase: row.finalAt ? null : (row.livePhase ?? null),
  };
}

export const CSV_HEADER = [
  "Form",
  "Respondent",
  "Email",
  "Phone",
  "Attempt",
  "Status",
  // Why the attempt ended, in words (ADR 0025).
  "Ended reason",
  "Duration (seconds)",
  "Called at",
  "Latest status",
  // What all the lead's attempts came to, in words.
  "Lead outcome",
  "Total duration (seconds)",
  // What the call was about, a link to hear it (signed, 7 days: no session needed) and what the
  // person wrote in the form ("Question: answer", one per line).
  "Summary",
  "Recording link",
  "Form answers",
  // A "Call me now" test call to a team member's own phone, not a lead.
  "Test call",
  // What the person agreed to, as stored with the submission; empty without one.
  "Consent question",
  "Consent question description",
  "Consent answer",
  "Consent given at",
  "Form opened at",
  "Response ID",
  "Phone as typed",
  "Form ID",
  "Form last updated",
];

/** An answer in a spreadsheet: Yes / No, a plain number (no thousands separator), the text. */
function csvOutcome(value: OutcomeValue | undefined): string | number | null {
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return value ?? null;
}

/** Every outcome question of the organization's assistants, once per key, oldest assistant first. */
export async function organizationOutcomeQuestions(
  db: Database,
  organizationId: string,
): Promise<OutcomeQuestion[]> {
  const rows = await db
    .select({ questions: formAssistants.outcomeQuestions })
    .from(formAssistants)
    .where(eq(formAssistants.organizationId, organizationId))
    .orderBy(asc(formAssistants.createdAt), asc(formAssistants.id));
  const byKey = new Map<string, OutcomeQuestion>();
  for (const row of rows) for (const q of row.questions) if (!byKey.has(q.key)) byKey.set(q.key, q);
  return [...byKey.values()];
}

/** A submission's answers for the CSV: "Question: answer", one per line, hidden fields last. */
function answersCell(answers: unknown): string | null {
  const items = submittedAnswers(answers);
  if (items.length === 0) return null;
  return items.map((item) => `${item.title}: ${formatCsvAnswer(item.value)}`).join("\n");
}

function formatCsvAnswer(value: SubmittedAnswerValue): string {
  if (value === true) return "Yes";
  if (value === false) return "No";
  if (value === null) return "";
  return Array.isArray(value) ? value.join(", ") : String(value);
}

/** The consent columns of CSV_HEADER for one group (the same on each of its attempts). */
function consentCells(consent: ConsentEvidence | null): (string | null)[] {
  return [
    consent?.question.title ?? null,
    consent?.question.description ?? null,
    consent?.answer ?? null,
    consent?.response.submittedAt ?? null,
    consent?.response.landedAt ?? null,
    consent?.response.id ?? null,
    consent?.phone.typed ?? null,
    consent?.form.id ?? null,
    consent?.form.lastUpdatedAt ?? null,
  ];
}

/**
 * Every attempt of every matching group as CSV lines, in the page's order, read in batches with
 * keyset pagination (no OFFSET, no "all rows"): memory stays flat however large the export.
 */
export async function* exportCallRecords(
  db: Database,
  organizationId: string,
  filter: CallGroupFilter,
  options: { batchSize?: number; recordingLinks?: RecordingLinks | undefined } = {},
): AsyncGenerator<string> {
  const batchSize = options.batchSize ?? 500;
  const now = new Date();
  // A column per outcome question of the organization's assistants (by key; the
  // first assistant's label), after the fixed ones.
  const questions = await organizationOutcomeQuestions(db, organizationId);
  const header = [...CSV_HEADER, ...questions.map((q) => `Outcome: ${q.label}`)];
  yield csvRow(header);
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
    const attempts = await attemptsOf(db, rows, { summaries: true });
    let chunk = "";
    for (const group of rows) {
      const consent = consentCells(group.consent);
      const answers = answersCell(group.answers);
      for (const attempt of attempts.get(group.id) ?? []) {
        chunk += csvRow([
          group.formTitle,
          group.respondentName,
          group.respondentEmail,
          group.respondentPhoneNumber,
          attempt.callAttempt,
          attempt.status,
          attempt.endedReason ? endedReasonLabels[attempt.endedReason] : null,
          attempt.duration,
          attempt.createdAt.toISOString(),
          group.latestStatus,
          leadOutcomeLabels[group.leadOutcome],
          group.totalDuration,
          attempt.summary ?? null,
          attempt.recordingKey && options.recordingLinks
            ? options.recordingLinks.sign(attempt.id, now).url
            : null,
          answers,
          group.isTest ? "Yes" : null,
          ...consent,
          ...questions.map((q) => csvOutcome(attempt.outcomes?.[q.key])),
        ]);
      }
    }
    yield chunk;
    after = rows.at(-1)!;
    if (rows.length < batchSize) return;
  }
}
