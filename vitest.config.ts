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
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "forks",
        },
      },
    ],
  },
});
