import {
  type CallStatus,
  type EndedReason,
  isRetryableEnding,
  normalizeOutcomes,
  transcriptAsksNotToBeCalled,
} from "@ringback/contracts";
import { eq } from "drizzle-orm";
import { callRecords, formAssistants, formSubmissions } from "../../db/schema/index.ts";
import type { CallOutcome } from "../../providers/voice/voice-provider.ts";
import {
  ASKED_NOT_TO_BE_CALLED,
  addToDoNotCallList,
  lockNumber,
} from "../compliance/do-not-call.ts";
import { emitCallEnded } from "../webhooks/webhook-events.ts";
import { attemptNumber, type CallEngineDeps, scheduleAttempt, type Tx } from "./call-engine.ts";
import { enqueueRecordingFetch } from "./recordings.ts";

/**
 * A call's news from the provider (webhook or reconciliation). Duplicates and stale news are
 * harmless: once an attempt is final it no longer changes. A final, unanswered attempt below
 * the assistant's maximum schedules the next one after its retry delay.
 */
export async function applyOutcome(
  deps: CallEngineDeps,
  outcome: CallOutcome,
  /**
   * Where the news came from: it applies only to an attempt placed through that
   * connection, so that one organization's signed webhook can never write another's calls.
   * Left out for the engine's own outcomes (a refused dial).
   */
  source?: { connectionId: string | null },
): Promise<void> {
  const now = deps.now?.() ?? new Date();
  const which = outcome.attemptId
    ? eq(callRecords.id, outcome.attemptId)
    : eq(callRecords.providerCallId, outcome.providerCallId);
  const result = await deps.db.transaction(async (tx) => {
    // The number's lock before the row's, as placeCall: an opt-out heard here cancels the
    // number's other attempts.
    const number = await attemptNumber(tx, which);
    if (number) await lockNumber(tx, number.organizationId, number.phone);
    const [row] = await tx
      .select({ attempt: callRecords, assistant: formAssistants, submission: formSubmissions })
      .from(callRecords)
      .innerJoin(formAssistants, eq(formAssistants.id, callRecords.assistantId))
      .innerJoin(formSubmissions, eq(formSubmissions.id, callRecords.submissionId))
      .where(which)
      .for("update", { of: callRecords });
    if (!row) return { next: null, recording: null };
    if (source && row.attempt.voiceConnectionId !== source.connectionId) {
      deps.logger.warn(
        { attemptId: row.attempt.id, connectionId: source.connectionId },
        "Ignored a call update from another voice connection than the attempt's",
      );
      return { next: null, recording: null };
    }
    if (row.attempt.finalAt) {
      // Once final, a call's status never changes (its retry was decided on it). A later final
      // report may still bring what the first lacked — Retell's call_analyzed follows
      // call_ended with the summary and the outcome answers — and only fills in what is empty.
      const recording = outcome.final ? await completeFinalAttempt(tx, row, outcome, now) : null;
      return { next: null, recording };
    }
    const { attempt, assistant, submission } = row;
    // The person asked not to be called again (the provider's disposition, or their own words in
    // the transcript): the attempt ends with that reason, and the number goes on the list below.
    const phone = submission.respondentPhoneNumber;
    const optedOut =
      outcome.final &&
      phone !== null &&
      phone !== "" &&
      (outcome.askedNotToCall === true || transcriptAsksNotToBeCalled(outcome.transcript));
    const endedReason = optedOut
      ? "asked-not-to-call"
      : endingReason(outcome, assistant.voicemailAction);
    await tx
      .update(callRecords)
      .set({
        status: outcome.status,
        endedReason: outcome.final ? endedReason : null,
        duration: outcome.durationSeconds ?? attempt.duration,
        recordingUrl: outcome.recordingUrl ?? attempt.recordingUrl,
        callSummary: outcome.summary ?? attempt.callSummary,
        transcriptJson: outcome.transcript.length > 0 ? outcome.transcript : attempt.transcriptJson,
        // The provider's answers, read against the assistant's questions.
        outcomes:
          normalizeOutcomes(assistant.outcomeQuestions, outcome.analysis) ?? attempt.outcomes,
        answeredBy: outcome.answeredBy ?? attempt.answeredBy,
        errorMessage: outcome.errorMessage ?? attempt.errorMessage,
        providerCallId: attempt.providerCallId ?? outcome.providerCallId,
        dialState: attempt.dialState === "canceled" ? "canceled" : "dialed",
        livePhase: outcome.final ? null : livePhaseOf(outcome.status),
        finalAt: outcome.final ? now : null,
        updatedAt: now,
      })
      .where(eq(callRecords.id, attempt.id));
    // A final call with a recording: copy it into our storage once committed.
    const recording =
      outcome.final && (outcome.recordingUrl ?? attempt.recordingUrl) ? attempt.id : null;
    // The number goes on the organization's list, which cancels every pending attempt to it,
    // for every assistant; nothing is retried.
    const followUp = async () => {
      if (optedOut && phone) {
        await addToDoNotCallList(tx, {
          organizationId: attempt.organizationId,
          phoneNumber: phone,
          reason: ASKED_NOT_TO_BE_CALLED,
          source: "call",
          actor: { userId: null, label: "A call" },
          callRecordId: attempt.id,
        });
        return null;
      }
      // A test call is tried once: the person asking is watching it.
      if (!outcome.final || !isRetryableEnding(outcome.status, endedReason) || submission.isTest) {
        return null;
      }
      if (!assistant.isActive || attempt.callAttempt >= assistant.maxAttempts) return null;
      return scheduleAttempt(tx, {
        organizationId: attempt.organizationId,
        submissionId: submission.id,
        assistant,
        phone: submission.respondentPhoneNumber ?? "",
        attempt: attempt.callAttempt + 1,
        notBefore: new Date(now.getTime() + assistant.retryDelayMinutes * 60_000),
        respondentTimeZone: deps.respondentTimeZone,
      });
    };
    const next = await followUp();
    // A final attempt is call.completed or call.failed for the webhook endpoints, sent once what
    // follows it is decided (a retry, the do-not-call list), so that its lead outcome is true.
    if (outcome.final && !submission.isTest) {
      await emitCallEnded(tx, {
        callRecordId: attempt.id,
        at: now,
        recordingLinks: deps.recordingLinks,
      });
    }
    return { next, recording };
  });
  if (result.recording) await enqueueRecordingFetch(deps.queue, result.recording);
  if (result.next) await deps.attempts.enqueue(result.next);
}

