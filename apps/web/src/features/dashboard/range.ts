import { addDays, daysBetween, isCalendarDay, MAX_DASHBOARD_RANGE_DAYS } from "@ringback/contracts";
import { monthDay, monthDayYear } from "@/lib/english-format";

/**
 * The dashboard's one date range, kept in its URL (`range=7d`, or `range=custom&from=…&to=…`):
 * every card and chart reads it. A preset is today and the days before it; a custom range is
 * whole days from its first to its last, both included. Days are in the browser's time zone.
 */
export const dashboardRanges = [
  { id: "today", days: 1, label: "Today", heading: "Today" },
  { id: "7d", days: 7, label: "Last 7 days", heading: "Last 7 Days" },
  { id: "30d", days: 30, label: "Last 30 days", heading: "Last 30 Days" },
  { id: "90d", days: 90, label: "Last 90 days", heading: "Last 90 Days" },
] as const;
export type PresetRange = (typeof dashboardRanges)[number];

export interface CustomRange {
  id: "custom";
  /** First and last day, yyyy-mm-dd, both included; `from` ≤ `to`. */
  from: string;
  to: string;
  days: number;
  label: string;
  heading: string;
}
export type DashboardRange = PresetRange | CustomRange;
export type DashboardRangeId = DashboardRange["id"];

export const CUSTOM_RANGE_LABEL = "Custom range";

/** 30 days unless the URL says another known range. */
export const DEFAULT_DASHBOARD_RANGE: PresetRange = dashboardRanges[2];

/** Today's date (yyyy-mm-dd) where the browser is. */
export function localToday(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, "0");
  const d = String(now.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

/** "Nov 1 – Nov 15", "Nov 3", or with years when the range is not all in this year. */
export function customRangeWords(from: string, to: string, today: string): string {
  const thisYear = today.slice(0, 4);
  const withYear = from.slice(0, 4) !== thisYear || to.slice(0, 4) !== thisYear;
  const format = (day: string) => (withYear ? monthDayYear : monthDay)(new Date(`${day}T12:00:00`));
  return from === to ? format(from) : `${format(from)} – ${format(to)}`;
}

/**
 * A custom range from two days, put right: the later day last, and at most a year and a day (the
 * first day moves up to fit).
 */
export function customRange(from: string, to: string, today: string = localToday()): CustomRange {
  let [first, last] = from <= to ? [from, to] : [to, from];
  if (daysBetween(first, last) > MAX_DASHBOARD_RANGE_DAYS) {
    first = addDays(last, -(MAX_DASHBOARD_RANGE_DAYS - 1));
  }
  const words = customRangeWords(first, last, today);
  return {
    id: "custom",
    from: first,
    to: last,
    days: daysBetween(first, last),
    label: words,
    heading: words,
  };
}

/** The range the URL names; a custom one missing a day reads as the default. */
export function parseDashboardRange(
  params: URLSearchParams | string | null | undefined,
  today: string = localToday(),
): DashboardRange {
  const query = params instanceof URLSearchParams ? params : new URLSearchParams();
  const id = params instanceof URLSearchParams ? params.get("range") : params;
  if (id === "custom") {
    const from = query.get("from");
    const to = query.get("to");
    return from && to && isCalendarDay(from) && isCalendarDay(to)
      ? customRange(from, to, today)
      : DEFAULT_DASHBOARD_RANGE;
  }
  return dashboardRanges.find((r) => r.id === id) ?? DEFAULT_DASHBOARD_RANGE;
}

/** The URL's parameters for a range (the default has none). */
export function rangeSearch(current: URLSearchParams, range: DashboardRange): URLSearchParams {
  const next = new URLSearchParams(current);
  next.delete("range");
  next.delete("from");
  next.delete("to");
  if (range.id === "custom") {
    next.set("range", "custom");
    next.set("from", range.from);
    next.set("to", range.to);
  } else if (range.id !== DEFAULT_DASHBOARD_RANGE.id) {
    next.set("range", range.id);
  }
  return next;
}

/** What the server's stats and charts are asked for: `days=N` or `from=…&to=…`. */
export function rangeQuery(range: DashboardRange): string {
  return range.id === "custom" ? `from=${range.from}&to=${range.to}` : `days=${range.days}`;
}
