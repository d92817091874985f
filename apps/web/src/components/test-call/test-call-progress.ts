import {
  type CallStatus,
  type EndedReason,
  formatOutcomeValue,
  isPendingStatus,
  type OutcomeAnswer,
  type TestCallRefusal,
  type TestCallState,
} from "@ringback/contracts";
import { ApiRequestError } from "@/lib/api-client";

/**
 * "Call me now": what the dialog says at each moment of a test call — being
 * placed, calling, ringing, in progress, its result — and why one could not be placed.
 */

/** The steps the dialog shows, in order; the last is the result. */
export const TEST_CALL_STEPS = ["Calling", "Ringing", "In progress", "Ended"] as const;

/**
 * Whether the call has ended: the server's final word, or a status that is no longer pending
 * (its summary and transcript may still be on their way).
 */
export function hasEnded(state: Pick<TestCallState, "final" | "status"> | null): boolean {
  return state !== null && (state.final || !isPendingStatus(state.status));
}

/** Where the call is, from its status, for the steps: 0 calling … 3 ended. */
export function stepOf(state: Pick<TestCallState, "final" | "status"> | null): number {
  if (!state) return 0;
  if (hasEnded(state)) return 3;
  if (state.status === "in-progress") return 2;
  if (state.status === "ringing") return 1;
  // Scheduled or dialling: being placed.
  return 0;
}

/** One outcome as the result lists it: "Qualified?" Yes, "Budget" 5,000, or Unknown. */
export interface OutcomeRow {
  key: string;
  label: string;
  value: string;
  /** False when the call did not tell (the value reads "Unknown"). */
  known: boolean;
}

/** The call's outcome answers for the result: Yes / No, numbers and dates as read, "Unknown". */
export function outcomeRows(outcomes: readonly OutcomeAnswer[]): OutcomeRow[] {
  return outcomes.map((outcome) => {
    const value = formatOutcomeValue(outcome.value);
    return {
      key: outcome.key,
      label: outcome.label,
      value: value || "Unknown",
      known: value !== "",
    };
  });
}

/** The heading while the call has not ended (phone: as people read it, or null). */
export function liveHeading(status: CallStatus | null, phone: string | null): string {
  if (status === "in-progress") return "In progress";
  if (status === "ringing") return "Ringing…";
  return phone ? `Calling your phone ${phone}…` : "Calling your phone…";
}

/** The result's heading: what happened, in a few words. */
export function resultHeading(status: CallStatus, endedReason: EndedReason | null = null): string {
  switch (status) {
    case "answered":
      return "Call ended";
    case "voicemail":
      return "Voicemail";
    case "no-answer":
      return "No answer";
    case "busy":
      return "The line was busy";
    case "failed":
      return endedReason === "invalid-number" ? "The number cannot be called" : "The call failed";
    case "canceled":
      return "The call was canceled";
    case "not-called":
      return "The call was not placed";
    default:
      return "Call ended";
  }
}

/**
 * Whether the call was connected (a person, or a voicemail box): a transcript is expected, and
 * the steps do not end in the grey of a call that went nowhere.
 */
export function wasConnected(status: CallStatus): boolean {
  return status === "answered" || status === "voicemail";
}

export type Refusal = {
  reason: TestCallRefusal | "rate_limited" | "forbidden" | "other";
  title: string;
  message: string;
};

const REASONS = new Set<string>([
  "no_script",
  "no_verified_phone",
  "no_voice_provider",
  "do_not_call",
]);

/** Why POST …/test-calls refused, from its error (the server's words are shown as they are). */
export function refusalOf(error: unknown): Refusal {
  if (error instanceof ApiRequestError) {
    const reason = (error.details as { reason?: string } | null | undefined)?.reason;
    if (error.status === 429 || error.code === "rate_limited") {
      return { reason: "rate_limited", title: "Too many test calls", message: error.message };
    }
    if (error.status === 403) {
      return {
        reason: "forbidden",
        title: "Not allowed",
        message: "Only owners and admins can place test calls.",
      };
    }
    if (reason && REASONS.has(reason)) {
      const titles: Record<TestCallRefusal, string> = {
        no_script: "This assistant has no script yet",
        no_verified_phone: "No verified phone number",
        no_voice_provider: "No voice platform",
        do_not_call: "Your number is on the do-not-call list",
      };
      return {
        reason: reason as TestCallRefusal,
        title: titles[reason as TestCallRefusal],
        message: error.message,
      };
    }
    return { reason: "other", title: "The test call could not be placed", message: error.message };
  }
  return {
    reason: "other",
    title: "The test call could not be placed",
    message: error instanceof Error ? error.message : "Something went wrong. Please try again.",
  };
}
