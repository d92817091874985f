import { and, eq, gte, isNotNull, isNull, lte } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { callRecords } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Logger } from "../../lib/logger.ts";
import { isUuid } from "../../lib/uuid.ts";
import {
  type RecordingStore,
  type RecordingStores,
  RecordingTooLargeError,
} from "../../providers/storage/recording-store.ts";
import { MAX_RECORDING_BYTES, VoiceProviderError } from "../../providers/voice/voice-provider.ts";
import type { Queue } from "../../queue/queue.ts";
import type { VoiceProviders } from "../voice/voice-providers.ts";

/**
 * The queue of recording copies, keyed by call record (an `exclusive` queue: one job per call
 * at a time). It replaced `recordings.fetch`, a standard queue whose singleton key did nothing.
 */
export const FETCH_RECORDING_JOB = "recordings.copy";

export interface RecordingDeps {
  db: Database;
  /** The attempt's own voice connection fetches it (its credentials). */
  voices: VoiceProviders;
  /** New recordings go to `stores.current`; each row names the store that holds its copy. */
  stores: RecordingStores;
  logger: Logger;
}

/** Asks a worker to copy the attempt's recording into our store (retried with back-off). */
export async function enqueueRecordingFetch(queue: Queue, callRecordId: string): Promise<void> {
  await queue.send(
    FETCH_RECORDING_JOB,
    { callRecordId },
    // A provider may need a while to prepare a recording: retry over about an hour.
    { singletonKey: callRecordId, retryLimit: 8, retryDelay: 15, retryBackoff: true },
  );
}

const EXTENSION_TYPES: Record<string, string> = {
  wav: "audio/wav",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  opus: "audio/ogg",
  webm: "audio/webm",
};

/**
 * The type we serve a recording with: the provider's when it says audio, else guessed from the
 * URL's extension. Never an arbitrary type: a stored "text/html" served from our origin would
 * be a stored XSS.
 */
export function recordingContentType(reported: string | null, recordingUrl: string): string {
  const type = reported?.split(";")[0]?.trim().toLowerCase();
  if (type && /^audio\/[a-z0-9.+-]+$/.test(type)) return type;
  let extension = "";
  try {
    extension = new URL(recordingUrl).pathname.split(".").pop()?.toLowerCase() ?? "";
  } catch {
    // Not a URL: no extension to go by.
  }
  return EXTENSION_TYPES[extension] ?? "application/octet-stream";
}

/**
 * Copies one attempt's recording from the provider into the RecordingStore and records where.
 * Idempotent: a recording already copied is left alone, and a repeat run overwrites the same
 * key with the same bytes. A final failure (finalRecordingFailure) records the attempt as
 * having no recording and nothing asks again; other failures throw, and the job retries.
 */
export async function archiveRecording(
  deps: RecordingDeps,
  callRecordId: string,
): Promise<"stored" | "skipped" | "missing"> {
  const [row] = await deps.db
    .select({
      id: callRecords.id,
      organizationId: callRecords.organizationId,
      recordingUrl: callRecords.recordingUrl,
      recordingKey: callRecords.recordingKey,
      voiceConnectionId: callRecords.voiceConnectionId,
    })
    .from(callRecords)
    .where(eq(callRecords.id, callRecordId));
  if (!row?.recordingUrl || row.recordingKey) return "skipped";
  const voice = await deps.voices.forConnection(row.voiceConnectionId);
  if (!voice) {
    deps.logger.warn({ callRecordId }, "The call's voice connection is gone; recording not copied");
    return "skipped";
  }
  const key = `${row.organizationId}/${row.id}`;
  const storeName = deps.stores.current;
  const store = deps.stores.get(storeName);
  if (!store) throw new Error(`The recording store ${storeName} is not configured`);
  let contentType: string | null;
  let bytes: number;
  try {
    const fetched = await voice.provider.fetchRecording(row.recordingUrl);
    contentType = fetched.contentType;
    ({ bytes } = await store.put(key, fetched.body, { maxBytes: MAX_RECORDING_BYTES }));
  } catch (error) {
    const verdict = finalRecordingFailure(error);
    if (!verdict) throw error;
    // "No recording": the URL goes, so neither the sweeper nor a repeated webhook asks again.
    await deps.db
      .update(callRecords)
      .set({ recordingUrl: null, updatedAt: new Date() })
      .where(and(eq(callRecords.id, row.id), isNull(callRecords.recordingKey)));
    deps.logger.warn({ callRecordId, reason: (error as Error).message }, verdict);
    return "missing";
  }
  await deps.db
    .update(callRecords)
    .set({
      recordingKey: key,
      recordingStore: storeName,
      recordingContentType: recordingContentType(contentType, row.recordingUrl),
      recordingBytes: bytes,
      updatedAt: new Date(),
    })
    .where(and(eq(callRecords.id, row.id), isNull(callRecords.recordingKey)));
  deps.logger.info({ callRecordId, bytes, store: storeName }, "Recording copied into storage");
  return "stored";
}

