import { randomBytes } from "node:crypto";
import {
  type AssignFields,
  type Assistant,
  type AssistantDetail,
  type CallSettings,
  disclosureProblem,
  FORM_CONSENT_TEXT_FIELD,
  FORM_CONSENT_TEXT_LABEL,
  type OutcomeQuestion,
  type UpdateScript,
  voiceSourceLabel,
  voiceSources,
} from "@ringback/contracts";
import { and, count, desc, eq } from "drizzle-orm";
import { isSupportedCountry } from "libphonenumber-js";
import type { Database } from "../../db/database.ts";
import { formAssistants, formSubmissions, organizations } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Logger } from "../../lib/logger.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import type { FormFields } from "../../providers/forms/form-source.ts";
import { cancelPendingAttempts } from "../calls/call-engine.ts";
import { type AuditActor, recordAuditEvent } from "../compliance/audit.ts";
import { readFormFields, withAccessToken } from "../form-connections/credentials.ts";
import { capability, type FormSources } from "../form-connections/form-sources.ts";
import { toAssistantDto } from "./assistant-dto.ts";
import { webhookUrl } from "./assistant-endpoint.ts";
import { findAssistantRow, lockAssistantRow } from "./assistants.ts";

export interface AssistantDeps {
  db: Database;
  box: SecretBox;
  providers: FormSources;
  publicUrl: string;
  logger: Logger;
}

type Scope = { organizationId: string; assistantId: string };
/** A change the audit trail records: by this signed-in member. */
type AuditedScope = Scope & { actor: AuditActor };
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type AssistantRow = typeof formAssistants.$inferSelect;

async function requireRow(db: Database, scope: Scope) {
  const row = await findAssistantRow(db, scope.organizationId, scope.assistantId);
  if (!row) throw new AppError("not_found", "Assistant not found");
  return row;
}

async function update(
  db: Database,
  scope: Scope,
  values: Partial<typeof formAssistants.$inferInsert>,
): Promise<Assistant> {
  const [row] = await db
    .update(formAssistants)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(formAssistants.id, scope.assistantId),
        eq(formAssistants.organizationId, scope.organizationId),
      ),
    )
    .returning();
  if (!row) throw new AppError("not_found", "Assistant not found");
  return toAssistantDto(row);
}

/** The dashboard's 'Your Form Assistants': newest first. */
export async function listAssistants(db: Database, organizationId: string): Promise<Assistant[]> {
  const rows = await db
    .select()
    .from(formAssistants)
    .where(eq(formAssistants.organizationId, organizationId))
    .orderBy(desc(formAssistants.createdAt), desc(formAssistants.id))
    .limit(500);
  return rows.map(toAssistantDto);
}

/** The assistant with 'Total calls: N' (as the dashboard's cards show it). */
export async function getAssistantDetail(db: Database, scope: Scope): Promise<AssistantDetail> {
  const row = await requireRow(db, scope);
  const [calls] = await db
    .select({ n: count() })
    .from(formSubmissions)
    .where(
      and(
        eq(formSubmissions.assistantId, row.id),
        eq(formSubmissions.status, "call_scheduled"),
        // "Call me now" test calls are not leads' calls.
        eq(formSubmissions.isTest, false),
      ),
    );
  return { ...toAssistantDto(row), total_calls: calls?.n ?? 0 };
}

/** PostgreSQL's unique_violation, whether or not the query builder wrapped it. */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === "23505" || e.cause?.code === "23505";
}

export function renameAssistant(db: Database, scope: Scope, name: string) {
  return update(db, scope, { name: name.trim() });
}

/**
 * The wizard's step 1: the form must exist in the connected account; one form backs one assistant
 * (a unique index turns a race into a clear conflict). Choosing another form clears the fields.
 */
