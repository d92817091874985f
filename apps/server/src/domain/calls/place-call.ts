import {
  type BlockedReason,
  endedReasonLabels,
  FORM_CONSENT_TEXT_FIELD,
  isYes,
  voiceSourceOf,
} from "@ringback/contracts";
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import {
  callRecords,
  formAssistants,
  formSubmissions,
  organizations,
} from "../../db/schema/index.ts";
import { INVALID_PHONE_NUMBER, VoiceProviderError } from "../../providers/voice/voice-provider.ts";
import { isOnDoNotCallList, lockNumber } from "../compliance/do-not-call.ts";
import { getOrganizationCallSettings } from "../compliance/organization-call-settings.ts";
import type { ResolvedVoice } from "../voice/voice-providers.ts";
import { emitCallStarted } from "../webhooks/webhook-events.ts";
import { applyOutcome } from "./apply-outcome.ts";
import { callBrief } from "./call-brief.ts";
import {
  attemptDueAt,
  attemptNumber,
  type CallEngineDeps,
  canceled,
  reconcilableAt,
  type Tx,
} from "./call-engine.ts";

type PlaceResult =
  | "dialed"
  | "no-provider"
  | "reconciled"
  | "rescheduled"
  | "waiting"
  | "canceled"
  | "blocked"
  | "skipped";

/**
 * The availability answer still says yes: a ticked box, a yes in any language, a yes choice — or
 * the form's own consent text, which the person agreed to by submitting the form.
 */
function consentStillGiven(
  consent: { answer?: unknown; question?: { id?: unknown } } | null,
): boolean {
  // Submissions stored before consent evidence was kept were scheduled on a yes.
  if (!consent) return true;
  if (consent.question?.id === FORM_CONSENT_TEXT_FIELD) return true;
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
