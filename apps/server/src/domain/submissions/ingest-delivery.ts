import { randomUUID } from "node:crypto";
import { type DeliveryResult, FORM_CONSENT_TEXT_FIELD } from "@ringback/contracts";
import { and, eq, gt } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { formSubmissions } from "../../db/schema/index.ts";
import type { Logger } from "../../lib/logger.ts";
import { stripNul } from "../../lib/text.ts";
import {
  type AnswerValue,
  type Delivery,
  FormSourceError,
  HIDDEN_FIELD_PREFIX,
  type NormalizedSubmission,
} from "../../providers/forms/form-source.ts";
import { attemptDueAt } from "../calls/call-engine.ts";
import { effectiveCallingWindow } from "../calls/calling-window.ts";
import type { FormSources } from "../form-connections/form-sources.ts";
import { submissionReceivedEvent } from "../webhooks/webhook-events.ts";
import { newMessageId } from "../webhooks/webhook-signature.ts";
import { consentEvidence } from "./consent-evidence.ts";
import type { DeliveryAssistant, DeliveryAssistants } from "./delivery-assistants.ts";
import type { DeliveryLog } from "./delivery-log.ts";
import type { IngestStore } from "./ingest-store.ts";
import { storeSample } from "./samples.ts";
import { evaluateSubmission, resolveAnswer } from "./submission-rules.ts";

export type IngestResult =
  | { outcome: "stored"; submissionId: string; status: string }
  | { outcome: "duplicate" }
  | { outcome: "ignored"; reason: string }
  | {
      outcome: "rejected";
      status: 400 | 401 | 415 | 422;
      reason: string;
      /** Which refusal, where it is more than a bad signature or an unreadable body. */
      code?: "refused-no-phone" | "refused-no-consent";
    };

export interface IngestDeps {
  db: Database;
  providers: FormSources;
  assistants: DeliveryAssistants;
  logger: Logger;
  /** Where deliveries are written, together with others arriving at once (one per process). */
  store: IngestStore;
  /** "Recent deliveries": what became of each request to an assistant's URL. */
  log: DeliveryLog;
  /** Tests only: every respondent's zone (see CallEngineDeps.respondentTimeZone). */
  respondentTimeZone?: string | null;
}

/**
 * The secrets a delivery may be signed with: the assistant's, and the one a rotation replaced
 * while its grace period lasts.
 */
function acceptedSecrets(assistant: DeliveryAssistant): string[] {
  const previous =
    assistant.previousWebhookSecret &&
    assistant.previousWebhookSecretUntil &&
    assistant.previousWebhookSecretUntil.getTime() > Date.now()
      ? [assistant.previousWebhookSecret]
      : [];
  return [assistant.webhookSecret!, ...previous];
}

/** What an outcome is in "Recent deliveries". */
export function resultOf(outcome: IngestResult, test: boolean): DeliveryResult {
  switch (outcome.outcome) {
    case "stored":
      if (outcome.status === "test_lead") return "test-lead";
      if (outcome.status === "not_available") return "not-available";
      if (outcome.status === "invalid_phone") return "invalid-phone";
      if (outcome.status === "too_old") return "too-old";
      return "accepted";
    case "duplicate":
      return "duplicate";
    case "ignored":
      return outcome.reason === SAMPLE_STORED ? (test ? "test-lead" : "sample") : "ignored";
    case "rejected":
      if (outcome.status === 401) return "refused-signature";
      return outcome.code ?? "refused-body";
  }
}

const SAMPLE_STORED = "The assistant is not active yet: its fields were learned from this request.";

/**
 * One delivery from a form provider (ADR 0008): verify the signature on the raw body
 * with the assistant's secret, parse, and store the submission once per provider response id
 * (a unique index, not a lookup). Inactive or unknown assistants are acknowledged and ignored:
 * never a 404/410, which would make Typeform disable the webhook. Every request that reaches
 * a known assistant is kept in its "Recent deliveries" (delivery-log.ts), its body redacted:
 * `result` is what that line says (null for an unknown assistant, which has no log).
 */
