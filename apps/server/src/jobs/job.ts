import type { Database } from "../db/database.ts";
import type { Logger } from "../lib/logger.ts";
import type { Services } from "../services.ts";

export interface JobContext {
  db: Database;
  logger: Logger;
  services: Services;
}

/** A background job: a thin adapter from a queue message to one domain function. */
export interface JobDefinition<Data extends object = Record<string, never>> {
  name: string;
  /** Cron expression (UTC) for jobs that run on a schedule. */
  cron?: string;
  /** Jobs of this kind one worker process runs at once (default 1). */
  concurrency?: number;
  /**
   * Seconds between a worker's checks for work that NOTIFY does not announce: retries coming
   * due, and the next job after a busy spell (default 2). Lower for queues where latency matters.
   */
  pollSeconds?: number;
  /**
   * Jobs each worker loop fetches at once and runs concurrently (default 1): a burst of leads is
   * taken in a few fetches rather than one job per poll.
   */
  batchSize?: number;
  /**
   * A running job's worker proves it is alive this often (pg-boss heartbeats): a job whose
   * worker died is retried within about this long plus the supervision interval (10 s), instead
   * of after its expiry. Set on jobs whose delay a person would notice.
   */
  heartbeatSeconds?: number;
  /**
   * pg-boss queue policy, fixed when the queue is created (default standard). `exclusive`: at
   * most one job per singletonKey queued, retrying or running at a time.
   */
  policy?: "standard" | "exclusive";
  /** Also run once when a worker starts (a recovery sweep should not wait for its schedule). */
  runOnStart?: boolean;
  handle(data: Data, context: JobContext): Promise<unknown>;
}

export function defineJob<Data extends object>(job: JobDefinition<Data>): JobDefinition<Data> {
  return job;
}
