import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalDiskRecordingStore } from "./local-disk-recording-store.ts";
import { RecordingTooLargeError } from "./recording-store.ts";

const root = mkdtempSync(path.join(tmpdir(), "ringback-recordings-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const store = createLocalDiskRecordingStore(root);

async function* chunks(...parts: string[]) {
  for (const part of parts) yield new TextEncoder().encode(part);
}

async function text(stream: NodeJS.ReadableStream) {
  let out = "";
  for await (const chunk of stream) out += chunk.toString();
  return out;
}

describe("the local-disk recording store", () => {
  it("stores, sizes, reads whole and in ranges, and deletes", async () => {
    expect(await store.put("org/rec1", chunks("hello ", "world"), { maxBytes: 100 })).toEqual({
      bytes: 11,
    });
    expect(await store.size("org/rec1")).toBe(11);
    expect(await text(store.read("org/rec1"))).toBe("hello world");
    expect(await text(store.read("org/rec1", { start: 6, end: 10 }))).toBe("world");
    await store.delete("org/rec1");
    expect(await store.size("org/rec1")).toBeNull();
  });

  it("refuses a body over the limit and leaves nothing behind", async () => {
    await expect(
      store.put("org/big", chunks("12345", "67890"), { maxBytes: 8 }),
    ).rejects.toBeInstanceOf(RecordingTooLargeError);
    expect(await store.size("org/big")).toBeNull();
    expect(readdirSync(path.join(root, "org"))).toEqual([]);
  });

  it("leaves the old copy in place when a replacement fails half-way", async () => {
    await store.put("org/rec2", chunks("first"), { maxBytes: 100 });
    async function* broken() {
      yield new TextEncoder().encode("sec");
      throw new Error("connection reset");
    }
    await expect(store.put("org/rec2", broken(), { maxBytes: 100 })).rejects.toThrow("reset");
    expect(await text(store.read("org/rec2"))).toBe("first");
  });

  it("accepts only plain relative keys", async () => {
    for (const key of ["../escape", "org/../../x", "/abs", "org//x", "org/./x", ""]) {
      await expect(store.size(key)).rejects.toThrow("Invalid recording key");
    }
  });
});
