import { z } from "zod";
import type { BaseJobContext, QueueJob } from "../queue/queue.ts";
import type { Services } from "../services.ts";

/** What a worker's jobs are given: the database, a logger, and the services built at start. */
export interface JobContext extends BaseJobContext {
  services: Services;
}

/**
 * A background job: a thin adapter from a queue message to one domain function. It takes from
 * `services` only what that function needs.
 */
export type JobDefinition<Data extends object = Record<string, never>> = QueueJob<Data, JobContext>;

export function defineJob<Data extends object>(job: JobDefinition<Data>): JobDefinition<Data> {
  return job;
}

/** The payload of a scheduled or sweeping job: nothing. */
export const noPayload = z.object({});
