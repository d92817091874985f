import { Hono } from "hono";
import { type IngestDeps, ingestDelivery } from "../../domain/submissions/ingest-delivery.ts";
import { withDatabaseDeadline } from "../../lib/database-unavailable.ts";

/**
 * POST /api/webhooks/:provider/:assistantId — a form provider's delivery. Answers 2xx at once
 * for everything it accepts or ignores; 401 for a bad signature, 400 for a malformed body; and
 * 503 with Retry-After when the database cannot store it — at the latest after `deadlineMs`
 * (INGEST_DEADLINE_MS), so that a provider is never left waiting into its own timeout, which
 * some count as a failed delivery and stop retrying. A delivery stored after its 503 is found
 * again as a duplicate when the provider retries: never lost, never doubled.
 */
export function webhookRoutes(deps: IngestDeps & { deadlineMs: number }) {
  return new Hono().post("/:provider/:assistantId", async (c) => {
    const rawBody = await c.req.text();
    const result = await withDatabaseDeadline(
      ingestDelivery(deps, {
        providerId: c.req.param("provider"),
        assistantId: c.req.param("assistantId"),
        rawBody,
        headers: c.req.raw.headers,
      }),
      deps.deadlineMs,
      "A form delivery",
    );
    if (result.outcome === "rejected") {
      return c.json({ error: { code: "rejected", message: result.reason } }, result.status);
    }
    return c.json(result, 200);
  });
}
