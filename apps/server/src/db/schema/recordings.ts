import {
  bigint,
  bigserial,
  customType,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/** Where a recording is kept: DATA_DIR on this machine, the database, or an S3 bucket. */
export const recordingStoreNames = ["local", "postgres", "s3"] as const;
export type RecordingStoreName = (typeof recordingStoreNames)[number];

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/**
 * The PostgreSQL recording store: one row per stored object, its bytes in
 * `recording_chunks`. Written in one transaction, so a reader sees the whole object or none.
 */
export const recordingObjects = pgTable("recording_objects", {
  key: text("key").primaryKey(),
  bytes: bigint("bytes", { mode: "number" }).notNull(),
  /** Every chunk but the last holds exactly this many bytes, so a range maps to chunk numbers. */
  chunkBytes: integer("chunk_bytes").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** An object's bytes in fixed-size pieces (`seq` from 0), stored uncompressed (audio). */
export const recordingChunks = pgTable(
  "recording_chunks",
  {
    key: text("key").notNull(),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.seq] }),
    foreignKey({ columns: [t.key], foreignColumns: [recordingObjects.key] }).onDelete("cascade"),
  ],
);

/**
 * Objects to delete from a recording store: a trigger on call_records adds one
 * whenever a row that names a stored recording is deleted (by a user, with its assistant or its
 * organization, or by retention) or moves to another store; a job empties it. The object goes
 * only if no call record names it any more.
 */
export const recordingDeletions = pgTable("recording_deletions", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  store: text("store").notNull(),
  key: text("key").notNull(),
  requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
});
