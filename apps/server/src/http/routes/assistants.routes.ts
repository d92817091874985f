import {
  assignFieldsSchema,
  callSettingsSchema,
  formProviderIdSchema,
  selectFormSchema,
  toolSecretSchema,
  updateAssistantNameSchema,
  updateOutcomesSchema,
  updateScriptSchema,
} from "@ringback/contracts";
import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import {
  assistantEndpoint,
  forgetSample,
  readAssistantEndpoint,
  rotateEndpointSecret,
  saveEndpointSettings,
  setToolSecret,
} from "../../domain/assistants/assistant-endpoint.ts";
import { createAssistant, findAssistantRow } from "../../domain/assistants/assistants.ts";
import {
  type AssistantDeps,
  activateAssistant,
  assignFields,
  assistantFormFields,
  deactivateAssistant,
  deleteAssistant,
  getAssistantDetail,
  listAssistants,
  renameAssistant,
  selectForm,
  updateCallSettings,
  updateOutcomeQuestions,
  updateScript,
} from "../../domain/assistants/configure-assistant.ts";
import { memberActor } from "../../domain/compliance/audit.ts";
import { formFieldsResponse } from "../../domain/form-connections/connections.ts";
import { AppError } from "../../lib/app-error.ts";
import { type TenantVariables, withOrganization } from "../middleware/tenancy.ts";
import { parseJson } from "../validate.ts";

/** Without a source: the first one registered (providers/forms/registry.ts). */
const createAssistantSchema = z.object({ provider: formProviderIdSchema.optional() });

type C = Context<{ Variables: TenantVariables }>;
const scope = (c: C) => ({
  organizationId: c.get("organizationId"),
  assistantId: c.req.param("assistantId") ?? "",
});

/**
 * /api/organizations/:organizationId/assistants — members read, owners and admins change.
 * Routes with an :assistantId resolve it in the organization before reading any body, so an
 * id from elsewhere is a 404 whatever is sent.
 */
