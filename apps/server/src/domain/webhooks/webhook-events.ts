import {
  type DoNotCallSource,
  endedReasonLabels,
  type Outcomes,
  type WebhookData,
} from "@ringback/contracts";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { callGroups, callRecords, formSubmissions } from "../../db/schema/index.ts";
import type { Logger } from "../../lib/logger.ts";
import { submittedAnswers } from "../calls/call-record-details.ts";
import {
  emitWebhookEvent,
  emitWebhookEventSafely,
  type WebhookEvent,
} from "./emit-webhook-event.ts";
import type { RecordingLinks } from "./recording-links.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * The events Ringback's own flow emits, built from what the flow just stored. Each
 * emitter is one call inserted where the fact becomes true: submission.received after an ingest
 * stored a submission, call.started once the provider accepted a dial, call.completed or
 * call.failed when an attempt becomes final, contact.opted_out when a number is newly listed.
 */

/** submission.received: from an ingest's own values (no read back). */
export function submissionReceivedEvent(input: {
  organizationId: string;
  submissionId: string;
  assistantId: string | null;
  provider: string;
  formId: string;
  status: string;
  respondent: { name: string | null; email: string | null; phoneNumber: string | null };
  /** form_submissions.answers as stored (questions, answers, hidden). */
  answers: unknown;
  submittedAt: Date | null;
  at?: Date;
}): WebhookEvent<"submission.received"> {
  const at = input.at ?? new Date();
  return {
    organizationId: input.organizationId,
    type: "submission.received",
    at,
    data: {
      submissionId: input.submissionId,
      assistantId: input.assistantId,
      form: { provider: input.provider, id: input.formId },
      status: input.status as WebhookData<"submission.received">["status"],
      respondent: input.respondent,
      answers: submittedAnswers(input.answers),
      submittedAt: input.submittedAt?.toISOString() ?? null,
      receivedAt: at.toISOString(),
    },
  };
}

/** contact.opted_out: a number newly on the organization's do-not-call list. */
export function contactOptedOutEvent(input: {
  organizationId: string;
  phoneNumber: string;
  reason: string;
  source: DoNotCallSource;
  callRecordId?: string | null;
  at?: Date;
}): WebhookEvent<"contact.opted_out"> {
  const at = input.at ?? new Date();
  return {
    organizationId: input.organizationId,
    type: "contact.opted_out",
    at,
    data: {
      phoneNumber: input.phoneNumber,
      reason: input.reason,
      source: input.source,
      callId: input.callRecordId ?? null,
      optedOutAt: at.toISOString(),
    },
  };
}

/** An attempt as the call events describe it: itself, its submission's respondent. */
async function readCall(tx: Tx | Database, callRecordId: string) {
  const [row] = await tx
    .select({
      call: callRecords,
      name: formSubmissions.respondentName,
      email: formSubmissions.respondentEmail,
      phone: formSubmissions.respondentPhoneNumber,
    })
    .from(callRecords)
    .leftJoin(formSubmissions, eq(formSubmissions.id, callRecords.submissionId))
    .where(eq(callRecords.id, callRecordId));
  if (!row) return null;
  return {
    ...row,
    fields: {
      callId: row.call.id,
      attempt: row.call.callAttempt,
      submissionId: row.call.submissionId,
      assistantId: row.call.assistantId,
      respondent: { name: row.name, email: row.email, phoneNumber: row.phone },
    },
  };
}

/** call.started, once the provider accepted the dial (outside the dial's transaction). */
export async function emitCallStarted(
  deps: { db: Database; logger: Logger; now?: (() => Date) | undefined },
  callRecordId: string,
): Promise<void> {
  try {
    const row = await readCall(deps.db, callRecordId);
    if (!row) return;
    const at = deps.now?.() ?? new Date();
    await emitWebhookEventSafely(deps, {
      organizationId: row.call.organizationId,
      type: "call.started",
      at,
      data: {
        ...row.fields,
        provider: row.call.voiceProvider ?? "unknown",
        startedAt: at.toISOString(),
      },
    });
  } catch (error) {
    deps.logger.error({ err: error, callRecordId }, "Could not record call.started");
  }
}

const NOT_REACHED = new Set(["voicemail", "no-answer", "busy", "failed"] as const);
type NotReached = typeof NOT_REACHED extends Set<infer T> ? T : never;

/** The stored transcript as turns (the shape the voice adapters store; others best-effort). */
function transcriptTurns(stored: unknown): WebhookData<"call.completed">["transcript"] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((turn: unknown) => {
    if (!turn || typeof turn !== "object") return [];
    const t = turn as Record<string, unknown>;
    const text = typeof t.text === "string" ? t.text : null;
    if (text === null) return [];
    const speaker =
      typeof t.speaker === "string" ? t.speaker : typeof t.user === "string" ? t.user : "unknown";
    const at = typeof t.at === "string" && !Number.isNaN(Date.parse(t.at)) ? t.at : null;
    return [{ speaker, text, at: at ? new Date(at).toISOString() : null }];
  });
}

/**
 * call.completed (a person answered) or call.failed (the call ended without reaching one:
 * voicemail, no answer, busy, failed), inside the transaction that made the attempt final and
 * decided what follows (a retry, the do-not-call list): it reads the attempt and its lead's
 * outcome as that transaction wrote them. Attempts Ringback never dialled send nothing.
 */
export async function emitCallEnded(
  tx: Tx,
  input: { callRecordId: string; at: Date; recordingLinks?: RecordingLinks | undefined },
): Promise<void> {
  const row = await readCall(tx, input.callRecordId);
  if (!row) return;
  const { call } = row;
  const endedAt = input.at.toISOString();
  const [group] = await tx
    .select({ leadOutcome: callGroups.leadOutcome })
    .from(callGroups)
    .where(eq(callGroups.id, call.submissionId ?? call.id));
  const leadOutcome = group?.leadOutcome ?? "not-reached";
  const endedReason = call.endedReason ?? null;
  if (call.status === "answered") {
    await emitWebhookEvent(tx, {
      organizationId: call.organizationId,
      type: "call.completed",
      at: input.at,
      data: {
        ...row.fields,
        status: call.status,
        endedReason,
        leadOutcome,
        answeredBy: (call.answeredBy as "human" | "voicemail" | "unknown" | null) ?? null,
        durationSeconds: call.duration,
        summary: call.callSummary,
        outcomes: (call.outcomes as Outcomes | null) ?? null,
        transcript: transcriptTurns(call.transcriptJson),
        recording:
          call.recordingUrl && input.recordingLinks
            ? input.recordingLinks.sign(call.id, input.at)
            : null,
        endedAt,
      },
    });
    return;
  }
  if (!NOT_REACHED.has(call.status as NotReached)) return;
  await emitWebhookEvent(tx, {
    organizationId: call.organizationId,
    type: "call.failed",
    at: input.at,
    data: {
      ...row.fields,
      status: call.status as NotReached,
      endedReason,
      leadOutcome,
      reason: call.errorMessage ?? (endedReason ? endedReasonLabels[endedReason] : null),
      durationSeconds: call.duration,
      endedAt,
    },
  });
}
