import { formSourceModules } from "../providers/forms/registry.ts";
import { sandboxBlandCallJob } from "../providers/voice/simulator/play.job.ts";
import { placeCallJob, sweepCallsJob } from "./calls.job.ts";
import { foldDashboardCountersJob } from "./dashboard-counters.job.ts";
import type { JobDefinition } from "./job.ts";
import { pruneExpiredJob } from "./prune-expired.job.ts";
import { fetchRecordingJob, purgeRecordingsJob, recordingRetentionJob } from "./recordings.job.ts";
import { deliverWebhookJob, sweepWebhooksJob } from "./webhooks.job.ts";

/** Every job the worker runs. */
// biome-ignore lint/suspicious/noExplicitAny: each job has its own payload type.
export const jobs: JobDefinition<any>[] = [
  pruneExpiredJob,
  foldDashboardCountersJob,
  sandboxBlandCallJob,
  placeCallJob,
  sweepCallsJob,
  fetchRecordingJob,
  purgeRecordingsJob,
  recordingRetentionJob,
  deliverWebhookJob,
  sweepWebhooksJob,
  // Each form source's sandbox jobs (a sandbox that is not mounted gets none).
  ...formSourceModules.flatMap((source) => source.sandbox?.jobs ?? []),
];
