import { pruneExpired } from "../domain/maintenance/prune-expired.ts";
import { defineJob } from "./job.ts";

export const pruneExpiredJob = defineJob({
  name: "maintenance.prune-expired",
  cron: "17 * * * *",
  async handle(_data, { db, logger }) {
    const deleted = await pruneExpired(db, new Date());
    logger.info({ deleted }, "Pruned expired sessions and codes");
    return deleted;
  },
});
