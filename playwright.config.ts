import { chmodSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3999);
// A fresh DATA_DIR per run: the app starts its own embedded PostgreSQL in it.
const dataDir = mkdtempSync(path.join(tmpdir(), "ringback-e2e-"));
chmodSync(dataDir, 0o755);

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-dev-shm-usage",
      ],
    },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  webServer: {
    command: "node apps/server/src/main.ts",
    url: `http://localhost:${port}/api/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    env: {
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
    },
    stdout: "ignore",
    stderr: "pipe",
    // Playwright's default is SIGKILL, which would leave the embedded PostgreSQL running.
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
  },
});
