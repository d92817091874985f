import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { type Database, executePrepared } from "../../db/database.ts";
import type { Logger } from "../../lib/logger.ts";
import { stripNul } from "../../lib/text.ts";
import { FormProviderError, HIDDEN_FIELD_PREFIX } from "../../providers/forms/form-provider.ts";
import { type AttemptQueue, attemptDueAt } from "../calls/call-engine.ts";
import { effectiveCallingWindow } from "../calls/calling-window.ts";
import type { FormProviders } from "../form-connections/form-providers.ts";
import { webhookEventCtes } from "../webhooks/emit-webhook-event.ts";
import { submissionReceivedEvent } from "../webhooks/webhook-events.ts";
import { consentEvidence } from "./consent-evidence.ts";
import type { DeliveryAssistants } from "./delivery-assistants.ts";
import { evaluateSubmission } from "./submission-rules.ts";

export type IngestResult =
  | { outcome: "stored"; submissionId: string; status: string }
  | { outcome: "duplicate" }
  | { outcome: "ignored"; reason: string }
  | { outcome: "rejected"; status: 400 | 401; reason: string };

export interface IngestDeps {
  db: Database;
  providers: FormProviders;
  assistants: DeliveryAssistants;
  logger: Logger;
  attempts: AttemptQueue;
  /** Tests only: every respondent's zone (see CallEngineDeps.respondentTimeZone). */
  respondentTimeZone?: string | null;
}

/**
 * One delivery from a form provider (PRODUCT.md step 1): verify the signature on the raw body
 * with the assistant's secret, parse, and store the submission once per provider response id
 * (a unique index, not a lookup). Inactive or unknown assistants are acknowledged and ignored:
 * never a 404/410, which would make Typeform disable the webhook.
 */
