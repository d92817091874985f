import { randomUUID } from "node:crypto";
import { Client } from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { PLACE_CALL_RETRIES } from "../src/domain/calls/call-engine.ts";
import { jobInsertSql } from "../src/queue/job-insert.ts";
import { QUEUE_SCHEMA, startQueue } from "../src/queue/queue.ts";
import { createTestDatabase, testLogger } from "./harness.ts";

/**
 * The ingest statement writes calls.place jobs with pg-boss's own insert (queue/job-insert.ts).
 * A pg-boss upgrade must not change what that writes without a test failing: a job written this
 * way must be, column for column, the job pg-boss's insert() writes, and pg-boss must hand it to
 * a worker.
 */
describe("a job written inside another statement", async () => {
  const database = await createTestDatabase();
  const queue = await startQueue({ url: database.url, logger: testLogger, runsWorkers: false });
  afterAll(() => queue.stop({ graceful: false }));
  const name = "test.job-insert";
  await queue.createQueue(name, { notify: true });
  const insert = await jobInsertSql(queue, name);

  /** Writes one job the embedded way: from a JSON array made by SQL. */
  async function embeddedInsert(job: Record<string, unknown>) {
    await database.pool.query(`with job as (${insert.insertFrom(`select $1::jsonb`)}) select 1`, [
      JSON.stringify([job]),
    ]);
  }

  async function jobRow(key: string) {
    const { rows } = await database.pool.query(
      `select * from ${QUEUE_SCHEMA}.job where name = $1 and singleton_key = $2`,
      [name, key],
    );
    expect(rows).toHaveLength(1);
    return rows[0] as Record<string, unknown>;
  }

  it("is the job pg-boss's insert writes, column for column", async () => {
    const startAfter = new Date(Date.now() + 60_000);
    const ours = randomUUID();
    const theirs = randomUUID();
    await embeddedInsert({
      data: { attemptId: ours },
      singletonKey: ours,
      startAfter: startAfter.toISOString(),
      ...PLACE_CALL_RETRIES,
    });
    await queue.insert(name, [
      { data: { attemptId: theirs }, singletonKey: theirs, startAfter, ...PLACE_CALL_RETRIES },
    ]);
    const a = await jobRow(ours);
    const b = await jobRow(theirs);
    expect(a.data).toEqual({ attemptId: ours });
    expect(a.retry_limit).toBe(5);
    expect(a.start_after).toEqual(startAfter);
    // Everything but the job's own id, payload, key and creation instant is the same.
    const same = (row: Record<string, unknown>) => {
      const { id, data, singleton_key, created_on, ...rest } = row;
      return rest;
    };
    expect(same(a)).toEqual(same(b));
    expect(Object.keys(a).length).toBeGreaterThan(15);
  });

  it("takes the jobs' SQL as it is written, dollar quotes and $& included", async () => {
    // Due in an hour: never fetched by the worker test below.
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const key = randomUUID();
    const note = "$& $' $` $$";
    const jobs = JSON.stringify([{ data: { note }, singletonKey: key, startAfter: later }]);
    await database.pool.query(
      `with job as (${insert.insertFrom(`select $q$${jobs}$q$::jsonb`)}) select 1`,
    );
    const dollars = randomUUID();
    const plain = JSON.stringify([{ data: {}, singletonKey: dollars, startAfter: later }]);
    await database.pool.query(
      `with job as (${insert.insertFrom(`select $$${plain}$$::jsonb`)}) select 1`,
    );
    expect((await jobRow(key)).data).toEqual({ note });
    expect((await jobRow(dollars)).singleton_key).toBe(dollars);
  });

  it("is handed to a worker, and its NOTIFY is pg-boss's channel", async () => {
    const { rows } = await database.pool.query<{ channel: string }>(
      `select ${insert.notify!.replace(/^pg_notify\((.*), '[^']*'\)$/s, "$1")} as channel`,
    );
    const listener = new Client({ connectionString: database.url });
    await listener.connect();
    const heard = new Promise<string>((resolve) =>
      listener.on("notification", (n) => resolve(n.payload ?? "")),
    );
    await listener.query(`listen "${rows[0]!.channel}"`);
    const key = randomUUID();
    await database.pool.query(
      `with job as (${insert.insertFrom(`select $1::jsonb`)}) select ${insert.notify} from job`,
      [JSON.stringify([{ data: { attemptId: key }, singletonKey: key, ...PLACE_CALL_RETRIES }])],
    );
    expect(await heard).toBe(name);
    await listener.end();
    const [fetched] = await queue.fetch<{ attemptId: string }>(name);
    expect(fetched?.data).toEqual({ attemptId: key });
  });
});
