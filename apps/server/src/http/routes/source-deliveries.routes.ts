import { Hono } from "hono";
import { findAssistantRow } from "../../domain/assistants/assistants.ts";
import { recentDeliveries } from "../../domain/submissions/delivery-log.ts";
import {
  sendTestSubmission,
  type TestSubmissionDeps,
} from "../../domain/submissions/test-submission.ts";
import { AppError } from "../../lib/app-error.ts";
import { type TenantVariables, withOrganization } from "../middleware/tenancy.ts";

/**
 * /api/organizations/:organizationId/assistants/:assistantId/deliveries — "Recent deliveries":
 * members read what became of each request to the assistant's URL; owners and admins send a
 * test submission (sandbox mode).
 */
export function sourceDeliveriesRoutes(deps: TestSubmissionDeps) {
  const { db } = deps;
  const scope = (c: {
    get(key: "organizationId"): string;
    req: { param(key: string): string | undefined };
  }) => ({
    organizationId: c.get("organizationId"),
    assistantId: c.req.param("assistantId") ?? "",
  });
  return (
    new Hono<{ Variables: TenantVariables }>()
      // GET / — the last 100 requests, newest first, bodies (redacted) for 7 days.
      .get("/", withOrganization(db, "assistants:read"), async (c) => {
        const { organizationId, assistantId } = scope(c);
        if (!(await findAssistantRow(db, organizationId, assistantId))) {
          throw new AppError("not_found", "Assistant not found");
        }
        c.header("Cache-Control", "no-store");
        return c.json(await recentDeliveries(db, { organizationId, assistantId }));
      })
      // POST /test — "Send a test submission": what the tool would send, delivered here.
      .post("/test", withOrganization(db, "assistants:manage"), async (c) =>
        c.json(await sendTestSubmission(deps, scope(c))),
      )
  );
}
