import type { CallContextAnswer, CallStatus, OutcomeQuestion } from "@ringback/contracts";

/**
 * A voice-AI vendor that places Ringback's calls (Bland AI first; Vapi and Retell follow behind
 * the same interface). Vendors' wire formats stay inside their adapter: everything here is our
 * own, normalized shape (DESIGN.md "providers behind interfaces").
 */
export const voiceProviderIds = ["bland"] as const;
export type VoiceProviderId = (typeof voiceProviderIds)[number];

/** What a worker asks for when it places one attempt's call. */
export interface PlaceCallInput {
  /** E.164, already normalized by the caller (e.g. +14155550123). */
  phoneNumber: string;
  /** The assistant's script with its variables filled in (fillScript): the agent's prompt. */
  task: string;
  /**
   * Who the agent is calling and what they wrote in the form (callContextAnswers: readable,
   * bounded, hidden fields left out), for the provider to hand to its agent as call data.
   */
  context: CallContext;
  /** What the agent says first, or null to let it open on its own. */
  firstSentence: string | null;
  /** Issue 14: what the call should find out; the provider answers them after the call. */
  outcomeQuestions: readonly OutcomeQuestion[];
  maxDurationMinutes: number;
  voicemail: { action: "hang_up" | "leave_message"; message: string | null };
  /** Where the provider posts the call's outcome (our signed webhook endpoint). */
  webhookUrl: string;
  /** Travels with the call and comes back in webhooks: how we find our records again. */
  metadata: { submissionId: string; attemptId: string; attempt: number; organizationId: string };
}

/** What the agent knows about the lead before it dials (issue 12 §3). */
export interface CallContext {
  /** The respondent's name from the assistant's Name field, when known. */
  respondentName: string | null;
  /** The lead's answers in form order. */
  answers: CallContextAnswer[];
}
/** SPEC.md §4 statuses, shared with the web app. */
export type { CallContextAnswer, CallStatus };
export type TranscriptSpeaker = "assistant" | "user" | "agent-action";
export type AnsweredBy = "human" | "voicemail" | "unknown";

export interface TranscriptEntry {
  speaker: TranscriptSpeaker;
  text: string;
  /** ISO timestamp when the provider gives one. */
  at: string | null;
}

/** A call as the provider last reported it, normalized. */
export interface CallOutcome {
  providerCallId: string;
  /** Our attempt id, read back from the call's metadata (null when the call carries none). */
  attemptId: string | null;
  /**
   * answered: a person picked up and the call ended; completed: the call ended without a person
   * (voicemail, or the provider could not tell); in-progress: queued, ringing or talking.
   */
  status: CallStatus;
  /** False while the call can still change (in-progress); true once it has ended. */
  final: boolean;
  durationSeconds: number | null;
  recordingUrl: string | null;
  summary: string | null;
  transcript: TranscriptEntry[];
  /** Who picked up, when the provider detected it; null when it did not say. */
  answeredBy: AnsweredBy | null;
  errorMessage: string | null;
  /**
   * The provider's own disposition says the person asked not to be called again (Bland's
   * `disposition_tag` DO_NOT_CONTACT). The call engine also reads the transcript (issue 13 §3).
   */
  askedNotToCall?: boolean;
  /**
   * The provider's answers to the outcome questions, by key, as it sent them (Bland's
   * `analysis`); the call engine reads them against the assistant's questions.
   */
  analysis?: unknown;
  /** The provider's payload, kept for support and reprocessing. */
  raw: unknown;
}

/**
 * Unanswered attempts are retried (PRODUCT.md "How calls are placed" step 5): no-answer, busy,
 * failed, and a completed call that reached voicemail.
 */
export function isRetryable(outcome: Pick<CallOutcome, "status" | "answeredBy">): boolean {
  switch (outcome.status) {
    case "no-answer":
    case "busy":
    case "failed":
      return true;
    case "completed":
      return outcome.answeredBy === "voicemail";
    default:
      return false;
  }
}

/** A provider error already worded for a person. */
export class VoiceProviderError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(message: string, options: { status: number; code: string; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = "VoiceProviderError";
    this.status = options.status;
    this.code = options.code;
  }
  /** The API key was refused: a configuration problem, not worth retrying. */
  get isAuthFailure(): boolean {
    return this.status === 401 || this.status === 403;
  }
  /**
   * The request to place a call may have reached the provider (timeout or dropped connection
   * after sending): reconcile with findCallsByAttempt before dialling again.
   */
  get mayHaveDialled(): boolean {
    return this.code === "outcome_unknown";
  }
}

export interface VoiceProvider {
  readonly id: VoiceProviderId;
  /** True when this provider talks to Ringback's built-in imitation rather than the vendor. */
  readonly simulator: boolean;
  /** Places one call; resolves once the provider has accepted it (not when it ends). */
  placeCall(input: PlaceCallInput): Promise<{ providerCallId: string }>;
  /** The call's current state; null when the provider does not know the id. */
  getCall(providerCallId: string): Promise<CallOutcome | null>;
  /**
   * Calls the provider placed for one attempt (by the attempt id in their metadata), so that a
   * crashed worker's job is reconciled rather than re-dialled blindly. Looks among the calls to
   * the attempt's number, so that a busy account's other calls cannot push it out of view.
   */
  findCallsByAttempt(input: { attemptId: string; phoneNumber: string }): Promise<CallOutcome[]>;
  /**
   * Downloads a call's recording from the URL the provider reported (with the provider's
   * credentials when the URL is the provider's own API). Throws VoiceProviderError when the
   * provider answers with an error (404 while a recording is still being prepared, say).
   */
  fetchRecording(
    recordingUrl: string,
  ): Promise<{ body: AsyncIterable<Uint8Array>; contentType: string | null }>;
  /** Checks a webhook's signature on the raw body (constant time). */
  verifyWebhook(rawBody: string, headers: Headers, secret: string): boolean;
  /** Parses a verified webhook; throws VoiceProviderError(400) on a malformed body. */
  parseWebhook(rawBody: string): CallOutcome;
}
