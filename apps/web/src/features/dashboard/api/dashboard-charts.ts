import type { DashboardCharts } from "@ringback/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { browserTimeZone } from "../charts";

/**
 * GET /api/organizations/:id/dashboard/charts?days=N&tz=… (or from=…&to=…, `rangeQuery`) — the
 * charts' figures, days in the
 * browser's time zone. Read again each time the dashboard is opened or the tab focused, but not
 * on every call change as the stats cards are: at a busy organization that would re-read a
 * month of calls for each ring.
 */
export function useDashboardCharts(organizationId: string, enabled: boolean, range: string) {
  const timeZone = browserTimeZone();
  return useQuery({
    queryKey: ["organization", organizationId, "dashboard-charts", range, timeZone] as const,
    queryFn: ({ signal }) =>
      api.get<DashboardCharts>(
        `/api/organizations/${organizationId}/dashboard/charts?${range}&tz=${encodeURIComponent(timeZone)}`,
        { signal },
      ),
    enabled,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}
