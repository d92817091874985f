import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { connectDatabase } from "../src/db/database.ts";
import { formSubmissions } from "../src/db/schema/index.ts";
import { isDatabaseUnavailable } from "../src/lib/database-unavailable.ts";
import { signBlandPayload } from "../src/providers/voice/bland/bland-signature.ts";
import { simulatorCredentials } from "../src/providers/voice/simulator/credentials.ts";
import { startRingback } from "../src/runtime.ts";
import { signUp } from "./auth-client.ts";
import { activeAssistant } from "./call-helpers.ts";
import { freePort, tempDataDir, testConfig, testLogger } from "./harness.ts";
import { startStoppablePostgres } from "./stoppable-postgres.ts";
import { waitFor } from "./webhook-receiver.ts";

const UNAVAILABLE = {
  error: {
    code: "unavailable",
    message: "Ringback is temporarily unavailable. Please try again in a moment.",
  },
};

/** Retry-After in whole seconds: present, and a polite few seconds. */
function retryAfterSeconds(response: Response): number {
  const value = Number(response.headers.get("retry-after"));
  expect(Number.isInteger(value)).toBe(true);
  return value;
}

describe("while PostgreSQL is down", async () => {
  const postgres = await startStoppablePostgres();
  const dataDir = tempDataDir("ringback-outage-");
  const port = await freePort();
  const config = testConfig(postgres.url, dataDir, {
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  const ringback = await startRingback({ config, logger: testLogger, role: "all" });
  const url = ringback.url!;
  const { db, pool } = connectDatabase(postgres.url, { max: 2 });
  afterAll(async () => {
    await ringback.stop();
    await pool.end();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const owner = await signUp(url, db);
  const calls = await activeAssistant({
    url,
    db,
    secretKey: config.secretKey,
    owner: owner.client,
    organizationId: owner.organization.id,
  });
  const voiceWebhook = (body: string) =>
    fetch(`${url}/api/voice-webhooks/bland`, {
      method: "POST",
      body,
      headers: {
        "content-type": "application/json",
        "x-webhook-signature": signBlandPayload(
          body,
          simulatorCredentials(config.secretKey).webhookSecret,
        ),
      },
    });

  it("answers deliveries, call updates and API calls 503 with Retry-After; the retried delivery is stored once it is back", async () => {
    const token = `outage-${randomUUID()}`;
    const delivery = calls.delivery({ phone: "+1 415 555 0142", token });
    const callUpdate = JSON.stringify({
      call_id: randomUUID(),
      status: "completed",
      completed: true,
      queue_status: "complete",
      metadata: { attempt_id: randomUUID() },
    });
    // Both answer normally while the database is up.
    expect((await voiceWebhook(callUpdate)).status).toBe(200);

    await postgres.stop();
    try {
      const webhook = await calls.deliver(delivery);
      expect(webhook.status).toBe(503);
      expect(retryAfterSeconds(webhook)).toBeGreaterThanOrEqual(1);
      expect(await webhook.json()).toEqual(UNAVAILABLE);

      const update = await voiceWebhook(callUpdate);
      expect(update.status).toBe(503);
      expect(retryAfterSeconds(update)).toBeGreaterThanOrEqual(1);

      const api = await owner.client.request(
        `/api/organizations/${owner.organization.id}/assistants`,
      );
      expect(api.status).toBe(503);
      expect(api.headers.get("retry-after")).not.toBeNull();
      expect(await api.json()).toEqual(UNAVAILABLE);

      // Ours and better-auth's session answers too: unavailable, and no cookie is touched.
      for (const [path, json] of [
        ["/api/session", undefined],
        ["/api/auth/get-session", undefined],
        ["/api/auth/token", undefined],
        ["/api/auth/phone-number/verify", { phoneNumber: "+14155550142", code: "123456" }],
      ] as const) {
        const response = await owner.client.request(path, json ? { method: "POST", json } : {});
        expect({ path, status: response.status }).toEqual({ path, status: 503 });
        expect(response.headers.get("retry-after")).not.toBeNull();
        expect(response.headers.getSetCookie()).toEqual([]);
        expect(await response.json()).toEqual(UNAVAILABLE);
      }
      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(503);
    } finally {
      await postgres.start();
    }

    // The provider retries: the same delivery is accepted and stored once.
    const accepted = await waitFor(async () => {
      const response = await calls.deliver(delivery);
      return response.status === 503 ? undefined : response;
    }, 30_000);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ outcome: "stored" });
    expect((await calls.deliver(delivery)).status).toBe(200);
    const stored = await db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.providerResponseId, token));
    expect(stored).toHaveLength(1);
    expect(await calls.attemptsFor(token)).toHaveLength(1);
    expect((await owner.client.request("/api/health")).status).toBe(200);
  });

  it("a connection cut in the middle of a transaction fails that transaction, not the process", async () => {
    // The app's own pool set-up: a checked-out client between two statements has no listener of
    // pg-pool's, so without ours the server's "terminating connection" would be an unhandled
    // 'error' event and end the process.
    const handle = connectDatabase(postgres.url, { max: 1, logger: testLogger });
    try {
      const transaction = handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await postgres.stop();
        await tx.execute(sql`select 1`);
      });
      await expect(transaction).rejects.toSatisfy(isDatabaseUnavailable);
    } finally {
      if (!postgres.running) await postgres.start();
    }
    // The pool let go of the dead connection: the next query gets a fresh one.
    expect((await handle.pool.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
    await handle.pool.end();
  });
});
