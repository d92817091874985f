import { archiveRecording, FETCH_RECORDING_JOB } from "../domain/calls/recordings.ts";
import { defineJob } from "./job.ts";

/** Copies one call's recording from the voice provider into Ringback's recording store. */
export const fetchRecordingJob = defineJob<{ callRecordId: string }>({
  name: FETCH_RECORDING_JOB,
  // One job per call at most, however often the webhook and the sweeper ask (issue 11 §6).
  policy: "exclusive",
  concurrency: 4,
  handle: ({ callRecordId }, { services, logger }) =>
    archiveRecording({ ...services.recordings, logger }, callRecordId),
});
