import { z } from "zod";
import {
  type AnsweredBy,
  type CallOutcome,
  type EndedReason,
  type OutcomeStatus,
  type TranscriptEntry,
  type TranscriptSpeaker,
  VoiceProviderError,
} from "../voice-provider.ts";

/**
 * Retell's call object, as much of it as we read. The same object comes back from
 * GET /v2/get-call/{call_id}, in POST /v3/list-calls' `items`, and as `call` in the webhooks
 * (`{ event, call }`: https://docs.retellai.com/features/webhook-overview). Fields per the SDK's
 * PhoneCallResponse (retell-typescript-sdk src/resources/call.ts). Every field but the id is
 * lenient: a field of an unexpected type reads as absent rather than refusing a real outcome.
 */
const lenient = <T extends z.ZodType>(schema: T) => schema.nullable().optional().catch(undefined);

const callAnalysisSchema = z
  .object({
    call_summary: lenient(z.string()),
    in_voicemail: lenient(z.boolean()),
    user_sentiment: lenient(z.string()),
    call_successful: lenient(z.boolean()),
    /** The answers to the agent's post_call_analysis_data, by name. */
    custom_analysis_data: lenient(z.record(z.string(), z.unknown())),
  })
  .loose();

const retellCallSchema = z
  .object({
    call_id: lenient(z.string().min(1)),
    call_type: lenient(z.string()),
    /** registered | not_connected | ongoing | ended | error */
    call_status: lenient(z.string()),
    disconnection_reason: lenient(z.string()),
    /** Milliseconds, "available after call ends". */
    duration_ms: lenient(z.number()),
    /** Milliseconds since the epoch. */
    start_timestamp: lenient(z.number()),
    end_timestamp: lenient(z.number()),
    transcript: lenient(z.string()),
    transcript_object: lenient(z.array(z.unknown())),
    recording_url: lenient(z.string()),
    call_analysis: lenient(callAnalysisSchema),
    metadata: lenient(z.record(z.string(), z.unknown())),
  })
  .loose();

export type RetellCall = z.infer<typeof retellCallSchema>;

const utteranceSchema = z
  .object({
    role: z.string(),
    content: z.string(),
    words: lenient(z.array(z.object({ start: lenient(z.number()) }).loose())),
  })
  .loose();

/**
 * What an ended call's disconnection_reason says: how it ended, our ended reason, and for a
 * failure a sentence for a person.
 * - ended: the conversation took place: "answered" with the reason when the person spoke,
 *   otherwise no-answer, no-one-spoke;
 * - voicemail: a machine answered (Retell does not say whether a message was left: the reason is
 *   left to the engine);
 * - busy, no-answer: never connected, as named;
 * - failed: it never connected, or an error ended it: failed with the reason, or "answered" with
 *   call-dropped when the person had spoken.
 * Reasons and their call status (ended, not_connected, error) per
 * https://docs.retellai.com/reliability/debug-call-disconnect and the SDK's `disconnection_reason`
 * enum (retell-typescript-sdk src/resources/call.ts, PhoneCallResponse).
 */
interface Disconnection {
  ending: "ended" | "voicemail" | "busy" | "no-answer" | "failed";
  reason: EndedReason | null;
  message?: string;
}

const ended = (reason: EndedReason | null): Disconnection => ({ ending: "ended", reason });
const carrier = (message: string): Disconnection => ({
  ending: "failed",
  reason: "carrier-error",
  message,
});
const platform = (message: string): Disconnection => ({
  ending: "failed",
  reason: "platform-error",
  message,
});
const VOICEMAIL: Disconnection = { ending: "voicemail", reason: null };

/**
 * THE mapping tables: Retell's call_status and disconnection_reason → Ringback's outcome. Every
 * value of the SDK's enums is listed; an unknown reason falls back by its prefix (error_*, dial_*)
 * and otherwise counts as an ended call with no reason.
 */
export const RETELL_CALL_STATUSES: Record<
  string,
  { final: false; status: "dialling" | "ringing" | "in-progress" } | { final: true }
