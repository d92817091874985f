import { type DataRetention, RECORDING_RETENTION_DAYS_DEFAULT } from "@ringback/contracts";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { organizationCallSettings } from "../../db/schema/index.ts";
import type { Logger } from "../../lib/logger.ts";
import { type AuditActor, recordAuditEvent } from "../compliance/audit.ts";

const DAY_MS = 86_400_000;
/** Rows changed per statement: each fires the call-record triggers, so a backlog goes in slices. */
const BATCH = 500;

/** The organization's retention; no settings row means the defaults (90 days, forever). */
export async function getDataRetention(
  db: Database,
  organizationId: string,
): Promise<DataRetention> {
  const [row] = await db
    .select({
      recordingDays: organizationCallSettings.recordingRetentionDays,
      transcriptDays: organizationCallSettings.transcriptRetentionDays,
    })
    .from(organizationCallSettings)
    .where(eq(organizationCallSettings.organizationId, organizationId));
  return row ?? { recordingDays: RECORDING_RETENTION_DAYS_DEFAULT, transcriptDays: null };
}

/** Saves it (owners and admins), with an audit event saying before → after. */
export async function updateDataRetention(
  db: Database,
  input: { organizationId: string; retention: DataRetention; actor: AuditActor },
): Promise<DataRetention> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        recordingDays: organizationCallSettings.recordingRetentionDays,
        transcriptDays: organizationCallSettings.transcriptRetentionDays,
      })
      .from(organizationCallSettings)
      .where(eq(organizationCallSettings.organizationId, input.organizationId))
      .for("update");
    const before = current ?? {
      recordingDays: RECORDING_RETENTION_DAYS_DEFAULT,
      transcriptDays: null,
    };
    const after = input.retention;
    const values = {
      recordingRetentionDays: after.recordingDays,
      transcriptRetentionDays: after.transcriptDays,
    };
    await tx
      .insert(organizationCallSettings)
      .values({ organizationId: input.organizationId, ...values })
      .onConflictDoUpdate({
        target: organizationCallSettings.organizationId,
        set: { ...values, updatedAt: new Date() },
      });
    // The trail names only what changed.
    const changed = (["recordingDays", "transcriptDays"] as const).filter(
      (field) => before[field] !== after[field],
    );
    if (changed.length > 0) {
      await recordAuditEvent(tx, {
        organizationId: input.organizationId,
        actor: input.actor,
        action: "organization.retention_changed",
        subject: { type: "organization", id: input.organizationId },
        before: Object.fromEntries(changed.map((field) => [field, before[field]])),
        after: Object.fromEntries(changed.map((field) => [field, after[field]])),
      });
    }
    return after;
  });
}

/**
 * The daily retention run: for each organization, the recordings of calls that
 * ended more than its recording period ago are released (the row keeps the call, its summary and
 * answers; the trigger queues the stored object for deletion, which recordings.purge carries
 * out in every store), and the transcripts past its transcript period are deleted. Organizations
 * are walked in pages; rows in slices.
 */
export async function applyRetention(
  db: Database,
  now: Date,
  logger: Logger,
): Promise<{ recordings: number; transcripts: number }> {
  let recordings = 0;
  let transcripts = 0;
  let after = "";
  for (;;) {
    const { rows } = await db.execute<{
      id: string;
      recording_days: number | null;
      transcript_days: number | null;
    }>(sql`
      select o.id,
        case when s.organization_id is null then ${RECORDING_RETENTION_DAYS_DEFAULT}
          else s.recording_retention_days end as recording_days,
        s.transcript_retention_days as transcript_days
      from organizations o
      left join organization_call_settings s on s.organization_id = o.id
      where o.id > ${after}
      order by o.id
      limit 500`);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    for (const org of rows) {
      if (org.recording_days !== null) {
        const cutoff = new Date(now.getTime() - org.recording_days * DAY_MS);
        recordings += await inSlices(
          db,
          sql`organization_id = ${org.id} and recording_key is not null and final_at < ${cutoff}`,
          sql`recording_key = null, recording_store = null, recording_url = null,
            recording_content_type = null, recording_bytes = null`,
        );
        // Reported but never copied (the provider had not prepared it): not fetched any more.
        await inSlices(
          db,
          sql`organization_id = ${org.id} and recording_url is not null and recording_key is null
            and final_at < ${cutoff}`,
          sql`recording_url = null`,
        );
      }
      if (org.transcript_days !== null) {
        const cutoff = new Date(now.getTime() - org.transcript_days * DAY_MS);
        transcripts += await inSlices(
          db,
          sql`organization_id = ${org.id} and transcript_json is not null and final_at < ${cutoff}`,
          sql`transcript_json = null`,
        );
      }
    }
  }
  if (recordings + transcripts > 0) {
    logger.info({ recordings, transcripts }, "Deleted recordings and transcripts past retention");
  }
  return { recordings, transcripts };
}

async function inSlices(
  db: Database,
  where: ReturnType<typeof sql>,
  set: ReturnType<typeof sql>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`
      update call_records set ${set}, updated_at = now()
      where id in (select id from call_records where ${where} limit ${BATCH})`);
    total += result.rowCount ?? 0;
    if ((result.rowCount ?? 0) < BATCH) return total;
  }
}
