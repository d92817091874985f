import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { Database } from "../../db/database.ts";
import { callRecords } from "../../db/schema/index.ts";
import { storedRecording } from "../../domain/calls/recordings.ts";
import { verifyRecordingLink } from "../../domain/webhooks/recording-links.ts";
import { AppError } from "../../lib/app-error.ts";
import { byteRangeResponse } from "../../lib/byte-range-response.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import { isUuid } from "../../lib/uuid.ts";
import type { RecordingStores } from "../../providers/storage/recording-store.ts";
import { recordingFileName } from "./call-records.routes.ts";

/**
 * /api/recordings — the recording links that call.completed webhooks carry: no
 * session, the link's signature (bound to the call and its expiry) is the permission.
 */
export function webhookRecordingRoutes(deps: {
  db: Database;
  box: SecretBox;
  stores: RecordingStores;
}) {
  // GET /:callRecordId?exp=&sig= — the audio, with byte ranges; 503 while it is being copied.
  return new Hono().get("/:callRecordId", async (c) => {
    const callRecordId = c.req.param("callRecordId");
    const signed =
      isUuid(callRecordId) &&
      verifyRecordingLink(deps.box, callRecordId, {
        exp: c.req.query("exp"),
        sig: c.req.query("sig"),
      });
    if (!signed)
      throw new AppError("not_found", "This recording link is not valid or has expired.");
    const [call] = await deps.db
      .select({
        organizationId: callRecords.organizationId,
        recordingUrl: callRecords.recordingUrl,
        recordingKey: callRecords.recordingKey,
      })
      .from(callRecords)
      .where(eq(callRecords.id, callRecordId));
    if (!call) throw new AppError("not_found", "Recording not found");
    if (!call.recordingKey && call.recordingUrl) {
      // Ringback copies the recording from the voice provider right after the call.
      c.header("Retry-After", "60");
      throw new AppError("unavailable", "The recording is being copied. Try again in a minute.");
    }
    const recording = await storedRecording(
      deps.db,
      deps.stores,
      call.organizationId,
      callRecordId,
    );
    c.header(
      "Content-Disposition",
      `inline; filename="${recordingFileName(callRecordId, recording.contentType)}"`,
    );
    return byteRangeResponse(c, {
      size: recording.bytes,
      contentType: recording.contentType,
      body: (range) =>
        Readable.toWeb(recording.store.read(recording.key, range ?? undefined)) as ReadableStream,
    });
  });
}