export async function selectForm(
  deps: AssistantDeps,
  scope: Scope,
  formId: string,
): Promise<Assistant> {
  const row = await requireRow(deps.db, scope);
  if (row.isActive && row.formId !== formId) {
    throw new AppError("conflict", "Deactivate the assistant before choosing another form.");
  }
  const provider = deps.providers.get(row.provider);
  capability(provider, "forms");
  const fields = await readFormFields(deps, {
    organizationId: scope.organizationId,
    provider,
    formId,
  });
  const changed = row.formId !== formId;
  // The same form read again: its availability question as it reads now (consent evidence).
  const availability = changed ? null : availabilityQuestion(fields, row.checkboxFieldId);
  try {
    return await update(deps.db, scope, {
      formId,
      formTitle: fields.title || formId,
      formPublicUrl: fields.displayUrl,
      formEditUrl: fields.editUrl,
      formLastUpdatedAt: lastUpdatedAt(fields),
      ...(changed
        ? {
            phoneFieldId: null,
            checkboxFieldId: null,
            nameFieldId: null,
            emailFieldId: null,
            phoneDefaultCountry: null,
            availabilityQuestion: null,
          }
        : availability
          ? { availabilityQuestion: availability }
          : {}),
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError("conflict", "This form is already used by another assistant.");
    }
    throw error;
  }
}

/**
 * The fields of the assistant's form: read from the source's API, or as the last sample
 * submission sent to the assistant's URL showed them (a source that is a URL and a secret).
 */
export async function assistantFormFields(
  deps: AssistantDeps,
  scope: Scope,
  found?: AssistantRow,
): Promise<FormFields> {
  const row = found ?? (await requireRow(deps.db, scope));
  const source = deps.providers.get(row.provider);
  if (source.fields || !source.samples) {
    if (!row.formId) throw new AppError("conflict", "Select a form first.");
    return readFormFields(deps, {
      organizationId: scope.organizationId,
      provider: source,
      formId: row.formId,
    });
  }
  if (!row.sampleFields) {
    throw new AppError(
      "conflict",
      "Send a test submission to the assistant's URL first: its fields are learned from it.",
    );
  }
  return {
    formId: row.formId ?? row.id,
    displayUrl: null,
    editUrl: null,
    lastUpdatedAt: row.sampleReceivedAt?.toISOString() ?? null,
    ...row.sampleFields,
  };
}

/** The wizard's step 2: the chosen ids must be fields of the right kind on the form as it is now. */
export async function assignFields(
  deps: AssistantDeps,
  scope: Scope,
  input: AssignFields,
): Promise<Assistant> {
  const row = await requireRow(deps.db, scope);
  const fields = await assistantFormFields(deps, scope, row);
  const has = (lists: { id: string }[][], id: string | null) =>
    id === null || lists.some((list) => list.some((f) => f.id === id));
  if (!has([fields.phone, fields.hidden], input.phoneFieldId)) {
    throw new AppError("validation_failed", "Please select a phone number field");
  }
  const consentText = input.checkboxFieldId === FORM_CONSENT_TEXT_FIELD;
  if (!consentText && !has([fields.checkbox], input.checkboxFieldId)) {
    throw new AppError("validation_failed", "Please select a call availability field");
  }
  // Any field of the form, a hidden field, or a choice offered for it (a contact block's
  // first + last name).
  if (
    !has([fields.all, fields.text, fields.hidden], input.nameFieldId) ||
    !has([fields.all, fields.email, fields.hidden], input.emailFieldId)
  ) {
    throw new AppError("validation_failed", "That field is no longer on the form. Refresh Fields.");
  }
  const phoneField = fields.phone.find((f) => f.id === input.phoneFieldId);
  return update(deps.db, scope, {
    phoneFieldId: input.phoneFieldId,
    checkboxFieldId: input.checkboxFieldId,
    consentText: consentText ? (input.consentText ?? null) : null,
    nameFieldId: input.nameFieldId,
    emailFieldId: input.emailFieldId,
    // Numbers typed into it without a country code are read in its own country first.
    phoneDefaultCountry: phoneField?.defaultCountry ?? null,
    // What each submission's consent evidence keeps of the form as it reads now.
    availabilityQuestion: consentText
      ? { title: FORM_CONSENT_TEXT_LABEL, description: input.consentText ?? null }
      : availabilityQuestion(fields, input.checkboxFieldId),
    formLastUpdatedAt: lastUpdatedAt(fields),
  });
}

/**
 * The availability question as the form shows it (title and description), for the consent
 * evidence stored with each submission: Typeform's deliveries carry the title but
 * never the description, so it is kept from the form definition whenever Ringback reads it for
 * this assistant (choosing the form, assigning the fields). Null when none is chosen or the form
 * no longer has it.
 */
export function availabilityQuestion(
  fields: Pick<FormFields, "checkbox">,
  checkboxFieldId: string | null,
): { title: string; description: string | null } | null {
  const field = checkboxFieldId ? fields.checkbox.find((f) => f.id === checkboxFieldId) : undefined;
  return field ? { title: field.title, description: field.description ?? null } : null;
}

/** The form definition's last-updated time, when the provider gives one. */
const lastUpdatedAt = (fields: Pick<FormFields, "lastUpdatedAt">) =>
  fields.lastUpdatedAt ? new Date(fields.lastUpdatedAt) : null;

/**
 * The settings whose changes the audit trail records: the first sentence, the
 * calling window (hours, time zone, days) and the attempt cap; and the voice options
 * (the language, the longest call, the transfer number, and the voice, below).
 */
const AUDITED_SETTINGS = [
  "firstSentence",
  "callingWindowStart",
  "callingWindowEnd",
  "defaultTimeZone",
  "skipSundays",
  "skipHolidays",
  "maxAttempts",
  "language",
  "maxCallMinutes",
  "transferNumber",
] as const satisfies readonly (keyof AssistantRow)[];

/** The voice as the trail shows it: "Maya (Bland)", or null for the provider's default. */
function auditedVoice(row: AssistantRow): string | null {
  if (!row.voiceProvider || !row.voiceId) return null;
  const source = voiceSources.find((s) => s === row.voiceProvider);
  return `${row.voiceName ?? row.voiceId} (${source ? voiceSourceLabel(source) : row.voiceProvider})`;
}

/** Only the audited settings that differ, before and after; null when none does. */
export function auditedSettingsChange(before: AssistantRow, after: AssistantRow) {
  const changed = AUDITED_SETTINGS.filter((key) => before[key] !== after[key]);
  const entries = (row: AssistantRow): [string, unknown][] => changed.map((key) => [key, row[key]]);
  const voiceChanged =
    before.voiceProvider !== after.voiceProvider || before.voiceId !== after.voiceId;
  if (changed.length === 0 && !voiceChanged) return null;
  return {
    before: Object.fromEntries([
      ...entries(before),
      ...(voiceChanged ? [["voice", auditedVoice(before)]] : []),
    ]),
    after: Object.fromEntries([
      ...entries(after),
      ...(voiceChanged ? [["voice", auditedVoice(after)]] : []),
    ]),
  };
}

/** The assistant as the audit trail names it: its name, else its form's title. */
const auditSubject = (row: AssistantRow) => ({
  type: "assistant",
  id: row.id,
  label: row.name?.trim() || row.formTitle || "Unnamed assistant",
});

/** The organization's name: what `{company}` reads, and what a first sentence may name. */
async function organizationName(tx: Tx | Database, organizationId: string): Promise<string> {
  const [organization] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return organization?.name ?? "";
}

/**
 * Updates the assistant and, in the same transaction, records which audited settings changed
 * (before → after). `check` sees the row as it is, under its lock, and may refuse the change.
 */
async function updateAudited(
  db: Database,
  scope: AuditedScope,
  values: Partial<typeof formAssistants.$inferInsert>,
  check?: (tx: Tx, row: AssistantRow) => Promise<void>,
): Promise<Assistant> {
  return db.transaction(async (tx) => {
    const row = await lockAssistantRow(tx, scope);
    await check?.(tx, row);
    const [updated] = await tx
      .update(formAssistants)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(formAssistants.id, row.id))
      .returning();
    const change = auditedSettingsChange(row, updated!);
    if (change) {
      await recordAuditEvent(tx, {
        organizationId: scope.organizationId,
        actor: scope.actor,
        action: "assistant.settings_changed",
        subject: auditSubject(updated!),
        ...change,
      });
    }
    return toAssistantDto(updated!);
  });
}

