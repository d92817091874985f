import { z } from "zod";
import {
  type AnsweredBy,
  type CallOutcome,
  type CallStatus,
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
    /** The call's disposition (Bland's post-call classification), e.g. "DO_NOT_CONTACT". */
    disposition_tag: lenient(z.string()),
    /** The answers to the call's `analysis_schema`, by key (issue 14). */
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

const normalize = (value: string | null | undefined) =>
  (value ?? "").trim().toLowerCase().replaceAll("_", "-").replaceAll(" ", "-");

const IN_PROGRESS = new Set([
  "new",
  "queued",
  "allocated",
  "started",
  "initiated",
  "ringing",
  "in-progress",
  "active",
]);
const FAILED = new Set(["failed", "error", "canceled", "cancelled"]);

function statusOf(value: string): { status: CallStatus | "ended"; final: boolean } | null {
  if (value === "busy") return { status: "busy", final: true };
  if (value === "no-answer" || value === "noanswer") return { status: "no-answer", final: true };
  // queue_status also ends in "*_error" (complete_error, call_error, queue_error, pre_queue_error).
  if (FAILED.has(value) || value.endsWith("-error")) return { status: "failed", final: true };
  if (value === "completed" || value === "complete") return { status: "ended", final: true };
  if (IN_PROGRESS.has(value)) return { status: "in-progress", final: false };
  return null;
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

/** Bland's `answered_by` (needs answered_by_enabled) in our words; null when it did not say. */
export function mapAnsweredBy(value: string | null | undefined): AnsweredBy | null {
  const v = normalize(value);
  if (!v) return null;
  if (v === "human") return "human";
  if (v === "voicemail" || v.startsWith("machine")) return "voicemail";
  return "unknown";
}

/**
 * Bland's status fields → ours. `status` is read first, then `queue_status`; `completed: true`
 * wins over a stale in-progress value (Bland: "if it differs from queue_status, this will be the
 * most up-to-date status"). An ended call is "answered" when a person picked up, otherwise
 * "completed" (voicemail or undetected; voicemail is retried, see isRetryable).
 */
export function mapBlandStatus(payload: BlandStatusFields): { status: CallStatus; final: boolean } {
  const answeredBy = normalize(payload.answered_by);
  let mapped = statusOf(normalize(payload.status)) ?? statusOf(normalize(payload.queue_status));
  if (payload.completed === true && (mapped === null || !mapped.final)) {
    mapped = { status: "ended", final: true };
  }
  if (mapped === null) return { status: "in-progress", final: false };
  if (mapped.status !== "ended") return { status: mapped.status, final: mapped.final };
  if (answeredBy === "no-answer") return { status: "no-answer", final: true };
  return { status: answeredBy === "human" ? "answered" : "completed", final: true };
}

const PHASES: Record<string, NonNullable<CallOutcome["phase"]>> = {
  new: "queued",
  queued: "queued",
  allocated: "queued",
  initiated: "ringing",
  ringing: "ringing",
  started: "in-progress",
  "in-progress": "in-progress",
  active: "in-progress",
};

/**
 * Where a call that has not ended is (shown live for test calls): Bland's `status`, else its
 * `queue_status` (new → queued → allocated → started); queued when neither says.
 */
export function mapBlandPhase(payload: BlandStatusFields): NonNullable<CallOutcome["phase"]> {
  return PHASES[normalize(payload.status)] ?? PHASES[normalize(payload.queue_status)] ?? "queued";
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
  const mapped = mapBlandStatus(call);
  const transcript = mapTranscript(call);
  const answeredBy = mapAnsweredBy(call.answered_by);
  // A failed call Bland says was to an invalid number: final, never retried.
  const invalidNumber = mapped.status === "failed" && isBlandInvalidNumber(call.error_message);
  return {
    providerCallId,
    attemptId: attemptIdOf(call.metadata),
    status: invalidNumber
      ? "invalid-number"
      : mapped.final && reachedAPerson(answeredBy, transcript)
        ? "answered"
        : mapped.status,
    final: mapped.final,
    ...(mapped.final ? {} : { phase: mapBlandPhase(call) }),
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
 * Issue 13 §8: a call that reached a person is answered — never retried — whatever else Bland
 * reports with it (a `queue_status` of "complete_error" on a completed call a human answered,
 * say). A person was reached when Bland says so (answered_by "human"), or when it could not tell
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
