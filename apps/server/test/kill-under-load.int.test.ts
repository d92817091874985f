import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { signUp } from "./auth-client.ts";
import { activeAssistant } from "./call-helpers.ts";
import { deliverAll, expectStoredOnceAndDialledOnce, loadDeliveries } from "./delivery-load.ts";
import { createTestDatabase, freePort, tempDataDir } from "./harness.ts";
import { type RingbackProcess, spawnRingback, stopProcess, waitUntilHealthy } from "./process.ts";

/**
 * The real CLI (web, worker and the call simulator in one process) is SIGKILLed twice while a
 * form provider delivers at full speed and calls are being dialled, and started again each
 * time; the provider retries what got no 2xx. The database outlives the process. Every
 * acknowledged delivery must be stored, none twice, and every attempt dialled exactly once.
 */
describe("SIGKILL under load", async () => {
  const database = await createTestDatabase();
  const dataDir = tempDataDir("ringback-kill-");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const secretKey = randomBytes(32).toString("hex");
  const env = {
    DATABASE_URL: database.url,
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
  };
  const processes: RingbackProcess[] = [];
  const start = () => {
    const p = spawnRingback(env);
    processes.push(p);
    return p;
  };
  afterAll(async () => {
    for (const p of processes) await stopProcess(p, "SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });
  await waitUntilHealthy(start(), url);
  const db = database.db;
  const owner = await signUp(url, db);
  const calls = await activeAssistant({
    url,
    db,
    secretKey,
    owner: owner.client,
    organizationId: owner.organization.id,
  });

  it("keeps every acknowledged delivery once and dials every attempt exactly once", async () => {
    const deliveries = loadDeliveries(300, `kill-${randomBytes(3).toString("hex")}`, (a) =>
      calls.delivery(a),
    );
    // Killed after 80 acknowledgements, and again 120 after the restart.
    const killAt = new Set([80, 200]);
    const restarts: Promise<void>[] = [];
    const logs = await deliverAll({
      deliveries,
      deliver: calls.deliver,
      concurrency: 16,
      retryDelayMs: 100,
      deadline: Date.now() + 60_000,
      onAcknowledged: (count) => {
        if (!killAt.has(count)) return;
        const running = processes.at(-1)!;
        running.child.kill("SIGKILL");
        restarts.push(
          running.exited.then(async () => {
            await waitUntilHealthy(start(), url);
          }),
        );
      },
    });
    await Promise.all(restarts);
    expect(processes).toHaveLength(3);
    expect(processes.slice(0, 2).map((p) => p.child.signalCode)).toEqual(["SIGKILL", "SIGKILL"]);
    expect(processes[2]!.child.exitCode, processes[2]!.stderr()).toBeNull();

    // Nothing but 2xx and the connections the kills cut or refused: never a 5xx.
    const answers = new Set(logs.flatMap((l) => l.answers));
    expect([...answers].filter((a) => a !== 200 && a !== "network")).toEqual([]);
    expect(answers.has("network")).toBe(true);
    // The provider's retries got every delivery in.
    expect(logs.filter((l) => !l.acknowledged)).toEqual([]);

    await expectStoredOnceAndDialledOnce(db, deliveries, logs, 60_000);
  }, 150_000);
});