export async function ingestDelivery(
  deps: IngestDeps,
  input: { providerId: string; assistantId: string; rawBody: string; headers: Headers },
): Promise<IngestResult> {
  const provider = deps.providers.get(input.providerId);
  const assistant = await deps.assistants.get(input.assistantId);
  if (!assistant || assistant.provider !== provider.id) {
    return { outcome: "ignored", reason: "unknown assistant" };
  }
  if (!assistant.webhookSecret) return { outcome: "ignored", reason: "no webhook secret" };
  if (!provider.verifyDelivery(input.rawBody, input.headers, assistant.webhookSecret)) {
    deps.logger.warn(
      { assistantId: assistant.id, provider: provider.id },
      "Rejected a webhook delivery with a missing or wrong signature",
    );
    return { outcome: "rejected", status: 401, reason: "invalid signature" };
  }
  if (!assistant.isActive) return { outcome: "ignored", reason: "assistant is inactive" };

  let submission: ReturnType<typeof provider.parseDelivery>;
  try {
    // Cleaned, not refused: a NUL typed into an answer must not cost the lead (PostgreSQL text
    // and jsonb cannot hold one).
    submission = stripNul(provider.parseDelivery(input.rawBody));
  } catch (error) {
    if (error instanceof FormProviderError) {
      // An event Ringback does not use (a partial response): acknowledged, never a failure.
      if (error.code === "unsupported_event") return { outcome: "ignored", reason: error.message };
      return { outcome: "rejected", status: 400, reason: error.message };
    }
    throw error;
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
  const scheduledFor = callable
    ? attemptDueAt(assistant, evaluated.phone!, new Date(), deps.respondentTimeZone)
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
  // Issue 14 §2: submission.received for the organization's webhook endpoints, stored by the same
  // statement as the submission (issue 17 §6: no second round trip), and only with it.
  const submissionId = randomUUID();
  const received = webhookEventCtes(
    submissionReceivedEvent({
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
    }),
    sql`select 1 from submission`,
  );
  // One statement, so one atomic commit and one round trip: the submission, its first call
  // attempt and its webhook deliveries are stored together or not at all (an accepted submission
  // that should be called always has its attempt, and the sweeper enqueues it if the enqueue
  // below is lost to a crash). The assistant must still be active at this moment: a deactivation
  // is never missed because of the assistant cache. A repeated response id inserts nothing (the
  // unique index). Prepared: parsed and planned once per connection.
  const { rows } = await executePrepared<{
    active: boolean;
    submission_id: string | null;
    status: string | null;
    attempt_id: string | null;
    scheduled_for: Date | string | null;
  }>(
    deps.db,
    "ingest-delivery",
    sql`
    with assistant as (
      select id, organization_id from form_assistants
      where id = ${assistant.id} and is_active and form_id = ${submission.formId}
    ), submission as (
      insert into form_submissions (id, organization_id, assistant_id, provider, form_id,
        provider_response_id, respondent_name, respondent_email, respondent_phone_number, status,
        answers, consent, submitted_at)
      select ${submissionId}::uuid, organization_id, id, ${provider.id}, ${submission.formId},
        ${submission.responseId}, ${evaluated.name}, ${evaluated.email},
        ${evaluated.phone ?? evaluated.rawPhone}, ${evaluated.status},
        ${JSON.stringify(answers)}::jsonb, ${consent ? JSON.stringify(consent) : null}::jsonb,
        ${submission.submittedAt?.toISOString() ?? null}::timestamptz
      from assistant
      on conflict do nothing
      returning id, status
    ), attempt as (
      insert into call_records (organization_id, submission_id, assistant_id, call_attempt,
        status, dial_state, scheduled_for)
      select a.organization_id, s.id, a.id, 1, 'in-progress', 'scheduled',
        ${scheduledFor?.toISOString() ?? null}::timestamptz
      from submission s, assistant a
      where ${callable}
      returning id, scheduled_for
    ), deliveries as (${received.insert}
    ), notified as (${received.notify} from (select 1 from deliveries limit 1) d)
    select exists (select 1 from assistant) as active,
      (select id from submission) as submission_id,
      (select status from submission) as status,
      (select id from attempt) as attempt_id,
      (select scheduled_for from attempt) as scheduled_for,
      (select count(*) from notified) as notified`,
  );
  const stored = rows[0]!;
  if (!stored.active) return { outcome: "ignored", reason: "assistant is inactive" };
  if (!stored.submission_id) {
    // A provider retries a delivery it got no answer for. The first try may have stored the
    // submission and then lost its enqueue (a crash, a database outage): hand any attempt that
    // is still waiting to the workers again now rather than at the sweeper's next run. A second
    // job for the same attempt is harmless: placing a call claims the attempt under a row lock.
    await requeueWaitingAttempts(deps, {
      organizationId: assistant.organizationId,
      providerId: provider.id,
      formId: submission.formId,
      responseId: submission.responseId,
    });
    return { outcome: "duplicate" };
  }
  if (stored.attempt_id && stored.scheduled_for) {
    await deps.attempts.enqueue({
      id: stored.attempt_id,
      scheduledFor: new Date(stored.scheduled_for),
    });
  }
  return { outcome: "stored", submissionId: stored.submission_id, status: stored.status! };
}

/** By the de-duplication key (its unique index), so a repeat costs one indexed lookup. */
async function requeueWaitingAttempts(
  deps: IngestDeps,
  key: { organizationId: string; providerId: string; formId: string; responseId: string },
): Promise<void> {
  const { rows } = await deps.db.execute<{ id: string; scheduled_for: Date | string }>(sql`
    select c.id, c.scheduled_for from form_submissions s
    join call_records c on c.submission_id = s.id
    where s.organization_id = ${key.organizationId} and s.provider = ${key.providerId}
      and s.form_id = ${key.formId} and s.provider_response_id = ${key.responseId}
      and c.dial_state = 'scheduled' and c.final_at is null`);
  for (const row of rows) {
    await deps.attempts.enqueue({ id: row.id, scheduledFor: new Date(row.scheduled_for) });
  }
}