export function assistantsRoutes(deps: AssistantDeps) {
  const { db } = deps;
  /** The scope of a change the audit trail records: by the signed-in member. */
  const audited = async (c: C) => ({ ...scope(c), actor: await memberActor(db, c.get("userId")) });
  const found = createMiddleware<{ Variables: TenantVariables }>(async (c, next) => {
    const row = await findAssistantRow(
      db,
      c.get("organizationId"),
      c.req.param("assistantId") ?? "",
    );
    if (!row) throw new AppError("not_found", "Assistant not found");
    await next();
  });
  const read = [withOrganization(db, "assistants:read"), found] as const;
  const manage = [withOrganization(db, "assistants:manage"), found] as const;
  return (
    new Hono<{ Variables: TenantVariables }>()
      // GET …/assistants — newest first.
      .get("/", withOrganization(db, "assistants:read"), async (c) =>
        c.json(await listAssistants(db, c.get("organizationId"))),
      )
      // POST …/assistants — a new, unnamed assistant.
      .post("/", withOrganization(db, "assistants:manage"), async (c) => {
        const { provider = deps.providers.list()[0]?.id ?? "" } = await parseJson(
          c,
          createAssistantSchema,
        );
        if (!deps.providers.list().some((source) => source.id === provider)) {
          throw new AppError("validation_failed", `Unknown form source: ${provider}`);
        }
        const assistant = await createAssistant(db, {
          organizationId: c.get("organizationId"),
          userId: c.get("userId"),
          provider,
        });
        return c.json(assistant, 201);
      })
      // GET …/assistants/:assistantId — with 'Total calls'.
      .get("/:assistantId", ...read, async (c) => c.json(await getAssistantDetail(db, scope(c))))
      // PATCH …/assistants/:assistantId/name
      .patch("/:assistantId/name", ...manage, async (c) => {
        const { name } = await parseJson(c, updateAssistantNameSchema);
        return c.json(await renameAssistant(db, scope(c), name));
      })
      // PUT …/assistants/:assistantId/form — step 1.
      .put("/:assistantId/form", ...manage, async (c) => {
        const { formId } = await parseJson(c, selectFormSchema);
        return c.json(await selectForm(deps, scope(c), formId));
      })
      // PUT …/assistants/:assistantId/fields — step 2.
      // GET …/assistants/:assistantId/fields — its form's fields (from the source, or a sample).
      .get("/:assistantId/fields", ...read, async (c) =>
        c.json(formFieldsResponse(await assistantFormFields(deps, scope(c)))),
      )
      // POST …/assistants/:assistantId/endpoint — the URL and secret of a URL-and-secret source
      // (the secret in the answer that makes it, never again).
      .post("/:assistantId/endpoint", ...manage, async (c) =>
        c.json(await assistantEndpoint(deps, scope(c))),
      )
      // GET …/assistants/:assistantId/endpoint — the URL, its settings and the last sample's time.
      .get("/:assistantId/endpoint", ...manage, async (c) =>
        c.json(await readAssistantEndpoint(deps, scope(c))),
      )
      // POST …/assistants/:assistantId/endpoint/rotate-secret — a new secret, shown once.
      .post("/:assistantId/endpoint/rotate-secret", ...manage, async (c) =>
        c.json(await rotateEndpointSecret(deps, scope(c))),
      )
      // POST …/assistants/:assistantId/endpoint/learn-again — forget the sample, wait for another.
      .post("/:assistantId/endpoint/learn-again", ...manage, async (c) =>
        c.json(await forgetSample(deps, scope(c))),
      )
      // PUT …/assistants/:assistantId/endpoint/secret — the secret the business's tool made.
      .put("/:assistantId/endpoint/secret", ...manage, async (c) => {
        const { secret } = await parseJson(c, toolSecretSchema);
        return c.json(await setToolSecret(deps, scope(c), secret));
      })
      // PUT …/assistants/:assistantId/endpoint/settings — how its deliveries are authenticated.
      .put("/:assistantId/endpoint/settings", ...manage, async (c) =>
        c.json(await saveEndpointSettings(deps, scope(c), await parseJson(c, z.unknown()))),
      )
      .put("/:assistantId/fields", ...manage, async (c) => {
        const input = await parseJson(c, assignFieldsSchema);
        return c.json(await assignFields(deps, scope(c), input));
      })
      // PUT …/assistants/:assistantId/script — step 3: the script and the first sentence.
      .put("/:assistantId/script", ...manage, async (c) => {
        const input = await parseJson(c, updateScriptSchema);
        return c.json(await updateScript(db, await audited(c), input));
      })
      // PUT …/assistants/:assistantId/outcomes — step 3 'Outcomes'.
      .put("/:assistantId/outcomes", ...manage, async (c) => {
        const { questions } = await parseJson(c, updateOutcomesSchema);
        return c.json(await updateOutcomeQuestions(db, await audited(c), questions));
      })
      // PUT …/assistants/:assistantId/settings — step 3 'Advanced'.
      .put("/:assistantId/settings", ...manage, async (c) => {
        const settings = await parseJson(c, callSettingsSchema);
        return c.json(await updateCallSettings(db, await audited(c), settings));
      })
      // POST …/assistants/:assistantId/activate — step 4.
      .post("/:assistantId/activate", ...manage, async (c) =>
        c.json(await activateAssistant(deps, await audited(c))),
      )
      // POST …/assistants/:assistantId/deactivate
      .post("/:assistantId/deactivate", ...manage, async (c) =>
        c.json(await deactivateAssistant(db, await audited(c))),
      )
      // DELETE …/assistants/:assistantId — and its webhook.
      .delete("/:assistantId", ...manage, async (c) => {
        await deleteAssistant(deps, scope(c));
        return c.body(null, 204);
      })
  );
}
