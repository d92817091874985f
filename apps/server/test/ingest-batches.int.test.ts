import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { formAssistants } from "../src/db/schema/index.ts";
import { createIngestStore, type IngestRow } from "../src/domain/submissions/ingest-store.ts";
import { startQueue } from "../src/queue/queue.ts";
import { activeAssistant } from "./call-helpers.ts";
import { startTestRingback, testLogger } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";

/**
 * Deliveries arriving together are stored by one statement (group commit), each
 * still exactly once, with its attempt, and one delivery's failure never costs another.
 */
describe("deliveries stored in batches", async () => {
  const app = await startTestRingback({ env: { CODE_SENDS_PER_IP: "1000" } });
  const db = app.database.db;
  // The stores made here send calls.place jobs like the app's own (a web process's queue).
  const queue = await startQueue({ url: app.database.url, logger: testLogger, runsWorkers: false });
  afterAll(() => queue.stop({ graceful: false }));
  const team = await createTeam(app.url, db);
  const calls = await activeAssistant({
    url: app.url,
    db,
    secretKey: app.config.secretKey,
    owner: team.owner.client,
    organizationId: team.organization.id,
  });

  /** For each attempt of the matching submissions, how many calls.place jobs name it. */
  async function jobsPerAttempt(tokens: string): Promise<number[]> {
    const { rows } = await app.database.pool.query<{ jobs: number }>(
      `select (select count(*) from pgboss.job j where j.name = 'calls.place'
          and j.singleton_key = c.id::text and j.data->>'attemptId' = c.id::text)::int as jobs
        from call_records c join form_submissions s on s.id = c.submission_id
        where s.provider_response_id like $1`,
      [tokens],
    );
    return rows.map((r) => r.jobs);
  }

  it("stores a burst with repeats exactly once each, with one attempt each", async () => {
    const tokens = Array.from({ length: 40 }, (_, i) => `burst-${i}`);
    // Every token twice, all at once: a repeat may share its original's batch.
    const bodies = [...tokens, ...tokens].map((token, i) =>
      calls.delivery({ phone: `+1 415 555 ${String(300 + (i % 40)).padStart(4, "0")}`, token }),
    );
    const answers = await Promise.all(
      bodies.map(async (body) => (await (await calls.deliver(body)).json()) as { outcome: string }),
    );
    expect(answers.filter((a) => a.outcome === "stored")).toHaveLength(40);
    expect(answers.filter((a) => a.outcome === "duplicate")).toHaveLength(40);
    const { rows } = await app.database.pool.query<{ submissions: number; attempts: number }>(
      `select (select count(*) from form_submissions where provider_response_id like 'burst-%')::int as submissions,
        (select count(*) from call_records c join form_submissions s on s.id = c.submission_id
          where s.provider_response_id like 'burst-%')::int as attempts`,
    );
    expect(rows[0]).toEqual({ submissions: 40, attempts: 40 });
    // Each attempt was stored with its calls.place job, and only one (the key is the attempt).
    expect(await jobsPerAttempt("burst-%")).toEqual(Array(40).fill(1));
  });

  it("stores the rest of a batch when one of its deliveries fails", async () => {
    const [assistant] = await db
      .select()
      .from(formAssistants)
      .where(eq(formAssistants.id, calls.assistantId));
    const store = createIngestStore(db, testLogger, queue);
    const row = (token: string): IngestRow => ({
      submissionId: randomUUID(),
      assistantId: assistant!.id,
      formId: assistant!.formId!,
      provider: "typeform",
      responseId: token,
      name: "Ana",
      email: null,
      phone: "+14155550400",
      status: "call_scheduled",
      answers: { answers: {}, hidden: {}, questions: [] },
      consent: null,
      submittedAt: null,
      callable: true,
      scheduledFor: new Date(Date.now() + 86_400_000).toISOString(),
      event: { messageId: "msg_test", payload: {}, at: new Date().toISOString() },
    });
    const broken = { ...row("broken"), submissionId: "not-a-uuid" };
    const results = await Promise.allSettled([
      store.store(row("batch-a")),
      store.store(broken),
      store.store(row("batch-b")),
      store.store(row("batch-c")),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
    ]);
    for (const r of results) {
      if (r.status === "fulfilled") {
        expect(r.value).toMatchObject({ active: true, status: "call_scheduled" });
        expect(r.value.attemptId).toBeTruthy();
      }
    }
    const stored = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from form_submissions where provider_response_id like 'batch-%'`,
    );
    expect(stored.rows[0]!.n).toBe(3);
    expect(await jobsPerAttempt("batch-%")).toEqual([1, 1, 1]);
  });

  it("says an assistant deactivated meanwhile is not active, and stores nothing for it", async () => {
    const store = createIngestStore(db, testLogger, queue);
    await db
      .update(formAssistants)
      .set({ isActive: false })
      .where(eq(formAssistants.id, calls.assistantId));
    const [assistant] = await db
      .select()
      .from(formAssistants)
      .where(eq(formAssistants.id, calls.assistantId));
    const result = await store.store({
      submissionId: randomUUID(),
      assistantId: assistant!.id,
      formId: assistant!.formId!,
      provider: "typeform",
      responseId: "while-inactive",
      name: null,
      email: null,
      phone: "+14155550401",
      status: "call_scheduled",
      answers: {},
      consent: null,
      submittedAt: null,
      callable: true,
      scheduledFor: new Date().toISOString(),
      event: { messageId: "msg_inactive", payload: {}, at: new Date().toISOString() },
    });
    expect(result).toEqual({
      active: false,
      submissionId: null,
      status: null,
      attemptId: null,
      scheduledFor: null,
    });
  });
});
