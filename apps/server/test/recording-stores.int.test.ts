import { createHash, randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalDiskRecordingStore } from "../src/providers/storage/local-disk-recording-store.ts";
import { createPostgresRecordingStore } from "../src/providers/storage/postgres-recording-store.ts";
import {
  type RecordingStore,
  RecordingTooLargeError,
} from "../src/providers/storage/recording-store.ts";
import { createS3RecordingStore } from "../src/providers/storage/s3-recording-store.ts";
import { createTestDatabase, tempDataDir } from "./harness.ts";
import { startS3Server } from "./s3-server.ts";

// One contract, three stores: whatever RECORDING_STORE says, a recording is
// stored whole or not at all, read back in any byte range, sized, and deleted.
const database = await createTestDatabase();
const dir = tempDataDir("ringback-recordings-");
const s3 = await startS3Server();
afterAll(async () => {
  await s3.stop();
  rmSync(dir, { recursive: true, force: true });
});

const local = createLocalDiskRecordingStore(dir);
const s3Store = createS3RecordingStore(s3.options);
// [name, store, the same store as configured in production (for megabytes)]
const stores: [string, RecordingStore, RecordingStore][] = [
  ["local disk", local, local],
  [
    "PostgreSQL",
    // Chunks of 5 bytes: every small test below crosses chunk boundaries.
    createPostgresRecordingStore(database.pool, { chunkBytes: 5 }),
    createPostgresRecordingStore(database.pool),
  ],
  ["S3", s3Store, s3Store],
];

async function* pieces(...parts: (string | Uint8Array)[]) {
  for (const part of parts) yield typeof part === "string" ? new TextEncoder().encode(part) : part;
}

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const chunk of stream) out.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(out);
}

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

describe.each(stores)("the %s recording store", (_name, store, realStore) => {
  it("stores, sizes, reads whole and in ranges, and deletes", async () => {
    expect(await store.put("org/rec1", pieces("hello ", "wor", "ld"), { maxBytes: 100 })).toEqual({
      bytes: 11,
    });
    expect(await store.size("org/rec1")).toBe(11);
    expect((await bytesOf(store.read("org/rec1"))).toString()).toBe("hello world");
    expect((await bytesOf(store.read("org/rec1", { start: 6, end: 10 }))).toString()).toBe("world");
    expect((await bytesOf(store.read("org/rec1", { start: 4, end: 4 }))).toString()).toBe("o");
    expect((await bytesOf(store.read("org/rec1", { start: 3, end: 7 }))).toString()).toBe("lo wo");
    await store.delete("org/rec1");
    expect(await store.size("org/rec1")).toBeNull();
    // Deleting what is not there is not an error (the deletion job may run twice).
    await store.delete("org/rec1");
  });

  it("reads every byte range of an object exactly", async () => {
    const body = Buffer.from("abcdefghijklmnopqrstuvw"); // 23 bytes: chunks of 5, 5, 5, 5, 3
    await store.put("org/ranges", pieces(body.subarray(0, 7), body.subarray(7)), {
      maxBytes: 100,
    });
    for (let start = 0; start < body.length; start += 3) {
      for (let end = start; end < body.length; end += 4) {
        const got = await bytesOf(store.read("org/ranges", { start, end }));
        expect(got.toString(), `${start}-${end}`).toBe(body.subarray(start, end + 1).toString());
      }
    }
  });

  it("keeps a recording of several megabytes byte for byte", async () => {
    const body = randomBytes(3 * 1024 * 1024 + 17);
    const parts = [body.subarray(0, 1_000_000), body.subarray(1_000_000)];
    expect(await realStore.put("org/large", pieces(...parts), { maxBytes: 10_000_000 })).toEqual({
      bytes: body.length,
    });
    expect(await realStore.size("org/large")).toBe(body.length);
    expect(sha(await bytesOf(realStore.read("org/large")))).toBe(sha(body));
    const tail = await bytesOf(
      realStore.read("org/large", { start: 2_500_000, end: body.length - 1 }),
    );
    expect(sha(tail)).toBe(sha(body.subarray(2_500_000)));
    await realStore.delete("org/large");
  }, 60_000);

  it("refuses a body over the limit and stores nothing", async () => {
    await expect(
      store.put("org/big", pieces("12345", "67890"), { maxBytes: 8 }),
    ).rejects.toBeInstanceOf(RecordingTooLargeError);
    expect(await store.size("org/big")).toBeNull();
  });

  it("leaves the old copy in place when a replacement fails half-way", async () => {
    await store.put("org/rec2", pieces("first copy"), { maxBytes: 100 });
    async function* broken() {
      yield new TextEncoder().encode("second ");
      yield new TextEncoder().encode("cop");
      throw new Error("connection reset");
    }
    await expect(store.put("org/rec2", broken(), { maxBytes: 100 })).rejects.toThrow("reset");
    expect((await bytesOf(store.read("org/rec2"))).toString()).toBe("first copy");
    await store.put("org/rec2", pieces("second copy!"), { maxBytes: 100 });
    expect(await store.size("org/rec2")).toBe(12);
    expect((await bytesOf(store.read("org/rec2"))).toString()).toBe("second copy!");
  });

  it("says a missing object is missing, and a read of one fails", async () => {
    expect(await store.size("org/never-stored")).toBeNull();
    await expect(bytesOf(store.read("org/never-stored"))).rejects.toThrow();
  });

  it("accepts only plain relative keys", async () => {
    for (const key of ["../escape", "org/../../x", "/abs", "org//x", "org/./x", ""]) {
      await expect(store.size(key)).rejects.toThrow("Invalid recording key");
    }
  });
});

describe("the PostgreSQL recording store", () => {
  const store = createPostgresRecordingStore(database.pool, { chunkBytes: 5 });

  it("lets two copies of one key run at once: one waits, the last one wins whole", async () => {
    await Promise.all([
      store.put("org/race", pieces("aaaaaaaaaaaa"), { maxBytes: 100 }),
      store.put("org/race", pieces("bbbbbbb"), { maxBytes: 100 }),
    ]);
    const body = (await bytesOf(store.read("org/race"))).toString();
    expect(["aaaaaaaaaaaa", "bbbbbbb"]).toContain(body);
    expect(await store.size("org/race")).toBe(body.length);
  });

  it("keeps chunks of the configured size and deletes them with their object", async () => {
    await store.put("org/chunks", pieces("0123456789ab"), { maxBytes: 100 });
    const { rows } = await database.pool.query<{ seq: number; n: number }>(
      "select seq, length(data) as n from recording_chunks where key = 'org/chunks' order by seq",
    );
    expect(rows).toEqual([
      { seq: 0, n: 5 },
      { seq: 1, n: 5 },
      { seq: 2, n: 2 },
    ]);
    await store.delete("org/chunks");
    const left = await database.pool.query(
      "select 1 from recording_chunks where key = 'org/chunks'",
    );
    expect(left.rowCount).toBe(0);
  });
});
