import type {
  CallContextAnswer,
  CallerNumber,
  CallStatus,
  EndedReason,
  OutcomeQuestion,
  VoiceOption,
  VoicePlatformId,
} from "@ringback/contracts";
import type { OutboundClient } from "../../lib/outbound-http.ts";

/**
 * A voice-AI vendor that places Ringback's calls: Bland, Vapi and Retell, each with
 * an organization's own account or the installation's default, or played by the call
 * simulator. Vendors' wire formats stay inside their adapter: everything here is our own,
 * normalized shape (ADR 0018). One instance serves one
 * connection (one account's credentials), so credentials never cross organizations.
 */
export const voiceProviderIds = [
  "bland",
  "vapi",
  "retell",
] as const satisfies readonly VoicePlatformId[];
export type VoiceProviderId = VoicePlatformId;
export type { CallerNumber, VoiceOption };

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
  /** What the call should find out; the provider answers them after the call. */
  outcomeQuestions: readonly OutcomeQuestion[];
  maxDurationMinutes: number;
  voicemail: { action: "hang_up" | "leave_message"; message: string | null };
  /** The assistant's voice options, each passed in the provider's own terms. */
  voice: VoiceSettingsInput;
  /**
   * The assistant the call is for, and when its settings last changed: a provider that keeps an
   * agent per assistant (Retell) creates or updates it from this before dialling.
   */
  assistant: { id: string; name: string | null; updatedAt: Date };
  /** Where the provider posts the call's outcome (our signed webhook endpoint). */
  webhookUrl: string;
  /** Travels with the call and comes back in webhooks: how we find our records again. */
  metadata: {
    submissionId: string;
    attemptId: string;
    attempt: number;
    organizationId: string;
    /** A "Call me now" test call. */
    test?: boolean;
  };
}

/** An assistant's voice options; null means "the provider's default". */
export interface VoiceSettingsInput {
  /** The provider's own voice id (from listVoices), or null. */
  voiceId: string | null;
  /** BCP 47, e.g. "en-US"; null: the provider's default (English). */
  language: string | null;
  /** E.164 number to transfer to when the person asks for a human; null: no transfer. */
  transferNumber: string | null;
}

/** What the agent knows about the lead before it dials. */
export interface CallContext {
  /** The respondent's name from the assistant's Name field, when known. */
  respondentName: string | null;
  /** The lead's answers in form order. */
  answers: CallContextAnswer[];
}
/** The call statuses and ended reasons, shared with the web app (contracts' call-status.ts). */
export type { CallContextAnswer, CallStatus, EndedReason };
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
   * While the call can change (final: false): dialling (the platform has it, not ringing yet),
   * ringing or in-progress (a person or a machine is on the line). Once final: answered (a
   * person picked up), voicemail, no-answer (it rang out, or it connected and no one spoke),
   * busy or failed. Never a status Ringback gives calls it does not dial (scheduled, canceled,
   * not-called).
   */
  status: OutcomeStatus;
  /**
   * Why the call ended, mapped from the platform's documented reason (its table lives in the
   * adapter); null while the call is on, or when the platform did not say. The call engine
   * decides voicemail-message-left / voicemail-no-message from the assistant's setting when the
   * adapter leaves a voicemail's reason null, and asked-not-to-call from the transcript.
   */
  endedReason: EndedReason | null;
  /** False while the call can still change; true once it has ended. */
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
   * `disposition_tag` DO_NOT_CONTACT). The call engine also reads the transcript.
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

/** The statuses a voice platform can report (see CallOutcome.status). */
export type OutcomeStatus = Extract<
  CallStatus,
  | "dialling"
  | "ringing"
  | "in-progress"
  | "answered"
  | "voicemail"
  | "no-answer"
  | "busy"
  | "failed"
>;

/**
 * The VoiceProviderError code of a dial refused because the number cannot be called (not an
 * international number, or the platform says so): the attempt ends as failed, with the ended reason invalid-number (never retried).
 */
export const INVALID_PHONE_NUMBER = "invalid_phone_number";

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
  /**
   * A harmless authenticated request (the account's phone numbers, say): resolves with what it
   * found, in a sentence; throws VoiceProviderError (isAuthFailure for a refused key).
   */
  verify(): Promise<{ summary: string }>;
  /** The numbers the account can call from; null when the platform has no such list. */
  listCallerNumbers(): Promise<CallerNumber[] | null>;
  /** The platform's voices, fetched through its API. */
  listVoices(): Promise<VoiceOption[]>;
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
  /**
   * Checks a webhook's authentication as the vendor documents it (a signature on the raw body,
   * or a shared secret header), with this connection's secret, in constant time.
   */
  verifyWebhook(rawBody: string, headers: Headers): boolean;
  /**
   * Parses a verified webhook: the call's news, or null for an event that carries none we use
   * (acknowledged and ignored). Throws VoiceProviderError(400) on a malformed body.
   */
  parseWebhook(rawBody: string): CallOutcome | null;
}

/** Far above any call Ringback places (10 minutes of WAV is about 10 MB); a guard for the disk. */
export const MAX_RECORDING_BYTES = 200 * 1024 * 1024;

/** What every adapter factory takes: one connection's account. */
export interface VoiceAdapterOptions {
  apiKey: string;
  /** The vendor's API base (default: the real one), or the simulator's. */
  apiUrl?: string;
  /** Bland's signing secret, Vapi's server secret; null where the platform has none. */
  webhookSecret: string | null;
  /** The `from` number (E.164) or Vapi's phone-number id; null: the account's default. */
  callerNumber: string | null;
  simulator: boolean;
  fetch?: typeof fetch;
  /**
   * The guarded client for recording URLs, which come from the vendor's payloads (default: one
   * that refuses every address that is not public, and http: nowhere).
   */
  outbound?: OutboundClient;
  /** Per request (default 15 s). */
  timeoutMs?: number;
  /** For downloading one recording, body included (default 5 min). */
  recordingTimeoutMs?: number;
}

/**
 * Where an adapter keeps the agent it created for an assistant on the platform (Retell's LLM and
 * agent), per connection: voice_agents.
 */
export interface VoiceAgentStore {
  get(assistantId: string): Promise<StoredVoiceAgent | null>;
  save(assistantId: string, agent: StoredVoiceAgent): Promise<void>;
  /** Runs fn with the assistant's agent locked across processes (no two creations at once). */
  withLock<T>(assistantId: string, fn: () => Promise<T>): Promise<T>;
}
export interface StoredVoiceAgent {
  agentId: string;
  llmId: string | null;
  settingsHash: string;
}
