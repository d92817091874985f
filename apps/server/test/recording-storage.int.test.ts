import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { callRecords, organizations, recordingDeletions } from "../src/db/schema/index.ts";
import {
  type MigrationProgress,
  migrateRecordings,
  purgeReleasedRecordings,
} from "../src/domain/recordings/recording-storage.ts";
import { createRecordingStores } from "../src/providers/storage/index.ts";
import type { RecordingStoreName } from "../src/providers/storage/recording-store.ts";
import { createTestDatabase, tempDataDir, testConfig, testLogger } from "./harness.ts";
import { startS3Server } from "./s3-server.ts";

// Recordings leave their store when no call record names them, and move between
// stores without a moment in which they do not play.
const database = await createTestDatabase();
const { db } = database;
const dataDir = tempDataDir("ringback-storage-");
const s3 = await startS3Server();
afterAll(async () => {
  await s3.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
const config = testConfig(database.url, dataDir, s3.env);
const stores = createRecordingStores(config, database.pool);

async function* body(text: string) {
  yield new TextEncoder().encode(text);
}
async function text(stream: NodeJS.ReadableStream) {
  let out = "";
  for await (const chunk of stream) out += chunk.toString();
  return out;
}

async function organization() {
  const id = randomUUID();
  await db.insert(organizations).values({ id, name: "Storage Co", slug: `storage-${id}` });
  return id;
}

/** A finished call whose recording is stored in `store`. */
async function storedCall(organizationId: string, store: RecordingStoreName, audio = "audio") {
  const id = randomUUID();
  const key = `${organizationId}/${id}`;
  await stores.get(store)!.put(key, body(audio), { maxBytes: 1000 });
  await db.insert(callRecords).values({
    id,
    organizationId,
    status: "voicemail",
    recordingKey: key,
    recordingStore: store,
    recordingContentType: "audio/wav",
    recordingBytes: audio.length,
    finalAt: new Date(),
  });
  return { id, key };
}

const purge = () => purgeReleasedRecordings(db, stores, testLogger);

describe("deleting recordings nobody names", () => {
  it("deletes a call record's recording from its store once the record is deleted", async () => {
    const org = await organization();
    const kept = await storedCall(org, "postgres");
    const gone = await storedCall(org, "s3");
    await db.delete(callRecords).where(eq(callRecords.id, gone.id));
    expect(await db.select().from(recordingDeletions)).toMatchObject([
      { store: "s3", key: gone.key },
    ]);
    expect(await purge()).toEqual({ deleted: 1, kept: 0, waiting: 0 });
    expect(await stores.get("s3")!.size(gone.key)).toBeNull();
    expect(await stores.get("postgres")!.size(kept.key)).toBe(5);
    expect(await db.select().from(recordingDeletions)).toEqual([]);
  });

  it("deletes every recording of an organization that is deleted", async () => {
    const org = await organization();
    const calls = [
      await storedCall(org, "postgres"),
      await storedCall(org, "local"),
      await storedCall(org, "s3"),
    ];
    await db.delete(organizations).where(eq(organizations.id, org));
    expect(await purge()).toEqual({ deleted: 3, kept: 0, waiting: 0 });
    expect(await stores.get("postgres")!.size(calls[0]!.key)).toBeNull();
    expect(await stores.get("local")!.size(calls[1]!.key)).toBeNull();
    expect(await stores.get("s3")!.size(calls[2]!.key)).toBeNull();
  });

  it("deletes a recording its row stops naming, and keeps one a row names again", async () => {
    const org = await organization();
    const cleared = await storedCall(org, "postgres");
    await db
      .update(callRecords)
      .set({ recordingKey: null, recordingStore: null })
      .where(eq(callRecords.id, cleared.id));
    const named = await storedCall(org, "postgres");
    await db.insert(recordingDeletions).values({ store: "postgres", key: named.key });
    expect(await purge()).toEqual({ deleted: 1, kept: 1, waiting: 0 });
    expect(await stores.get("postgres")!.size(cleared.key)).toBeNull();
    expect(await stores.get("postgres")!.size(named.key)).toBe(5);
  });

  it("leaves a deletion for a process that can reach the store", async () => {
    const org = await organization();
    const call = await storedCall(org, "s3");
    await db.delete(callRecords).where(eq(callRecords.id, call.id));
    const withoutS3 = createRecordingStores(
      testConfig(database.url, dataDir, { RECORDING_STORE: "postgres" }),
      database.pool,
    );
    expect(await purgeReleasedRecordings(db, withoutS3, testLogger)).toEqual({
      deleted: 0,
      kept: 0,
      waiting: 1,
    });
    expect(await stores.get("s3")!.size(call.key)).toBe(5);
    expect(await purge()).toMatchObject({ deleted: 1 });
  });
});

describe("moving recordings to another store", () => {
  it("copies each one, names the new store, deletes the old copy, and resumes where it stopped", async () => {
    await db.delete(callRecords);
    await purge();
    const org = await organization();
    const calls = await Promise.all(
      Array.from({ length: 7 }, (_, i) => storedCall(org, "local", `recording ${i}`)),
    );
    const inPostgres = await storedCall(org, "postgres", "already elsewhere");
    // One whose file is not on this machine: reported, left as it is.
    const lost = calls.pop()!;
    await stores.get("local")!.delete(lost.key);

    const reports: MigrationProgress[] = [];
    const result = await migrateRecordings(db, stores, {
      to: "s3",
      from: "local",
      concurrency: 2,
      logger: testLogger,
      onProgress: (p) => reports.push(p),
    });
    expect(result).toEqual({ total: 7, moved: 6, missing: 1, failed: 0 });
    expect(reports[0]).toEqual({ total: 7, moved: 0, missing: 0, failed: 0 });
    expect(reports.length).toBeGreaterThan(2);
    for (const [i, call] of calls.entries()) {
      const [row] = await db.select().from(callRecords).where(eq(callRecords.id, call.id));
      expect(row!.recordingStore).toBe("s3");
      expect(await text(stores.get("s3")!.read(call.key))).toBe(`recording ${i}`);
    }
    const [untouched] = await db.select().from(callRecords).where(eq(callRecords.id, lost.id));
    expect(untouched!.recordingStore).toBe("local");
    const [other] = await db.select().from(callRecords).where(eq(callRecords.id, inPostgres.id));
    expect(other!.recordingStore).toBe("postgres");

    // The old copies stay until the deletion job runs (playback never breaks in between).
    expect(await stores.get("local")!.size(calls[0]!.key)).toBe(11);
    expect(await purge()).toMatchObject({ deleted: 6 });
    expect(await stores.get("local")!.size(calls[0]!.key)).toBeNull();

    // Run again: only what is still not moved is looked at.
    expect(
      await migrateRecordings(db, stores, { to: "s3", concurrency: 2, logger: testLogger }),
    ).toEqual({ total: 2, moved: 1, missing: 1, failed: 0 });
    const [moved] = await db.select().from(callRecords).where(eq(callRecords.id, inPostgres.id));
    expect(moved!.recordingStore).toBe("s3");
  });

  it("`npm run recordings:migrate -- --to postgres` reports progress and what to do next", async () => {
    await db.delete(callRecords);
    await purge();
    const org = await organization();
    const calls = await Promise.all(
      Array.from({ length: 3 }, (_, i) => storedCall(org, "s3", `cli ${i}`)),
    );
    const script = fileURLToPath(
      new URL("../../../scripts/recordings-migrate.ts", import.meta.url),
    );
    const { stdout } = await promisify(execFile)(process.execPath, [script, "--to", "postgres"], {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        ...s3.env,
      },
    });
    expect(stdout).toContain("Moving recordings to postgres…");
    expect(stdout).toContain("3 / 3 (100%): 3 moved, 0 missing, 0 failed");
    expect(stdout).toContain("Old copies deleted: 3.");
    expect(stdout).toContain("New recordings still go to s3: set RECORDING_STORE=postgres.");
    for (const call of calls) {
      expect(await stores.get("s3")!.size(call.key)).toBeNull();
      expect(await stores.get("postgres")!.size(call.key)).toBe(5);
    }
    const rows = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from call_records where recording_store = 'postgres'`,
    );
    expect(rows.rows[0]!.n).toBe(3);
  });

  it("refuses a missing or unknown target with its usage", async () => {
    const script = fileURLToPath(
      new URL("../../../scripts/recordings-migrate.ts", import.meta.url),
    );
    const failure = await promisify(execFile)(process.execPath, [script, "--to", "ftp"], {
      env: { PATH: process.env.PATH, DATABASE_URL: database.url, DATA_DIR: dataDir },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 2 });
    expect((failure as { stderr: string }).stderr).toContain("Usage: npm run recordings:migrate");
    // A bucket that is not configured is said before any database is opened or created.
    const fresh = tempDataDir("ringback-migrate-");
    const unconfigured = await promisify(execFile)(process.execPath, [script, "--to", "s3"], {
      env: { PATH: process.env.PATH, DATA_DIR: fresh },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(unconfigured).toMatchObject({ code: 1 });
    expect((unconfigured as { stderr: string }).stderr).toContain(
      "The s3 store is not configured: set S3_BUCKET",
    );
    expect(existsSync(path.join(fresh, "postgres"))).toBe(false);
    rmSync(fresh, { recursive: true, force: true });
  });
});
