import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const webSrc = fileURLToPath(new URL("./apps/web/src", import.meta.url));

export default defineConfig({
  resolve: { alias: { "@": webSrc } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          // One module cache a worker: 12 s instead of 68 s, the same 1,340 tests passing (the
          // few tests with fake timers put the real ones back after each test).
          isolate: false,
          include: [
            "apps/*/src/**/*.test.{ts,tsx}",
            "packages/*/src/**/*.test.ts",
            "scripts/**/*.test.ts",
            "bench/**/*.test.ts",
          ],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["apps/server/test/**/*.int.test.ts"],
          globalSetup: ["apps/server/test/global-setup.ts"],
          // Most of an integration test is waiting (on PostgreSQL, the queue, a simulated call), so
          // four files run at once even on two cores. Each file has its own database and app.
          maxWorkers: 4,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
          // A worker runs its files one after another in one process, loading the server's module
          // graph once instead of once a file (that loading took as long as the tests). Each file
          // still has its own database and app, and no test changes the environment or globals.
          isolate: false,
        },
      },
    ],
  },
});
