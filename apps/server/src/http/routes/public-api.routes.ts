import { callRecordsQuerySchema, publicApiDocument } from "@ringback/contracts";
import { Hono } from "hono";
import type { Database } from "../../db/database.ts";
import type { ApiKeyLimits } from "../../domain/api-keys/api-key-limits.ts";
import {
  getPublicCallRecord,
  listPublicCallRecords,
} from "../../domain/calls/public-call-records.ts";
import { type ApiKeyVariables, withApiKey } from "../middleware/api-key.ts";
import { parseQuery } from "../validate.ts";

/**
 * /api/v1: the public read API for businesses that pull call records instead of
 * receiving webhooks. Behind an organization API key (withApiKey), never a session; the key's
 * organization is the only one it reads. Replies follow contracts/public-api.ts, and the
 * OpenAPI document is generated from the same schemas.
 */
export function publicApiRoutes(deps: { db: Database; limits: ApiKeyLimits; publicUrl: string }) {
  const { db } = deps;
  const keyed = withApiKey(deps);
  const document = publicApiDocument({ serverUrl: deps.publicUrl });
  return (
    new Hono<{ Variables: ApiKeyVariables }>()
      // GET /openapi.json — the API's description, public (no key), readable from any origin
      // (API explorers and code generators fetch it).
      .get("/openapi.json", (c) => {
        c.header("Access-Control-Allow-Origin", "*");
        c.header("Cache-Control", "public, max-age=300");
        return c.json(document);
      })
      // GET /call-records — one page of call groups with their outcomes (PublicCallRecordPage):
      // the Call Records page's search, status, assistant, from, to, sort and page.
      .get("/call-records", keyed, async (c) => {
        const query = parseQuery(c, callRecordsQuerySchema);
        return c.json(await listPublicCallRecords(db, c.get("organizationId"), query));
      })
      // GET /call-records/:id — one call with summary, transcript, outcomes, answers and consent
      // evidence (PublicCallRecord); another organization's call is not found.
      .get("/call-records/:id", keyed, async (c) =>
        c.json(await getPublicCallRecord(db, c.get("organizationId"), c.req.param("id"))),
      )
  );
}
