import { PgBoss } from "pg-boss";
import type { z } from "zod";
import type { Database } from "../db/database.ts";
import type { Logger } from "../lib/logger.ts";

export type Queue = PgBoss;

/** pg-boss's schema in Ringback's database. */
export const QUEUE_SCHEMA = "pgboss";

/** What every job's handler gets; a job kind adds the narrow dependencies it uses. */
export interface BaseJobContext {
  db: Database;
  logger: Logger;
}

/**
 * A kind of background job as the queue knows it: its name, the schema of its payload, and how
 * the queue runs it. The queue knows nothing of what a handler does or needs beyond `Context`.
 */
export interface QueueJob<Data extends object, Context extends BaseJobContext = BaseJobContext> {
  name: string;
  /**
   * The payload's schema, checked before the handler runs: a message that does not match (a
   * payload from another version of the code, say) fails at once with the schema's words.
   */
  payload: z.ZodType<Data>;
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
  handle(data: Data, context: Context): Promise<unknown>;
}

/**
 * The job queue lives in the same PostgreSQL (schema `pgboss`). A web-only process only sends
 * jobs; a worker process also supervises queues and runs schedules.
 */
export async function startQueue(options: {
  url: string;
  logger: Logger;
  runsWorkers: boolean;
}): Promise<Queue> {
  const boss = new PgBoss({
    connectionString: options.url,
    schema: QUEUE_SCHEMA,
    application_name: options.runsWorkers ? "ringback-worker" : "ringback-web",
    // Workers fetch, complete and send on these: a burst of calls needs more than a few.
    max: options.runsWorkers ? 15 : 5,
    supervise: options.runsWorkers,
    schedule: options.runsWorkers,
    migrate: true,
    useListenNotify: true,
    // Supervision finds jobs whose worker stopped sending heartbeats (a killed process): every
    // 10 s rather than pg-boss's 60 s, so that a lead is not kept waiting a minute by a crash.
    superviseIntervalSeconds: 10,
    monitorIntervalSeconds: 10,
  });
  boss.on("error", (error) => options.logger.error({ err: error }, "Queue error"));
  await boss.start();
  return boss;
}

/**
 * Creates (or updates) every job's queue. Every role does this at start: a web process on a
 * fresh database sends jobs before any worker has started, and pg-boss refuses a send to a
 * queue that does not exist.
 */
export async function ensureQueues(
  boss: Queue,
  // biome-ignore lint/suspicious/noExplicitAny: each job has its own payload and context.
  definitions: QueueJob<any, any>[],
): Promise<void> {
  for (const job of definitions) {
    // notify: a sent job wakes a worker at once (speed to lead) instead of at its next poll.
    const queueOptions = {
      notify: true,
      ...(job.heartbeatSeconds ? { heartbeatSeconds: job.heartbeatSeconds } : {}),
    };
    // A queue's policy is fixed at creation (pg-boss refuses to change it): set it only there.
    await boss.createQueue(job.name, { ...queueOptions, policy: job.policy ?? "standard" });
    await boss.updateQueue(job.name, queueOptions);
  }
}

/** Registers each job's handler and schedule (queues exist already: ensureQueues). */
export async function registerJobs<Context extends BaseJobContext>(
  boss: Queue,
  // biome-ignore lint/suspicious/noExplicitAny: each job has its own payload type.
  definitions: QueueJob<any, Context>[],
  context: Context,
): Promise<void> {
  for (const job of definitions) {
    // NOTIFY wakes a worker for new jobs, but not for a retry coming due after its delay: keep
    // polling at pg-boss's usual 2 s (its 30 s default with NOTIFY on would delay retries).
    const pollSeconds = job.pollSeconds ?? 2;
    const polling = {
      pollingIntervalSeconds: pollSeconds,
      notifyPollingIntervalSeconds: pollSeconds,
    };
    // A batch is handled concurrently and settled job by job: one failure retries only itself.
    await boss.work(
      job.name,
      {
        localConcurrency: job.concurrency ?? 1,
        batchSize: job.batchSize ?? 1,
        perJobResults: true,
        ...polling,
      },
      (batch) =>
        Promise.all(
          batch.map(async (message) => {
            const logger = context.logger.child({ job: job.name, jobId: message.id });
            try {
              const parsed = job.payload.safeParse(message.data ?? {});
              if (!parsed.success) {
                throw new Error(`Malformed ${job.name} payload: ${parsed.error.message}`);
              }
              await job.handle(parsed.data, { ...context, logger });
              return { id: message.id, status: "completed" as const };
            } catch (error) {
              logger.error({ err: error }, "Job failed; it will be retried if it has retries left");
              const reason = error instanceof Error ? error.message : String(error);
              return { id: message.id, status: "failed" as const, output: { message: reason } };
            }
          }),
        ),
    );
    if (job.cron) await boss.schedule(job.name, job.cron);
    if (job.runOnStart) await boss.send(job.name, {});
  }
}