> = {
  // "Call id issued, starting to make a call using this id": Retell has no ringing status of its
  // own, and the phone rings for most of this one.
  registered: { final: false, status: "ringing" },
  ongoing: { final: false, status: "in-progress" },
  not_connected: { final: true },
  ended: { final: true },
  error: { final: true },
};

export const RETELL_DISCONNECTION_REASONS: Record<string, Disconnection> = {
  // The conversation took place (call status "ended").
  // "User hung up the call."
  user_hangup: ended("hung-up-by-lead"),
  // "AI agent hung up the call."
  agent_hangup: ended("ended-by-assistant"),
  // "AI agent transferred the call"; a warm transfer bridged to its destination.
  call_transfer: ended("transferred"),
  transfer_bridged: ended("transferred"),
  // A warm transfer cancelled: the call ended without reaching the transfer's destination.
  transfer_cancelled: ended("call-dropped"),
  // "The end_call_after_silence_ms setting reached after long inactivity."
  inactivity: ended("silence-timeout"),
  // "Call was terminated due to maximum duration reached."
  max_duration_reached: ended("max-duration"),
  // Stopped through Retell's API or dashboard, or taken over: Retell does not document by whom.
  manual_stopped: ended(null),
  call_take_over: ended(null),
  // A machine answered: voicemail, or an IVR the agent hung up on.
  voicemail_reached: VOICEMAIL,
  ivr_reached: VOICEMAIL,
  // Not connected.
  dial_busy: { ending: "busy", reason: "busy" },
  dial_no_answer: { ending: "no-answer", reason: "no-answer" },
  // "User declined the call."
  user_declined: { ending: "no-answer", reason: "declined" },
  // "The number dialed is invalid": final, never retried.
  invalid_destination: {
    ending: "failed",
    reason: "invalid-number",
    message: "The number dialled is not valid.",
  },
  // "Dialing failed with no or unknown sip error code", and the telephony side's failures.
  dial_failed: carrier("The call could not be connected."),
  telephony_provider_permission_denied: carrier(
    "Retell's telephony provider refused to call this number.",
  ),
  telephony_provider_unavailable: carrier("Retell's telephony provider was unavailable."),
  sip_routing_error: carrier("The call could not be routed."),
  marked_as_spam: carrier("The caller number is marked as spam by the carrier."),
  // Retell's own limits and errors.
  scam_detected: platform("Retell stopped the call: it detected a scam."),
  concurrency_limit_reached: platform("The Retell account reached its limit of concurrent calls."),
  no_concurrency_fallback: platform("The Retell account reached its limit of concurrent calls."),
  no_valid_payment: platform("The Retell account has no valid payment method."),
  registered_call_timeout: platform("The call was never started."),
  error_user_not_joined: platform("The call was never joined."),
  error_llm_websocket_open: platform("Retell could not reach the agent's language model."),
  error_llm_websocket_lost_connection: platform("Retell lost the agent's language model."),
  error_llm_websocket_runtime: platform("The agent's language model failed during the call."),
  error_llm_websocket_corrupt_payload: platform("The agent's language model sent invalid data."),
  error_no_audio_received: platform("No audio was received."),
  error_asr: platform("Retell's speech recognition failed."),
  error_retell: platform("Retell had an internal error."),
  error_unknown: platform("The call failed for an unknown reason."),
};

function disconnectionOf(reason: string | null | undefined): Disconnection | null {
  if (!reason) return null;
  const known = RETELL_DISCONNECTION_REASONS[reason];
  if (known) return known;
  if (reason.startsWith("error_")) return platform(`The call failed (${reason}).`);
  if (reason.startsWith("dial_")) return carrier(`The call could not be connected (${reason}).`);
  return ended(null);
}

/** Milliseconds → whole seconds; null for anything that is not a non-negative number. */
export function msToSeconds(ms: number | null | undefined): number | null {
  if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0) return null;
  return Math.round(ms / 1000);
}

