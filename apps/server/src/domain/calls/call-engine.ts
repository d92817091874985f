import {
  type BlockedReason,
  type CallStatus,
  type EndedReason,
  endedReasonLabels,
  isRetryableEnding,
  isYes,
  normalizeOutcomes,
  transcriptAsksNotToBeCalled,
  voiceSourceOf,
} from "@ringback/contracts";
import { and, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import {
  callRecords,
  formAssistants,
  formSubmissions,
  organizations,
} from "../../db/schema/index.ts";
import type { Logger } from "../../lib/logger.ts";
import {
  type CallOutcome,
  INVALID_PHONE_NUMBER,
  VoiceProviderError,
} from "../../providers/voice/voice-provider.ts";
import { createBatchedSender } from "../../queue/batched-sender.ts";
import type { Queue } from "../../queue/queue.ts";
import {
  ASKED_NOT_TO_BE_CALLED,
  addToDoNotCallList,
  isOnDoNotCallList,
  lockNumber,
} from "../compliance/do-not-call.ts";
import { getOrganizationCallSettings } from "../compliance/organization-call-settings.ts";
import type { ResolvedVoice, VoiceProviders } from "../voice/voice-providers.ts";
import type { RecordingLinks } from "../webhooks/recording-links.ts";
import { emitCallEnded, emitCallStarted } from "../webhooks/webhook-events.ts";
import { callBrief } from "./call-brief.ts";
import { countryOfNumber, isPublicHoliday, lawfulCallingWindow } from "./calling-hours.ts";
import {
  type CallingWindowSettings,
  effectiveCallingWindow,
  nextCallTime,
  timeZoneForNumber,
} from "./calling-window.ts";
import { enqueueRecordingFetch, pendingRecordings } from "./recordings.ts";

export const PLACE_CALL_JOB = "calls.place";

export interface CallEngineDeps {
  db: Database;
  queue: Queue;
  /** Where attempts are handed to the workers (batched: see createAttemptQueue). */
  attempts: AttemptQueue;
  /** Each organization's voice platform: its own account or the installation's. */
  voices: VoiceProviders;
  publicUrl: string;
  logger: Logger;
  /**
   * How long after a dial request an attempt left 'dialing' is presumed abandoned (its worker
   * died, or its request failed) and reconciled with the provider. Longer than the provider
   * request's timeout, so that a request still in flight is never reconciled — and re-dialled —
   * under its own worker's feet.
   */
  dialGraceMs: number;
  now?: () => Date;
  /**
   * Tests only (RESPONDENT_TIME_ZONE_FOR_TESTS, refused outside NODE_ENV=test): every respondent
   * is taken to be in this zone, so that a test can have its calls placed whatever the hour.
   */
  respondentTimeZone?: string | null;
  /** Signs the recording link call.completed webhooks carry. */
  recordingLinks?: RecordingLinks;
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * The first moment at or after notBefore inside the assistant's window narrowed to the law's
 * hours for the number (08:00–21:00, or its state's stricter ones), in the respondent's zone, on
 * a day the assistant calls (Sundays and public holidays of the number's country, if chosen).
 * Null when the window has no lawful hour for the number (20:00–21:00 and a Florida number):
 * such an attempt is never dialled (placeCall ends it as blocked-hours).
 * Never throws on a stored setting: unusable ones are replaced (effectiveCallingWindow).
 * `respondentTimeZone` replaces the number's zone: tests only (config refuses it elsewhere).
 */
export function attemptDueAt(
  assistant: CallingWindowSettings,
  phone: string,
  notBefore: Date,
  respondentTimeZone?: string | null,
): Date | null {
  const { window, timeZone } = effectiveCallingWindow(assistant);
  const lawful = lawfulCallingWindow(window, phone);
  if (!lawful) return null;
  // The number's country is parsed only for an assistant that skips holidays (this runs on
  // every delivery), and then once per attempt.
  let country: string | null | undefined;
  return nextCallTime(notBefore, lawful, respondentTimeZone || timeZoneForNumber(phone, timeZone), {
    skipSundays: assistant.skipSundays ?? false,
    skipHolidays: assistant.skipHolidays ?? false,
    isHoliday: (day) => {
      if (country === undefined) country = countryOfNumber(phone);
      return isPublicHoliday(country, day);
    },
  });
}

/**
 * Creates attempt N of a submission's call as a call_record, due at the first moment inside
 * the assistant's calling window in the respondent's local time. Runs inside the caller's
 * transaction (with the submission, or with the previous attempt's outcome).
 */
export async function scheduleAttempt(
  tx: Tx,
  input: {
    organizationId: string;
    submissionId: string;
    assistant: typeof formAssistants.$inferSelect;
    phone: string;
    attempt: number;
    notBefore: Date;
    respondentTimeZone?: string | null;
    /** A "Call me now" test call: due at once, whatever the calling window. */
    isTest?: boolean;
  },
): Promise<{ id: string; scheduledFor: Date }> {
  // An attempt with no lawful time is due at once: placeCall ends it without dialling.
  const scheduledFor = input.isTest
    ? input.notBefore
    : (attemptDueAt(input.assistant, input.phone, input.notBefore, input.respondentTimeZone) ??
      input.notBefore);
  const [row] = await tx
    .insert(callRecords)
    .values({
      organizationId: input.organizationId,
      submissionId: input.submissionId,
      assistantId: input.assistant.id,
      callAttempt: input.attempt,
      status: "scheduled",
      dialState: "scheduled",
      scheduledFor,
      isTest: input.isTest ?? false,
    })
    .onConflictDoNothing()
    .returning({ id: callRecords.id, scheduledFor: callRecords.scheduledFor });
  if (row) return row;
  // The attempt exists already (a duplicate outcome): keep the first one.
  const [existing] = await tx
    .select({ id: callRecords.id, scheduledFor: callRecords.scheduledFor })
    .from(callRecords)
    .where(
      and(
        eq(callRecords.submissionId, input.submissionId),
        eq(callRecords.callAttempt, input.attempt),
      ),
    );
  return existing!;
}

export interface AttemptQueue {
  /**
   * Hands an attempt to the workers, due at scheduledFor. A second job for the same attempt is
   * harmless (the attempt's row lock and dial state make it a no-op), so callers need not
   * coordinate; resolves once the job is committed.
   */
  enqueue(attempt: { id: string; scheduledFor: Date }): Promise<void>;
}

/**
 * calls.place jobs, inserted in batches: a burst of deliveries shares one insert and one
 * commit instead of paying for one each (about 40% of the ingest's cost when sent one by one).
 */
export function createAttemptQueue(queue: Queue): AttemptQueue {
  const sender = createBatchedSender<{ attemptId: string }>(queue, PLACE_CALL_JOB);
  return {
    enqueue: (attempt) =>
      sender.send({
        data: { attemptId: attempt.id },
        singletonKey: attempt.id,
        startAfter: attempt.scheduledFor,
        ...PLACE_CALL_RETRIES,
      }),
  };
}

/**
 * How a calls.place job is retried when it fails (a provider down, a timeout): wherever the job
 * is written — createAttemptQueue, or the ingest statement (attempt-statements.ts).
 */
export const PLACE_CALL_RETRIES = { retryLimit: 5, retryDelay: 5, retryBackoff: true } as const;

type PlaceResult =
  | "dialed"
  | "no-provider"
  | "reconciled"
  | "rescheduled"
  | "waiting"
  | "canceled"
  | "blocked"
  | "skipped";

/** The availability answer still says yes: a ticked box, a yes in any language, a yes choice. */
function consentStillGiven(consent: { answer?: unknown } | null): boolean {
  // Submissions stored before consent evidence was kept were scheduled on a yes.
  if (!consent) return true;
  const answer = String(consent.answer ?? "").trim();
  return isYes(answer) || /^(true|checked|ticked)$/i.test(answer);
}

/**
 * The pre-dial check, inside the transaction that claims the attempt and under its
 * number's lock: the number is not on the organization's do-not-call list, and the submission's
 * consent is still there. (The calling window is checked by the caller, which reschedules; the
 * per-number cap after it: preDialCap.)
 */
async function preDialBlock(
  tx: Tx,
  row: {
    attempt: typeof callRecords.$inferSelect;
    submission: typeof formSubmissions.$inferSelect;
  },
): Promise<BlockedReason | null> {
  const phone = row.submission.respondentPhoneNumber ?? "";
  if (await isOnDoNotCallList(tx, row.attempt.organizationId, phone)) return "blocked-dnc";
  if (row.submission.status !== "call_scheduled" || !consentStillGiven(row.submission.consent)) {
    return "blocked-consent";
  }
  return null;
}

/**
 * The organization's per-number cap: dials requested to this number in the last 24 hours, by
 * every assistant (its submissions by number: form_submissions_phone_idx), against the setting.
 */
async function preDialCap(
  tx: Tx,
  organizationId: string,
  phone: string,
  now: Date,
): Promise<BlockedReason | null> {
  const max = await numberCapOf(tx, organizationId);
  const [dials] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(callRecords)
    .innerJoin(formSubmissions, eq(formSubmissions.id, callRecords.submissionId))
    .where(
      and(
        eq(formSubmissions.respondentPhoneNumber, phone),
        eq(formSubmissions.organizationId, organizationId),
        gt(callRecords.dialRequestedAt, new Date(now.getTime() - 86_400_000)),
        // A team member's test calls to their own phone are not a lead's calls.
        eq(callRecords.isTest, false),
      ),
    );
  return (dials?.n ?? 0) >= max ? "blocked-limit" : null;
}

/**
 * The organization's per-number cap as its settings page shows it: the same reading, so that the
 * default the page shows is the default the engine enforces.
 */
export async function numberCapOf(
  tx: Pick<Database, "select">,
  organizationId: string,
): Promise<number> {
  return (await getOrganizationCallSettings(tx, organizationId)).maxCallsPerNumberPerDay;
}

/** What a blocked attempt looks like: final, never dialled, with the reason. */
function blocked(reason: BlockedReason, now: Date) {
  return {
    dialState: "canceled" as const,
    status: "not-called" as const,
    endedReason: reason,
    errorMessage: endedReasonLabels[reason],
    finalAt: now,
    updatedAt: now,
  };
}

/** The attempt's organization and number, read without a lock (to take the number's lock first). */
async function attemptNumber(
  tx: Tx,
  where: ReturnType<typeof eq>,
): Promise<{ organizationId: string; phone: string } | null> {
  const [row] = await tx
    .select({
      organizationId: callRecords.organizationId,
      phone: formSubmissions.respondentPhoneNumber,
    })
    .from(callRecords)
    .innerJoin(formSubmissions, eq(formSubmissions.id, callRecords.submissionId))
    .where(where);
  return row ? { organizationId: row.organizationId, phone: row.phone ?? "" } : null;
}

/** When an attempt marked 'dialing' at `dialRequestedAt` may be reconciled. */
function reconcilableAt(deps: CallEngineDeps, dialRequestedAt: Date | null, now: Date): Date {
  return new Date((dialRequestedAt ?? now).getTime() + deps.dialGraceMs);
}

/**
 * Places one attempt. The attempt is marked 'dialing' in its own committed transaction before
 * the provider is asked, so a worker that dies after asking finds 'dialing' on its next try and
 * asks the provider what it has for this attempt instead of dialling again (ADR 0008).
 */
export async function placeCall(deps: CallEngineDeps, attemptId: string): Promise<PlaceResult> {
  const now = deps.now?.() ?? new Date();
  const decision = await deps.db.transaction(async (tx) => {
    // The number's lock first, then the attempt's row: the order every writer of the number's
    // attempts and list entries keeps (lockNumber), so that a do-not-call addition and this claim
    // are one before the other, never interleaved, and the per-number count is exact.
    const number = await attemptNumber(tx, eq(callRecords.id, attemptId));
    if (!number) return { kind: "skipped" as const };
    await lockNumber(tx, number.organizationId, number.phone);
    const [row] = await tx
      .select({
        attempt: callRecords,
        assistant: formAssistants,
        submission: formSubmissions,
        companyName: organizations.name,
      })
      .from(callRecords)
      .innerJoin(formAssistants, eq(formAssistants.id, callRecords.assistantId))
      .innerJoin(formSubmissions, eq(formSubmissions.id, callRecords.submissionId))
      .innerJoin(organizations, eq(organizations.id, callRecords.organizationId))
      .where(eq(callRecords.id, attemptId))
      .for("update", { of: callRecords });
    if (!row) return { kind: "skipped" as const };
    const { attempt, assistant, submission } = row;
    if (attempt.dialState === "dialed" || attempt.dialState === "canceled" || attempt.finalAt) {
      return { kind: "skipped" as const };
    }
    // A test call tries out an assistant before it goes live: inactive is no reason to cancel it.
    if (!assistant.isActive && !submission.isTest) {
      await tx.update(callRecords).set(canceled(now)).where(eq(callRecords.id, attempt.id));
      return { kind: "canceled" as const };
    }
    if (attempt.dialState === "dialing") {
      const at = reconcilableAt(deps, attempt.dialRequestedAt, now);
      // Its dial request may still be in flight: look again once it cannot be.
      if (at > now) return { kind: "waiting" as const, at };
      return { kind: "reconcile" as const, row };
    }
    const block = await preDialBlock(tx, row);
    if (block) {
      await tx.update(callRecords).set(blocked(block, now)).where(eq(callRecords.id, attempt.id));
      return { kind: "blocked" as const };
    }
    // A test call goes out now (the team member asked for it, to their own phone): no calling
    // window and no per-number cap; the do-not-call list and consent above still apply.
    const due = submission.isTest
      ? now
      : attemptDueAt(
          assistant,
          submission.respondentPhoneNumber ?? "",
          now,
          deps.respondentTimeZone,
        );
    // The assistant's window has no hour the law allows for this number: not called at all,
    // rather than at hours the business never chose.
    if (due === null) {
      await tx
        .update(callRecords)
        .set(blocked("blocked-hours", now))
        .where(eq(callRecords.id, attempt.id));
      return { kind: "blocked" as const };
    }
    if (attempt.scheduledFor > now || due > now) {
      const scheduledFor = attempt.scheduledFor > due ? attempt.scheduledFor : due;
      await tx.update(callRecords).set({ scheduledFor }).where(eq(callRecords.id, attempt.id));
      return { kind: "rescheduled" as const, scheduledFor };
    }
    const capped = submission.isTest
      ? null
      : await preDialCap(tx, attempt.organizationId, number.phone, now);
    if (capped) {
      await tx.update(callRecords).set(blocked(capped, now)).where(eq(callRecords.id, attempt.id));
      return { kind: "blocked" as const };
    }
    // The organization's provider now; the attempt keeps it (and its credentials) for its
    // webhooks, reconciliation and recording, whatever the organization chooses later.
    const voice = await deps.voices.forOrganization(tx, attempt.organizationId);
    if (!voice) {
      await tx
        .update(callRecords)
        .set({
          dialState: "canceled",
          status: "not-called",
          endedReason: "no-voice-platform",
          errorMessage: NO_VOICE_PROVIDER,
          finalAt: now,
          updatedAt: now,
        })
        .where(eq(callRecords.id, attempt.id));
      return { kind: "no-provider" as const };
    }
    await tx
      .update(callRecords)
      .set({
        dialState: "dialing",
        status: "dialling",
        dialRequestedAt: now,
        voiceProvider: voice.provider.id,
        voiceConnectionId: voice.connectionId,
        simulated: voice.simulated,
        updatedAt: now,
      })
      .where(eq(callRecords.id, attempt.id));
    return { kind: "dial" as const, row, voice };
  });

  if (
    decision.kind === "skipped" ||
    decision.kind === "canceled" ||
    decision.kind === "blocked" ||
    decision.kind === "no-provider"
  ) {
    return decision.kind;
  }
  if (decision.kind === "rescheduled") {
    await deps.attempts.enqueue({ id: attemptId, scheduledFor: decision.scheduledFor });
    return "rescheduled";
  }
  if (decision.kind === "waiting") {
    await deps.attempts.enqueue({ id: attemptId, scheduledFor: decision.at });
    return "waiting";
  }
  let voice: ResolvedVoice | null;
  if (decision.kind === "reconcile") {
    voice = await deps.voices.forConnection(decision.row.attempt.voiceConnectionId);
    if (!voice) {
      deps.logger.warn({ attemptId }, "The attempt's voice connection is gone; not reconciling");
      return "skipped";
    }
    const known = await voice.provider.findCallsByAttempt({
      attemptId,
      phoneNumber: decision.row.submission.respondentPhoneNumber ?? "",
    });
    if (known.length > 0) {
      await markDialed(deps.db, attemptId, known[0]!.providerCallId);
      for (const outcome of known) {
        await applyOutcome(deps, outcome, { connectionId: voice.connectionId });
      }
      deps.logger.info(
        { attemptId, providerCallId: known[0]!.providerCallId },
        "Reconciled an interrupted dial with the provider; not dialling again",
      );
      return "reconciled";
    }
    // The provider never got the request: dialling now is the first dial, not a second. Claim
    // the re-dial (compare-and-set on the request time) so that two reconcilers cannot both dial.
    const claimed = await deps.db
      .update(callRecords)
      .set({ dialRequestedAt: now, updatedAt: now })
      .where(
        and(
          eq(callRecords.id, attemptId),
          eq(callRecords.dialState, "dialing"),
          decision.row.attempt.dialRequestedAt
            ? eq(callRecords.dialRequestedAt, decision.row.attempt.dialRequestedAt)
            : isNull(callRecords.dialRequestedAt),
        ),
      )
      .returning({ id: callRecords.id });
    if (claimed.length === 0) return "skipped";
    deps.logger.warn({ attemptId }, "A previous dial request never reached the provider; dialling");
  } else {
    voice = decision.voice;
  }

  const { assistant, submission, attempt } = decision.row;
  try {
    const { providerCallId } = await voice.provider.placeCall({
      phoneNumber: submission.respondentPhoneNumber ?? "",
      ...callBrief({ ...assistant, companyName: decision.row.companyName }, submission, {
        publicUrl: deps.publicUrl,
      }),
      outcomeQuestions: assistant.outcomeQuestions,
      maxDurationMinutes: assistant.maxCallMinutes,
      voicemail: { action: assistant.voicemailAction, message: assistant.voicemailMessage },
      // The saved voice only when it is from this connection's list (the simulator's or the
      // platform's own: voiceSourceOf).
      voice: assistantVoice(assistant, voiceSourceOf(voice.provider.id, voice.simulated)),
      assistant: { id: assistant.id, name: assistant.name, updatedAt: assistant.updatedAt },
      webhookUrl: voice.webhookUrl,
      metadata: {
        submissionId: submission.id,
        attemptId: attempt.id,
        attempt: attempt.callAttempt,
        organizationId: attempt.organizationId,
        ...(submission.isTest ? { test: true } : {}),
      },
    });
    await markDialed(deps.db, attempt.id, providerCallId);
    // The organization's webhook endpoints hear of it (never failing the dial); a
    // test call is not a lead's, so it is not announced.
    if (!submission.isTest) await emitCallStarted(deps, attempt.id);
    return "dialed";
  } catch (error) {
    if (error instanceof VoiceProviderError && error.status >= 400 && error.status < 500) {
      // Refused outright: a failed attempt, not a worker retry. A number the platform says cannot
      // be called is final (invalid-number, never retried).
      await applyOutcome(deps, {
        providerCallId: `refused-${attempt.id}`,
        attemptId: attempt.id,
        status: "failed",
        endedReason: error.code === INVALID_PHONE_NUMBER ? "invalid-number" : "platform-error",
        final: true,
        durationSeconds: null,
        recordingUrl: null,
        summary: null,
        transcript: [],
        answeredBy: null,
        errorMessage: error.message,
        raw: null,
      });
      return "dialed";
    }
    // Unknown whether the provider got it: stay 'dialing'; the retry reconciles first.
    throw error;
  }
}

/** Why an attempt failed without a provider to place it. */
export const NO_VOICE_PROVIDER =
  "No voice provider is set up. An owner or admin can choose one in Settings → Voice.";

/**
 * The assistant's voice options for a call through `platform` (a voice source: voiceSourceOf):
 * its voice only when it was chosen from that list (another list's id would mean nothing there:
 * its default voice speaks instead).
 */
export function assistantVoice(
  assistant: Pick<
    typeof formAssistants.$inferSelect,
    "voiceProvider" | "voiceId" | "language" | "transferNumber"
  >,
  platform: string,
) {
  return {
    voiceId: assistant.voiceProvider === platform ? assistant.voiceId : null,
    language: assistant.language,
    transferNumber: assistant.transferNumber,
  };
}

async function markDialed(db: Database, attemptId: string, providerCallId: string) {
  await db
    .update(callRecords)
    .set({ dialState: "dialed", providerCallId, updatedAt: new Date() })
    .where(
      and(eq(callRecords.id, attemptId), inArray(callRecords.dialState, ["dialing", "scheduled"])),
    );
}

/** What a canceled attempt looks like: final, never dialled, with the reason. */
function canceled(now: Date) {
  return {
    dialState: "canceled" as const,
    status: "canceled" as const,
    endedReason: "assistant-deactivated" as const,
    errorMessage: endedReasonLabels["assistant-deactivated"],
    finalAt: now,
    updatedAt: now,
  };
}

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

/** Deactivation cancels the assistant's attempts that have not been dialled yet. */
export async function cancelPendingAttempts(db: Database, assistantId: string): Promise<number> {
  const result = await db
    .update(callRecords)
    .set(canceled(new Date()))
    .where(
      and(
        eq(callRecords.assistantId, assistantId),
        eq(callRecords.dialState, "scheduled"),
        isNull(callRecords.finalAt),
        // A test call asked for while setting the assistant up goes out anyway.
        eq(callRecords.isTest, false),
      ),
    );
  return result.rowCount ?? 0;
}

/**
 * The safety net, run when a worker starts and every minute: re-enqueues due attempts whose job
 * may have been lost between a commit and its enqueue, or with a worker that died mid-dial, and
 * asks the provider about dialled calls whose webhook never came. A job it adds for an attempt
 * that still has one is harmless: the attempt's row lock and dial state make the second a no-op.
 */
export async function sweepAttempts(
  deps: CallEngineDeps,
): Promise<{ enqueued: number; polled: number }> {
  const now = deps.now?.() ?? new Date();
  const due = await deps.db
    .select({
      id: callRecords.id,
      scheduledFor: callRecords.scheduledFor,
      dialState: callRecords.dialState,
      dialRequestedAt: callRecords.dialRequestedAt,
    })
    .from(callRecords)
    .where(
      and(
        inArray(callRecords.dialState, ["scheduled", "dialing"]),
        lte(callRecords.scheduledFor, new Date(now.getTime() + 60_000)),
        isNull(callRecords.finalAt),
      ),
    )
    .limit(1000);
  for (const attempt of due) {
    await deps.attempts.enqueue({
      id: attempt.id,
      // An interrupted dial is looked at once its request can no longer be in flight.
      scheduledFor:
        attempt.dialState === "dialing"
          ? reconcilableAt(deps, attempt.dialRequestedAt, now)
          : attempt.scheduledFor,
    });
  }
  const stale = await deps.db
    .select({
      providerCallId: callRecords.providerCallId,
      voiceConnectionId: callRecords.voiceConnectionId,
    })
    .from(callRecords)
    .where(
      and(
        eq(callRecords.dialState, "dialed"),
        isNull(callRecords.finalAt),
        lte(callRecords.updatedAt, new Date(now.getTime() - 15 * 60_000)),
        sql`${callRecords.providerCallId} is not null`,
      ),
    )
    .limit(200);
  for (const id of await pendingRecordings(deps.db, now)) {
    await enqueueRecordingFetch(deps.queue, id);
  }
  let polled = 0;
  for (const { providerCallId, voiceConnectionId } of stale) {
    const voice = await deps.voices.forConnection(voiceConnectionId);
    const outcome = await voice?.provider.getCall(providerCallId!);
    if (outcome) {
      await applyOutcome(deps, outcome, { connectionId: voiceConnectionId });
      polled += 1;
    }
  }
  return { enqueued: due.length, polled };
}
