import {
  type CallStatus,
  type ChartStatus,
  chartStatuses,
  type DashboardAssistantFigures,
  type DashboardChartDay,
  type DashboardCharts,
  type DashboardChartsQuery,
  daysBetween,
  dialledFinalStatuses,
  isPendingStatus,
  type OutcomeQuestion,
  SPEED_TO_LEAD_MAX_LEADS,
} from "@ringback/contracts";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { NO_ASSISTANT_KEY } from "../../db/schema/index.ts";

/**
 * The dashboard's charts for one organization over the last `days` days in the
 * browser's time zone — calls per day by final status, the answer rate, speed to lead (median
 * and p90) and per assistant its calls, answered calls and yes/no outcome answers.
 *
 * The window's first local midnight is read first (PostgreSQL knows the zone's DST rules), then
 * four reads run at once on separate connections (docs/architecture.md, "Dashboard charts"):
 *  1. calls per 15-minute UTC bin, assistant and status from call_record_bin_counts (kept by a
 *     trigger on call_records, migration 0023), plus the calls of the window's partial bins
 *     counted in call_records; the bins are then summed into the zone's days. Every zone's offset
 *     is a whole number of quarter hours, so a bin never straddles a local midnight. The same
 *     rows give the answer rate and each assistant's calls and answered calls.
 *  2. speed to lead: percentile_cont over the window's latest (at most SPEED_TO_LEAD_MAX_LEADS)
 *     dialled first attempts, read in the index's order (its NULLS LAST included, or PostgreSQL
 *     sorts the whole month). Attempt 1 is inserted in the same statement as its submission
 *     (ingest-delivery.ts), so its created_at is the submission's (now() is the transaction's
 *     time) and the submissions need not be joined.
 *  3. outcomes per lead from call_group_outcome_counts (each submission's latest yes/no answers,
 *     by the bin of its latest call; kept by a trigger on call_groups), plus the partial bins'
 *     groups read from call_groups.
 *  4. the organization's assistants with their questions.
 * Test calls ("Call me now") are not leads: the counters never count them
 * (migration 0024) and the reads of the rows skip them.
 */
export async function dashboardCharts(
  db: Database,
  organizationId: string,
  input: Parameters<typeof chartWindow>[1] & { speedToLeadMaxLeads?: number },
): Promise<DashboardCharts> {
  const maxLeads = input.speedToLeadMaxLeads ?? SPEED_TO_LEAD_MAX_LEADS;
  const range = await chartWindow(db, input);
  const [counts, speed, outcomes, assistants] = await Promise.all([
    readCallCounts(db, organizationId, range),
    readSpeedToLead(db, organizationId, range, maxLeads),
    readOutcomeCounts(db, organizationId, range),
    readAssistants(db, organizationId),
  ]);
  return shapeCharts({
    timeZone: range.timeZone,
    days: range.days,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    counts,
    speed,
    speedToLeadMaxLeads: maxLeads,
    outcomes,
    assistants,
  });
}

/** The counters' bin: 15 minutes, aligned to the Unix epoch as date_bin's origin (2000-01-01) is. */
export const BIN_MS = 15 * 60_000;

/**
 * The window [from, to) as the reads take it: whole bins [firstBin, lastBin) from the counters,
 * and the partial bins at its ends, [from, headEnd) and [tailStart, to), from the rows
 * themselves. `from` is a local midnight, on a bin's edge in every zone today (the head is then
 * empty); `to` is now, usually inside a bin.
 */
export interface ChartWindow {
  timeZone: string;
  days: string[];
  from: Date;
  to: Date;
  firstBin: Date;
  lastBin: Date;
  headEnd: Date;
  tailStart: Date;
}

