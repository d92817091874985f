import { z } from "zod";
import type { CallEngineDeps } from "../domain/calls/call-engine.ts";
import type { RecordingDeps } from "../domain/calls/recordings.ts";
import type { BackfillDeps } from "../domain/submissions/backfill.ts";
import type { WebhookDeps } from "../domain/webhooks/webhook-deps.ts";
import type { BaseJobContext, QueueJob } from "../queue/queue.ts";

/** What a job may ask for beyond the database and a logger: one domain's dependencies each. */
export interface JobDependencies {
  calls: CallEngineDeps;
  recordings: RecordingDeps;
  webhooks: WebhookDeps;
  ingestion: BackfillDeps;
}

export type JobNeed = keyof JobDependencies;

/**
 * A worker's job: a thin adapter from a queue message to one domain function. It names the
 * dependencies it uses (`needs`), and its handler is given those and no others (bindJob).
 */
export interface JobDefinition<Data extends object, Needs extends JobNeed = never>
  extends QueueJob<Data, BaseJobContext & Pick<JobDependencies, Needs>> {
  needs: readonly Needs[];
}

export function defineJob<Data extends object, Needs extends JobNeed = never>(
  job: JobDefinition<Data, Needs>,
): JobDefinition<Data, Needs> {
  return job;
}

/** The job as the queue runs it: its handler given exactly the dependencies it named. */
export function bindJob<Data extends object>(
  job: JobDefinition<Data, JobNeed>,
  dependencies: JobDependencies,
): QueueJob<Data> {
  const given = Object.fromEntries(job.needs.map((need) => [need, dependencies[need]])) as Pick<
    JobDependencies,
    JobNeed
  >;
  return { ...job, handle: (data, context) => job.handle(data, { ...context, ...given }) };
}

/** The payload of a scheduled or sweeping job: nothing. */
export const noPayload = z.object({});
