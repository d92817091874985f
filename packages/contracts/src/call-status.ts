/**
 * What Ringback says about calls, in one model used by every surface: Call Records, the
 * dashboard, CSV exports, the public API, outgoing webhooks and the call simulator
 * (docs/adr/0025-call-statuses.md).
 *
 * - An attempt's **status** says where one call is, or how it ended.
 * - Its **ended reason** says why, in words, mapped from each voice platform's documented
 *   reasons (and from Ringback's own checks for calls it did not place).
 * - A lead's **outcome** sums up all the attempts for one submission.
 *
 * A voicemail is never "answered": a person was not reached.
 */

export const callStatuses = [
  // Waiting for its time: the calling window, or a retry's delay.
  "scheduled",
  // Handed to the voice platform, not ringing yet.
  "dialling",
  "ringing",
  // Connected: a person or a machine is on the line.
  "in-progress",
  // Final: a person picked up and the call ended.
  "answered",
  "voicemail",
  "no-answer",
  "busy",
  "failed",
  // Canceled before it was dialled (the assistant was deactivated, a team member canceled it).
  "canceled",
  // Ringback did not dial it: the do-not-call list, the daily limit, no consent, no lawful hour.
  "not-called",
] as const;
export type CallStatus = (typeof callStatuses)[number];

export const callStatusLabels: Record<CallStatus, string> = {
  scheduled: "Scheduled",
  dialling: "Dialling",
  ringing: "Ringing",
  "in-progress": "In progress",
  answered: "Answered",
  voicemail: "Voicemail",
  "no-answer": "No answer",
  busy: "Busy",
  failed: "Failed",
  canceled: "Canceled",
  "not-called": "Not called",
};

/** What each status means, for a tooltip or the docs. */
export const callStatusDescriptions: Record<CallStatus, string> = {
  scheduled: "Waiting for its time: the calling window, or the delay before a retry.",
  dialling: "Handed to the voice platform; not ringing yet.",
  ringing: "The phone is ringing.",
  "in-progress": "Connected: the assistant is on the line.",
  answered: "A person picked up and the call ended.",
  voicemail: "The call reached voicemail, not a person.",
  "no-answer": "Nobody picked up, or nobody spoke.",
  busy: "The line was busy.",
  failed: "The call could not be completed: the number, the carrier or the voice platform.",
  canceled: "Canceled before it was dialled.",
  "not-called": "Ringback did not dial it: a compliance check or a setting stopped it.",
};

/** The statuses of an attempt that has not ended: it can still change. */
export const pendingCallStatuses = ["scheduled", "dialling", "ringing", "in-progress"] as const;
export type PendingCallStatus = (typeof pendingCallStatuses)[number];

export function isPendingStatus(status: CallStatus): status is PendingCallStatus {
  return (pendingCallStatuses as readonly string[]).includes(status);
}

/** An attempt that was never handed to a voice platform: it is no call made. */
export const undialledStatuses = ["scheduled", "canceled", "not-called"] as const;

/** An attempt that was dialled, whatever came of it (the dashboard counts these as calls). */
export const dialledStatuses = callStatuses.filter(
  (status): status is Exclude<CallStatus, (typeof undialledStatuses)[number]> =>
    !(undialledStatuses as readonly string[]).includes(status),
);

/** The final statuses of a call that was dialled (what an answer rate is a share of). */
export const dialledFinalStatuses = [
  "answered",
  "voicemail",
  "no-answer",
  "busy",
  "failed",
] as const;

/**
 * Why an attempt ended (or was not placed). Each voice adapter maps its platform's documented
 * reasons to these; the call engine adds its own for the calls it did not place.
 */
export const endedReasons = [
  "hung-up-by-lead",
  "ended-by-assistant",
  "max-duration",
  "silence-timeout",
  "transferred",
  "asked-not-to-call",
  "voicemail-message-left",
  "voicemail-no-message",
  "no-answer",
  "declined",
  "no-one-spoke",
  "busy",
  "invalid-number",
  "carrier-error",
  "platform-error",
  "call-dropped",
  "no-voice-platform",
  "assistant-deactivated",
  "canceled-by-user",
  "blocked-dnc",
  "blocked-limit",
  "blocked-consent",
  "blocked-hours",
] as const;
export type EndedReason = (typeof endedReasons)[number];