/**
 * Why a failed copy is final (logged as a warning), or null when it is worth retrying: the
 * provider has no recording (404/410: a voicemail, a call too short to record), the guarded
 * client refused the URL (an address that is not public, a scheme or redirect it does not
 * follow: asking again gives the same answer), or the recording is over the size cap.
 */
function finalRecordingFailure(error: unknown): string | null {
  if (error instanceof RecordingTooLargeError) {
    return "The recording is larger than Ringback keeps; recorded as no recording";
  }
  if (!(error instanceof VoiceProviderError)) return null;
  if (error.status === 404 || error.status === 410) {
    return "The provider has no recording for this call; recorded as no recording";
  }
  if (error.code === "recording_refused") {
    return "The recording URL was refused by the outbound guard; recorded as no recording";
  }
  if (error.code === "recording_too_large") {
    return "The recording is larger than Ringback keeps; recorded as no recording";
  }
  return null;
}

/**
 * Recordings of the last day that were reported but not copied (a lost job, or one that ran out
 * of retries while the provider was still preparing the file): for the sweeper.
 */
export async function pendingRecordings(db: Database, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: callRecords.id })
    .from(callRecords)
    .where(
      and(
        isNotNull(callRecords.recordingUrl),
        isNull(callRecords.recordingKey),
        gte(callRecords.finalAt, new Date(now.getTime() - 24 * 3600_000)),
        lte(callRecords.finalAt, new Date(now.getTime() - 60_000)),
      ),
    )
    .limit(200);
  return rows.map((r) => r.id);
}

/**
 * A stored recording of the organization's, for playback; not_found otherwise. Asks the store
 * the row names, before any header goes out: an object that store does not hold (another
 * machine's local disk, a deleted object) or a store this process cannot reach is a 404, never a
 * 206 that breaks off. The size is the store's, which is what a range is read from.
 */
export async function storedRecording(
  db: Database,
  stores: RecordingStores,
  organizationId: string,
  callRecordId: string,
): Promise<{ key: string; contentType: string; bytes: number; store: RecordingStore }> {
  const [row] = isUuid(callRecordId)
    ? await db
        .select({
          key: callRecords.recordingKey,
          store: callRecords.recordingStore,
          contentType: callRecords.recordingContentType,
        })
        .from(callRecords)
        .where(
          and(eq(callRecords.id, callRecordId), eq(callRecords.organizationId, organizationId)),
        )
    : [];
  const store = row?.key ? stores.get(row.store ?? "local") : null;
  const bytes = row?.key && store ? await store.size(row.key) : null;
  if (!row?.key || !store || bytes === null) {
    throw new AppError("not_found", "Recording not found");
  }
  return {
    key: row.key,
    contentType: row.contentType ?? "application/octet-stream",
    bytes,
    store,
  };
}
