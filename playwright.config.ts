import { defineConfig } from "@playwright/test";

// Each worker starts its own app, on E2E_PORT (default 3999) plus the worker's index, with its
// own DATA_DIR and embedded PostgreSQL (e2e/app-server.ts). Tests are spread over the workers one
// by one, so a long file does not hold up the rest.

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/e2e",
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
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
    // A failed test keeps its trace: DOM snapshots of each step, without a screencast (frames
    // taken all through every test cost a CPU the tests share).
    trace: process.env.E2E_TRACE
      ? { mode: "retain-on-failure", screenshots: false, snapshots: true }
      : "off",
    screenshot: "only-on-failure",
  },
});
