import { z } from "zod";
import { archiveRecording, FETCH_RECORDING_JOB } from "../domain/calls/recordings.ts";
import { purgeReleasedRecordings } from "../domain/recordings/recording-storage.ts";
import { applyRetention } from "../domain/recordings/retention.ts";
import { defineJob, noPayload } from "./job.ts";

/** Copies one call's recording from the voice provider into Ringback's recording store. */
export const fetchRecordingJob = defineJob({
  name: FETCH_RECORDING_JOB,
  payload: z.object({ callRecordId: z.string().min(1) }),
  // One job per call at most, however often the webhook and the sweeper ask.
  policy: "exclusive",
  concurrency: 4,
  needs: ["recordings"],
  handle: ({ callRecordId }, { recordings, logger }) =>
    archiveRecording({ ...recordings, logger }, callRecordId),
});

/**
 * Deletes stored recordings no call record names any more (deleted records, assistants and
 * organizations; recordings moved to another store; retention): within five minutes.
 */
export const purgeRecordingsJob = defineJob({
  name: "recordings.purge",
  payload: noPayload,
  cron: "*/5 * * * *",
  runOnStart: true,
  needs: ["recordings"],
  handle: (_data, { db, logger, recordings }) =>
    purgeReleasedRecordings(db, recordings.stores, logger),
});

/** Retention: daily, and when a worker starts (a missed day is caught up). */
export const recordingRetentionJob = defineJob({
  name: "recordings.retention",
  payload: noPayload,
  cron: "43 3 * * *",
  runOnStart: true,
  needs: [],
  handle: (_data, { db, logger }) => applyRetention(db, new Date(), logger),
});
