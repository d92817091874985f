import { startConnectionSchema } from "@ringback/contracts";
import { Hono } from "hono";
import {
  type ConnectionDeps,
  completeConnection,
  getConnection,
  getFormFields,
  listForms,
  startConnection,
} from "../../domain/form-connections/connections.ts";
import { type TenantVariables, withOrganization } from "../middleware/tenancy.ts";
import { parseJson } from "../validate.ts";

/** /api/organizations/:organizationId/form-connections — one organization's connections. */
export function formConnectionsRoutes(deps: ConnectionDeps) {
  const { db } = deps;
  return (
    new Hono<{ Variables: TenantVariables }>()
      // GET …/form-connections/:provider — connected or not, sandbox or real.
      .get("/:provider", withOrganization(db, "assistants:read"), async (c) =>
        c.json(await getConnection(deps, c.get("organizationId"), c.req.param("provider"))),
      )
      // POST …/form-connections/:provider/authorize — where to send the browser to connect.
      .post("/:provider/authorize", withOrganization(db, "connections:manage"), async (c) => {
        deps.providers.get(c.req.param("provider")); // An unknown provider is a 404, body or not.
        const { assistantId } = await parseJson(c, startConnectionSchema);
        return c.json(
          await startConnection(deps, {
            organizationId: c.get("organizationId"),
            userId: c.get("userId"),
            providerId: c.req.param("provider"),
            assistantId,
            reconnect: c.req.query("reconnect") === "true",
          }),
        );
      })
      // GET …/form-connections/:provider/forms?assistantId= — the account's forms, in-use marked.
      .get("/:provider/forms", withOrganization(db, "assistants:read"), async (c) =>
        c.json(
          await listForms(deps, {
            organizationId: c.get("organizationId"),
            providerId: c.req.param("provider"),
            assistantId: c.req.query("assistantId") ?? null,
          }),
        ),
      )
      // GET …/form-connections/:provider/forms/:formId/fields — SPEC.md §3 response groups.
      .get("/:provider/forms/:formId/fields", withOrganization(db, "assistants:read"), async (c) =>
        c.json(
          await getFormFields(deps, {
            organizationId: c.get("organizationId"),
            providerId: c.req.param("provider"),
            formId: c.req.param("formId"),
          }),
        ),
      )
  );
}

/**
 * GET /api/form-connections/:provider/callback — the provider's redirect URI. Public: the
 * signed, single-use state carries who is connecting; the answer is always a redirect into the
 * app with SPEC.md §8's auth=success|error.
 */
export function formConnectionCallbackRoutes(deps: ConnectionDeps) {
  return new Hono().get("/:provider/callback", async (c) => {
    const url = await completeConnection(deps, {
      providerId: c.req.param("provider"),
      code: c.req.query("code"),
      state: c.req.query("state"),
      error: c.req.query("error"),
    });
    return c.redirect(url, 302);
  });
}
