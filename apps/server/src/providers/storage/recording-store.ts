import type { Readable } from "node:stream";
import type { RecordingStoreName } from "../../db/schema/recordings.ts";

export type { RecordingStoreName };

/**
 * Where Ringback keeps call recordings it has copied from the voice provider. Local disk under
 * DATA_DIR by default; an object store (S3, GCS…) implements the same four operations.
 * Keys are ours (`{organizationId}/{callRecordId}`), never a user's input.
 */
export interface RecordingStore {
  /**
   * Stores a body under the key, completely or not at all (a reader never sees half a file).
   * Refuses, and stores nothing, a body longer than maxBytes.
   */
  put(
    key: string,
    body: AsyncIterable<Uint8Array>,
    options: { maxBytes: number },
  ): Promise<{ bytes: number }>;
  /** The stored object's size, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Bytes start..end (inclusive) of the object, or all of it. */
  read(key: string, range?: { start: number; end: number }): Readable;
  delete(key: string): Promise<void>;
}

/**
 * The stores this process can reach, by name. Each call record names the store its
 * recording is in, so recordings stay playable while recordings:migrate moves them, and after the
 * installation changes RECORDING_STORE.
 */
export interface RecordingStores {
  /** Where new recordings go (RECORDING_STORE, or its default). */
  readonly current: RecordingStoreName;
  /** The named store; null when this process is not configured for it (s3 without a bucket). */
  get(name: RecordingStoreName): RecordingStore | null;
}

/** Thrown by put() when the body is longer than allowed. */
export class RecordingTooLargeError extends Error {
  constructor(maxBytes: number) {
    super(`The recording is larger than ${maxBytes} bytes`);
    this.name = "RecordingTooLargeError";
  }
}

const KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

/** Keys are plain relative paths: no `..`, no absolute paths, nothing a file system interprets. */
export function assertRecordingKey(key: string): void {
  if (!KEY.test(key) || key.split("/").some((part) => part === "." || part === "..")) {
    throw new Error(`Invalid recording key: ${key}`);
  }
}
