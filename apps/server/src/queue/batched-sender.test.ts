import { describe, expect, it } from "vitest";
import { createBatchedSender } from "./batched-sender.ts";
import type { Queue } from "./queue.ts";

/** A queue whose insert() records its batches and can be made to wait or fail. */
function fakeQueue() {
  const batches: unknown[][] = [];
  let failNext = false;
  let gate: Promise<void> = Promise.resolve();
  const queue = {
    async insert(_name: string, jobs: unknown[]) {
      batches.push(jobs);
      await gate;
      if (failNext) {
        failNext = false;
        throw new Error("database is down");
      }
      return jobs.map((_, i) => String(i));
    },
  } as unknown as Queue;
  return {
    queue,
    batches,
    failOnce: () => {
      failNext = true;
    },
    hold: () => {
      let release!: () => void;
      gate = new Promise((resolve) => {
        release = resolve;
      });
      return () => {
        gate = Promise.resolve();
        release();
      };
    },
  };
}

describe("the batched sender", () => {
  it("inserts the jobs sent in one turn together, and each send resolves", async () => {
    const fake = fakeQueue();
    const sender = createBatchedSender<{ n: number }>(fake.queue, "q");
    await Promise.all([1, 2, 3].map((n) => sender.send({ data: { n } })));
    expect(fake.batches).toEqual([[{ data: { n: 1 } }, { data: { n: 2 } }, { data: { n: 3 } }]]);
  });

  it("collects what arrives during an insert for the next one, at most maxBatch each", async () => {
    const fake = fakeQueue();
    const sender = createBatchedSender<{ n: number }>(fake.queue, "q", { maxBatch: 2 });
    const release = fake.hold();
    const first = sender.send({ data: { n: 1 } });
    await new Promise((r) => setImmediate(r));
    const rest = [2, 3, 4, 5, 6].map((n) => sender.send({ data: { n } }));
    release();
    await Promise.all([first, ...rest]);
    expect(fake.batches.map((b) => b.length)).toEqual([1, 2, 2, 1]);
  });

  it("rejects every send of a failed batch, and carries on with the next", async () => {
    const fake = fakeQueue();
    const sender = createBatchedSender<{ n: number }>(fake.queue, "q");
    fake.failOnce();
    const failed = [1, 2].map((n) => sender.send({ data: { n } }));
    for (const f of failed) await expect(f).rejects.toThrow("database is down");
    await expect(sender.send({ data: { n: 3 } })).resolves.toBeUndefined();
  });
});
