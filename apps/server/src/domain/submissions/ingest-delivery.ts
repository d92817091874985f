import { eq } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { formAssistants, formSubmissions } from "../../db/schema/index.ts";
import type { Logger } from "../../lib/logger.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import { FormProviderError } from "../../providers/forms/form-provider.ts";
import type { Queue } from "../../queue/queue.ts";
import { enqueueAttempt, scheduleAttempt } from "../calls/call-engine.ts";
import type { FormProviders } from "../form-connections/form-providers.ts";
import { evaluateSubmission } from "./submission-rules.ts";

export type IngestResult =
  | { outcome: "stored"; submissionId: string; status: string }
  | { outcome: "duplicate" }
  | { outcome: "ignored"; reason: string }
  | { outcome: "rejected"; status: 400 | 401; reason: string };

/**
 * One delivery from a form provider (PRODUCT.md step 1): verify the signature on the raw body
 * with the assistant's secret, parse, and store the submission once per provider response id
 * (a unique index, not a lookup). Inactive or unknown assistants are acknowledged and ignored:
 * never a 404/410, which would make Typeform disable the webhook.
 */
export async function ingestDelivery(
  deps: { db: Database; box: SecretBox; providers: FormProviders; logger: Logger; queue: Queue },
  input: { providerId: string; assistantId: string; rawBody: string; headers: Headers },
): Promise<IngestResult> {
  const provider = deps.providers.get(input.providerId);
  const [assistant] = /^[0-9a-f-]{36}$/i.test(input.assistantId)
    ? await deps.db.select().from(formAssistants).where(eq(formAssistants.id, input.assistantId))
    : [];
  if (!assistant || assistant.provider !== provider.id) {
    return { outcome: "ignored", reason: "unknown assistant" };
  }
  if (!assistant.webhookSecretEncrypted) return { outcome: "ignored", reason: "no webhook secret" };
  const secret = deps.box.decrypt(assistant.webhookSecretEncrypted);
  if (!provider.verifyDelivery(input.rawBody, input.headers, secret)) {
    deps.logger.warn(
      { assistantId: assistant.id, provider: provider.id },
      "Rejected a webhook delivery with a missing or wrong signature",
    );
    return { outcome: "rejected", status: 401, reason: "invalid signature" };
  }
  if (!assistant.isActive) return { outcome: "ignored", reason: "assistant is inactive" };

  let submission: ReturnType<typeof provider.parseDelivery>;
  try {
    submission = provider.parseDelivery(input.rawBody);
  } catch (error) {
    if (error instanceof FormProviderError) {
      return { outcome: "rejected", status: 400, reason: error.message };
    }
    throw error;
  }
  if (submission.formId !== assistant.formId) {
    return { outcome: "ignored", reason: "delivery is for another form" };
  }

  const evaluated = evaluateSubmission(submission.answers, assistant);
  // The submission and its first call attempt commit together: an accepted submission that
  // should be called always has its attempt (the sweeper enqueues it if the enqueue below is
  // lost to a crash).
  const stored = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(formSubmissions)
      .values({
        organizationId: assistant.organizationId,
        assistantId: assistant.id,
        provider: provider.id,
        formId: submission.formId,
        providerResponseId: submission.responseId,
        respondentName: evaluated.name,
        respondentEmail: evaluated.email,
        respondentPhoneNumber: evaluated.phone ?? evaluated.rawPhone,
        status: evaluated.status,
        answers: { answers: submission.answers, hidden: submission.hidden, raw: submission.raw },
        submittedAt: submission.submittedAt,
      })
      .onConflictDoNothing()
      .returning({ id: formSubmissions.id, status: formSubmissions.status });
    if (!row) return null;
    const attempt =
      row.status === "call_scheduled" && evaluated.phone
        ? await scheduleAttempt(tx, {
            organizationId: assistant.organizationId,
            submissionId: row.id,
            assistant,
            phone: evaluated.phone,
            attempt: 1,
            notBefore: new Date(),
          })
        : null;
    return { row, attempt };
  });
  if (!stored) return { outcome: "duplicate" };
  if (stored.attempt) await enqueueAttempt(deps.queue, stored.attempt);
  return { outcome: "stored", submissionId: stored.row.id, status: stored.row.status };
}
