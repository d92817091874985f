import { createApiKeySchema } from "@ringback/contracts";
import { Hono } from "hono";
import type { Database } from "../../db/database.ts";
import { createApiKey, listApiKeys, revokeApiKey } from "../../domain/api-keys/api-keys.ts";
import { memberActor } from "../../domain/compliance/audit.ts";
import { type TenantVariables, withOrganization } from "../middleware/tenancy.ts";
import { parseJson } from "../validate.ts";

/**
 * /api/organizations/:organizationId/api-keys: the organization's keys for the
 * public read API. Owners and admins only: a key reads the organization's calls from outside.
 */
export function apiKeysRoutes(deps: { db: Database }) {
  const { db } = deps;
  const manage = withOrganization(db, "apiKeys:manage");
  return (
    new Hono<{ Variables: TenantVariables }>()
      // GET / — every key, newest first, revoked ones too (ApiKeyItem[]).
      .get("/", manage, async (c) => {
        c.header("Cache-Control", "no-store");
        return c.json(await listApiKeys(db, c.get("organizationId")));
      })
      // POST / — { name }: 201 with the new key in full, the only time it is shown (CreatedApiKey).
      .post("/", manage, async (c) => {
        const input = await parseJson(c, createApiKeySchema);
        const created = await createApiKey(db, {
          organizationId: c.get("organizationId"),
          name: input.name,
          actor: await memberActor(db, c.get("userId")),
        });
        c.header("Cache-Control", "no-store");
        return c.json(created, 201);
      })
      // POST /:apiKeyId/revoke — refused from now on, listed as revoked (ApiKeyItem).
      .post("/:apiKeyId/revoke", manage, async (c) =>
        c.json(
          await revokeApiKey(db, {
            organizationId: c.get("organizationId"),
            apiKeyId: c.req.param("apiKeyId"),
            actor: await memberActor(db, c.get("userId")),
          }),
        ),
      )
  );
}
