import { z } from "zod";
import {
  DASHBOARD_CHART_DAYS,
  daysBetween,
  isCalendarDay,
  MAX_DASHBOARD_CHART_DAYS,
  MAX_DASHBOARD_RANGE_DAYS,
} from "./dashboard.ts";
import { isIanaTimeZone } from "./time-zones.ts";

/*
 * GET …/dashboard/charts?days=30&tz=Area/City (or ?from=…&to=… for a custom range), as the
 * server reads it. Apart from dashboard.ts (the charts' constants and shapes), so that the
 * dashboard page does not load zod.
 */

/** A calendar day, yyyy-mm-dd, that exists. */
const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date such as 2026-03-02.")
  .refine(isCalendarDay, "No such date.");

export const dashboardChartsQuerySchema = z
  .object({
    /** Today and the days before it, in `tz`. */
    days: z.coerce
      .number()
      .int()
      .min(1, "Ask for at least one day.")
      .max(MAX_DASHBOARD_CHART_DAYS, `At most ${MAX_DASHBOARD_CHART_DAYS} days.`)
      .default(DASHBOARD_CHART_DAYS),
    /**
     * A custom range instead of `days`: its first and last day in `tz`, both included (both or
     * neither). Days after today count up to now.
     */
    from: calendarDay.optional(),
    to: calendarDay.optional(),
    /** The browser's IANA time zone: where a day starts and ends. */
    tz: z
      .string()
      .refine(isIanaTimeZone, "Unknown time zone: use an IANA name such as America/New_York.")
      .default("UTC"),
  })
  .superRefine((query, ctx) => {
    if ((query.from === undefined) !== (query.to === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [query.from === undefined ? "from" : "to"],
        message: "A custom range needs both its first day (from) and its last day (to).",
      });
      return;
    }
    if (query.from === undefined || query.to === undefined) return;
    const span = daysBetween(query.from, query.to);
    if (span < 1) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: "The end date is before the start date.",
      });
    } else if (span > MAX_DASHBOARD_RANGE_DAYS) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: `A range can cover at most ${MAX_DASHBOARD_RANGE_DAYS} days.`,
      });
    }
  });
export type DashboardChartsQuery = z.infer<typeof dashboardChartsQuerySchema>;
