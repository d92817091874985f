import { existsSync, readdirSync } from "node:fs";
import { chmod, cp, mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadBackupData, openBackup, writeBackup } from "../backup/backup.ts";
import { ConfigError, parseEnv } from "../config/env.ts";
import { connectDatabase, migrateDatabase, migrateDatabaseThrough } from "../db/database.ts";
import { startEmbeddedPostgres } from "../db/embedded-postgres.ts";
import { createLogger } from "../lib/logger.ts";
import { runCommand, say } from "./command.ts";

const BACKUP_USAGE = `Usage: npm run backup [-- --out <file>]

Writes one file with a consistent copy of Ringback's database, the recordings kept on this
machine's disk and the generated secret key. Safe while Ringback runs. The file holds secrets
(mode 0600): keep it like a password.`;

const RESTORE_USAGE = `Usage: npm run restore -- <file>

Brings a backup back into an empty DATA_DIR (the embedded database), or into an empty database at
DATABASE_URL. Then start Ringback as usual.`;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function stamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
}

/** `npm run backup`. */
export async function backupCommand(argv: string[]): Promise<void> {
  let out: string | undefined;
  try {
    const { values } = parseArgs({
      args: argv,
      options: { out: { type: "string" }, help: { type: "boolean", short: "h" } },
    });
    if (values.help) {
      say(BACKUP_USAGE);
      return;
    }
    out = values.out;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${BACKUP_USAGE}`);
    process.exit(2);
  }
  const file = path.resolve(out ?? `ringback-backup-${stamp(new Date())}.tar.gz`);
  await runCommand("backup", {}, async ({ config, database }) => {
    say(
      `Backing up Ringback (${config.databaseUrl ? "DATABASE_URL" : `DATA_DIR ${config.dataDir}`})…`,
    );
    const started = Date.now();
    const manifest = await writeBackup({
      pool: database.pool,
      dataDir: config.dataDir,
      out: file,
      progress: say,
    });
    const size = (await stat(file)).size;
    const calls = manifest.tables.find((t) => t.schema === "public" && t.table === "call_records");
    say(
      `Backup written to ${file} (${megabytes(size)}) in ${((Date.now() - started) / 1000).toFixed(1)} s: ${manifest.tables.length} tables, ${calls?.rows ?? 0} call records, ${manifest.recordings.files} recordings from disk${manifest.secretKey ? ", the secret key" : ""}.`,
    );
    if (manifest.recordings.missing > 0) {
      say(
        `${manifest.recordings.missing} recording(s) named in the database were not on this disk.`,
      );
    }
    if (config.recordings.store === "s3") {
      say(
        "Recordings in the S3 bucket are not in the file: back the bucket up with its own tools.",
      );
    }
    return 0;
  });
}

/** `npm run restore -- <file>`. */
export async function restoreCommand(argv: string[]): Promise<void> {
  let file: string | undefined;
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { help: { type: "boolean", short: "h" } },
    });
    if (values.help) {
      say(RESTORE_USAGE);
      return;
    }
    file = positionals[0];
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${RESTORE_USAGE}`);
    process.exit(2);
  }
  if (!file) {
    console.error(RESTORE_USAGE);
    process.exit(2);
  }
  // The environment only (loadConfig would write a new secret key into DATA_DIR).
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const logger = createLogger({ level: "warn", pretty: Boolean(process.stderr.isTTY) });
  const fail = (message: string) => {
    console.error(message);
    process.exitCode = 1;
  };
  if (!existsSync(file)) return fail(`No such file: ${file}`);
  if (!env.DATABASE_URL && existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    return fail(
      `DATA_DIR ${dataDir} is not empty. A restore goes into an empty DATA_DIR: move this one aside, or set DATA_DIR to a new folder.`,
    );
  }
  const cleanups: (() => Promise<unknown>)[] = [];
  let backup: Awaited<ReturnType<typeof openBackup>> | null = null;
  try {
    backup = await openBackup(path.resolve(file));
    const { manifest } = backup;
    say(
      `Restoring the backup of ${manifest.createdAt} into ${env.DATABASE_URL ? "DATABASE_URL" : `DATA_DIR ${dataDir}`}…`,
    );
    await mkdir(dataDir, { recursive: true });
    if (manifest.secretKey) {
      const key = await readFile(path.join(backup.dir, "secret-key"), "utf8");
      await writeFile(path.join(dataDir, "secret-key"), key, { mode: 0o600 });
      await chmod(path.join(dataDir, "secret-key"), 0o600);
      if (env.SECRET_KEY && env.SECRET_KEY !== key.trim()) {
        say(
          "SECRET_KEY differs from the backup's key (restored to DATA_DIR/secret-key): unset SECRET_KEY, or tokens stored in the backup cannot be read.",
        );
      }
    }
    let url = env.DATABASE_URL;
    if (!url) {
      const embedded = await startEmbeddedPostgres({ dataDir, logger });
      cleanups.push(() => embedded.stop());
      url = embedded.url;
    }
    const { pool } = connectDatabase(url, { max: 2, applicationName: "ringback-restore", logger });
    cleanups.push(() => pool.end());
    const existing = await pool.query(
      "select 1 from information_schema.tables where table_schema = 'public' limit 1",
    );
    if (existing.rowCount) {
      fail("The database at DATABASE_URL is not empty: a restore goes into an empty database.");
      return;
    }
    await migrateDatabaseThrough(pool, manifest.migratedThrough);
    await loadBackupData(pool, backup, say);
    await migrateDatabase(pool, logger);
    if (existsSync(path.join(backup.dir, "recordings"))) {
      await cp(path.join(backup.dir, "recordings"), path.join(dataDir, "recordings"), {
        recursive: true,
      });
    }
    const calls = manifest.tables.find((t) => t.schema === "public" && t.table === "call_records");
    say(
      `Restored ${calls?.rows ?? 0} call records and ${manifest.recordings.files} recordings. Start Ringback with npm start.`,
    );
  } catch (error) {
    fail(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
    logger.error({ err: error }, "restore failed");
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    if (backup) await rm(backup.dir, { recursive: true, force: true });
  }
}
