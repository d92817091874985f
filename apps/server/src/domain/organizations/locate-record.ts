import type { LocatedRecord, LocateRecordQuery } from "@ringback/contracts";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { callRecords, formAssistants, organizationMembers } from "../../db/schema/index.ts";

/**
 * The organization that holds a call record or an assistant, when the user belongs to it; null
 * otherwise, whether the record does not exist or is another organization's (the answer says
 * nothing about organizations the user is not in). Everything else is read through the tenancy
 * check of the organization in the address; this only says which organization to switch to.
 */
export async function locateRecord(
  db: Database,
  userId: string,
  { kind, id }: LocateRecordQuery,
): Promise<LocatedRecord | null> {
  const table = kind === "call-record" ? callRecords : formAssistants;
  const [row] = await db
    .select({ organizationId: table.organizationId })
    .from(table)
    .innerJoin(
      organizationMembers,
      and(
        eq(organizationMembers.organizationId, table.organizationId),
        eq(organizationMembers.userId, userId),
      ),
    )
    .where(eq(table.id, id))
    .limit(1);
  return row ?? null;
}
