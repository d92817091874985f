import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { connectDatabase } from "../src/db/database.ts";
import { signUp } from "./auth-client.ts";
import { activeAssistant } from "./call-helpers.ts";
import { deliverAll, expectStoredOnceAndDialledOnce, loadDeliveries } from "./delivery-load.ts";
import { freePort, tempDataDir } from "./harness.ts";
import { spawnRingback, stopProcess, waitUntilHealthy } from "./process.ts";
import { startStoppablePostgres } from "./stoppable-postgres.ts";

/**
 * PostgreSQL stops for a few seconds while a form provider is delivering at full speed, then
 * comes back. Ringback (the real CLI, web and worker in one process) must answer 503 with
 * Retry-After meanwhile — never a 500 — keep every delivery it acknowledged, store none twice,
 * and dial every attempt exactly once after the database is back.
 */
describe("PostgreSQL stopped and started under load", async () => {
  const postgres = await startStoppablePostgres();
  const dataDir = tempDataDir("ringback-pg-restart-");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const secretKey = randomBytes(32).toString("hex");
  const app = spawnRingback({
    DATABASE_URL: postgres.url,
    DATA_DIR: dataDir,
    SECRET_KEY: secretKey,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    LOG_LEVEL: "warn",
    CODE_SENDS_PER_IP: "1000",
    CALL_SIMULATOR_RING_MS: "100",
    CALL_SIMULATOR_TURN_MS: "50",
    VOICE_REQUEST_TIMEOUT_MS: "1000",
  });
  const { db, pool } = connectDatabase(postgres.url, { max: 3 });
  afterAll(async () => {
    await stopProcess(app, "SIGKILL");
    await pool.end();
    rmSync(dataDir, { recursive: true, force: true });
  });
  await waitUntilHealthy(app, url);
  const owner = await signUp(url, db);
  const calls = await activeAssistant({
    url,
    db,
    secretKey,
    owner: owner.client,
    organizationId: owner.organization.id,
  });

  it("answers 503 while it is down, keeps every acknowledged delivery once and dials each attempt once", async () => {
    const deliveries = loadDeliveries(300, `restart-${randomBytes(3).toString("hex")}`, (a) =>
      calls.delivery(a),
    );
    let outage: Promise<void> | null = null;
    const logs = await deliverAll({
      deliveries,
      deliver: calls.deliver,
      concurrency: 16,
      retryDelayMs: 200,
      deadline: Date.now() + 45_000,
      onAcknowledged: (count) => {
        // A quarter of the way in, the database goes away for a few seconds.
        if (count === 75 && !outage) {
          outage = (async () => {
            await postgres.stop();
            await new Promise((resolve) => setTimeout(resolve, 4000));
            await postgres.start();
          })();
        }
      },
    });
    expect(outage).not.toBeNull();
    await outage;
    expect(app.child.exitCode, app.stderr()).toBeNull();

    // Every answer was a 200 or a 503 with Retry-After: no 500, no other 5xx, no dropped
    // connection; and the outage was felt.
    const answers = logs.flatMap((l) => l.answers);
    expect(new Set(answers)).toEqual(new Set([200, 503]));
    expect(logs.flatMap((l) => l.retryAfter).every((v) => v !== null && Number(v) > 0)).toBe(true);
    // The provider's retries got every delivery in once the database was back.
    expect(logs.filter((l) => !l.acknowledged)).toEqual([]);

    // Every attempt gets dialled once the database is back (a job lost to the outage is handed
    // back by the provider's retry, or found by the sweeper at most a minute later).
    await expectStoredOnceAndDialledOnce(db, deliveries, logs, 100_000);
  }, 150_000);
});
