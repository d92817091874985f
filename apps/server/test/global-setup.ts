import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { connectDatabase, migrateDatabase } from "../src/db/database.ts";
import { startEmbeddedPostgres } from "../src/db/embedded-postgres.ts";
import { createLogger } from "../src/lib/logger.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export const TEMPLATE_DATABASE = "ringback_template";

/**
 * One real PostgreSQL (the embedded one the app uses) for the whole integration run, with a
 * migrated template database; each test file clones it (see harness.ts).
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "ringback-test-pg-"));
  chmodSync(dataDir, 0o755);
  const logger = createLogger({ level: "warn", pretty: false });
  const server = await startEmbeddedPostgres({
    dataDir,
    logger,
    lock: false,
    database: TEMPLATE_DATABASE,
  });
  const { pool } = connectDatabase(server.url);
  await migrateDatabase(pool, logger);
  await pool.end();
  // Nobody may stay connected to a template while it is being cloned.
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  await admin.query(
    `alter database ${TEMPLATE_DATABASE} with is_template true allow_connections false`,
  );
  await admin.end();
  project.provide("pgAdminUrl", server.adminUrl);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
