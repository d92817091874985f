import {
  MAX_CALLS_PER_NUMBER_PER_DAY_DEFAULT,
  type OrganizationCallSettings,
} from "@ringback/contracts";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { organizationCallSettings } from "../../db/schema/index.ts";
import { type AuditActor, recordAuditEvent } from "./audit.ts";

/** The organization's call rules; a missing row means the defaults. */
export async function getOrganizationCallSettings(
  db: Pick<Database, "select">,
  organizationId: string,
): Promise<OrganizationCallSettings> {
  const [row] = await db
    .select({ maxCallsPerNumberPerDay: organizationCallSettings.maxCallsPerNumberPerDay })
    .from(organizationCallSettings)
    .where(eq(organizationCallSettings.organizationId, organizationId));
  return {
    maxCallsPerNumberPerDay: row?.maxCallsPerNumberPerDay ?? MAX_CALLS_PER_NUMBER_PER_DAY_DEFAULT,
  };
}

/** Saves them, with an audit event saying before → after when something changed. */
export async function updateOrganizationCallSettings(
  db: Database,
  input: { organizationId: string; settings: OrganizationCallSettings; actor: AuditActor },
): Promise<OrganizationCallSettings> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ max: organizationCallSettings.maxCallsPerNumberPerDay })
      .from(organizationCallSettings)
      .where(eq(organizationCallSettings.organizationId, input.organizationId))
      .for("update");
    const before = current?.max ?? MAX_CALLS_PER_NUMBER_PER_DAY_DEFAULT;
    const after = input.settings.maxCallsPerNumberPerDay;
    await tx
      .insert(organizationCallSettings)
      .values({ organizationId: input.organizationId, maxCallsPerNumberPerDay: after })
      .onConflictDoUpdate({
        target: organizationCallSettings.organizationId,
        set: { maxCallsPerNumberPerDay: after, updatedAt: new Date() },
      });
    if (before !== after) {
      await recordAuditEvent(tx, {
        organizationId: input.organizationId,
        actor: input.actor,
        action: "organization.call_settings_changed",
        subject: { type: "organization", id: input.organizationId },
        before: { maxCallsPerNumberPerDay: before },
        after: { maxCallsPerNumberPerDay: after },
      });
    }
    return { maxCallsPerNumberPerDay: after };
  });
}