/** duration_ms, else end_timestamp − start_timestamp (both ms since the epoch). */
export function durationSeconds(
  call: Pick<RetellCall, "duration_ms" | "start_timestamp" | "end_timestamp">,
): number | null {
  const fromDuration = msToSeconds(call.duration_ms);
  if (fromDuration !== null) return fromDuration;
  if (typeof call.start_timestamp === "number" && typeof call.end_timestamp === "number") {
    return msToSeconds(call.end_timestamp - call.start_timestamp);
  }
  return null;
}

/** Retell's roles: agent, user, and transfer_target (the person a call was transferred to). */
export function mapRole(role: string): TranscriptSpeaker {
  switch (role.trim().toLowerCase()) {
    case "agent":
      return "assistant";
    case "user":
      return "user";
    default:
      return "agent-action";
  }
}

/**
 * transcript_object → our transcript. A word's `start` is seconds of audio since the call began
 * ("relative audio time, not wall time", approximate), so an utterance's time is start_timestamp
 * plus its first word's start, when both are known. Falls back to the `transcript` string
 * ("Agent: …\nUser: …" lines).
 */
export function mapTranscript(
  call: Pick<RetellCall, "transcript_object" | "transcript" | "start_timestamp">,
): TranscriptEntry[] {
  const entries: TranscriptEntry[] = [];
  for (const item of call.transcript_object ?? []) {
    const parsed = utteranceSchema.safeParse(item);
    if (!parsed.success || parsed.data.content.trim() === "") continue;
    const start = parsed.data.words?.find((w) => typeof w.start === "number")?.start;
    const at =
      typeof call.start_timestamp === "number" && typeof start === "number"
        ? new Date(call.start_timestamp + Math.round(start * 1000)).toISOString()
        : null;
    entries.push({ speaker: mapRole(parsed.data.role), text: parsed.data.content, at });
  }
  if (entries.length > 0 || !call.transcript) return entries;
  for (const line of call.transcript.split("\n")) {
    const match = /^\s*(agent|user)\s*:\s*(.*)$/i.exec(line);
    if (match?.[2]?.trim()) {
      entries.push({ speaker: mapRole(match[1]!), text: match[2].trim(), at: null });
    }
  }
  return entries;
}

