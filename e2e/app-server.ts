import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { spawnRingback, stopProcess, waitUntilHealthy } from "../apps/server/test/process.ts";

/**
 * One Ringback per Playwright worker: its own port, its own DATA_DIR and so its own embedded
 * PostgreSQL, started by the real entry point. Workers never share a database, an outbox or a
 * simulator, so tests run in parallel without seeing each other's accounts, and a test that
 * makes its server misbehave cannot touch another worker's.
 */
export interface AppServer {
  url: string;
  stop(): Promise<void>;
}

export async function startAppServer(port: number): Promise<AppServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "ringback-e2e-"));
  chmodSync(dataDir, 0o755);
  const app = spawnRingback({
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    // Every browser in the run signs in from 127.0.0.1.
    CODE_SENDS_PER_IP: "100000",
    // The webhooks spec's receiver stands in for a CRM on loopback: allowed as an operator
    // allows an internal network (by default only public addresses are).
    OUTBOUND_ALLOWED_NETWORKS: "127.0.0.1",
    // Simulated calls play out in well under a second.
    CALL_SIMULATOR_RING_MS: "200",
    // Long enough for a recording to be played and stopped (a call is about 3 s).
    CALL_SIMULATOR_TURN_MS: "600",
  });
  const url = `http://localhost:${port}`;
  // SIGTERM, as an operator stops it: the app stops its embedded PostgreSQL on the way out.
  const stop = async () => {
    await stopProcess(app);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilHealthy(app, url);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
