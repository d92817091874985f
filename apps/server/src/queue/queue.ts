import { setTimeout as sleep } from "node:timers/promises";
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
  /**
   * Aborted when this process begins to stop (stopQueue). A handler that only waits, and that
   * resumes where it was when its job runs again (a simulated call), ends at once by throwing
   * JobInterrupted; the job is retried, here after a restart or on another worker. Every other
   * handler finishes what it is doing: stopping waits for it.
   */
  stopping: AbortSignal;
}

/** Thrown by a handler that gave up its job because the process is stopping. */
export class JobInterrupted extends Error {
  constructor() {
    super("Interrupted: this process is stopping; the job runs again");
    this.name = "JobInterrupted";
  }
}

/** Waits until `when`, or throws JobInterrupted as soon as `stopping` is aborted. */
export async function waitUntil(when: Date, stopping: AbortSignal): Promise<void> {
  if (stopping.aborted) throw new JobInterrupted();
  const ms = when.getTime() - Date.now();
  if (ms <= 0) return;
  try {
    await sleep(ms, undefined, { signal: stopping });
  } catch (error) {
    throw stopping.aborted ? new JobInterrupted() : error;
  }
}

/** Each queue's "stopping" signal (see BaseJobContext.stopping). */
const stoppingSignals = new WeakMap<Queue, AbortController>();

function stoppingOf(boss: Queue): AbortController {
  let controller = stoppingSignals.get(boss);
  if (!controller) {
    controller = new AbortController();
    stoppingSignals.set(boss, controller);
  }
  return controller;
}

/**
 * Stops the queue: handlers that can resume are told to end (BaseJobContext.stopping), the rest
 * are given up to `timeoutMs` to finish, then pg-boss fails what still runs, so it is retried.
 */
export async function stopQueue(boss: Queue, timeoutMs: number): Promise<void> {
  stoppingOf(boss).abort();
  await boss.stop({ graceful: true, timeout: timeoutMs });
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
  /**
   * The version of that payload (default 1). A change older code could not read (a field
   * renamed, a meaning changed) raises it, and senders then put it in the message as `v`; a
   * message without `v` is version 1. A worker given a version it does not know fails the job,
   * and pg-boss retries it: during a rolling deploy a worker of the new version picks it up.
   */
  payloadVersion?: number;
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
export async function registerJobs(
  boss: Queue,
  // biome-ignore lint/suspicious/noExplicitAny: each job has its own payload type.
  definitions: QueueJob<any>[],
  jobContext: Omit<BaseJobContext, "stopping">,
): Promise<void> {
  const context: BaseJobContext = { ...jobContext, stopping: stoppingOf(boss).signal };
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
              const { v = 1, ...data } = (message.data ?? {}) as { v?: unknown };
              if (v !== (job.payloadVersion ?? 1)) {
                throw new Error(
                  `${job.name} payload version ${String(v)}: this worker reads version ${job.payloadVersion ?? 1}`,
                );
              }
              const parsed = job.payload.safeParse(data);
              if (!parsed.success) {
                throw new Error(`Malformed ${job.name} payload: ${parsed.error.message}`);
              }
              await job.handle(parsed.data, { ...context, logger });
              return { id: message.id, status: "completed" as const };
            } catch (error) {
              if (error instanceof JobInterrupted) {
                logger.info("Job interrupted by the process stopping; it runs again");
                return {
                  id: message.id,
                  status: "failed" as const,
                  output: { message: error.message },
                };
              }
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
