import { pruneExpired } from "../domain/maintenance/prune-expired.ts";
import { forgetOldDeliveryBodies } from "../domain/submissions/delivery-log.ts";
import { forgetRetiredVoiceKeys } from "../domain/voice/retired-connections.ts";
import { defineJob, noPayload } from "./job.ts";

export const pruneExpiredJob = defineJob({
  name: "maintenance.prune-expired",
  payload: noPayload,
  cron: "17 * * * *",
  needs: [],
  async handle(_data, { db, logger }) {
    const now = new Date();
    const deleted = await pruneExpired(db, now);
    // The keys of voice accounts organizations left, once no call needs them.
    const forgotten = await forgetRetiredVoiceKeys(db, now);
    // "Recent deliveries" keeps request bodies for a week.
    const bodies = await forgetOldDeliveryBodies(db, now);
    logger.info(
      { deleted, forgottenVoiceKeys: forgotten, forgottenDeliveryBodies: bodies },
      "Pruned expired sessions and codes",
    );
    return { ...deleted, forgottenVoiceKeys: forgotten, forgottenDeliveryBodies: bodies };
  },
});
