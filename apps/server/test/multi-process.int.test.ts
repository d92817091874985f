import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import type { SignedLink } from "@ringback/contracts";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { connectDatabase } from "../src/db/database.ts";
import { callRecords, formSubmissions } from "../src/db/schema/index.ts";
import {
  simulatorApiUrl,
  simulatorCredentials,
} from "../src/providers/voice/simulator/credentials.ts";
import { activeAssistant } from "./call-helpers.ts";
import { createEmptyDatabase, freePort, tempDataDir } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";
import { listeningUrl, type RingbackProcess, spawnRingback, stopProcess } from "./process.ts";
import { waitFor } from "./webhook-receiver.ts";

const DELIVERIES = 24;

/**
 * Ringback as an operator scales it out — one PostgreSQL; two web processes and two
 * workers, each with a DATA_DIR of its own as separate machines have. The browser and the form
 * provider use web A; the voice provider calls back web B (PUBLIC_URL); a worker is killed with
 * SIGKILL while calls are under way. Every accepted delivery has its submission, every attempt
 * is dialled once, and a recording one worker copied plays through web B.
 */
describe("two web processes and two workers on one database", async () => {
  const databaseUrl = await createEmptyDatabase();
  const secretKey = randomBytes(32).toString("base64url");
  const portB = await freePort();
  const publicUrl = `http://127.0.0.1:${portB}`;
  const dataDirs: string[] = [];
  const running: RingbackProcess[] = [];
  afterAll(async () => {
    await Promise.all(running.map((p) => stopProcess(p, "SIGKILL")));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  function start(role: "web" | "worker", env: Record<string, string> = {}) {
    const dataDir = tempDataDir(`ringback-${role}-`);
    dataDirs.push(dataDir);
    const p = spawnRingback(
      {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        SECRET_KEY: secretKey,
        PUBLIC_URL: publicUrl,
        HOST: "127.0.0.1",
        PORT: "0",
        CODE_SENDS_PER_IP: "1000",
        // Calls long enough to be under way when the worker dies.
        CALL_SIMULATOR_RING_MS: "2000",
        CALL_SIMULATOR_TURN_MS: "500",
        ...env,
      },
      [`--role=${role}`],
    );
    running.push(p);
    return p;
  }

  // Web A starts first, alone, on an empty database: it migrates and creates the queues. Web B
  // (the public address: the sandboxes' OAuth and the voice provider's callbacks) next; no worker.
  const webA = start("web");
  const urlA = await listeningUrl(webA);
  const webB = start("web", { PORT: String(portB) });
  await listeningUrl(webB);
  const { db, pool } = connectDatabase(databaseUrl, { max: 4 });
  afterAll(() => pool.end());
  const team = await createTeam(urlA, db);
  const org = team.organization.id;
  const calls = await activeAssistant({
    url: urlA,
    db,
    secretKey,
    owner: team.owner.client,
    organizationId: org,
  });

  it("accepts deliveries on web A before any worker runs, loses none, dials each attempt once and plays recordings from web B", async () => {
    const tokens = Array.from({ length: DELIVERIES }, (_, i) => `scaled-${i}`);
    const first = await calls.deliver(
      calls.delivery({ phone: "+1 415 555 0100", token: tokens[0] }),
    );
    expect(first.status).toBe(200);

    const worker1 = start("worker");
    const worker2 = start("worker");
    await Promise.all([
      worker1.waitForLog("Worker is running"),
      worker2.waitForLog("Worker is running"),
    ]);

    const statuses = await Promise.all(
      tokens.slice(1).map(async (token, i) => {
        const phone = `+1 415 555 ${String(101 + i).padStart(4, "0")}`;
        return (await calls.deliver(calls.delivery({ phone, token }))).status;
      }),
    );
    expect(statuses.every((s) => s >= 200 && s < 300)).toBe(true);

    // SIGKILL worker 1 while calls are under way (dialled, not over).
    await waitFor(async () => {
      const live = await db
        .select({ id: callRecords.id })
        .from(callRecords)
        .where(
          and(
            eq(callRecords.organizationId, org),
            eq(callRecords.dialState, "dialed"),
            isNull(callRecords.finalAt),
          ),
        );
      return live.length >= 4 ? live : undefined;
    }, 30_000);
    worker1.child.kill("SIGKILL");
    await worker1.exited;

    // Every delivery has its submission, and every submission's attempts end.
    for (const token of tokens) {
      const [submission] = await db
        .select({ id: formSubmissions.id })
        .from(formSubmissions)
        .where(eq(formSubmissions.providerResponseId, token));
      expect(submission, token).toBeDefined();
    }
    const attempts = [];
    for (const token of tokens) {
      const rows = await waitFor(async () => {
        const all = await calls.attemptsFor(token);
        const done = all.length > 0 && all.every((r) => r.finalAt !== null);
        return done ? all : undefined;
      }, 90_000);
      attempts.push(...rows);
    }

    // The killed worker was in the middle of calls: their jobs ran again on the other worker.
    const retried = await pool.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job
       where name in ('sandbox.bland.call', 'calls.place') and retry_count > 0`,
    );
    expect(retried.rows[0]!.n).toBeGreaterThan(0);

    // The simulator counts the dial requests it received for each attempt: one each.
    const credentials = simulatorCredentials(secretKey);
    for (const attempt of attempts) {
      const dials = await fetch(`${simulatorApiUrl(publicUrl)}/v1/calls?attempt_id=${attempt.id}`, {
        headers: { authorization: credentials.apiKey },
      });
      expect(((await dials.json()) as { count: number }).count, attempt.id).toBe(1);
    }

    // A recording one of the workers copied plays through web B, whole and in ranges.
    const recorded = await waitFor(async () => {
      const rows = await db
        .select()
        .from(callRecords)
        .where(and(eq(callRecords.organizationId, org), isNotNull(callRecords.recordingKey)));
      return rows[0];
    }, 30_000);
    expect(recorded.recordingStore).toBe("postgres");
    const path = `/api/organizations/${org}/call-records/${recorded.id}/recording`;
    const link = await team.member.client.json<SignedLink>(`${path}-link`);
    const whole = await fetch(publicUrl + link.url);
    expect(whole.status).toBe(200);
    const bytes = new Uint8Array(await whole.arrayBuffer());
    expect(bytes.length).toBe(recorded.recordingBytes);
    const part = await fetch(publicUrl + link.url, { headers: { range: "bytes=10-19" } });
    expect(part.status).toBe(206);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(10, 20));
    // And through web A, with the member's own session.
    const viaA = await team.member.client.request(path, { headers: { range: "bytes=0-9" } });
    expect(viaA.status).toBe(206);
  }, 180_000);
});
