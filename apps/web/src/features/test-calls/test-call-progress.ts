import type {
  CallLivePhase,
  CallStatus,
  TestCallRefusal,
  TestCallState,
} from "@ringback/contracts";
import { ApiRequestError } from "@/lib/api-client";

/**
 * Issue 15 §5, "Call me now": what the dialog says at each moment of a test call — being
 * placed, calling, ringing, in progress, its result — and why one could not be placed.
 */

/** The steps the dialog shows, in order; the last is the result. */
export const TEST_CALL_STEPS = ["Calling", "Ringing", "In progress", "Ended"] as const;

/** Where the call is, for the steps: 0 calling … 3 ended. */
export function stepOf(state: Pick<TestCallState, "final" | "livePhase"> | null): number {
  if (!state) return 0;
  if (state.final) return 3;
  if (state.livePhase === "in-progress") return 2;
  if (state.livePhase === "ringing") return 1;
  return 0;
}

/** The heading while the call has not ended (phone: as people read it, or null). */
export function liveHeading(phase: CallLivePhase | null, phone: string | null): string {
  if (phase === "in-progress") return "In progress";
  if (phase === "ringing") return "Ringing…";
  return phone ? `Calling your phone ${phone}…` : "Calling your phone…";
}

/** The result's heading: what happened, in a few words. */
export function resultHeading(status: CallStatus): string {
  switch (status) {
    case "answered":
    case "completed":
      return "Call ended";
    case "no-answer":
      return "No answer";
    case "busy":
      return "The line was busy";
    case "failed":
      return "The call failed";
    case "invalid-number":
      return "The number cannot be called";
    case "blocked-dnc":
    case "blocked-consent":
    case "blocked-limit":
    case "blocked-hours":
      return "The call was not placed";
    default:
      return "Call ended";
  }
}

/** Whether the call reached someone (a person or a voicemail box): a transcript is expected. */
export function wasAnswered(status: CallStatus): boolean {
  return status === "answered" || status === "completed";
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
