import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { SQL } from "drizzle-orm";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Logger } from "../lib/logger.ts";
import * as schema from "./schema/index.ts";

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
}

export function connectDatabase(
  url: string,
  options: { max?: number; applicationName?: string; logger?: Logger } = {},
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    application_name: options.applicationName ?? "ringback",
    idleTimeoutMillis: 30_000,
    // Waiting for a pooled connection is bounded: while the database restarts or every
    // connection is busy, a request fails (503, database-unavailable.ts) instead of hanging.
    connectionTimeoutMillis: 5_000,
    // A connection whose server went away without closing it is noticed by TCP keep-alive.
    keepAlive: true,
  });
  // An idle client whose server connection drops (restart, failover) must not crash the
  // process: the pool discards it and opens a new one on the next query.
  pool.on("error", (error) =>
    options.logger?.warn({ err: error }, "Idle database connection lost"),
  );
  // pg-pool listens for errors only on idle clients. A connection cut while a client is checked
  // out (a database restart between the statements of a transaction) would emit 'error' with
  // nobody listening and end the process. The transaction fails on its own (its next statement
  // is refused, the caller sees the error) and pg-pool discards the dead client on release.
  pool.on("connect", (client) => {
    client.on("error", (error) =>
      options.logger?.debug({ err: error }, "Database connection lost while in use"),
    );
  });
  return { pool, db: drizzle(pool, { schema }) };
}

export const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

/** An arbitrary, fixed key: every process that migrates takes the same advisory lock. */
const MIGRATION_LOCK = 7_146_020_417;

/**
 * Applies pending migrations. Several processes may start at once against one database
 * (web and workers scaled out), so migrations run under a session advisory lock.
 */
export async function migrateDatabase(pool: pg.Pool, logger: Logger): Promise<void> {
  const client = await pool.connect();
  const started = Date.now();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
  logger.info({ ms: Date.now() - started }, "Database schema is up to date");
}

/**
 * Applies the migrations up to and including the one of `throughMillis` (its journal time), for
 * a restore: a backup's rows go into the schema they were read from, then the rest follow.
 */
export async function migrateDatabaseThrough(pool: pg.Pool, throughMillis: number): Promise<void> {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
  ) as { entries: { when: number; tag: string }[] };
  const entries = journal.entries.filter((e) => e.when <= throughMillis);
  if (!entries.some((e) => e.when === throughMillis)) {
    throw new Error("The backup was made by a newer version of Ringback: update Ringback first");
  }
  const folder = mkdtempSync(path.join(tmpdir(), "ringback-migrations-"));
  try {
    mkdirSync(path.join(folder, "meta"));
    writeFileSync(
      path.join(folder, "meta", "_journal.json"),
      JSON.stringify({ ...journal, entries }),
    );
    for (const e of entries) {
      copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
    }
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migrate(drizzle(client), { migrationsFolder: folder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const dialect = new PgDialect();

/**
 * A statement on the hot path as a named prepared statement: each connection parses and plans it
 * once, then only binds and executes (bench:ingest). The text must not vary between
 * calls of one name: values go in as parameters, as drizzle's `sql` puts them.
 */
export async function executePrepared<Row extends Record<string, unknown>>(
  db: Database,
  name: string,
  query: SQL,
): Promise<{ rows: Row[]; rowCount: number | null }> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return db.$client.query<Row>({ name, text, values: params as unknown[] });
}
