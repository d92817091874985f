import type { Assistant, FormProviderId } from "@ringback/contracts";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { formAssistants } from "../../db/schema/index.ts";
import { toAssistantDto } from "./assistant-dto.ts";

/** A new, unnamed assistant: Connect on a provider card starts here (issue 4). */
export async function createAssistant(
  db: Database,
  input: { organizationId: string; userId: string; provider: FormProviderId },
): Promise<Assistant> {
  const [row] = await db
    .insert(formAssistants)
    .values({
      organizationId: input.organizationId,
      userId: input.userId,
      provider: input.provider,
    })
    .returning();
  return toAssistantDto(row!);
}

export async function findAssistantRow(db: Database, organizationId: string, assistantId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(assistantId)) return null;
  const [row] = await db
    .select()
    .from(formAssistants)
    .where(
      and(eq(formAssistants.id, assistantId), eq(formAssistants.organizationId, organizationId)),
    );
  return row ?? null;
}
