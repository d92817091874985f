import { type Assistant, defaultCallSettings, type FormProviderId } from "@ringback/contracts";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { formAssistants, users } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { countryOfNumber } from "../../lib/phone-number.ts";
import { toAssistantDto } from "./assistant-dto.ts";

/** The country of a phone number (the one phone reader's countryOfNumber). */
export const phoneCountry = countryOfNumber;

/**
 * A new, unnamed assistant: Connect on a provider card starts here. It reads numbers
 * typed without a country code in the country of its creator's phone number: a UK
 * organization's assistants read "07911 123456" as a UK number.
 */
export async function createAssistant(
  db: Database,
  input: { organizationId: string; userId: string; provider: FormProviderId },
): Promise<Assistant> {
  const [user] = await db
    .select({ phoneNumber: users.phoneNumber })
    .from(users)
    .where(eq(users.id, input.userId));
  const [row] = await db
    .insert(formAssistants)
    .values({
      organizationId: input.organizationId,
      userId: input.userId,
      provider: input.provider,
      defaultCountry: phoneCountry(user?.phoneNumber) ?? defaultCallSettings.defaultCountry,
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

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The organization's assistant, locked for the rest of the transaction; 404 when there is none. */
export async function lockAssistantRow(
  tx: Tx,
  scope: { organizationId: string; assistantId: string },
): Promise<typeof formAssistants.$inferSelect> {
  const [row] = await tx
    .select()
    .from(formAssistants)
    .where(
      and(
        eq(formAssistants.id, scope.assistantId),
        eq(formAssistants.organizationId, scope.organizationId),
      ),
    )
    .for("update");
  if (!row) throw new AppError("not_found", "Assistant not found");
  return row;
}
