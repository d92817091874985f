import { formProviderIdSchema } from "@ringback/contracts";
import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "../../db/database.ts";
import { createAssistant, getAssistant } from "../../domain/assistants/assistants.ts";
import { type TenantVariables, withOrganization } from "../middleware/tenancy.ts";
import { parseJson } from "../validate.ts";

const createAssistantSchema = z.object({ provider: formProviderIdSchema.default("typeform") });

/** /api/organizations/:organizationId/assistants */
export function assistantsRoutes(deps: { db: Database }) {
  const { db } = deps;
  return (
    new Hono<{ Variables: TenantVariables }>()
      // POST /api/organizations/:organizationId/assistants — a new, unnamed assistant.
      .post("/", withOrganization(db, "assistants:manage"), async (c) => {
        const { provider } = await parseJson(c, createAssistantSchema);
        const assistant = await createAssistant(db, {
          organizationId: c.get("organizationId"),
          userId: c.get("userId"),
          provider,
        });
        return c.json(assistant, 201);
      })
      // GET /api/organizations/:organizationId/assistants/:assistantId
      .get("/:assistantId", withOrganization(db, "assistants:read"), async (c) =>
        c.json(await getAssistant(db, c.get("organizationId"), c.req.param("assistantId"))),
      )
  );
}
