import path from "node:path";
import type pg from "pg";
import type { Config } from "../../config/env.ts";
import { createLocalDiskRecordingStore } from "./local-disk-recording-store.ts";
import { createPostgresRecordingStore } from "./postgres-recording-store.ts";
import type { RecordingStore, RecordingStoreName, RecordingStores } from "./recording-store.ts";
import { createS3RecordingStore } from "./s3-recording-store.ts";

/**
 * Every store this process can reach: local disk (DATA_DIR/recordings) and the database always,
 * the bucket when S3_BUCKET is set. Built once per process; each store is created on first use.
 */
export function createRecordingStores(
  config: Pick<Config, "dataDir" | "recordings">,
  pool: pg.Pool,
): RecordingStores {
  const made = new Map<RecordingStoreName, RecordingStore>();
  const make = (name: RecordingStoreName): RecordingStore | null => {
    if (name === "local")
      return createLocalDiskRecordingStore(path.join(config.dataDir, "recordings"));
    if (name === "postgres") return createPostgresRecordingStore(pool);
    return config.recordings.s3 ? createS3RecordingStore(config.recordings.s3) : null;
  };
  return {
    current: config.recordings.store,
    get(name) {
      if (!made.has(name)) {
        const store = make(name);
        if (!store) return null;
        made.set(name, store);
      }
      return made.get(name) ?? null;
    },
  };
}
