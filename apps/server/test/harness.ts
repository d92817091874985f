import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { loadConfig } from "../src/config/env.ts";
import { connectDatabase, type DatabaseHandle } from "../src/db/database.ts";
import { createApp } from "../src/http/app.ts";
import { createLogger, type Logger } from "../src/lib/logger.ts";
import { integrationSettings } from "../src/providers/forms/registry.ts";
import type { FormSourceModule } from "../src/providers/forms/source-module.ts";
import type { Queue } from "../src/queue/queue.ts";
import { type Role, startRingback } from "../src/runtime.ts";
import { createServices } from "../src/services.ts";

const TEMPLATE_DATABASE = "ringback_template";

export const testLogger: Logger = createLogger({
  level: process.env.TEST_LOG_LEVEL ?? "silent",
  pretty: false,
});

/** The admin connection string of the shared test PostgreSQL server. */
export function adminUrl(): string {
  return inject("pgAdminUrl");
}

export function urlFor(database: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty database (no schema) and drops it after the file's tests. */
export async function createEmptyDatabase(): Promise<string> {
  const name = `test_${randomBytes(6).toString("hex")}`;
  await admin((c) => c.query(`create database ${name}`));
  afterAll(() => admin((c) => c.query(`drop database if exists ${name} with (force)`)));
  return urlFor(name);
}

/** A fresh, migrated database for one test file: a clone of the migrated template. */
export async function createTestDatabase(): Promise<DatabaseHandle & { url: string }> {
  const name = `test_${randomBytes(6).toString("hex")}`;
  await admin((c) => c.query(`create database ${name} template ${TEMPLATE_DATABASE}`));
  const url = urlFor(name);
  const handle = connectDatabase(url, { max: 5 });
  afterAll(async () => {
    await handle.pool.end();
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  });
  return { ...handle, url };
}

/** Configuration for a test server on a free port against the given database. */
export function testConfig(databaseUrl: string, dataDir: string, env: Record<string, string> = {}) {
  return loadConfig(
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      // Every respondent in a zone where it is about noon: calls are placed now, whatever the
      // hour the tests run at (the law's 08:00–21:00 always applies). A test of the hours
      // themselves passes "" for the numbers' own zones.
      ...(env.NODE_ENV && env.NODE_ENV !== "test"
        ? {}
        : { RESPONDENT_TIME_ZONE_FOR_TESTS: "midday" }),
      // Tests' webhook receivers and fake vendors listen on loopback: allowed as an operator
      // allows an internal network. The SSRF tests pass "" (public addresses only, the default).
      OUTBOUND_ALLOWED_NETWORKS: "127.0.0.0/8, ::1",
      ...env,
    },
    process.cwd(),
    integrationSettings,
  );
}

/** A port that was free a moment ago (the server binds it right after). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts Ringback in this process against a fresh test database; stops it after the file. It
 * listens on a known port so that PUBLIC_URL (webhook and OAuth callback URLs, the sandbox's
 * address) is its real address.
 */
export async function startTestRingback(
  options: {
    role?: Role;
    env?: Record<string, string>;
    /** The form sources to offer (default: the registered ones). */
    formSources?: readonly FormSourceModule[];
  } = {},
) {
  const database = await createTestDatabase();
  const dataDir = tempDataDir("ringback-test-data-");
  const port = await freePort();
  const config = testConfig(database.url, dataDir, {
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...options.env,
  });
  const ringback = await startRingback({
    config,
    logger: testLogger,
    role: options.role ?? "all",
    ...(options.formSources ? { formSources: options.formSources } : {}),
  });
  afterAll(async () => {
    await ringback.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { ...ringback, url: ringback.url!, database, config };
}

/** A temporary DATA_DIR that the `postgres` system user can enter (mkdtemp makes 0700 folders). */
export function tempDataDir(prefix = "ringback-test-"): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

/**
 * The real app's route table (method + path of every route and middleware), read from the same
 * createApp the server runs, built here only to be read (it serves nothing). Tests that cover
 * "every route" use it, so a route added later is covered without touching them.
 */
export function appRoutes(app: {
  database: DatabaseHandle;
  config: ReturnType<typeof loadConfig>;
}) {
  const queue = {} as Queue;
  const built = createApp({
    db: app.database.db,
    pool: app.database.pool,
    queue,
    logger: testLogger,
    config: app.config,
    feed: { subscribe: () => () => undefined, stop: async () => undefined },
    services: createServices({
      config: app.config,
      db: app.database.db,
      pool: app.database.pool,
      queue,
      logger: testLogger,
    }),
  });
  return built.routes.map((r) => ({ method: r.method, path: r.path }));
}
