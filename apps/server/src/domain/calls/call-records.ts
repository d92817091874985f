// Call Records' list: one page of an organization's call groups and how many match, from the
// counters where no search is given and by the search's own words where one is.
import {
  CALL_RECORDS_PAGE_SIZE,
  CALL_RECORDS_PAGE_SIZES,
  type CallGroupCount,
  type CallGroupPage,
} from "@ringback/contracts";
import { and, count, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { callGroupCounts, callGroupDayCounts, callGroups } from "../../db/schema/index.ts";
import {
  type CallGroupFilter,
  filterConditions,
  plainConditions,
  searchTerms,
  wordsCondition,
} from "./call-record-filters.ts";
import {
  attemptItem,
  attemptsOf,
  type GroupRow,
  groupColumns,
  groupItem,
  orderOf,
  sortKeys,
} from "./call-record-rows.ts";

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
