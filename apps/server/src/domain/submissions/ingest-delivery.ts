import { randomUUID } from "node:crypto";
import type { Database } from "../../db/database.ts";
import type { Logger } from "../../lib/logger.ts";
import { stripNul } from "../../lib/text.ts";
import {
  type Delivery,
  FormSourceError,
  HIDDEN_FIELD_PREFIX,
} from "../../providers/forms/form-source.ts";
import { attemptDueAt } from "../calls/call-engine.ts";
import { effectiveCallingWindow } from "../calls/calling-window.ts";
import type { FormSources } from "../form-connections/form-sources.ts";
import { submissionReceivedEvent } from "../webhooks/webhook-events.ts";
import { newMessageId } from "../webhooks/webhook-signature.ts";
import { consentEvidence } from "./consent-evidence.ts";
import type { DeliveryAssistant, DeliveryAssistants } from "./delivery-assistants.ts";
import type { IngestStore } from "./ingest-store.ts";
import { storeSample } from "./samples.ts";
import { evaluateSubmission } from "./submission-rules.ts";

export type IngestResult =
  | { outcome: "stored"; submissionId: string; status: string }
  | { outcome: "duplicate" }
  | { outcome: "ignored"; reason: string }
  | { outcome: "rejected"; status: 400 | 401 | 415 | 422; reason: string };

export interface IngestDeps {
  db: Database;
  providers: FormSources;
  assistants: DeliveryAssistants;
  logger: Logger;
  /** Where deliveries are written, together with others arriving at once (one per process). */
  store: IngestStore;
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

/**
 * One delivery from a form provider (ADR 0008): verify the signature on the raw body
 * with the assistant's secret, parse, and store the submission once per provider response id
 * (a unique index, not a lookup). Inactive or unknown assistants are acknowledged and ignored:
 * never a 404/410, which would make Typeform disable the webhook.
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
  },
): Promise<IngestResult> {
  const provider = deps.providers.get(input.providerId);
  let assistant = await deps.assistants.get(input.assistantId);
  if (!assistant || assistant.provider !== provider.id) {
    return { outcome: "ignored", reason: "unknown assistant" };
  }
  if (!assistant.webhookSecret) return { outcome: "ignored", reason: "no webhook secret" };
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
    return { outcome: "rejected", status: 401, reason: "invalid signature" };
  }
  // Activated a moment ago (this process read it before): read it again rather than ignore a
  // lead — only for a signed delivery, so that unsigned requests never bypass the cache.
  if (!assistant.isActive) {
    assistant = (await deps.assistants.get(input.assistantId, { fresh: true })) ?? assistant;
  }
  // A source that learns fields from a sample parses what an inactive assistant receives.
  if (!assistant.isActive && !provider.samples) {
    return { outcome: "ignored", reason: "assistant is inactive" };
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
  if (!assistant.isActive) {
    await storeSample(deps.db, assistant.id, provider.samples!.fields(submission));
    deps.logger.info({ assistantId: assistant.id }, "Stored a sample submission's fields");
    return { outcome: "ignored", reason: "sample stored: the assistant is not active yet" };
  }
  if (submission.formId !== assistant.formId) {
    return { outcome: "ignored", reason: "delivery is for another form" };
  }

  // Hidden fields (`?phone=…` in the form's link) can stand for phone, name or email.
  const values = { ...submission.answers };
  for (const [name, value] of Object.entries(submission.hidden)) {
    values[`${HIDDEN_FIELD_PREFIX}${name}`] = value;
  }
  const evaluated = evaluateSubmission(values, assistant);
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
  const consent = consentEvidence(submission, assistant, {
    typed: evaluated.rawPhone,
    normalized: evaluated.phone,
  });
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
  const stored = await deps.store.store({
    submissionId,
    assistantId: assistant.id,
    formId: submission.formId,
    provider: provider.id,
    responseId: submission.responseId,
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
  if (!stored.active) return { outcome: "ignored", reason: "assistant is inactive" };
  // A repeat of a stored response: its attempt and job were stored with it, in one statement.
  if (!stored.submissionId) {
    return { outcome: "duplicate" };
  }
  return { outcome: "stored", submissionId: stored.submissionId, status: stored.status! };
}
