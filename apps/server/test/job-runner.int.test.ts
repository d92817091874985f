import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { bindJob, defineJob, type JobDependencies } from "../src/jobs/job.ts";
import {
  ensureQueues,
  JobInterrupted,
  QUEUE_SCHEMA,
  registerJobs,
  startQueue,
  stopQueue,
  waitUntil,
} from "../src/queue/queue.ts";
import { createTestDatabase, testLogger } from "./harness.ts";
import { waitFor } from "./webhook-receiver.ts";

/**
 * How the queue runs a job: the payload checked against its schema and version before the
 * handler sees it, the handler given the dependencies its job names and no others, and a
 * handler that only waits told to give its job up when the process stops.
 */
describe("the job runner", async () => {
  const database = await createTestDatabase();
  const queue = await startQueue({ url: database.url, logger: testLogger, runsWorkers: true });
  let stopped = false;
  afterAll(async () => {
    if (!stopped) await queue.stop({ graceful: false });
  });

  const handled: unknown[] = [];
  const given: string[][] = [];
  const dependencies = {
    calls: { name: "calls" },
    recordings: { name: "recordings" },
    webhooks: { name: "webhooks" },
  } as unknown as JobDependencies;
  const echoJob = defineJob({
    name: "test.echo",
    payload: z.object({ id: z.string().min(1) }),
    pollSeconds: 0.5,
    needs: ["calls"],
    async handle(data, context) {
      given.push(Object.keys(context).sort());
      expect(context.calls).toBe(dependencies.calls);
      handled.push(data);
    },
  });
  const startedWaiting: string[] = [];
  const waitingJob = defineJob({
    name: "test.waiting",
    payload: z.object({ id: z.string() }),
    pollSeconds: 0.5,
    needs: [],
    async handle(data, { stopping }) {
      startedWaiting.push(data.id);
      await waitUntil(new Date(Date.now() + 600_000), stopping);
    },
  });
  const bound = [bindJob(echoJob, dependencies), bindJob(waitingJob, dependencies)];
  await ensureQueues(queue, bound);
  await registerJobs(queue, bound, { db: database.db, logger: testLogger });

  async function state(id: string) {
    const { rows } = await database.pool.query<{ state: string; output: unknown }>(
      `select state, output from ${QUEUE_SCHEMA}.job where id = $1`,
      [id],
    );
    return rows[0];
  }

  it("hands a handler its payload and only the dependencies its job names", async () => {
    const id = (await queue.send("test.echo", { id: "a" }))!;
    await waitFor(async () => (await state(id))?.state === "completed");
    expect(handled).toEqual([{ id: "a" }]);
    expect(given).toEqual([["calls", "db", "logger", "stopping"]]);
  });

  it("fails a payload its schema refuses, or of a version it does not read, before the handler", async () => {
    const malformed = (await queue.send("test.echo", { id: 7 }, { retryLimit: 0 }))!;
    const newer = (await queue.send("test.echo", { v: 2, id: "b" }, { retryLimit: 0 }))!;
    const current = (await queue.send("test.echo", { v: 1, id: "c" }))!;
    await waitFor(async () =>
      (await Promise.all([malformed, newer, current].map(state))).every((s) =>
        ["failed", "completed"].includes(s?.state ?? ""),
      ),
    );
    expect(await state(malformed)).toMatchObject({
      state: "failed",
      output: { message: expect.stringContaining("Malformed test.echo payload") },
    });
    expect(await state(newer)).toMatchObject({
      state: "failed",
      output: { message: "test.echo payload version 2: this worker reads version 1" },
    });
    expect(await state(current)).toMatchObject({ state: "completed" });
    expect(handled).toEqual([{ id: "a" }, { id: "c" }]);
  });

  it("stops without waiting for a handler that only waits: its job is failed, to run again", async () => {
    const id = (await queue.send("test.waiting", { id: "w" }, { retryLimit: 3 }))!;
    await waitFor(() => startedWaiting.includes("w"));
    await stopQueue(queue, 20_000);
    stopped = true;
    // Given up by the handler (pg-boss would say "shut down while active" had it waited out the
    // 20 s and failed the job itself).
    const after = await state(id);
    expect(after?.state).toBe("retry");
    expect(after?.output).toEqual({ message: new JobInterrupted().message });
  });
});
