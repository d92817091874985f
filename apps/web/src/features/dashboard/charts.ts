import {
  type ChartStatus,
  chartStatuses,
  chartStatusLabels,
  type DashboardChartDay,
  type DashboardCharts,
} from "@ringback/contracts";
import { monthDay } from "@/lib/english-format";
import { customRangeWords, type DashboardRange, localToday } from "./range";

/**
 * How the dashboard's charts read the server's figures (pure; unit-tested). The
 * charts module itself (charts-panel.tsx) is loaded only on the dashboard.
 */

/** The browser's IANA time zone: the days the charts are drawn in. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** One bar: the day's label ("Nov 3"), its counts by status and their total. */
export type DayRow = { day: string; label: string; total: number } & Record<ChartStatus, number>;

/** A yyyy-mm-dd calendar date as "Nov 3" (the date itself, whatever the browser's zone). */
export function formatDay(day: string): string {
  // Noon where the browser is falls on that calendar day in every time zone.
  return monthDay(new Date(`${day}T12:00:00`));
}

export function dayRows(perDay: readonly DashboardChartDay[]): DayRow[] {
  return perDay.map(({ day, counts }) => ({
    day,
    label: formatDay(day),
    total: chartStatuses.reduce((sum, status) => sum + counts[status], 0),
    ...counts,
  }));
}

/**
 * "< 0.1 s", "0.4 s", "45 s", "1 min 39 s", "2 h 5 min", "3 d 4 h"; an em dash when there is nothing to
 * measure. Under 10 s with a tenth: a dial within a second is the point of speed to lead.
 */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return "—";
  if (seconds < 0.05) return "< 0.1 s";
  if (seconds < 9.95) return `${seconds.toFixed(1)} s`;
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) {
    const rest = s % 60;
    return rest ? `${Math.floor(s / 60)} min ${rest} s` : `${s / 60} min`;
  }
  if (s < 86_400) {
    const minutes = Math.round((s % 3600) / 60);
    const hours = Math.floor(s / 3600) + (minutes === 60 ? 1 : 0);
    const m = minutes === 60 ? 0 : minutes;
    return m ? `${hours} h ${m} min` : `${hours} h`;
  }
  const hours = Math.round((s % 86_400) / 3600);
  const days = Math.floor(s / 86_400) + (hours === 24 ? 1 : 0);
  const h = hours === 24 ? 0 : hours;
  return h ? `${days} d ${h} h` : `${days} d`;
}

/** 0.5 → "50%", 2/3 → "67%"; an em dash with no final calls. */
export function formatRate(rate: number | null): string {
  return rate === null ? "—" : `${Math.round(rate * 100)}%`;
}

/** "12 calls" / "1 call". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

/**
 * The dashboard's range in a phrase: "in the last 30 days", "today", "on Nov 3", "from Nov 1 to
 * Nov 15" (a custom range that ends today reads as the last N days).
 */
export function windowPhrase(
  range: DashboardRange,
  today: string = localToday(),
  preposition: "in" | "of" = "in",
): string {
  if (range.id !== "custom" || range.to === today) {
    if (range.days === 1) return preposition === "in" ? "today" : "of today";
    return `${preposition} the last ${range.days} days`;
  }
  const words = customRangeWords(range.from, range.to, today);
  return range.from === range.to ? `on ${words}` : `from ${words.replace(" – ", " to ")}`;
}

/**
 * The calls-per-day chart in words, for screen readers (the table under it has every day):
 * the window ("the last 7 days", or a custom range's days), the total by status and the busiest
 * day.
 */
export function perDaySummary(
  charts: DashboardCharts,
  range: DashboardRange,
  today: string = localToday(),
): string {
  const rows = dayRows(charts.perDay);
  const phrase = windowPhrase(range, today);
  const span = phrase.startsWith("in ") ? `over ${phrase.slice(3)}` : phrase;
  const total = rows.reduce((sum, row) => sum + row.total, 0);
  if (total === 0) return `Calls per day ${span}: no finished calls yet.`;
  const byStatus = chartStatuses
    .map((status) => ({ status, n: rows.reduce((sum, row) => sum + row[status], 0) }))
    .filter((s) => s.n > 0)
    .map((s) => `${s.n.toLocaleString("en-US")} ${chartStatusLabels[s.status].toLowerCase()}`)
    .join(", ");
  const busiest = rows.reduce((best, row) => (row.total > best.total ? row : best));
  return `Calls per day ${span}: ${plural(total, "finished call")} (${byStatus}). Busiest day ${busiest.label} with ${plural(busiest.total, "call")}.`;
}

/** A yes/no question's answers as a sentence: "Qualified? yes 12 · no 5". */
export function outcomeSummary(outcome: { label: string; yes: number; no: number }): string {
  return `${outcome.label} yes ${outcome.yes.toLocaleString("en-US")} · no ${outcome.no.toLocaleString("en-US")}`;
}
