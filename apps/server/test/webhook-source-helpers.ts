import type { Assistant, AssistantEndpoint } from "@ringback/contracts";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "../src/db/database.ts";
import { formAssistants } from "../src/db/schema/index.ts";
import type { TestClient } from "./auth-client.ts";

/** Webhook-source assistants of one organization, made and activated through the wizard's API. */
export function webhookAssistants(input: {
  owner: TestClient;
  db: Database;
  organizationId: string;
}) {
  const { owner, db } = input;
  const base = `/api/organizations/${input.organizationId}`;
  return {
    /** A new webhook assistant with its endpoint (the secret shown this once). */
    async create(name: string) {
      const assistant = await owner.json<Assistant>(`${base}/assistants`, {
        method: "POST",
        json: { provider: "webhook" },
      });
      const path = `${base}/assistants/${assistant.id}`;
      await owner.json(`${path}/name`, { method: "PATCH", json: { name } });
      const endpoint = await owner.json<AssistantEndpoint>(`${path}/endpoint`, { method: "POST" });
      return { assistant, path, endpoint, secret: endpoint.secret! };
    },
    /** Fields chosen, a script, the law's whole day, active. */
    async activate(path: string, fields: Record<string, string | null>) {
      await owner.json(`${path}/fields`, { method: "PUT", json: fields });
      await owner.json(`${path}/script`, { method: "PUT", json: { script: "Hi {name}!" } });
      await db
        .update(formAssistants)
        .set({ callingWindowStart: "08:00", callingWindowEnd: "21:00" })
        .where(eq(formAssistants.id, path.split("/").at(-1)!));
      expect((await owner.json<Assistant>(`${path}/activate`, { method: "POST" })).is_active).toBe(
        true,
      );
    },
  };
}