/** Splits [from, to) into whole 15-minute bins and the partial ones at its ends (pure). */
export function binWindow(from: Date, to: Date) {
  const firstBin = Math.ceil(from.getTime() / BIN_MS) * BIN_MS;
  const lastBin = Math.floor(to.getTime() / BIN_MS) * BIN_MS;
  return {
    firstBin: new Date(firstBin),
    lastBin: new Date(lastBin),
    headEnd: new Date(Math.min(firstBin, to.getTime())),
    tailStart: new Date(Math.max(lastBin, firstBin, from.getTime())),
  };
}

/** The window a dashboard query asks for: a custom range when it names one, else its days. */
export function windowOf(
  query: DashboardChartsQuery,
  now: Date,
): Parameters<typeof chartWindow>[1] {
  return query.from !== undefined && query.to !== undefined
    ? { fromDay: query.from, toDay: query.to, timeZone: query.tz, now }
    : { days: query.days, timeZone: query.tz, now };
}

/**
 * The window a dashboard reads: the last `days` days up to now, or a custom range of whole days
 * (`fromDay` to `toDay`, both included), in the zone. A range that reaches past now ends now.
 */
export async function chartWindow(
  db: Database,
  input: { timeZone: string; now: Date } & (
    | { days: number; fromDay?: undefined; toDay?: undefined }
    | { days?: number; fromDay: string; toDay: string }
  ),
): Promise<ChartWindow> {
  const { timeZone, now } = input;
  const days =
    input.fromDay !== undefined
      ? windowDays(input.toDay, daysBetween(input.fromDay, input.toDay))
      : windowDays(localDate(now, timeZone), input.days);
  // The midnights that start the first day and the day after the last, in the zone.
  const { rows } = await db.execute<{ from: Date | string; end: Date | string }>(
    sql`select (${days[0]!}::timestamp at time zone ${timeZone}) as from,
               ((${days.at(-1)!}::date + 1)::timestamp at time zone ${timeZone}) as end`,
  );
  const from = new Date(rows[0]!.from);
  const to = new Date(
    Math.max(from.getTime(), Math.min(now.getTime(), new Date(rows[0]!.end).getTime())),
  );
  return { timeZone, days, from, to, ...binWindow(from, to) };
}

export type CallCountRow = {
  day: string;
  assistant_id: string | null;
  status: CallStatus;
  n: number;
};

/** Read 1: calls per local day, assistant and status. */
export async function readCallCounts(
  db: Database,
  organizationId: string,
  w: ChartWindow,
): Promise<CallCountRow[]> {
  // Each bin's local day is worked out once (materialized), not once per counter row.
  const { rows } = await db.execute<CallCountRow>(sql`
    with days as materialized (
      select b as bin, (b at time zone ${w.timeZone})::date as day
      from generate_series(${w.firstBin.toISOString()}::timestamptz,
        ${w.lastBin.toISOString()}::timestamptz - interval '15 minutes', interval '15 minutes') b
    )
    select to_char(c.day, 'YYYY-MM-DD') as day,
      nullif(c.assistant_key, ${NO_ASSISTANT_KEY}::uuid) as assistant_id, c.status,
      sum(c.n)::int as n
    from (
      select d.day, b.assistant_key, b.status, b.calls as n
      from call_record_bin_counts b
      join days d on d.bin = b.bin
      where b.organization_id = ${organizationId}
        and b.bin >= ${w.firstBin.toISOString()}::timestamptz
        and b.bin < ${w.lastBin.toISOString()}::timestamptz
      union all
      select (created_at at time zone ${w.timeZone})::date,
        coalesce(assistant_id, ${NO_ASSISTANT_KEY}::uuid), status, 1
      from call_records
      where organization_id = ${organizationId}
        and created_at >= ${w.from.toISOString()}::timestamptz
        and created_at < ${w.headEnd.toISOString()}::timestamptz
        and not is_test
      union all
      select (created_at at time zone ${w.timeZone})::date,
        coalesce(assistant_id, ${NO_ASSISTANT_KEY}::uuid), status, 1
      from call_records
      where organization_id = ${organizationId}
        and created_at >= ${w.tailStart.toISOString()}::timestamptz
        and created_at < ${w.to.toISOString()}::timestamptz
        and not is_test
    ) c
    group by c.day, c.assistant_key, c.status`);
  return rows;
}

