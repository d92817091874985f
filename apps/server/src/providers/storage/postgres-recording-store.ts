import { Readable } from "node:stream";
import type pg from "pg";
import {
  assertRecordingKey,
  type RecordingStore,
  RecordingTooLargeError,
} from "./recording-store.ts";

/** 256 KiB: a seek reads at most one chunk it does not need at each end. */
export const POSTGRES_CHUNK_BYTES = 256 * 1024;
/** Chunks a reader asks for at once (2 MiB): memory per playing recording stays bounded. */
const CHUNKS_PER_READ = 8;

/**
 * Recordings in the database itself: the default whenever DATABASE_URL is set, so
 * every web and worker process plays what any of them stored, with nothing more to run. An
 * object is a `recording_objects` row and its bytes in fixed-size `recording_chunks`; a put is
 * one transaction (a reader sees the whole object or none) under a lock on the key, and a read
 * fetches only the chunks its byte range covers, a few at a time.
 */
export function createPostgresRecordingStore(
  pool: pg.Pool,
  options: { chunkBytes?: number } = {},
): RecordingStore {
  const chunkBytes = options.chunkBytes ?? POSTGRES_CHUNK_BYTES;

  return {
    async put(key, body, { maxBytes }) {
      assertRecordingKey(key);
      const client = await pool.connect();
      let bytes = 0;
      try {
        await client.query("begin");
        // Two puts of one key wait for each other instead of failing on the chunks' key.
        await client.query("select pg_advisory_xact_lock(hashtextextended($1, 17))", [key]);
        await client.query("delete from recording_objects where key = $1", [key]);
        await client.query(
          "insert into recording_objects (key, bytes, chunk_bytes) values ($1, 0, $2)",
          [key, chunkBytes],
        );
        let seq = 0;
        let pending = Buffer.alloc(0);
        for await (const piece of body) {
          bytes += piece.byteLength;
          if (bytes > maxBytes) throw new RecordingTooLargeError(maxBytes);
          const incoming = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
          const buffer = pending.length > 0 ? Buffer.concat([pending, incoming]) : incoming;
          let offset = 0;
          for (; buffer.length - offset >= chunkBytes; offset += chunkBytes) {
            await insertChunk(client, key, seq++, buffer.subarray(offset, offset + chunkBytes));
          }
          // A copy: the rest must not pin the provider's whole buffer.
          pending = Buffer.from(buffer.subarray(offset));
        }
        if (pending.length > 0) await insertChunk(client, key, seq, pending);
        await client.query("update recording_objects set bytes = $2 where key = $1", [key, bytes]);
        await client.query("commit");
        return { bytes };
      } catch (error) {
        await client.query("rollback").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },

    async size(key) {
      assertRecordingKey(key);
      const { rows } = await pool.query<{ bytes: string }>(
        "select bytes from recording_objects where key = $1",
        [key],
      );
      return rows[0] ? Number(rows[0].bytes) : null;
    },

    read(key, range) {
      assertRecordingKey(key);
      return Readable.from(readChunks(pool, key, range));
    },

    async delete(key) {
      assertRecordingKey(key);
      // The chunks go with their object (on delete cascade).
      await pool.query("delete from recording_objects where key = $1", [key]);
    },
  };
}

function insertChunk(client: pg.PoolClient, key: string, seq: number, data: Buffer) {
  return client.query("insert into recording_chunks (key, seq, data) values ($1, $2, $3)", [
    key,
    seq,
    data,
  ]);
}

async function* readChunks(
  pool: pg.Pool,
  key: string,
  range: { start: number; end: number } | undefined,
): AsyncGenerator<Buffer> {
  const { rows } = await pool.query<{ bytes: string; chunk_bytes: number }>(
    "select bytes, chunk_bytes from recording_objects where key = $1",
    [key],
  );
  const object = rows[0];
  if (!object) {
    throw Object.assign(new Error(`No recording stored under ${key}`), { code: "ENOENT" });
  }
  const size = Number(object.bytes);
  const chunk = object.chunk_bytes;
  const start = range?.start ?? 0;
  const end = Math.min(range?.end ?? size - 1, size - 1);
  if (start > end) return;
  const last = Math.floor(end / chunk);
  for (let from = Math.floor(start / chunk); from <= last; from += CHUNKS_PER_READ) {
    const to = Math.min(from + CHUNKS_PER_READ - 1, last);
    const batch = await pool.query<{ seq: number; data: Buffer }>(
      "select seq, data from recording_chunks where key = $1 and seq between $2 and $3 order by seq",
      [key, from, to],
    );
    if (batch.rows.length !== to - from + 1) {
      // Replaced or deleted while it was being read: end the response rather than send a gap.
      throw new Error(`The recording ${key} changed while it was being read`);
    }
    for (const { seq, data } of batch.rows) {
      const offset = seq * chunk;
      const sliceStart = Math.max(start - offset, 0);
      const sliceEnd = Math.min(end - offset + 1, data.length);
      yield sliceStart === 0 && sliceEnd === data.length
        ? data
        : data.subarray(sliceStart, sliceEnd);
    }
  }
}