export async function ingestDelivery(
  deps: IngestDeps,
  input: {
    providerId: string;
    assistantId: string;
    rawBody: string;
    headers: Headers;
    /** The URL's last segment after the assistant's id, for a source that authenticates by it. */
    pathToken?: string | null;
    /** Read the assistant as it is now, not as this process last read it (a test submission). */
    fresh?: boolean;
  },
): Promise<{ outcome: IngestResult; result: DeliveryResult | null }> {
  const provider = deps.providers.get(input.providerId);
  const assistant = await deps.assistants.get(input.assistantId, { fresh: input.fresh ?? false });
  if (!assistant || assistant.provider !== provider.id) {
    return {
      outcome: { outcome: "ignored", reason: "No assistant has this URL: nothing was stored." },
      result: null,
    };
  }
  const seen: { test: boolean } = { test: false };
  const result = await ingestFor(deps, provider, assistant, input, seen);
  const logged = resultOf(result, seen.test);
  deps.log.record({
    organizationId: assistant.organizationId,
    assistantId: assistant.id,
    result: logged,
    detail: result.outcome === "ignored" || result.outcome === "rejected" ? result.reason : null,
    httpStatus: result.outcome === "rejected" ? result.status : 200,
    submissionId: result.outcome === "stored" ? result.submissionId : null,
    contentType: input.headers.get("content-type"),
    body: provider.samples?.redactBody?.(input.rawBody) ?? input.rawBody,
  });
  return { outcome: result, result: logged };
}

async function ingestFor(
  deps: IngestDeps,
  provider: ReturnType<FormSources["get"]>,
  found: DeliveryAssistant,
  input: { assistantId: string; rawBody: string; headers: Headers; pathToken?: string | null },
  seen: { test: boolean },
): Promise<IngestResult> {
  let assistant = found;
  if (!assistant.webhookSecret)
    return { outcome: "ignored", reason: "This assistant has no secret yet: nothing was stored." };
  const delivery: Delivery = {
    rawBody: input.rawBody,
    headers: input.headers,
    settings: assistant.sourceSettings,
    pathToken: input.pathToken ?? null,
  };
  if (!acceptedSecrets(assistant).some((secret) => provider.verifyDelivery(delivery, secret))) {
    deps.logger.warn(
      { assistantId: assistant.id, provider: provider.id },
      "Rejected a webhook delivery with a missing or wrong signature",
    );
    return {
      outcome: "rejected",
      status: 401,
      reason: "The signature or token is missing or wrong.",
    };
  }
  // Activated a moment ago (this process read it before): read it again rather than ignore a
  // lead — only for a signed delivery, so that unsigned requests never bypass the cache.
  if (!assistant.isActive) {
    assistant = (await deps.assistants.get(input.assistantId, { fresh: true })) ?? assistant;
  }
  // A source that learns fields from a sample parses what an inactive assistant receives.
  if (!assistant.isActive && !provider.samples) {
    return { outcome: "ignored", reason: "The assistant is not active: nothing was stored." };
  }

  let submission: ReturnType<typeof provider.parseDelivery>;
  try {
    // Cleaned, not refused: a NUL typed into an answer must not cost the lead (PostgreSQL text
    // and jsonb cannot hold one).
    submission = stripNul(provider.parseDelivery(delivery));
    // A source with no forms to choose from has one URL per assistant: the assistant is the form.
    if (!provider.forms) submission = { ...submission, formId: assistant.formId ?? assistant.id };
  } catch (error) {
    if (error instanceof FormSourceError) {
      // An event Ringback does not use (a partial response): acknowledged, never a failure.
      if (error.code === "unsupported_event") return { outcome: "ignored", reason: error.message };
      const status = error.status === 415 || error.status === 422 ? error.status : 400;
      return { outcome: "rejected", status, reason: error.message };
    }
    throw error;
  }
  seen.test = submission.test === true;
  if (!assistant.isActive) {
    await storeSample(
      deps.db,
      assistant.id,
      provider.samples!.fields(submission, assistant.sourceSettings),
    );
    deps.logger.info({ assistantId: assistant.id }, "Stored a sample submission's fields");
    return { outcome: "ignored", reason: SAMPLE_STORED };
  }
  if (submission.formId !== assistant.formId) {
    return { outcome: "ignored", reason: "This response is for another form: nothing was stored." };
  }
  return storeSubmission(deps, provider, assistant, submission);
}

