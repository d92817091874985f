import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  assertRecordingKey,
  type RecordingStore,
  RecordingTooLargeError,
} from "./recording-store.ts";

/**
 * Recordings as files under `root` (DATA_DIR/recordings). A body is written to a temporary file
 * beside its destination and renamed into place, so a crash or a refused body leaves no partial
 * recording behind.
 */
export function createLocalDiskRecordingStore(root: string): RecordingStore {
  const fileFor = (key: string) => {
    assertRecordingKey(key);
    return path.join(root, ...key.split("/"));
  };

  return {
    async put(key, body, { maxBytes }) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomUUID()}.part`;
      let bytes = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          if (bytes > maxBytes) done(new RecordingTooLargeError(maxBytes));
          else done(null, chunk);
        },
      });
      try {
        await pipeline(body, limit, createWriteStream(temporary, { mode: 0o600 }));
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return { bytes };
    },

    async size(key) {
      try {
        return (await stat(fileFor(key))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },

    read(key, range) {
      return createReadStream(fileFor(key), range ? { start: range.start, end: range.end } : {});
    },

    async delete(key) {
      await rm(fileFor(key), { force: true });
    },
  };
}
