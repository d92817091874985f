import type { JobInsert } from "pg-boss";
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
  const maxBatch = options.maxBatch ?? 500;
  let waiting: { job: JobInsert<Data>; resolve: () => void; reject: (error: unknown) => void }[] =
    [];
  let inFlight = false;
  let scheduled = false;

  async function flush() {
    scheduled = false;
    if (inFlight || waiting.length === 0) return;
    inFlight = true;
    const batch = waiting.slice(0, maxBatch);
    waiting = waiting.slice(batch.length);
    try {
      await queue.insert(
        name,
        batch.map((w) => w.job),
      );
      for (const w of batch) w.resolve();
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      inFlight = false;
      schedule();
    }
  }

  function schedule() {
    if (scheduled || inFlight || waiting.length === 0) return;
    scheduled = true;
    setImmediate(() => void flush());
  }

  return {
    send(job) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ job, resolve, reject });
        schedule();
      });
    },
  };
}