export type SpeedToLeadRow = { leads: number; median: number | null; p90: number | null };

/** Read 2: speed to lead over the window's latest `maxLeads` dialled first attempts. */
export async function readSpeedToLead(
  db: Database,
  organizationId: string,
  w: ChartWindow,
  maxLeads: number,
): Promise<SpeedToLeadRow> {
  const { rows } = await db.execute<SpeedToLeadRow>(sql`
    select count(*)::int as leads,
      percentile_cont(0.5) within group (order by s.seconds) as median,
      percentile_cont(0.9) within group (order by s.seconds) as p90
    from (
      select extract(epoch from dial_requested_at - created_at)::float8 as seconds
      from call_records
      where organization_id = ${organizationId}
        and created_at >= ${w.from.toISOString()}::timestamptz
        and created_at < ${w.to.toISOString()}::timestamptz
        and call_attempt = 1 and dial_requested_at is not null and not is_test
      order by created_at desc nulls last, id desc nulls last
      limit ${maxLeads}
    ) s`);
  return rows[0] ?? { leads: 0, median: null, p90: null };
}

export type OutcomeCountRow = { assistant_id: string | null; key: string; yes: number; no: number };

/** Read 3: yes/no answers per assistant and question, per lead (its latest answers). */
export async function readOutcomeCounts(
  db: Database,
  organizationId: string,
  w: ChartWindow,
): Promise<OutcomeCountRow[]> {
  const { rows } = await db.execute<OutcomeCountRow>(sql`
    select c.assistant_id, c.key, sum(c.yes)::int as yes, sum(c.no)::int as no
    from (
      select nullif(assistant_key, ${NO_ASSISTANT_KEY}::uuid) as assistant_id,
        outcome_key as key, yes, no
      from call_group_outcome_counts
      where organization_id = ${organizationId}
        and bin >= ${w.firstBin.toISOString()}::timestamptz
        and bin < ${w.lastBin.toISOString()}::timestamptz
      union all
      select g.assistant_id, o.key, (o.value = 'true'::jsonb)::int, (o.value = 'false'::jsonb)::int
      from (
        select assistant_id, outcomes from call_groups
        where organization_id = ${organizationId}
          and latest_call_at >= ${w.from.toISOString()}::timestamptz
          and latest_call_at < ${w.headEnd.toISOString()}::timestamptz
          and not is_test
        union all
        select assistant_id, outcomes from call_groups
        where organization_id = ${organizationId}
          and latest_call_at >= ${w.tailStart.toISOString()}::timestamptz
          and latest_call_at < ${w.to.toISOString()}::timestamptz
          and not is_test
      ) g
      cross join lateral jsonb_each(
        case when jsonb_typeof(g.outcomes) = 'object' then g.outcomes end) o
      where jsonb_typeof(o.value) = 'boolean'
    ) c
    group by 1, 2`);
  return rows;
}

export type AssistantRow = {
  id: string;
  name: string | null;
  outcome_questions: OutcomeQuestion[] | null;
};

/** Read 4: the organization's assistants (one without calls still shows, with zeros). */
export async function readAssistants(db: Database, organizationId: string) {
  const { rows } = await db.execute<AssistantRow>(
    sql`select id, name, outcome_questions from form_assistants
      where organization_id = ${organizationId}`,
  );
  return rows;
}

const dialledFinal = new Set<CallStatus>(dialledFinalStatuses);

/**
 * The bar a status belongs to; null for an attempt that is pending (not final) or was canceled
 * before it was dialled: neither is drawn.
 */
export function chartStatusOf(status: CallStatus): ChartStatus | null {
  if (isPendingStatus(status) || status === "canceled") return null;
  return status;
}

