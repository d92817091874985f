import { dashboardChartsQuerySchema } from "@ringback/contracts";
import { Hono } from "hono";
import type { Database } from "../../db/database.ts";
import { dashboardCharts, windowOf } from "../../domain/dashboard/dashboard-charts.ts";
import { type TenantVariables, withOrganization } from "../middleware/tenancy.ts";
import { parseQuery } from "../validate.ts";

/** /api/organizations/:organizationId/dashboard — members only. */
export function dashboardRoutes(deps: { db: Database }) {
  const { db } = deps;
  return (
    new Hono<{ Variables: TenantVariables }>()
      // GET /charts?days=30&tz=Area/City, or ?from=yyyy-mm-dd&to=yyyy-mm-dd&tz=… — the
      // dashboard's charts (DashboardCharts), days in the browser's time zone.
      .get("/charts", withOrganization(db, "calls:read"), async (c) => {
        const query = parseQuery(c, dashboardChartsQuerySchema);
        c.header("Cache-Control", "no-store");
        return c.json(
          await dashboardCharts(db, c.get("organizationId"), windowOf(query, new Date())),
        );
      })
  );
}
