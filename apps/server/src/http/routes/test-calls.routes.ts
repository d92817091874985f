import { Hono } from "hono";
import { getTestCall, placeTestCall, type TestCallDeps } from "../../domain/calls/test-calls.ts";
import { type TenantVariables, withOrganization } from "../middleware/tenancy.ts";

/**
 * /api/organizations/:organizationId/assistants/:assistantId/test-calls: "Call me
 * now". Owners and admins (calls:test): a test call is real and costs the organization money.
 */
export function testCallsRoutes(deps: TestCallDeps) {
  const { db } = deps;
  const test = withOrganization(db, "calls:test");
  return (
    new Hono<{ Variables: TenantVariables }>()
      // POST / — no body: the call goes to the signed-in user's own verified number, and only
      // to it (201, TestCallStarted). 400 no script / no verified phone, 409 no voice platform or
      // the number is on the do-not-call list, 429 over the per-person limit.
      .post("/", test, async (c) => {
        const started = await placeTestCall(deps, {
          organizationId: c.get("organizationId"),
          assistantId: c.req.param("assistantId") ?? "",
          userId: c.get("userId"),
        });
        c.header("Cache-Control", "no-store");
        return c.json(started, 201);
      })
      // GET /:callRecordId — the test call as its dialog shows it, live (TestCallState).
      .get("/:callRecordId", test, async (c) => {
        c.header("Cache-Control", "no-store");
        return c.json(
          await getTestCall(db, {
            organizationId: c.get("organizationId"),
            assistantId: c.req.param("assistantId") ?? "",
            callRecordId: c.req.param("callRecordId"),
          }),
        );
      })
  );
}
