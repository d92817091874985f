import { Readable } from "node:stream";
import type { RecordingLink } from "@ringback/contracts";
import { Hono } from "hono";
import { signLink } from "../../auth/signed-links.ts";
import type { Database } from "../../db/database.ts";
import { storedRecording } from "../../domain/calls/recordings.ts";
import { parseByteRange } from "../../lib/byte-range.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import type { RecordingStore } from "../../providers/storage/recording-store.ts";
import { type TenantVariables, withOrganization } from "../middleware/tenancy.ts";

/** How long a recording link plays; the page asks for a fresh one at each play. */
const RECORDING_LINK_SECONDS = 3600;

/** /api/organizations/:organizationId/call-records — members only. */
export function callRecordsRoutes(deps: { db: Database; box: SecretBox; store: RecordingStore }) {
  const { db } = deps;
  return (
    new Hono<{ Variables: TenantVariables }>()
      // GET /:callRecordId/recording-link — a signed link for an <audio> element (RecordingLink).
      .get("/:callRecordId/recording-link", withOrganization(db, "calls:read"), async (c) => {
        const organizationId = c.get("organizationId");
        const callRecordId = c.req.param("callRecordId");
        await storedRecording(db, organizationId, callRecordId);
        const expiresAt = new Date(Date.now() + RECORDING_LINK_SECONDS * 1000);
        const url = signLink(
          deps.box,
          `/api/organizations/${organizationId}/call-records/${callRecordId}/recording`,
          { userId: c.get("userId"), sessionId: c.get("sessionId") },
          expiresAt,
        );
        c.header("Cache-Control", "no-store");
        return c.json({ url, expiresAt: expiresAt.toISOString() } satisfies RecordingLink);
      })
      // GET /:callRecordId/recording — the audio, with byte ranges so the browser can seek.
      .get("/:callRecordId/recording", withOrganization(db, "calls:read"), async (c) => {
        const recording = await storedRecording(
          db,
          c.get("organizationId"),
          c.req.param("callRecordId"),
        );
        c.header("Accept-Ranges", "bytes");
        c.header("Cache-Control", "private, max-age=3600");
        c.header("Content-Disposition", "inline");
        const range = parseByteRange(c.req.header("range"), recording.bytes);
        if (range === "unsatisfiable") {
          c.header("Content-Range", `bytes */${recording.bytes}`);
          return c.body(null, 416);
        }
        c.header("Content-Type", recording.contentType);
        const status = range ? 206 : 200;
        if (range) {
          c.header("Content-Range", `bytes ${range.start}-${range.end}/${recording.bytes}`);
          c.header("Content-Length", String(range.end - range.start + 1));
        } else {
          c.header("Content-Length", String(recording.bytes));
        }
        // HEAD: the headers only; opening the file would leave it open unread.
        if (c.req.method === "HEAD") return c.body(null, status);
        const file = deps.store.read(recording.key, range ?? undefined);
        return c.body(Readable.toWeb(file) as ReadableStream, status);
      })
  );
}
