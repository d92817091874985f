import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * One Ringback per Playwright worker: its own port, its own DATA_DIR and so its own embedded
 * PostgreSQL, started as `npm start` starts it. Workers never share a database, an outbox or a
 * simulator, so tests run in parallel without seeing each other's accounts, and a test that
 * makes its server misbehave cannot touch another worker's.
 */
export interface AppServer {
  url: string;
  stop(): Promise<void>;
}

/** The environment of a test server (the rest is the app's own defaults). */
function testEnvironment(port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    NODE_ENV: "test",
    // Every respondent where it is about noon: calls go out at once whatever the hour the
    // suite runs at, inside the law's 08:00–21:00 (which no setting turns off).
    RESPONDENT_TIME_ZONE_FOR_TESTS: "midday",
    // Every browser in the run signs in from 127.0.0.1.
    CODE_SENDS_PER_IP: "100000",
    // The webhooks spec's receiver stands in for a CRM on loopback: allowed as an operator
    // allows an internal network (by default only public addresses are).
    OUTBOUND_ALLOWED_NETWORKS: "127.0.0.1",
    // Simulated calls play out in well under a second.
    CALL_SIMULATOR_RING_MS: "200",
    // Long enough for a recording to be played and stopped (a call is about 3 s).
    CALL_SIMULATOR_TURN_MS: "600",
  };
}

export async function startAppServer(port: number): Promise<AppServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "ringback-e2e-"));
  chmodSync(dataDir, 0o755);
  const child = spawn(process.execPath, ["apps/server/src/main.ts"], {
    env: testEnvironment(port, dataDir),
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    process.stderr.write(chunk);
  });
  const url = `http://localhost:${port}`;
  try {
    await waitForHealth(url, child, () => stderr);
  } catch (error) {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    async stop() {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitForHealth(url: string, child: ChildProcess, stderr: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The app exited with ${child.exitCode} before it answered:\n${stderr()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The app did not answer ${url}/api/health within 60 s:\n${stderr()}`);
}

/** SIGTERM, as an operator stops it: the app stops its embedded PostgreSQL on the way out. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  await exited;
  clearTimeout(timer);
}
