import { type Context, Hono } from "hono";
import { type IngestDeps, ingestDelivery } from "../../domain/submissions/ingest-delivery.ts";
import { withDatabaseDeadline } from "../../lib/database-unavailable.ts";

/**
 * POST /api/webhooks/:provider/:assistantId[/:token] — a form provider's delivery. Answers 2xx at
 * once for everything it accepts or ignores; 401 for a bad signature, 400 (or 415, 422) for a body
 * it cannot read, with a JSON error that says why (Zapier and Make show it to the user); and
 * 503 with Retry-After when the database cannot store it — at the latest after `deadlineMs`
 * (INGEST_DEADLINE_MS), so that a provider is never left waiting into its own timeout, which
 * some count as a failed delivery and stop retrying. A delivery stored after its 503 is found
 * again as a duplicate when the provider retries: never lost, never doubled.
 */
export function webhookRoutes(deps: IngestDeps & { deadlineMs: number }) {
  const ingest = async (c: Context, pathToken: string | null) => {
    const rawBody = await c.req.text();
    const { outcome: result } = await withDatabaseDeadline(
      ingestDelivery(deps, {
        providerId: c.req.param("provider")!,
        assistantId: c.req.param("assistantId")!,
        rawBody,
        headers: c.req.raw.headers,
        pathToken,
      }),
      deps.deadlineMs,
      "A form delivery",
    );
    if (result.outcome === "rejected") {
      return c.json({ error: { code: "rejected", message: result.reason } }, result.status);
    }
    return c.json(result, 200);
  };
  return (
    new Hono()
      .post("/:provider/:assistantId", (c) => ingest(c, null))
      // A tool that cannot sign sends the secret's token as the URL's last segment.
      .post("/:provider/:assistantId/:token", (c) => ingest(c, c.req.param("token")))
  );
}
