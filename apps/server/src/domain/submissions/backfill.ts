import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { formAssistants } from "../../db/schema/index.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import { withAccessToken } from "../form-connections/credentials.ts";
import { type IngestDeps, resultOf, storeSubmission } from "./ingest-delivery.ts";

export interface BackfillDeps extends IngestDeps {
  box: SecretBox;
}

/** Responses read back per assistant per run: a busy form catches up over several runs. */
export const BACKFILL_LIMIT = 1000;
/**
 * How far before the newest response seen each run reads again: a source may list a response a
 * while after it was submitted (Typeform says recent ones can take up to half an hour).
 */
export const BACKFILL_OVERLAP_MS = 60 * 60 * 1000;
/** Active assistants one scheduled run reads back, the least recently read first. */
const ASSISTANTS_PER_RUN = 200;

export interface BackfillResult {
  read: number;
  stored: number;
  duplicates: number;
  tooOld: number;
}

/**
 * Reads back an active assistant's responses from its source's API (a form source with
 * `responses`) since the newest one it has seen (less an overlap), and stores each one its
 * webhook missed, as a delivery would have: the same response id, so a response that came both
 * ways is one lead; a response older than the assistant's "call leads up to N hours old" is
 * stored as too old to call. Each one stored or refused is listed in "Recent deliveries".
 */
export async function backfillAssistant(
  deps: BackfillDeps,
  assistantId: string,
  now = new Date(),
): Promise<BackfillResult> {
  const result: BackfillResult = { read: 0, stored: 0, duplicates: 0, tooOld: 0 };
  const assistant = await deps.assistants.get(assistantId, { fresh: true });
  if (!assistant?.isActive || !assistant.formId || !assistant.backfillFrom) return result;
  const provider = deps.providers.get(assistant.provider);
  if (!provider.responses) return result;
  const through = assistant.backfilledThrough ?? assistant.backfillFrom;
  // Never a response from before the activation; otherwise the newest seen, less the overlap.
  const since = new Date(
    Math.max(assistant.backfillFrom.getTime(), through.getTime() - BACKFILL_OVERLAP_MS),
  );
  const responses = await withAccessToken(
    deps,
    { organizationId: assistant.organizationId, provider },
    (token) => provider.responses!.since(token, assistant.formId!, since, BACKFILL_LIMIT),
  );
  let newest = through;
  // Oldest first, as they were submitted.
  for (const submission of [...responses].reverse()) {
    result.read++;
    if (submission.submittedAt && submission.submittedAt > newest) newest = submission.submittedAt;
    const outcome = await storeSubmission(deps, provider, assistant, submission);
    if (outcome.outcome === "duplicate") {
      result.duplicates++;
      continue;
    }
    if (outcome.outcome === "stored") {
      result.stored++;
      if (outcome.status === "too_old") result.tooOld++;
    }
    deps.log.record({
      organizationId: assistant.organizationId,
      assistantId: assistant.id,
      result: resultOf(outcome, false),
      detail: `Read back from ${provider.name}: its webhook had not delivered it.`,
      httpStatus: 200,
      submissionId: outcome.outcome === "stored" ? outcome.submissionId : null,
      contentType: null,
      body: "",
    });
  }
  // Never backwards, and never past what the source has listed.
  await deps.db
    .update(formAssistants)
    .set({ backfilledThrough: newest > now ? now : newest })
    .where(and(eq(formAssistants.id, assistant.id), eq(formAssistants.isActive, true)));
  return result;
}

/** The active assistants whose source can be read back, the furthest behind first. */
export async function assistantsToBackfill(deps: BackfillDeps): Promise<string[]> {
  const providers = deps.providers
    .list()
    .filter((provider) => provider.responses)
    .map((provider) => provider.id);
  if (providers.length === 0) return [];
  const rows = await deps.db
    .select({ id: formAssistants.id })
    .from(formAssistants)
    .where(
      and(
        eq(formAssistants.isActive, true),
        inArray(formAssistants.provider, providers),
        isNotNull(formAssistants.backfillFrom),
      ),
    )
    .orderBy(sql`coalesce(${formAssistants.backfilledThrough}, ${formAssistants.backfillFrom})`)
    .limit(ASSISTANTS_PER_RUN);
  return rows.map((row) => row.id);
}
