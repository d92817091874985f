import { foldDashboardCounters } from "../domain/dashboard/fold-counters.ts";
import { defineJob, noPayload } from "./job.ts";

/** Hourly: the dashboard counters' day-old shards folded into one row per key. */
export const foldDashboardCountersJob = defineJob({
  name: "dashboard.fold-counters",
  payload: noPayload,
  cron: "41 * * * *",
  needs: [],
  async handle(_data, { db, logger }) {
    const moved = await foldDashboardCounters(db, new Date());
    logger.info({ moved }, "Folded the dashboard counters");
    return { moved };
  },
});
