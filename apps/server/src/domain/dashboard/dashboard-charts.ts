import {
  type CallStatus,
  type ChartStatus,
  chartStatuses,
  type DashboardAssistantFigures,
  type DashboardChartDay,
  type DashboardCharts,
  type OutcomeQuestion,
  SPEED_TO_LEAD_MAX_LEADS,
} from "@ringback/contracts";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";

/**
 * Issue 14 §3: the dashboard's charts for one organization over the last `days` days in the
 * browser's time zone — calls per day by final status, the answer rate, speed to lead (median
 * and p90) and per assistant its calls, answered calls and yes/no outcome answers.
 *
 * Three reads, run at once on separate connections (docs/architecture.md, "Dashboard charts"):
 *  1. call_records of the window by (organization_id, created_at) — call_records_org_created_idx
 *     — counted per 15-minute UTC bin, assistant and status; the bins are then folded into the
 *     zone's days. Every zone's offset is a whole number of quarter hours, so a bin never
 *     straddles a local midnight, and bucketing 2,880 bins costs less than converting each of
 *     ~900,000 rows (bench:dashboard). Call Records' counters do not fit: call_group_day_counts
 *     counts groups by their latest status per UTC day, not calls per day in a zone.
 *  2. speed to lead: percentile_cont over the window's latest (at most SPEED_TO_LEAD_MAX_LEADS)
 *     dialled first attempts, read in the index's order (its NULLS LAST included, or PostgreSQL
 *     sorts the whole month). Attempt 1 is inserted in the same statement as its submission
 *     (ingest-delivery.ts), so its created_at is the submission's (now() is the transaction's
 *     time) and the submissions need not be joined.
 *  3. outcomes per lead from call_groups (latest answers of each submission whose latest call is
 *     in the window), and the organization's assistants with their questions.
 */
export async function dashboardCharts(
  db: Database,
  organizationId: string,
  input: { days: number; timeZone: string; now: Date; speedToLeadMaxLeads?: number },
): Promise<DashboardCharts> {
  const { days, timeZone, now } = input;
  const maxLeads = input.speedToLeadMaxLeads ?? SPEED_TO_LEAD_MAX_LEADS;
  const dayList = windowDays(localDate(now, timeZone), days);
  const firstDay = dayList[0]!;
  const to = now.toISOString();
  // Midnight that starts the first day, in the zone (PostgreSQL knows the zone's DST rules).
  const from = sql`(${firstDay}::timestamp at time zone ${timeZone})`;

  const [counts, speed, outcomes, assistants, start] = await Promise.all([
    db.execute<{ day: string; assistant_id: string | null; status: CallStatus; n: number }>(sql`
      select to_char((b.bin at time zone ${timeZone})::date, 'YYYY-MM-DD') as day,
        b.assistant_id, b.status, sum(b.n)::int as n
      from (
        select date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00') as bin,
          assistant_id, status, count(*) as n
        from call_records
        where organization_id = ${organizationId}
          and created_at >= ${from} and created_at < ${to}::timestamptz
        group by 1, 2, 3
      ) b
      group by 1, 2, 3`),
    db.execute<{ leads: number; median: number | null; p90: number | null }>(sql`
      select count(*)::int as leads,
        percentile_cont(0.5) within group (order by w.seconds) as median,
        percentile_cont(0.9) within group (order by w.seconds) as p90
      from (
        select extract(epoch from dial_requested_at - created_at)::float8 as seconds
        from call_records
        where organization_id = ${organizationId}
          and created_at >= ${from} and created_at < ${to}::timestamptz
          and call_attempt = 1 and dial_requested_at is not null
        order by created_at desc nulls last, id desc nulls last
        limit ${maxLeads}
      ) w`),
    db.execute<{ assistant_id: string | null; key: string; yes: number; no: number }>(sql`
      select g.assistant_id, o.key,
        count(*) filter (where o.value = 'true'::jsonb)::int as yes,
        count(*) filter (where o.value = 'false'::jsonb)::int as no
      from call_groups g
      cross join lateral jsonb_each(g.outcomes) o
      where g.organization_id = ${organizationId}
        and g.latest_call_at >= ${from} and g.latest_call_at < ${to}::timestamptz
        and g.outcomes is not null and jsonb_typeof(o.value) = 'boolean'
      group by 1, 2`),
    db.execute<{ id: string; name: string | null; outcome_questions: OutcomeQuestion[] | null }>(
      sql`select id, name, outcome_questions from form_assistants
        where organization_id = ${organizationId}`,
    ),
    db.execute<{ from: Date | string }>(sql`select ${from} as from`),
  ]);

  return shapeCharts({
    timeZone,
    days: dayList,
    from: new Date(start.rows[0]!.from).toISOString(),
    to,
    counts: counts.rows,
    speed: speed.rows[0] ?? { leads: 0, median: null, p90: null },
    speedToLeadMaxLeads: maxLeads,
    outcomes: outcomes.rows,
    assistants: assistants.rows,
  });
}

const dialledFinal = new Set<CallStatus>(["answered", "completed", "no-answer", "busy", "failed"]);
const pickedUp = new Set<CallStatus>(["answered", "completed"]);

/** The bar a status belongs to; null for in-progress (not final, not drawn). */
export function chartStatusOf(status: CallStatus): ChartStatus | null {
  if (status === "in-progress") return null;
  if (status.startsWith("blocked-")) return "blocked";
  return status as ChartStatus;
}

/** Folds the database's rows into the response (pure: unit-tested beside this file). */
export function shapeCharts(input: {
  timeZone: string;
  days: string[];
  from: string;
  to: string;
  counts: { day: string; assistant_id: string | null; status: CallStatus; n: number }[];
  speed: { leads: number; median: number | null; p90: number | null };
  speedToLeadMaxLeads?: number;
  outcomes: { assistant_id: string | null; key: string; yes: number; no: number }[];
  assistants: { id: string; name: string | null; outcome_questions: OutcomeQuestion[] | null }[];
}): DashboardCharts {
  const emptyCounts = () =>
    Object.fromEntries(chartStatuses.map((s) => [s, 0])) as Record<ChartStatus, number>;
  const perDay = new Map<string, DashboardChartDay>(
    input.days.map((day) => [day, { day, counts: emptyCounts() }]),
  );
  const totals = { attempts: 0, finalCalls: 0, answered: 0, inProgress: 0, blocked: 0 };
  const byAssistant = new Map<string | null, { calls: number; answered: number }>();
  for (const row of input.counts) {
    const n = Number(row.n);
    totals.attempts += n;
    const bar = chartStatusOf(row.status);
    if (bar === null) totals.inProgress += n;
    else if (bar === "blocked") totals.blocked += n;
    const day = perDay.get(row.day);
    if (day && bar) day.counts[bar] += n;
    if (!dialledFinal.has(row.status)) continue;
    totals.finalCalls += n;
    if (pickedUp.has(row.status)) totals.answered += n;
    const figures = byAssistant.get(row.assistant_id) ?? { calls: 0, answered: 0 };
    figures.calls += n;
    if (pickedUp.has(row.status)) figures.answered += n;
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