/**
 * Step 3: the script and the first sentence (left out: the saved one stays). An active
 * assistant's first sentence must still disclose who is calling: activation
 * checked it, and an edit must not undo that.
 */
export function updateScript(db: Database, scope: AuditedScope, input: UpdateScript) {
  const firstSentence = input.firstSentence?.trim();
  return updateAudited(
    db,
    scope,
    {
      assistantScript: input.script.trim(),
      ...(firstSentence === undefined ? {} : { firstSentence }),
    },
    async (tx, row) => {
      if (!row.isActive || firstSentence === undefined) return;
      const problem = disclosureProblem(
        firstSentence,
        await organizationName(tx, scope.organizationId),
      );
      if (problem) throw new AppError("validation_failed", problem);
    },
  );
}

/**
 * Step 3 'Advanced': the call settings and the voice options. A default country
 * libphonenumber cannot read numbers in is refused. The voice is kept with the list it was
 * chosen from (a platform's, or the simulator's), whatever the organization's provider is now:
 * the engine gives it only to calls through the same list's provider.
 */
export async function updateCallSettings(
  db: Database,
  scope: AuditedScope,
  settings: CallSettings,
) {
  const country = settings.defaultCountry;
  if (country !== undefined && !isSupportedCountry(country)) {
    throw new AppError(
      "validation_failed",
      `Ringback cannot read phone numbers for the country code “${country}”. Choose a country from the list.`,
    );
  }
  return updateAudited(db, scope, {
    ...(country === undefined ? {} : { defaultCountry: country }),
    maxAttempts: settings.maxAttempts,
    retryDelayMinutes: settings.retryDelayMinutes,
    callingWindowStart: settings.callingWindowStart,
    callingWindowEnd: settings.callingWindowEnd,
    defaultTimeZone: settings.defaultTimeZone,
    voicemailAction: settings.voicemailAction,
    voicemailMessage: settings.voicemailMessage,
    ...(settings.skipSundays === undefined ? {} : { skipSundays: settings.skipSundays }),
    ...(settings.skipHolidays === undefined ? {} : { skipHolidays: settings.skipHolidays }),
    // Each voice option left out keeps the saved one.
    ...(settings.voice === undefined
      ? {}
      : {
          voiceProvider: settings.voice?.provider ?? null,
          voiceId: settings.voice?.id ?? null,
          voiceName: settings.voice?.name ?? null,
        }),
    ...(settings.language === undefined ? {} : { language: settings.language }),
    ...(settings.maxCallMinutes === undefined ? {} : { maxCallMinutes: settings.maxCallMinutes }),
    ...(settings.transferNumber === undefined ? {} : { transferNumber: settings.transferNumber }),
    ...(settings.maxLeadAgeHours === undefined
      ? {}
      : { maxLeadAgeHours: settings.maxLeadAgeHours }),
  });
}

