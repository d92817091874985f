import { Readable } from "node:stream";
import { callRecordsQuerySchema } from "@ringback/contracts";
import { type Context, Hono } from "hono";
import type { Database } from "../../db/database.ts";
import { callAgainNow, cancelScheduledCall } from "../../domain/calls/call-actions.ts";
import type { AttemptQueue } from "../../domain/calls/call-engine.ts";
import { getCallRecord } from "../../domain/calls/call-record-details.ts";
import { countCallGroups, listCallGroups } from "../../domain/calls/call-records.ts";
import {
  exportCallRecords,
  organizationOutcomeQuestions,
} from "../../domain/calls/call-records-export.ts";
import { storedRecording } from "../../domain/calls/recordings.ts";
import type { RecordingLinks } from "../../domain/webhooks/recording-links.ts";
import { AppError } from "../../lib/app-error.ts";
import { byteRangeResponse } from "../../lib/byte-range-response.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import type { RecordingStores } from "../../providers/storage/recording-store.ts";
import { type TenantVariables, withOrganization } from "../middleware/tenancy.ts";
import { csvDownload, signedLinkResponse } from "../signed-link-response.ts";
import { parseQuery } from "../validate.ts";

const AUDIO_EXTENSIONS: Record<string, string> = {
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/wave": "wav",
  "audio/mpeg": "mp3",
  "audio/mp3": "mp3",
  "audio/ogg": "ogg",
  "audio/webm": "webm",
  "audio/mp4": "m4a",
  "audio/aac": "aac",
};

/** `call-<id>.wav` (.mp3…): the id is a checked uuid, so the name needs no quoting. */
export function recordingFileName(callRecordId: string, contentType: string): string {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  return `call-${callRecordId}.${AUDIO_EXTENSIONS[type] ?? "audio"}`;
}

/** /api/organizations/:organizationId/call-records — members only. */
export function callRecordsRoutes(deps: {
  db: Database;
  box: SecretBox;
  stores: RecordingStores;
  /** Signs the CSV's recording links (7 days, as the webhooks' are). */
  recordingLinks?: RecordingLinks | undefined;
  /** Where "Call again now" hands its attempt to the workers. */
  calls?: { attempts: AttemptQueue; respondentTimeZone?: string | null } | undefined;
}) {
  const { db } = deps;
  const link = (c: Context<{ Variables: TenantVariables }>, path: string, query = "") =>
    signedLinkResponse(c, deps.box, `/call-records${path}`, query);
  return (
    new Hono<{ Variables: TenantVariables }>()
      // GET / — one page of call groups (CallGroupPage): search, filters, sort, page and size.
      .get("/", withOrganization(db, "calls:read"), async (c) => {
        const query = parseQuery(c, callRecordsQuerySchema);
        c.header("Cache-Control", "no-store");
        return c.json(await listCallGroups(db, c.get("organizationId"), query));
      })
      // GET /count — the exact number of groups for the same search and filters (CallGroupCount):
      // a broad search's page comes without it, so that its rows need not wait for the count.
      .get("/count", withOrganization(db, "calls:read"), async (c) => {
        const { page: _, ...filter } = parseQuery(c, callRecordsQuerySchema);
        c.header("Cache-Control", "no-store");
        return c.json(await countCallGroups(db, c.get("organizationId"), filter));
      })
      // GET /outcome-questions — every outcome question of the organization's assistants, once
      // per key (OutcomeQuestion[]): the columns and filters Call Records can offer.
      .get("/outcome-questions", withOrganization(db, "calls:read"), async (c) =>
        c.json(await organizationOutcomeQuestions(db, c.get("organizationId"))),
      )
      // GET /export-link — a signed link to /export.csv with the same search, filters and sort.
      .get("/export-link", withOrganization(db, "calls:read"), (c) => {
        const { page: _, ...filter } = parseQuery(c, callRecordsQuerySchema);
        const query = new URLSearchParams();
        for (const [key, value] of Object.entries(filter)) {
          if (value) query.set(key, Array.isArray(value) ? value.join(",") : String(value));
        }
        return link(c, "/export.csv", query.toString());
      })
      // GET /export.csv — every attempt of the matching groups, streamed as it is read.
      .get("/export.csv", withOrganization(db, "calls:read"), (c) => {
        const filter = parseQuery(c, callRecordsQuerySchema);
        return csvDownload(
          c,
          "call-records",
          exportCallRecords(db, c.get("organizationId"), filter, {
            recordingLinks: deps.recordingLinks,
          }),
        );
      })
      // GET /:callRecordId — one attempt with summary, transcript, answers and consent
      // (CallRecordDetails).
      .get("/:callRecordId", withOrganization(db, "calls:read"), async (c) =>
        c.json(await getCallRecord(db, c.get("organizationId"), c.req.param("callRecordId"))),
      )
      // POST /:callRecordId/call-again — a new attempt for the lead, due now (or at the first
      // lawful time of its calling window): { callRecordId, scheduledFor }.
      .post("/:callRecordId/call-again", withOrganization(db, "calls:manage"), async (c) => {
        if (!deps.calls) throw new AppError("unavailable", "Calls cannot be placed from here.");
        return c.json(
          await callAgainNow(
            { db, ...deps.calls },
            c.get("organizationId"),
            c.req.param("callRecordId"),
          ),
          201,
        );
      })
      // POST /:callRecordId/cancel — a call still waiting for its time is canceled, never dialled.
      .post("/:callRecordId/cancel", withOrganization(db, "calls:manage"), async (c) => {
        await cancelScheduledCall(db, c.get("organizationId"), c.req.param("callRecordId"));
        return c.body(null, 204);
      })
      // GET /:callRecordId/recording-link — a signed link for an <audio> element (SignedLink).
      .get("/:callRecordId/recording-link", withOrganization(db, "calls:read"), async (c) => {
        const callRecordId = c.req.param("callRecordId");
        await storedRecording(db, deps.stores, c.get("organizationId"), callRecordId);
        return link(c, `/${callRecordId}/recording`);
      })
      // GET /:callRecordId/recording — the audio, with byte ranges so the browser can seek;
      // `?download=1` saves it as a file instead of playing it.
      .get("/:callRecordId/recording", withOrganization(db, "calls:read"), async (c) => {
        const callRecordId = c.req.param("callRecordId");
        const recording = await storedRecording(
          db,
          deps.stores,
          c.get("organizationId"),
          callRecordId,
        );
        c.header(
          "Content-Disposition",
          c.req.query("download") === "1"
            ? `attachment; filename="${recordingFileName(callRecordId, recording.contentType)}"`
            : "inline",
        );
        return byteRangeResponse(c, {
          size: recording.bytes,
          contentType: recording.contentType,
          body: (range) =>
            Readable.toWeb(
              recording.store.read(recording.key, range ?? undefined),
            ) as ReadableStream,
        });
      })
  );
}