function attemptIdOf(metadata: Record<string, unknown> | null | undefined): string | null {
  const value = metadata?.attempt_id;
  if (typeof value === "string" && value.length > 0) return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

const userSpoke = (transcript: readonly TranscriptEntry[]) =>
  transcript.some((entry) => entry.speaker === "user" && entry.text.trim() !== "");

/**
 * The call's status and ended reason from the tables. A call that reached a person is "answered"
 * and never retried, whatever else Retell reports with it (an LLM error after a conversation,
 * say: call-dropped). Retell does not report who answered except for voicemail (in_voicemail,
 * voicemail_reached): the respondent speaking in the transcript is what tells a person was
 * reached. A voicemail is never "answered".
 */
export function mapRetellCall(
  call: Pick<
    RetellCall,
    "call_status" | "disconnection_reason" | "call_analysis" | "start_timestamp"
  >,
  transcript: readonly TranscriptEntry[],
): {
  status: OutcomeStatus;
  endedReason: EndedReason | null;
  final: boolean;
  answeredBy: AnsweredBy | null;
  errorMessage: string | null;
} {
  const state = RETELL_CALL_STATUSES[call.call_status ?? ""];
  const disconnection = disconnectionOf(call.disconnection_reason);
  // A reason means the call is over even if the status lags (or is missing).
  if (!disconnection && !state?.final) {
    return {
      status: state && !state.final ? state.status : "dialling",
      endedReason: null,
      final: false,
      answeredBy: null,
      errorMessage: null,
    };
  }
  const outcome: Disconnection =
    disconnection ??
    (call.call_status === "error"
      ? platform("The call failed.")
      : call.call_status === "not_connected"
        ? carrier("The call could not be connected.")
        : ended(null));
  const done = (
    status: OutcomeStatus,
    endedReason: EndedReason | null,
    answeredBy: AnsweredBy | null,
    errorMessage: string | null = null,
  ) => ({ status, endedReason, final: true, answeredBy, errorMessage });
  const machine = outcome.ending === "voicemail" || call.call_analysis?.in_voicemail === true;
  const connected = outcome.ending === "ended" || outcome.ending === "voicemail";
  if (machine && connected) return done("voicemail", null, "voicemail");
  if (!machine && userSpoke(transcript)) {
    return done("answered", outcome.ending === "ended" ? outcome.reason : "call-dropped", "human");
  }
  if (connected) return done("no-answer", "no-one-spoke", "unknown");
  return done(
    outcome.ending as "busy" | "no-answer" | "failed",
    outcome.reason,
    machine ? "voicemail" : null,
    outcome.message ?? null,
  );
}

/** A Retell call object (already JSON) → our outcome; null when it is not a call object. */
export function toCallOutcome(json: unknown): CallOutcome | null {
  const parsed = retellCallSchema.safeParse(json);
  if (!parsed.success) return null;
  const call = parsed.data;
  if (!call.call_id) return null;
  const transcript = mapTranscript(call);
  const mapped = mapRetellCall(call, transcript);
  return {
    providerCallId: call.call_id,
    attemptId: attemptIdOf(call.metadata),
    status: mapped.status,
    endedReason: mapped.endedReason,
    final: mapped.final,
    durationSeconds: durationSeconds(call),
    recordingUrl: call.recording_url || null,
    summary: call.call_analysis?.call_summary || null,
    transcript,
    answeredBy: mapped.answeredBy,
    errorMessage: mapped.errorMessage,
    // Retell has no do-not-call disposition; the engine reads the transcript.
    askedNotToCall: false,
    analysis: call.call_analysis?.custom_analysis_data ?? null,
    raw: json,
  };
}

const hasAnalysis = (call: unknown) => {
  const analysis = (call as { call_analysis?: unknown }).call_analysis;
  return typeof analysis === "object" && analysis !== null;
};

/** The events we read; others (transcript_updated, transfer_*, chat events) are acknowledged. */
export const RETELL_CALL_EVENTS = ["call_started", "call_ended", "call_analyzed"] as const;

/**
 * Parses a verified webhook (`{ event, call }`): call_started → in progress (connected),
 * call_ended → the final outcome of a call that never connected, or, for one that did, still
 * in progress until its analysis; call_analyzed → the final outcome with the post-call analysis
 * (summary, outcome answers, in_voicemail). Other events → null.
 * VoiceProviderError(400) on a body that is not a Retell webhook.
 */
export function parseRetellWebhook(rawBody: string): CallOutcome | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new VoiceProviderError("The body is not JSON", { status: 400, code: "malformed_body" });
  }
  if (!json || typeof json !== "object" || Array.isArray(json)) {
    throw new VoiceProviderError("Not a Retell webhook", { status: 400, code: "malformed_body" });
  }
  const { event, call } = json as { event?: unknown; call?: unknown };
  if (typeof event !== "string") {
    throw new VoiceProviderError("Not a Retell webhook: event is missing", {
      status: 400,
      code: "malformed_body",
    });
  }
  if (!(RETELL_CALL_EVENTS as readonly string[]).includes(event)) return null;
  const outcome = toCallOutcome(call);
  if (!outcome) {
    throw new VoiceProviderError("Not a Retell call webhook: call.call_id is missing", {
      status: 400,
      code: "malformed_body",
    });
  }
  const withEvent = { ...outcome, raw: json };
  // call_started: the call connected, whatever status the object still carries.
  if (event === "call_started" && !outcome.final) return { ...withEvent, status: "in-progress" };
  // call_ended of a call that connected comes before its analysis: the summary, the outcome
  // answers and in_voicemail (whether a machine answered, so whether to retry) are in
  // call_analyzed. Until it comes the call is still in progress, with its transcript, length
  // and recording, so that the call's end — and the call.completed webhook — carry the whole
  // call. Should call_analyzed be lost, the sweeper's get-call (final once ended) ends it.
  const connected = (call as { call_status?: unknown }).call_status === "ended";
  if (event === "call_ended" && outcome.final && connected && !hasAnalysis(call)) {
    return {
      ...withEvent,
      status: "in-progress",
      endedReason: null,
      final: false,
      answeredBy: null,
      errorMessage: null,
    };
  }
  return withEvent;
}
