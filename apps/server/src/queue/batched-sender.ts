import type { JobInsert } from "pg-boss";
import { createGroupCommit } from "../lib/group-commit.ts";
import type { Queue } from "./queue.ts";

export interface BatchedSender<Data extends object> {
  /** Resolves once the job is in the queue (committed), rejects if its batch failed. */
  send(job: JobInsert<Data>): Promise<void>;
}

/**
 * Group commit for one queue: jobs sent while an insert is on its way are inserted together
 * by the next one (pg-boss `insert`, one statement), instead of one statement and one commit
 * each. Alone, a job goes at once (on the next turn of the event loop); under a burst of
 * webhook deliveries, hundreds share a round trip. At most `maxBatch` jobs per statement.
 */
export function createBatchedSender<Data extends object>(
  queue: Queue,
  name: string,
  options: { maxBatch?: number } = {},
): BatchedSender<Data> {
  const send = createGroupCommit<JobInsert<Data>, void>(
    async (jobs) => {
      await queue.insert(name, jobs);
      return jobs.map(() => undefined);
    },
    { maxBatch: options.maxBatch ?? 500 },
  );
  return { send };
}