/**
 * A verified, parsed submission for an active assistant: evaluated (who is called, and why not)
 * and stored with its first attempt and job, once per response id. Deliveries and the backfill
 * both come here, so a response stored either way is one lead.
 */
export async function storeSubmission(
  deps: IngestDeps,
  provider: ReturnType<FormSources["get"]>,
  assistant: DeliveryAssistant,
  submission: NormalizedSubmission,
): Promise<IngestResult> {
  // Hidden fields (`?phone=…` in the form's link) can stand for phone, name or email.
  const values = { ...submission.answers };
  for (const [name, value] of Object.entries(submission.hidden)) {
    values[`${HIDDEN_FIELD_PREFIX}${name}`] = value;
  }
  // Fields learned from a sample are the sender's own names: a request without the phone or the
  // availability field the assistant reads is refused with the reason, for the sender to fix.
  if (provider.samples) {
    const missing = missingField(values, assistant);
    if (missing) return missing;
  }
  const evaluated = evaluateSubmission(values, assistant);
  // A test lead (the source says so) is stored and shown, and never dialled; so is a lead older
  // than the assistant calls (read back by a backfill, or delivered very late).
  if (submission.test) evaluated.status = "test_lead";
  else if (evaluated.status === "call_scheduled" && tooOld(submission.submittedAt, assistant)) {
    evaluated.status = "too_old";
  }
  const callable = evaluated.status === "call_scheduled" && evaluated.phone !== null;
  if (callable) {
    const { problems } = effectiveCallingWindow(assistant);
    if (problems.length > 0) {
      deps.logger.warn(
        { assistantId: assistant.id, problems },
        "The assistant's stored calling settings are not usable; its defaults stand in",
      );
    }
  }
  // An attempt whose window has no lawful time for the number is due at once: placeCall ends it
  // as blocked-hours without dialling, so Call Records says why it was not called.
  const now = new Date();
  const scheduledFor = callable
    ? (attemptDueAt(assistant, evaluated.phone!, now, deps.respondentTimeZone) ?? now)
    : null;
  const consent = consentEvidence(
    submission,
    assistant,
    { typed: evaluated.rawPhone, normalized: evaluated.phone },
    now,
    provider.id,
  );
  const answers = {
    answers: submission.answers,
    hidden: submission.hidden,
    questions: submission.questions,
    landedAt: submission.landedAt?.toISOString() ?? null,
    raw: submission.raw,
  };
  // Submission.received for the organization's webhook endpoints, stored with the
  // submission (no second round trip: ADR 0021), and only with it.
  const submissionId = randomUUID();
  const received = submissionReceivedEvent({
    organizationId: assistant.organizationId,
    submissionId,
    assistantId: assistant.id,
    provider: provider.id,
    formId: submission.formId,
    status: evaluated.status,
    respondent: {
      name: evaluated.name,
      email: evaluated.email,
      phoneNumber: evaluated.phone ?? evaluated.rawPhone,
    },
    answers,
    submittedAt: submission.submittedAt,
  });
  const at = (received.at ?? new Date()).toISOString();
  // The submission, its first call attempt with its calls.place job, and its webhook deliveries
  // are stored together or not at all (an accepted submission that should be called always has
  // its attempt and the job that dials it), with other deliveries arriving at the same moment
  // (group commit: ingest-store.ts).
  // Made from the body (the sender has no id of its own): a repeat within the window is the same
  // delivery, and an identical body after it is a new lead.
  let responseId = submission.responseId;
  if (submission.responseIdWindowMs) {
    const windowed = await windowedResponseId(deps.db, {
      organizationId: assistant.organizationId,
      provider: provider.id,
      formId: submission.formId,
      responseId,
      windowMs: submission.responseIdWindowMs,
      now,
    });
    if (windowed === null) return { outcome: "duplicate" };
    responseId = windowed;
  }
  const stored = await deps.store.store({
    submissionId,
    assistantId: assistant.id,
    formId: submission.formId,
    provider: provider.id,
    responseId,
    name: evaluated.name,
    email: evaluated.email,
    phone: evaluated.phone ?? evaluated.rawPhone,
    status: evaluated.status,
    answers,
    consent,
    submittedAt: submission.submittedAt?.toISOString() ?? null,
    callable,
    scheduledFor: scheduledFor?.toISOString() ?? null,
    event: {
      messageId: newMessageId(),
      payload: { type: received.type, timestamp: at, data: received.data },
      at,
    },
  });
  if (!stored.active)
    return { outcome: "ignored", reason: "The assistant is not active: nothing was stored." };
  // A repeat of a stored response: its attempt and job were stored with it, in one statement.
  if (!stored.submissionId) {
    return { outcome: "duplicate" };
  }
  return { outcome: "stored", submissionId: stored.submissionId, status: stored.status! };
}

