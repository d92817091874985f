import { execFile } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { CallGroupPage, SignedLink } from "@ringback/contracts";
import { afterAll, describe, expect, it } from "vitest";
import { connectDatabase } from "../src/db/database.ts";
import { runningEmbeddedPostgresUrl } from "../src/db/embedded-postgres.ts";
import { callRecords, organizations } from "../src/db/schema/index.ts";
import { createPostgresRecordingStore } from "../src/providers/storage/postgres-recording-store.ts";
import { activeAssistant } from "./call-helpers.ts";
import { createEmptyDatabase, createTestDatabase, freePort, tempDataDir } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";
import { listeningUrl, type RingbackProcess, spawnRingback, stopProcess } from "./process.ts";
import { waitFor } from "./webhook-receiver.ts";

const run = promisify(execFile);
const script = (name: string) =>
  fileURLToPath(new URL(`../../../scripts/${name}.ts`, import.meta.url));

/**
 * The embedded default backed up while it runs, and restored into a fresh
 * DATA_DIR: the same Call Records, the recordings play, the same sign-in still works.
 */
describe("backup and restore of the embedded default", async () => {
  const original = tempDataDir("ringback-backup-a-");
  const restored = tempDataDir("ringback-backup-b-");
  rmSync(restored, { recursive: true, force: true }); // restore makes it
  const file = path.join(tempDataDir("ringback-backup-file-"), "ringback.tar.gz");
  const running: RingbackProcess[] = [];
  afterAll(async () => {
    for (const p of running) await stopProcess(p, "SIGTERM");
    for (const dir of [original, restored, path.dirname(file)]) {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  // One address for both, as for a machine brought back from its backup.
  const port = await freePort();
  const start = (dataDir: string) => {
    const p = spawnRingback({
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      CODE_SENDS_PER_IP: "1000",
      CALL_SIMULATOR_RING_MS: "30",
      CALL_SIMULATOR_TURN_MS: "10",
    });
    running.push(p);
    return p;
  };
  const env = (dataDir: string) => ({
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
  });

  it("keeps sign-ups, calls, Call Records and recordings through a backup and a restore", async () => {
    // Ringback on its embedded default: a team, three calls with recordings on local disk.
    const first = start(original);
    const urlA = await listeningUrl(first);
    const { db, pool } = connectDatabase(runningEmbeddedPostgresUrl(original)!, { max: 2 });
    const team = await createTeam(urlA, db);
    const org = team.organization.id;
    const calls = await activeAssistant({
      url: urlA,
      db,
      secretKey: readFileSync(path.join(original, "secret-key"), "utf8").trim(),
      owner: team.owner.client,
      organizationId: org,
    });
    for (const [i, token] of ["backup-1", "backup-2", "backup-3"].entries()) {
      await calls.deliver(calls.delivery({ phone: `+1 415 555 01${80 + i}`, token }));
    }
    const recorded = [];
    for (const token of ["backup-1", "backup-2", "backup-3"]) {
      await calls.settled(token, 1);
      recorded.push(
        await waitFor(async () => {
          const [attempt] = await calls.attemptsFor(token);
          return attempt?.recordingKey ? attempt : undefined;
        }, 15_000),
      );
    }
    await pool.end();
    expect(recorded[0]!.recordingStore).toBe("local");
    const recordsPath = `/api/organizations/${org}/call-records`;
    const before = await team.owner.client.json<CallGroupPage>(recordsPath);
    expect(before.total).toBe(3);
    const recordingPath = `${recordsPath}/${recorded[0]!.id}/recording`;
    const audio = new Uint8Array(
      await (await team.owner.client.request(recordingPath)).arrayBuffer(),
    );

    // Backed up while it runs (it uses the running process's database).
    const backup = await run(process.execPath, [script("backup"), "--out", file], {
      env: env(original),
    });
    expect(backup.stdout).toMatch(
      /Backup written to .* 3 call records, 3 recordings from disk, the secret key\./,
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await stopProcess(first, "SIGTERM");

    // Restore refuses a DATA_DIR that is in use, and a file that is not a backup.
    const refused = await run(process.execPath, [script("restore"), file], {
      env: env(original),
    }).catch((e: { code: number; stderr: string }) => e);
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toContain("is not empty");
    const notBackup = await run(process.execPath, [script("restore"), script("backup")], {
      env: env(restored),
    }).catch((e: { code: number; stderr: string }) => e);
    expect((notBackup as { stderr: string }).stderr).toContain("is not a Ringback backup");
    rmSync(restored, { recursive: true, force: true });

    // Into a fresh DATA_DIR.
    const restore = await run(process.execPath, [script("restore"), file], { env: env(restored) });
    expect(restore.stdout).toContain("Restored 3 call records and 3 recordings.");
    expect(existsSync(path.join(restored, "secret-key"))).toBe(true);

    const second = start(restored);
    const urlB = await listeningUrl(second);
    // The same people are still signed in (sessions, signing keys and the secret key came back).
    const owner = team.owner.client.pointedAt(urlB);
    owner.accessToken = team.owner.client.accessToken;
    const after = await owner.json<CallGroupPage>(recordsPath);
    expect(after).toEqual(before);
    const link = await owner.json<SignedLink>(`${recordingPath}-link`);
    const played = await fetch(urlB + link.url);
    expect(played.status).toBe(200);
    expect(new Uint8Array(await played.arrayBuffer())).toEqual(audio);
    const health = await fetch(`${urlB}/api/health`);
    expect(health.status).toBe(200);
  }, 180_000);
});

describe("backup and restore with DATABASE_URL", async () => {
  const source = await createTestDatabase();
  const target = await createEmptyDatabase();
  const folder = tempDataDir("ringback-backup-url-");
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("carries recordings kept in the database, and restores only into an empty database", async () => {
    const id = randomUUID();
    await source.db.insert(organizations).values({ id, name: "Url Co", slug: `url-${id}` });
    const store = createPostgresRecordingStore(source.pool);
    const key = `${id}/${randomUUID()}`;
    const audio = randomBytes(700_000);
    await store.put(
      key,
      (async function* () {
        yield audio;
      })(),
      { maxBytes: 1_000_000 },
    );
    await source.db.insert(callRecords).values({
      organizationId: id,
      status: "voicemail",
      recordingKey: key,
      recordingStore: "postgres",
      finalAt: new Date(),
    });
    const file = path.join(folder, "url.tar.gz");
    const urlEnv = (url: string) => ({
      PATH: process.env.PATH,
      DATABASE_URL: url,
      DATA_DIR: path.join(folder, "data"),
      LOG_LEVEL: "warn",
      SECRET_KEY: "s".repeat(40),
    });
    const backup = await run(process.execPath, [script("backup"), "--out", file], {
      env: urlEnv(source.url),
    });
    expect(backup.stdout).toContain("1 call records, 0 recordings from disk.");

    // Into the database it came from: refused (not empty).
    const refused = await run(process.execPath, [script("restore"), file], {
      env: urlEnv(source.url),
    }).catch((e: { code: number; stderr: string }) => e);
    expect((refused as { stderr: string }).stderr).toContain("is not empty");

    await run(process.execPath, [script("restore"), file], { env: urlEnv(target) });
    const restored = connectDatabase(target, { max: 2 });
    try {
      const rows = await restored.db.select().from(callRecords);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ recordingKey: key, recordingStore: "postgres" });
      const copy = createPostgresRecordingStore(restored.pool);
      const chunks: Buffer[] = [];
      for await (const chunk of copy.read(key)) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(audio)).toBe(true);
    } finally {
      await restored.pool.end();
    }
  }, 120_000);
});