/** The questions each call should answer (validated by outcomeQuestionsSchema). */
export async function updateOutcomeQuestions(
  db: Database,
  scope: AuditedScope,
  questions: OutcomeQuestion[],
) {
  return updateAudited(db, scope, { outcomeQuestions: questions });
}

/**
 * Activation: reuse the stored webhook or create one (with this assistant's own
 * secret), then save is_active with webhook_id and webhook_url. The row is locked for the
 * duration, so a second click while one is in progress waits and then finds it active. The
 * first sentence must say who is calling or that it is an AI; the activation is
 * recorded in the audit trail in the same transaction.
 */
export async function activateAssistant(
  deps: AssistantDeps,
  scope: AuditedScope,
): Promise<Assistant> {
  return deps.db.transaction(async (tx) => {
    const row = await lockAssistantRow(tx, scope);
    if (row.isActive) return toAssistantDto(row);
    if (
      !row.name ||
      !row.formId ||
      !row.phoneFieldId ||
      !row.checkboxFieldId ||
      !row.assistantScript
    ) {
      throw new AppError("conflict", "Finish the earlier steps before activating the assistant.");
    }
    const problem = disclosureProblem(
      row.firstSentence,
      await organizationName(tx, scope.organizationId),
    );
    if (problem) throw new AppError("validation_failed", problem);
    const url = webhookUrl(deps.publicUrl, row.provider, row.id);
    let webhookId = row.webhookId;
    let secretEncrypted = row.webhookSecretEncrypted;
    const provider = deps.providers.get(row.provider);
    const webhooks = provider.webhooks;
    if (!webhooks) {
      // A URL and a secret: the business has them (assistantEndpoint) and sends there itself.
      if (!secretEncrypted || row.webhookUrl !== url) {
        throw new AppError(
          "conflict",
          "Copy the assistant's URL and secret into your tool before activating the assistant.",
        );
      }
    } else if (!webhookId || !secretEncrypted || row.webhookUrl !== url) {
      const secret = randomBytes(32).toString("base64url");
      const created = await withAccessToken(
        deps,
        { organizationId: scope.organizationId, provider },
        (token) =>
          webhooks.put(token, { formId: row.formId!, tag: webhookTag(row.id), url, secret }),
      );
      webhookId = created.webhookId;
      secretEncrypted = deps.box.encrypt(secret);
    }
    const [updated] = await tx
      .update(formAssistants)
      .set({
        isActive: true,
        webhookId,
        webhookUrl: url,
        webhookSecretEncrypted: secretEncrypted,
        // A source that can be read back is read from now on: never a lead from before.
        ...(provider.responses ? { backfillFrom: new Date(), backfilledThrough: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(formAssistants.id, row.id))
      .returning();
    await recordAuditEvent(tx, {
      organizationId: scope.organizationId,
      actor: scope.actor,
      action: "assistant.activated",
      subject: auditSubject(updated!),
      before: { isActive: false },
      after: { isActive: true },
    });
    return toAssistantDto(updated!);
  });
}

/** The webhook's tag on the form: one per assistant. */
export function webhookTag(assistantId: string): string {
  return `ringback-${assistantId}`;
}

/**
 * Deactivate sets is_active false; deliveries are then acknowledged and ignored, and
 * attempts not dialled yet are canceled. Recorded in the audit trail in the same
 * transaction, when it was active.
 */
export async function deactivateAssistant(db: Database, scope: AuditedScope): Promise<Assistant> {
  const assistant = await db.transaction(async (tx) => {
    const row = await lockAssistantRow(tx, scope);
    if (!row.isActive) return toAssistantDto(row);
    const [updated] = await tx
      .update(formAssistants)
      .set({ isActive: false, updatedAt: new Date() })
      .where(eq(formAssistants.id, row.id))
      .returning();
    await recordAuditEvent(tx, {
      organizationId: scope.organizationId,
      actor: scope.actor,
      action: "assistant.deactivated",
      subject: auditSubject(updated!),
      before: { isActive: true },
      after: { isActive: false },
    });
    return toAssistantDto(updated!);
  });
  await cancelPendingAttempts(db, assistant.id);
  return assistant;
}

/** Deleting an assistant deletes its webhook at the provider (best effort) and then the row. */
export async function deleteAssistant(deps: AssistantDeps, scope: Scope): Promise<void> {
  const row = await requireRow(deps.db, scope);
  const provider = row.webhookId && row.formId ? deps.providers.get(row.provider) : null;
  const webhooks = provider?.webhooks;
  if (provider && webhooks) {
    try {
      await withAccessToken(deps, { organizationId: scope.organizationId, provider }, (token) =>
        webhooks.delete(token, { formId: row.formId!, tag: webhookTag(row.id) }),
      );
    } catch (error) {
      // An orphaned webhook only reaches an endpoint that acknowledges and ignores it.
      deps.logger.warn({ err: error, assistantId: row.id }, "Could not delete the form webhook");
    }
  }
  await deps.db.delete(formAssistants).where(eq(formAssistants.id, row.id));
}
