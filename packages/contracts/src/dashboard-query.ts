import { z } from "zod";
import { DASHBOARD_CHART_DAYS, MAX_DASHBOARD_CHART_DAYS } from "./dashboard.ts";
import { isIanaTimeZone } from "./time-zones.ts";

/**
 * GET …/dashboard/charts?days=30&tz=Area/City, as the server reads it. Apart from dashboard.ts
 * (the charts' constants and shapes), so that the dashboard page does not load zod (issue 16).
 */
export const dashboardChartsQuerySchema = z.object({
  /** Today and the days before it, in `tz`. */
  days: z.coerce
    .number()
    .int()
    .min(1, "Ask for at least one day.")
    .max(MAX_DASHBOARD_CHART_DAYS, `At most ${MAX_DASHBOARD_CHART_DAYS} days.`)
    .default(DASHBOARD_CHART_DAYS),
  /** The browser's IANA time zone: where a day starts and ends. */
  tz: z
    .string()
    .refine(isIanaTimeZone, "Unknown time zone: use an IANA name such as America/New_York.")
    .default("UTC"),
});
export type DashboardChartsQuery = z.infer<typeof dashboardChartsQuerySchema>;
