/**
 * The dashboard's one date range, kept in its URL (`range=7d`): every card and chart reads it.
 * Each is today and the days before it, in the browser's time zone, as the charts always were.
 */
export const dashboardRanges = [
  { id: "today", days: 1, label: "Today", heading: "Today" },
  { id: "7d", days: 7, label: "Last 7 days", heading: "Last 7 Days" },
  { id: "30d", days: 30, label: "Last 30 days", heading: "Last 30 Days" },
  { id: "90d", days: 90, label: "Last 90 days", heading: "Last 90 Days" },
] as const;
export type DashboardRange = (typeof dashboardRanges)[number];
export type DashboardRangeId = DashboardRange["id"];

/** 30 days unless the URL says another known range. */
export const DEFAULT_DASHBOARD_RANGE: DashboardRange = dashboardRanges[2];

export function parseDashboardRange(value: string | null | undefined): DashboardRange {
  return dashboardRanges.find((r) => r.id === value) ?? DEFAULT_DASHBOARD_RANGE;
}