/** Submitted longer ago than the assistant's "call leads up to N hours old". */
function tooOld(submittedAt: Date | null, assistant: { maxLeadAgeHours: number }): boolean {
  return (
    submittedAt !== null &&
    Date.now() - submittedAt.getTime() > assistant.maxLeadAgeHours * 60 * 60 * 1000
  );
}

/** A 422 naming the phone or availability field the assistant reads, where the request lacks it. */
function missingField(
  values: Record<string, AnswerValue>,
  assistant: DeliveryAssistant,
): IngestResult | null {
  const absent = (fieldId: string | null) =>
    fieldId !== null && resolveAnswer(values, fieldId) === undefined;
  if (absent(assistant.phoneFieldId)) {
    return {
      outcome: "rejected",
      status: 422,
      code: "refused-no-phone",
      reason: `No phone number: this assistant reads it from the field "${assistant.phoneFieldId}", which the request does not have.`,
    };
  }
  if (assistant.checkboxFieldId !== FORM_CONSENT_TEXT_FIELD && absent(assistant.checkboxFieldId)) {
    return {
      outcome: "rejected",
      status: 422,
      code: "refused-no-consent",
      reason: `No consent answer: this assistant reads it from the field "${assistant.checkboxFieldId}", which the request does not have.`,
    };
  }
  return null;
}

/**
 * The response id a body-made id is stored under: the id and the window-long period it arrived
 * in, so that the unique index tells a repeat in the same period apart; one stored in the period
 * before, less than a window ago, makes this a repeat too (null).
 */
async function windowedResponseId(
  db: Database,
  input: {
    organizationId: string;
    provider: string;
    formId: string;
    responseId: string;
    windowMs: number;
    now: Date;
  },
): Promise<string | null> {
  const period = Math.floor(input.now.getTime() / input.windowMs);
  const [earlier] = await db
    .select({ id: formSubmissions.id })
    .from(formSubmissions)
    .where(
      and(
        eq(formSubmissions.organizationId, input.organizationId),
        eq(formSubmissions.provider, input.provider),
        eq(formSubmissions.formId, input.formId),
        eq(formSubmissions.providerResponseId, `${input.responseId}@${period - 1}`),
        gt(formSubmissions.createdAt, new Date(input.now.getTime() - input.windowMs)),
      ),
    )
    .limit(1);
  return earlier ? null : `${input.responseId}@${period}`;
}
