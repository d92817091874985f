import { z } from "zod";
import { assistantsToBackfill, backfillAssistant } from "../domain/submissions/backfill.ts";
import { defineJob } from "./job.ts";

/**
 * Every 10 minutes: each active assistant whose source can be read back (Typeform's Responses
 * API) gets the responses its webhook missed. One assistant's failure (a revoked connection)
 * is logged and never stops the others.
 */
export const backfillJob = defineJob({
  name: "submissions.backfill",
  payload: z.object({}),
  cron: "*/10 * * * *",
  needs: ["ingestion"],
  async handle(_data, { ingestion: backfill, logger }) {
    const totals = { assistants: 0, read: 0, stored: 0, tooOld: 0, failed: 0 };
    for (const assistantId of await assistantsToBackfill(backfill)) {
      totals.assistants++;
      try {
        const result = await backfillAssistant(backfill, assistantId);
        totals.read += result.read;
        totals.stored += result.stored;
        totals.tooOld += result.tooOld;
      } catch (error) {
        totals.failed++;
        logger.warn({ err: error, assistantId }, "Could not read an assistant's responses back");
      }
    }
    if (totals.stored > 0 || totals.failed > 0) {
      logger.info(totals, "Read back responses their webhooks missed");
    }
    return totals;
  },
});