export const endedReasonLabels: Record<EndedReason, string> = {
  "hung-up-by-lead": "Hung up by the lead",
  "ended-by-assistant": "Ended by the assistant",
  "max-duration": "Max duration",
  "silence-timeout": "Silence timeout",
  transferred: "Transferred",
  "asked-not-to-call": "Asked not to be called",
  "voicemail-message-left": "Voicemail: message left",
  "voicemail-no-message": "Voicemail: no message left",
  "no-answer": "Rang without an answer",
  declined: "Declined by the lead",
  "no-one-spoke": "Connected, but no one spoke",
  busy: "Line busy",
  "invalid-number": "Invalid number",
  "carrier-error": "Carrier error",
  "platform-error": "Voice platform error",
  "call-dropped": "Call dropped",
  "no-voice-platform": "No voice platform set up",
  "assistant-deactivated": "Canceled: assistant deactivated",
  "canceled-by-user": "Canceled by a team member",
  "blocked-dnc": "Blocked: on do-not-call list",
  "blocked-limit": "Blocked: daily limit",
  "blocked-consent": "Blocked: no consent",
  "blocked-hours": "Not called: no lawful time in this assistant's calling window",
};

/** The reasons Ringback's pre-dial check gives an attempt it does not place. */
export type BlockedReason = Extract<EndedReason, `blocked-${string}`>;

/**
 * A lead's outcome over all its attempts. "meeting-booked" is reserved for booking during the
 * call; nothing sets it yet.
 */
export const leadOutcomes = [
  "reached",
  "voicemail-left",
  "not-reached-yet",
  "not-reached",
  "opted-out",
  "transferred",
  "meeting-booked",
] as const;
export type LeadOutcome = (typeof leadOutcomes)[number];

export const leadOutcomeLabels: Record<LeadOutcome, string> = {
  reached: "Reached",
  "voicemail-left": "Voicemail left",
  "not-reached-yet": "Not reached yet",
  "not-reached": "Not reached",
  "opted-out": "Opted out",
  transferred: "Transferred to a person",
  "meeting-booked": "Meeting booked",
};

export const leadOutcomeDescriptions: Record<LeadOutcome, string> = {
  reached: "A call reached the person.",
  "voicemail-left": "No one picked up; the assistant left a voicemail.",
  "not-reached-yet": "Not reached so far; another call is scheduled or under way.",
  "not-reached": "Not reached, and no call is left to make.",
  "opted-out": "The person asked not to be called, or the number is on the do-not-call list.",
  transferred: "The assistant transferred the call to a person on your team.",
  "meeting-booked": "A meeting was booked during the call.",
};

/**
 * The lead's outcome from its attempts' statuses and ended reasons, first match wins: opted out,
 * transferred, reached, voicemail left, not reached yet (an attempt pending), not reached. The
 * database computes the same for Call Records (ringback_lead_outcome, migration 0031); a test
 * holds the two together.
 */
export function leadOutcomeOf(
  attempts: readonly { status: CallStatus; endedReason: EndedReason | null }[],
): LeadOutcome {
  const any = (test: (a: { status: CallStatus; endedReason: EndedReason | null }) => boolean) =>
    attempts.some(test);
  if (any((a) => a.endedReason === "asked-not-to-call" || a.endedReason === "blocked-dnc")) {
    return "opted-out";
  }
  if (any((a) => a.endedReason === "transferred")) return "transferred";
  if (any((a) => a.status === "answered")) return "reached";
  if (any((a) => a.endedReason === "voicemail-message-left")) return "voicemail-left";
  if (any((a) => isPendingStatus(a.status))) return "not-reached-yet";
  return "not-reached";
}

/**
 * Whether a final attempt is tried again (after the assistant's retry delay, up to its maximum
 * attempts): nobody was reached and calling again may reach them. Never an invalid number (the
 * platform said it cannot be called, and calling again would say the same), never a person who
 * was reached or asked not to be called.
 */
export function isRetryableEnding(status: CallStatus, endedReason: EndedReason | null): boolean {
  if (endedReason === "invalid-number" || endedReason === "asked-not-to-call") return false;
  return (
    status === "no-answer" || status === "busy" || status === "voicemail" || status === "failed"
  );
}