/** Folds the database's rows into the response (pure: unit-tested beside this file). */
export function shapeCharts(input: {
  timeZone: string;
  days: string[];
  from: string;
  to: string;
  counts: CallCountRow[];
  speed: SpeedToLeadRow;
  speedToLeadMaxLeads?: number;
  outcomes: OutcomeCountRow[];
  assistants: AssistantRow[];
}): DashboardCharts {
  const emptyCounts = () =>
    Object.fromEntries(chartStatuses.map((s) => [s, 0])) as Record<ChartStatus, number>;
  const perDay = new Map<string, DashboardChartDay>(
    input.days.map((day) => [day, { day, counts: emptyCounts() }]),
  );
  const totals = {
    attempts: 0,
    finalCalls: 0,
    answered: 0,
    inProgress: 0,
    scheduled: 0,
    blocked: 0,
  };
  const byAssistant = new Map<string | null, { calls: number; answered: number }>();
  for (const row of input.counts) {
    const n = Number(row.n);
    totals.attempts += n;
    const bar = chartStatusOf(row.status);
    if (row.status === "scheduled") totals.scheduled += n;
    else if (isPendingStatus(row.status)) totals.inProgress += n;
    else if (bar === "not-called") totals.blocked += n;
    const day = perDay.get(row.day);
    if (day && bar) day.counts[bar] += n;
    if (!dialledFinal.has(row.status)) continue;
    totals.finalCalls += n;
    if (row.status === "answered") totals.answered += n;
    const figures = byAssistant.get(row.assistant_id) ?? { calls: 0, answered: 0 };
    figures.calls += n;
    if (row.status === "answered") figures.answered += n;
    byAssistant.set(row.assistant_id, figures);
  }

  const answers = new Map<string, { yes: number; no: number }>();
  for (const row of input.outcomes) {
    answers.set(`${row.assistant_id}:${row.key}`, { yes: Number(row.yes), no: Number(row.no) });
  }
  const assistants: DashboardAssistantFigures[] = input.assistants.map((assistant) => ({
    id: assistant.id,
    name: assistant.name,
    ...(byAssistant.get(assistant.id) ?? { calls: 0, answered: 0 }),
    outcomes: (assistant.outcome_questions ?? [])
      .filter((q) => q.type === "boolean")
      .map((q) => ({
        key: q.key,
        label: q.label,
        ...(answers.get(`${assistant.id}:${q.key}`) ?? { yes: 0, no: 0 }),
      })),
  }));
  // Calls of assistants deleted since (assistant_id set null) are still calls.
  const orphaned = byAssistant.get(null);
  if (orphaned && orphaned.calls > 0) {
    assistants.push({ id: null, name: null, ...orphaned, outcomes: [] });
  }
  assistants.sort(
    (a, b) =>
      Number(a.id === null) - Number(b.id === null) ||
      (a.name ?? "").localeCompare(b.name ?? "") ||
      (a.id ?? "").localeCompare(b.id ?? ""),
  );

  const seconds = (value: number | null) => (value === null ? null : Number(value));
  return {
    timeZone: input.timeZone,
    days: input.days.length,
    from: input.from,
    to: input.to,
    perDay: [...perDay.values()],
    totals: {
      ...totals,
      answerRate: totals.finalCalls > 0 ? totals.answered / totals.finalCalls : null,
    },
    speedToLead: {
      leads: Number(input.speed.leads),
      medianSeconds: seconds(input.speed.median),
      p90Seconds: seconds(input.speed.p90),
      latestOnly:
        Number(input.speed.leads) >= (input.speedToLeadMaxLeads ?? SPEED_TO_LEAD_MAX_LEADS),
    },
    assistants,
  };
}

/** The calendar date (yyyy-mm-dd) of an instant in a time zone. */
export function localDate(instant: Date, timeZone: string): string {
  // en-CA formats as yyyy-mm-dd.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(instant);
}

/** `count` calendar dates ending with `today` (yyyy-mm-dd), oldest first. */
export function windowDays(today: string, count: number): string[] {
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(y, m - 1, d - (count - 1 - i))).toISOString().slice(0, 10),
  );
}