/**
 * Fills in a final attempt's empty fields from a later final report of the same call (never its
 * status, duration or who answered: those were final). Returns the attempt's id when the report
 * brought a recording to copy.
 */
async function completeFinalAttempt(
  tx: Tx,
  row: {
    attempt: typeof callRecords.$inferSelect;
    assistant: typeof formAssistants.$inferSelect;
  },
  outcome: CallOutcome,
  now: Date,
): Promise<string | null> {
  const { attempt, assistant } = row;
  if (attempt.dialState === "canceled" || outcome.providerCallId !== attempt.providerCallId) {
    return null;
  }
  const outcomes = attempt.outcomes
    ? null
    : normalizeOutcomes(assistant.outcomeQuestions, outcome.analysis);
  const transcript =
    hasEntries(attempt.transcriptJson) || outcome.transcript.length === 0
      ? null
      : outcome.transcript;
  const changes = {
    ...(attempt.callSummary || !outcome.summary ? {} : { callSummary: outcome.summary }),
    ...(outcomes ? { outcomes } : {}),
    ...(transcript ? { transcriptJson: transcript } : {}),
    ...(attempt.recordingUrl || !outcome.recordingUrl
      ? {}
      : { recordingUrl: outcome.recordingUrl }),
  };
  if (Object.keys(changes).length === 0) return null;
  await tx
    .update(callRecords)
    .set({ ...changes, updatedAt: now })
    .where(eq(callRecords.id, attempt.id));
  return "recordingUrl" in changes ? attempt.id : null;
}

const hasEntries = (value: unknown) => Array.isArray(value) && value.length > 0;

/**
 * A final outcome's ended reason: the platform's, or for a voicemail whose platform did not say,
 * what the assistant was set to do there (leave its message, or hang up).
 */
function endingReason(
  outcome: Pick<CallOutcome, "status" | "endedReason" | "final">,
  voicemailAction: "hang_up" | "leave_message",
): EndedReason | null {
  if (!outcome.final) return null;
  if (outcome.status === "voicemail" && outcome.endedReason === null) {
    return voicemailAction === "leave_message" ? "voicemail-message-left" : "voicemail-no-message";
  }
  return outcome.endedReason;
}

/** Where a call that has not ended is, as the test-call dialog shows it. */
function livePhaseOf(status: CallStatus): "queued" | "ringing" | "in-progress" {
  return status === "ringing" || status === "in-progress" ? status : "queued";
}
