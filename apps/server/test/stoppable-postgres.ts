import { execFile } from "node:child_process";
import { rmSync, statSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll } from "vitest";
import { connectDatabase, migrateDatabase } from "../src/db/database.ts";
import { startEmbeddedPostgres } from "../src/db/embedded-postgres.ts";
import { tempDataDir, testLogger } from "./harness.ts";

const run = promisify(execFile);

export interface StoppablePostgres {
  /** The `ringback` database (migrated), on a port that stays the same across restarts. */
  url: string;
  /** Stops the server (fast shutdown: open connections are cut, as in a crash or failover). */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same data. */
  start(): Promise<void>;
  readonly running: boolean;
}

/**
 * A PostgreSQL of its own for a test file that needs to take the database away: the shared one
 * of the run (global-setup.ts) must stay up for every other file. It is the same embedded
 * PostgreSQL the app uses, in a temporary folder, and is removed after the file.
 */
export async function startStoppablePostgres(): Promise<StoppablePostgres> {
  const dataDir = tempDataDir("ringback-stoppable-pg-");
  const server = await startEmbeddedPostgres({ dataDir, logger: testLogger, lock: false });
  const pgdata = path.join(dataDir, "postgres");
  const port = new URL(server.url).port;
  const { pool } = connectDatabase(server.url, { max: 1 });
  await migrateDatabase(pool, testLogger);
  await pool.end();

  // pg_ctl runs as the owner of the data folder (the `postgres` user when tests run as root).
  const key = `${process.platform}-${process.arch}`;
  const bin = (await import(`@embedded-postgres/${key}`)) as { pg_ctl: string };
  const { uid, gid } = statSync(pgdata);
  const owner = process.getuid?.() === 0 ? { uid, gid } : {};
  const pgCtl = (args: string[]) => run(bin.pg_ctl, ["-D", pgdata, ...args], owner);

  let running = true;
  const control: StoppablePostgres = {
    url: server.url,
    get running() {
      return running;
    },
    async stop() {
      await pgCtl(["stop", "-m", "fast", "-w", "-t", "60"]);
      running = false;
    },
    async start() {
      const log = path.join(pgdata, "server.log");
      await pgCtl(["start", "-l", log, "-w", "-t", "60", "-o", `-p ${port}`]);
      running = true;
    },
  };
  afterAll(async () => {
    if (running) await control.stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });
  return control;
}
