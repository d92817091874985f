import { formSourceModules } from "../providers/forms/registry.ts";
import { callSimulatorJobs } from "../providers/voice/registry.ts";
import type { QueueJob } from "../queue/queue.ts";
import { backfillJob } from "./backfill.job.ts";
import { placeCallJob, sweepCallsJob } from "./calls.job.ts";
import { foldDashboardCountersJob } from "./dashboard-counters.job.ts";
import { bindJob, type JobDefinition, type JobDependencies, type JobNeed } from "./job.ts";
import { pruneExpiredJob } from "./prune-expired.job.ts";
import { fetchRecordingJob, purgeRecordingsJob, recordingRetentionJob } from "./recordings.job.ts";
import { deliverWebhookJob, sweepWebhooksJob } from "./webhooks.job.ts";

/** The domain's jobs, each with the dependencies it names. */
// biome-ignore lint/suspicious/noExplicitAny: each job has its own payload type.
const domainJobs: JobDefinition<any, JobNeed>[] = [
  pruneExpiredJob,
  foldDashboardCountersJob,
  placeCallJob,
  sweepCallsJob,
  fetchRecordingJob,
  purgeRecordingsJob,
  recordingRetentionJob,
  deliverWebhookJob,
  sweepWebhooksJob,
  backfillJob,
];

/**
 * The sandboxes' jobs: the call simulator's, and each form source's (a sandbox that is not
 * mounted gets none). They use only the database and a logger.
 */
// biome-ignore lint/suspicious/noExplicitAny: each job has its own payload type.
const providerJobs: QueueJob<any>[] = [
  ...callSimulatorJobs,
  ...formSourceModules.flatMap((source) => source.sandbox?.jobs ?? []),
];

/** Every job a worker runs, by name and queue options (for creating the queues). */
// biome-ignore lint/suspicious/noExplicitAny: each job has its own payload type.
export const jobs: QueueJob<any>[] = [...domainJobs, ...providerJobs];

/** Every job, ready for the queue: each handler given the dependencies its job named. */
// biome-ignore lint/suspicious/noExplicitAny: each job has its own payload type.
export function workerJobs(dependencies: JobDependencies): QueueJob<any>[] {
  return [...domainJobs.map((job) => bindJob(job, dependencies)), ...providerJobs];
}
