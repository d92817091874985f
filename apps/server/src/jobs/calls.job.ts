import { z } from "zod";
import { PLACE_CALL_JOB } from "../domain/calls/call-engine.ts";
import { placeCall } from "../domain/calls/place-call.ts";
import { sweepAttempts } from "../domain/calls/sweep-attempts.ts";
import { defineJob, noPayload } from "./job.ts";

/** Places (or reconciles) one call attempt; a thrown error makes pg-boss retry it. */
export const placeCallJob = defineJob({
  name: PLACE_CALL_JOB,
  payload: z.object({ attemptId: z.string().min(1) }),
  // Dialling is a short HTTP request; speed to lead wants several in flight.
  concurrency: 4,
  pollSeconds: 0.5,
  batchSize: 25,
  heartbeatSeconds: 10,
  needs: ["calls"],
  async handle({ attemptId }, { calls, logger }) {
    const result = await placeCall(calls, attemptId);
    logger.info({ attemptId, result }, "Call attempt handled");
    return result;
  },
});

/**
 * When a worker starts and every minute: re-enqueue due attempts (and interrupted dials), and
 * poll calls whose webhook never came.
 */
export const sweepCallsJob = defineJob({
  name: "calls.sweep",
  payload: noPayload,
  cron: "* * * * *",
  runOnStart: true,
  needs: ["calls"],
  handle: (_data, { calls }) => sweepAttempts(calls),
});
