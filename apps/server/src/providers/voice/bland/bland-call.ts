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
 * Bland's call object, as much of it as we read. The same shape comes back from
 * GET /v1/calls/{call_id} and in the post-call webhook ("Bland POSTs the full call object",
 * https://docs.bland.ai/platform/agent-quickstart; fields per https://docs.bland.ai/api-v1/get/calls-id).
 * Every field but the id is lenient: a field of an unexpected type reads as absent rather than
 * refusing a real call's outcome.
 */
const lenient = <T extends z.ZodType>(schema: T) => schema.nullable().optional().catch(undefined);

const blandCallSchema = z
  .object({
    call_id: lenient(z.string().min(1)),
    c_id: lenient(z.string().min(1)),
    status: lenient(z.string()),
    queue_status: lenient(z.string()),
    completed: lenient(z.boolean()),
    answered_by: lenient(z.string()),
    /** Minutes (float). */
    call_length: lenient(z.number()),
    /** Seconds, as a string in Bland's examples ("71"). */
    corrected_duration: lenient(z.union([z.string(), z.number()])),
    recording_url: lenient(z.string()),
    summary: lenient(z.string()),
    error_message: lenient(z.string()),
    /** Who hung up: "USER" or "ASSISTANT". */
    call_ended_by: lenient(z.string()),
    /** The number the person was transferred to, when the agent transferred the call. */
    transferred_to: lenient(z.string()),
    /** The call's disposition (Bland's post-call classification), e.g. "DO_NOT_CONTACT". */
    disposition_tag: lenient(z.string()),
    /** The answers to the call's `analysis_schema`, by key. */
    analysis: lenient(z.record(z.string(), z.unknown())),
    concatenated_transcript: lenient(z.string()),
    transcripts: lenient(z.array(z.unknown())),
    metadata: lenient(z.record(z.string(), z.unknown())),
  })
  .loose();

export type BlandCall = z.infer<typeof blandCallSchema>;

const transcriptSchema = z
  .object({
    user: z.string(),
    text: z.string(),
    created_at: lenient(z.string()),
  })
  .loose();

/** The fields that decide a call's status. */
export interface BlandStatusFields {
  status?: string | null;
  queue_status?: string | null;
  completed?: boolean | null;
  answered_by?: string | null;
}

/** The fields that say how an ended call ended. */
export interface BlandEndingFields extends BlandStatusFields {
  error_message?: string | null;
  call_ended_by?: string | null;
  transferred_to?: string | null;
}

const normalize = (value: string | null | undefined) =>
  (value ?? "").trim().toLowerCase().replaceAll("_", "-").replaceAll(" ", "-");

/** Where a Bland call is: still on (with its live status), or how it ended, before the details. */
export type BlandState =
  | { final: false; status: "dialling" | "ringing" | "in-progress" }
  | { final: true; ending: "ended" | "busy" | "no-answer" | "failed" };

const DIALLING: BlandState = { final: false, status: "dialling" };
const RINGING: BlandState = { final: false, status: "ringing" };
const LIVE: BlandState = { final: false, status: "in-progress" };
const ENDED: BlandState = { final: true, ending: "ended" };
const FAILED: BlandState = { final: true, ending: "failed" };

// ---------------------------------------------------------------------------------------------
// The mapping tables: Bland's words → ours.
// ---------------------------------------------------------------------------------------------

/**
 * Bland's `status` and `queue_status` values (normalized: lower case, "_" → "-"). Call Details,
 * https://docs.bland.ai/api-v1/get/calls-id: queue_status new → queued → allocated → started →
 * complete, or pre_queue_error / queue_error / call_error ("error occurred during live call") /
 * complete_error ("error occurred after the call was completed. Ex. A post-call webhook failed":
 * the call itself ended normally); "Call Status Values": completed ("both human or voicemail
 * answered, see answered_by"), busy, no-answer, failed, canceled. Other `*-error` values read as
 * failed; a value not listed here reads as unknown (the call is still being dialled).
 */
export const BLAND_STATUSES: Record<string, BlandState> = {
  new: DIALLING,
  queued: DIALLING,
  allocated: DIALLING,
  initiated: RINGING,
  ringing: RINGING,
  started: LIVE,
  "in-progress": LIVE,
  active: LIVE,
  completed: ENDED,
  complete: ENDED,
  "complete-error": ENDED,
  busy: { final: true, ending: "busy" },
  "no-answer": { final: true, ending: "no-answer" },
  noanswer: { final: true, ending: "no-answer" },
  failed: FAILED,
  error: FAILED,
  canceled: FAILED,
  cancelled: FAILED,
};

/**
 * Bland's `call_ended_by` (Call Details, https://docs.bland.ai/api-v1/get/calls-id: "ASSISTANT:
 * The agent ended the call. USER: The user ended the call.") → our ended reason. A call with
 * `transferred_to` ("Number that the person was transferred to", same page) is "transferred".
 */
export const BLAND_CALL_ENDED_BY: Record<string, EndedReason> = {
  user: "hung-up-by-lead",
  assistant: "ended-by-assistant",
};

function stateOf(value: string | null | undefined): BlandState | null {
  const v = normalize(value);
  if (!v) return null;
  const known = BLAND_STATUSES[v];
  if (known) return known;
  // queue_status's other errors (pre_queue_error, queue_error, call_error).
  if (v.endsWith("-error")) return FAILED;
  return null;
}

/**
 * Bland's status fields → where the call is. `status` is read first, then `queue_status`;
 * `completed: true` wins over a stale live value (Bland: "if it differs from queue_status, this
 * will be the most up-to-date status"). Dialling when neither says.
 */
export function blandState(payload: BlandStatusFields): BlandState {
  let state = stateOf(payload.status) ?? stateOf(payload.queue_status);
  if (payload.completed === true && (state === null || !state.final)) state = ENDED;
  return state ?? DIALLING;
}

/**
 * Bland's words for a destination number that cannot be called: an error such as "Invalid phone
 * number" (or the code INVALID_PHONE_NUMBER) in a refused Send Call or in a failed call's
 * `error_message`. Bland publishes no list of these values, so the wording is read: the number
 * called, not the caller's `from` or transfer number.
 */
export function isBlandInvalidNumber(text: string | null | undefined): boolean {
  const value = (text ?? "").toLowerCase().replaceAll("_", " ");
  if (!value || /\b(from|transfer|caller)\b/.test(value)) return false;
  return (
    /\b(invalid|not a valid|not valid)\b[^.]*\b(phone number|destination)\b/.test(value) ||
    /\b(phone number|destination)\b[^.]*\b(is invalid|is not valid|not a valid)\b/.test(value)
  );
}

/**
 * Bland's words for a failure of the phone network rather than of Bland: the carrier or telephony
 * provider, SIP, or a call that could not be connected to the number ("Carrier rejected", "The
 * call could not be connected to the number."). Read from `error_message`, like the invalid
 * number: Bland publishes no list of its errors.
 */
export function isBlandCarrierError(text: string | null | undefined): boolean {
  const value = (text ?? "").toLowerCase().replaceAll("_", " ");
  return (
    /\b(carrier|telephony|twilio|telnyx|sip|unreachable|unserviced)\b/.test(value) ||
    /\b(could not|couldn't|unable to|failed to) (be )?connect/.test(value)
  );
}

/** Why a failed call failed: an invalid number, the carrier, or otherwise Bland itself. */
export function blandFailureReason(errorMessage: string | null | undefined): EndedReason {
  if (isBlandInvalidNumber(errorMessage)) return "invalid-number";
  if (isBlandCarrierError(errorMessage)) return "carrier-error";
  return "platform-error";
}

/** Bland's `answered_by` (needs answered_by_enabled) in our words; null when it did not say. */
export function mapAnsweredBy(value: string | null | undefined): AnsweredBy | null {
  const v = normalize(value);
  if (!v) return null;
  if (v === "human") return "human";
  if (v === "voicemail" || v.startsWith("machine")) return "voicemail";
  return "unknown";
}

/** Why a call that reached a person ended: a transfer, who hung up, or a drop; null if unsaid. */
function answeredReason(call: BlandEndingFields, state: BlandState): EndedReason | null {
  if (call.transferred_to?.trim()) return "transferred";
  const endedBy = BLAND_CALL_ENDED_BY[normalize(call.call_ended_by)];
  if (endedBy) return endedBy;
  return state.final && state.ending === "failed" ? "call-dropped" : null;
}

/**
 * A Bland call → our status and ended reason.
 * - Still on: dialling, ringing or in-progress (BLAND_STATUSES), no reason yet.
 * - Failed on an invalid number (isBlandInvalidNumber): failed, invalid-number (never retried).
 * - A person was reached (reachedAPerson): answered, whatever else Bland reports with it; the
 *   reason from `transferred_to` and `call_ended_by`, else call-dropped for a call that failed.
 * - Busy, no answer (also `answered_by: "no-answer"`): as named.
 * - Failed: carrier-error or platform-error from the error's wording.
 * - Ended on a machine (`answered_by: "voicemail"`): voicemail; Bland does not say whether a
 *   message was left, so the reason is left to the engine (null).
 * - Ended with no one speaking: no-answer, no-one-spoke.
 */
export function mapBlandCall(
  call: BlandEndingFields,
  transcript: readonly TranscriptEntry[],
): { status: OutcomeStatus; endedReason: EndedReason | null; final: boolean } {
  const state = blandState(call);
  if (!state.final) return { status: state.status, endedReason: null, final: false };
  const final = (status: OutcomeStatus, endedReason: EndedReason | null) => ({
    status,
    endedReason,
    final: true,
  });
  // A failed call Bland says was to an invalid number: final, never retried.
  if (state.ending === "failed" && isBlandInvalidNumber(call.error_message)) {
    return final("failed", "invalid-number");
  }
  const answeredBy = mapAnsweredBy(call.answered_by);
  if (reachedAPerson(answeredBy, transcript)) {
    return final("answered", answeredReason(call, state));
  }
  switch (state.ending) {
    case "busy":
      return final("busy", "busy");
    case "no-answer":
      return final("no-answer", "no-answer");
    case "failed":
      return final("failed", blandFailureReason(call.error_message));
    default:
      if (normalize(call.answered_by) === "no-answer") return final("no-answer", "no-answer");
      if (answeredBy === "voicemail") return final("voicemail", null);
      return final("no-answer", "no-one-spoke");
  }
}

/** Bland's call_length is minutes (float); ours is whole seconds. */
export function minutesToSeconds(minutes: number | null | undefined): number | null {
  if (typeof minutes !== "number" || !Number.isFinite(minutes) || minutes < 0) return null;
  return Math.round(minutes * 60);
}

function durationSeconds(call: BlandCall): number | null {
  const fromLength = minutesToSeconds(call.call_length);
  if (fromLength !== null) return fromLength;
  const corrected = Number(call.corrected_duration ?? Number.NaN);
  return Number.isFinite(corrected) && corrected >= 0 ? Math.round(corrected) : null;
}

/**
 * Bland's speakers: user, assistant, agent-action, and `robot` (listed in the Call Details docs).
 * robot and agent are the AI's side; any other label is kept as agent-action so its text stays
 * visible without being attributed to either party.
 */
export function mapSpeaker(user: string): TranscriptSpeaker {
  switch (normalize(user)) {
    case "user":
      return "user";
    case "assistant":
    case "robot":
    case "agent":
      return "assistant";
    default:
      return "agent-action";
  }
}

export function mapTranscript(call: Pick<BlandCall, "transcripts" | "concatenated_transcript">) {
  const entries: TranscriptEntry[] = [];
  for (const item of call.transcripts ?? []) {
    const parsed = transcriptSchema.safeParse(item);
    if (!parsed.success) continue;
    entries.push({
      speaker: mapSpeaker(parsed.data.user),
      text: parsed.data.text,
      at: parsed.data.created_at ?? null,
    });
  }
  if (entries.length > 0 || !call.concatenated_transcript) return entries;
  // No structured transcript: fall back to "speaker: text" lines.
  for (const line of call.concatenated_transcript.split("\n")) {
    const match = /^\s*(user|assistant|robot|agent-action|agent)\s*:\s*(.*)$/i.exec(line);
    if (match?.[2])
      entries.push({ speaker: mapSpeaker(match[1]!), text: match[2].trim(), at: null });
  }
  return entries;
}

function attemptIdOf(metadata: Record<string, unknown> | null | undefined): string | null {
  const value = metadata?.attempt_id;
  if (typeof value === "string" && value.length > 0) return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

/** A Bland call object (already JSON) → our outcome; null when it is not a call object. */
export function toCallOutcome(json: unknown): CallOutcome | null {
  const parsed = blandCallSchema.safeParse(json);
  if (!parsed.success) return null;
  const call = parsed.data;
  const providerCallId = call.call_id ?? call.c_id;
  if (!providerCallId) return null;
  const transcript = mapTranscript(call);
  const answeredBy = mapAnsweredBy(call.answered_by);
  const mapped = mapBlandCall(call, transcript);
  return {
    providerCallId,
    attemptId: attemptIdOf(call.metadata),
    status: mapped.status,
    endedReason: mapped.endedReason,
    final: mapped.final,
    durationSeconds: durationSeconds(call),
    recordingUrl: call.recording_url || null,
    summary: call.summary || null,
    transcript,
    answeredBy,
    errorMessage: call.error_message || null,
    askedNotToCall: isDoNotContact(call.disposition_tag),
    analysis: call.analysis ?? null,
    raw: json,
  };
}

/**
 * A call that reached a person is answered — never retried — whatever else Bland reports with
 * it (a "failed" status or a "call_error" queue status on a call a human answered, say). A person was reached when Bland says so (answered_by "human"), or when it could not tell
 * (answered_by "unknown" or absent) but the respondent spoke in the transcript. A machine that
 * answered (voicemail) stays what it was: a voicemail greeting is transcribed as "user" too.
 */
export function reachedAPerson(
  answeredBy: AnsweredBy | null,
  transcript: readonly TranscriptEntry[],
): boolean {
  if (answeredBy === "human") return true;
  if (answeredBy === "voicemail") return false;
  return transcript.some((entry) => entry.speaker === "user" && entry.text.trim() !== "");
}

/** Bland's disposition tag for "do not call again" (DO_NOT_CONTACT, do-not-call, DNC…). */
export function isDoNotContact(tag: string | null | undefined): boolean {
  const value = normalize(tag);
  return ["do-not-contact", "do-not-call", "dnc", "dnc-request", "opt-out", "opted-out"].includes(
    value,
  );
}

/** Parses a verified post-call webhook; VoiceProviderError(400) on anything else. */
export function parseBlandWebhook(rawBody: string): CallOutcome {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new VoiceProviderError("The body is not JSON", { status: 400, code: "malformed_body" });
  }
  let outcome: CallOutcome | null;
  try {
    outcome = toCallOutcome(json);
  } catch (error) {
    throw new VoiceProviderError("Not a Bland call webhook", {
      status: 400,
      code: "malformed_body",
      cause: error,
    });
  }
  if (!outcome) {
    throw new VoiceProviderError("Not a Bland call webhook: call_id is missing", {
      status: 400,
      code: "malformed_body",
    });
  }
  return outcome;
}
