import { Hono } from "hono";
import type { Database } from "../../db/database.ts";
import type { FormProviders } from "../../domain/form-connections/form-providers.ts";
import { ingestDelivery } from "../../domain/submissions/ingest-delivery.ts";
import type { Logger } from "../../lib/logger.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import type { Queue } from "../../queue/queue.ts";

/**
 * POST /api/webhooks/:provider/:assistantId — a form provider's delivery. Answers 2xx at once
 * for everything it accepts or ignores; 401 for a bad signature, 400 for a malformed body.
 */
export function webhookRoutes(deps: {
  db: Database;
  box: SecretBox;
  providers: FormProviders;
  logger: Logger;
  queue: Queue;
}) {
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
