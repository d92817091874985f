import { z } from "zod";
import type { QueueJob } from "../../../queue/queue.ts";
import { type CallJobData, playSimulatedCall, SANDBOX_BLAND_CALL_JOB } from "./play.ts";

/**
 * One call of the call simulator, played out at its pace, then its post-call webhook; a failed
 * webhook throws, so that pg-boss retries it (the call resumes where it is, it is not replayed).
 */
export const sandboxBlandCallJob: QueueJob<CallJobData> = {
  name: SANDBOX_BLAND_CALL_JOB,
  payload: z.object({ callId: z.string().min(1) }),
  // A simulated call holds its job for the length of the call: several may ring at once.
  concurrency: 20,
  pollSeconds: 0.5,
  // A call played by a worker that died resumes on another within seconds.
  heartbeatSeconds: 10,
  handle: (data, { db, logger, stopping }) => playSimulatedCall(db, logger, data, { stopping }),
};
