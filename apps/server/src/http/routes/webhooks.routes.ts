import { Hono } from "hono";
import { type IngestDeps, ingestDelivery } from "../../domain/submissions/ingest-delivery.ts";

/**
 * POST /api/webhooks/:provider/:assistantId — a form provider's delivery. Answers 2xx at once
 * for everything it accepts or ignores; 401 for a bad signature, 400 for a malformed body.
 */
export function webhookRoutes(deps: IngestDeps) {
  return new Hono().post("/:provider/:assistantId", async (c) => {
    const result = await ingestDelivery(deps, {
      providerId: c.req.param("provider"),
      assistantId: c.req.param("assistantId"),
      rawBody: await c.req.text(),
      headers: c.req.raw.headers,
    });
    if (result.outcome === "rejected") {
      return c.json({ error: { code: "rejected", message: result.reason } }, result.status);
    }
    return c.json(result, 200);
  });
}
