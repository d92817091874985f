import { z } from "zod";
import {
  type AnsweredBy,
  type CallOutcome,
  type EndedReason,
  type OutcomeStatus,
  type TranscriptEntry,
  VoiceProviderError,
} from "../voice-provider.ts";

/**
 * Vapi's call object and server messages, as much of them as we read. Field names follow Vapi's
 * API reference (the OpenAPI document behind docs.vapi.ai, VapiAI/docs fern/apis/api/openapi.json,
 * schemas `Call`, `Artifact`, `Analysis`, `ServerMessageStatusUpdate`,
 * `ServerMessageEndOfCallReport`; the same types as VapiAI/server-sdk-typescript
 * src/api/types/*). Every field but the call's id is lenient: a field of an unexpected type reads
 * as absent rather than refusing a real call's outcome.
 */
const lenient = <T extends z.ZodType>(schema: T) => schema.nullable().optional().catch(undefined);

const record = z.record(z.string(), z.unknown());

const recordingSchema = z
  .object({
    stereoUrl: lenient(z.string()),
    mono: lenient(
      z
        .object({
          combinedUrl: lenient(z.string()),
          assistantUrl: lenient(z.string()),
          customerUrl: lenient(z.string()),
        })
        .loose(),
    ),
  })
  .loose();

const artifactSchema = z
  .object({
    /** UserMessage | SystemMessage | BotMessage | ToolCallMessage | ToolCallResultMessage. */
    messages: lenient(z.array(z.unknown())),
    /** "derived from artifact.messages but provided for convenience" ("AI: …\nUser: …"). */
    transcript: lenient(z.string()),
    recordingUrl: lenient(z.string()),
    stereoRecordingUrl: lenient(z.string()),
    recording: lenient(recordingSchema),
  })
  .loose();

const analysisSchema = z
  .object({
    summary: lenient(z.string()),
    /** The answers to `assistant.analysisPlan.structuredDataPlan.schema`. */
    structuredData: lenient(record),
    successEvaluation: lenient(z.unknown()),
  })
  .loose();

const withMetadata = z.object({ metadata: lenient(record) }).loose();

const vapiCallSchema = z
  .object({
    id: z.string().min(1),
    status: lenient(z.string()),
    endedReason: lenient(z.string()),
    /** "adds more context to the ended reason … potential error messages or warnings". */
    endedMessage: lenient(z.string()),
    createdAt: lenient(z.string()),
    startedAt: lenient(z.string()),
    endedAt: lenient(z.string()),
    artifact: lenient(artifactSchema),
    analysis: lenient(analysisSchema),
    customer: lenient(z.object({ number: lenient(z.string()) }).loose()),
    phoneNumberId: lenient(z.string()),
    /** The transient assistant the call was placed with: Ringback's metadata travels on it. */
    assistant: lenient(withMetadata),
    assistantOverrides: lenient(withMetadata),
    // Older call objects carried these at the top level (deprecated in favour of artifact/analysis).
    messages: lenient(z.array(z.unknown())),
    transcript: lenient(z.string()),
    recordingUrl: lenient(z.string()),
    stereoRecordingUrl: lenient(z.string()),
    summary: lenient(z.string()),
    metadata: lenient(record),
  })
  .loose();

export type VapiCall = z.infer<typeof vapiCallSchema>;

/** The envelope of every server message: `{ "message": { "type": …, "call": {…}, … } }`. */
const serverMessageSchema = z
  .object({
    message: z
      .object({
        type: z.string(),
        call: lenient(z.unknown()),
        assistant: lenient(withMetadata),
        /** status-update: the call's new status; with `endedReason` once it is "ended". */
        status: lenient(z.string()),
        endedReason: lenient(z.string()),
        /** end-of-call-report: the call's artifact and analysis (also at call.artifact/analysis). */
        artifact: lenient(artifactSchema),
        analysis: lenient(analysisSchema),
        startedAt: lenient(z.string()),
        endedAt: lenient(z.string()),
        // Found in end-of-call-reports beside the documented fields (seconds, ms; top-level
        // transcript, summary and recording URLs in older reports): read when present.
        durationSeconds: lenient(z.number()),
        durationMs: lenient(z.number()),
        transcript: lenient(z.string()),
        summary: lenient(z.string()),
        recordingUrl: lenient(z.string()),
        stereoRecordingUrl: lenient(z.string()),
      })
      .loose(),
  })
  .loose();

// ---------------------------------------------------------------------------------------------
// The mapping tables: Vapi's `status` → our live status, and `endedReason` → our status and
// ended reason.
// ---------------------------------------------------------------------------------------------

/**
 * How a call ended, in Ringback's terms (the second column of VAPI_ENDED_REASONS):
 * - connected: it was answered and ended (either side hung up, the time limit, a transfer):
 *   "answered" with the row's reason when the person spoke, otherwise no-answer, no-one-spoke;
 * - dropped: it failed after connecting (a provider or pipeline error, the line dropped):
 *   "answered" with call-dropped when the person spoke (a reached person is never re-dialled),
 *   otherwise failed with the row's reason;
 * - voicemail: voicemail, whoever "spoke" (a greeting is transcribed as the user); Vapi does not
 *   say whether a message was left, so the reason is left to the engine (null);
 * - busy, no-answer: as named;
 * - failed: it never connected: failed with the row's reason (invalid-number, carrier-error,
 *   platform-error).
 */
export type VapiEnding = "connected" | "dropped" | "voicemail" | "busy" | "no-answer" | "failed";

/**
 * Vapi's `status` values (Call.status, ServerMessageStatusUpdate.status) → ours while the call is
 * on. "ended" is final; "not-found" and "deletion-failed" concern deleted calls' data.
 */
export const VAPI_STATUSES: Record<string, "dialling" | "ringing" | "in-progress" | "ended"> = {
  scheduled: "dialling",
  queued: "dialling",
  ringing: "ringing",
  "in-progress": "in-progress",
  forwarding: "in-progress",
  ended: "ended",
};

/**
 * Vapi's `endedReason` (hundreds of values: https://docs.vapi.ai/calls/call-ended-reason, and the
 * enum of `Call.endedReason` in the API reference, VapiAI/server-sdk-typescript
 * src/api/types/CallEndedReason.ts) by family, first match wins: [reason, how it ended, our
 * ended reason]. Values not listed here, and new ones, are "connected" with no reason: the call
 * ended and the transcript tells whether a person was reached.
 */
export const VAPI_ENDED_REASONS: readonly (readonly [
  string | RegExp,
  VapiEnding,
  EndedReason | null,
])[] = [
  // "The call was diverted to or detected as voicemail."
  ["voicemail", "voicemail", null],
  // "The customer's line was busy (outbound calls)."
  ["customer-busy", "busy", "busy"],
  // "The customer did not answer (outbound calls)."
  ["customer-did-not-answer", "no-answer", "no-answer"],
  // SIP 408 Request Timeout, 480 Temporarily Unavailable: rang out or unreachable.
  [/outbound-sip-(408|480)-/, "no-answer", "no-answer"],
  // "The customer hung up" (also before, during or after a transfer).
  [/^customer-ended-call/, "connected", "hung-up-by-lead"],
  // "The assistant ended the call" (a tool, a hangup task, its final message, an end-call phrase).
  [/^assistant-(ended-call|said-end-call-phrase)/, "connected", "ended-by-assistant"],
  // "The assistant transferred the call to another number or service."
  ["assistant-forwarded-call", "connected", "transferred"],
  // "The call reached maxDurationSeconds and was automatically terminated."
  ["exceeded-max-duration", "connected", "max-duration"],
  // "No speech was detected for the configured silence timeout duration."
  ["silence-timed-out", "connected", "silence-timeout"],
  // "Twilio / the SIP provider / Vonage reported the call as completed": not who ended it.
  [/^call\.in-progress\.(twilio|sip)-completed-call$/, "connected", null],
  ["vonage-completed", "connected", null],
  // A transfer to a person that failed or went unanswered (the operator was busy, a warm
  // transfer timed out): the lead was on the line, and the call ended without the transfer.
  [/^call\.forwarding\./, "connected", "call-dropped"],
  [/^call\.in-progress\.error-(transfer-failed|warm-transfer-)/, "connected", "call-dropped"],
  // Phone-number hooks run as the call ends: a transfer, or a message before hanging up.
  ["call.ending.hook-executed-transfer", "connected", "transferred"],
  ["call.ending.hook-executed-say", "connected", "ended-by-assistant"],
  // "Twilio reported the customer dialed an invalid number"; SIP 404 "unallocated number".
  [/misdialed/, "failed", "invalid-number"],
  ["sip-outbound-unallocated-number", "failed", "invalid-number"],
  // Never connected, the phone network's doing: Twilio, Vonage and SIP failures.
  ["twilio-failed-to-connect-call", "failed", "carrier-error"],
  [/^vonage-(rejected|failed-to-connect-call)$/, "failed", "carrier-error"],
  [/outbound-sip-|sip-outbound-call-failed|sip-inbound-call-failed/, "failed", "carrier-error"],
  // The carrier released the call: dropped if the person was on the line, else a carrier error.
  ["sip-outbound-carrier-released-call", "dropped", "carrier-error"],
  // Never connected, Vapi's doing: set-up, account and billing, assistant and transport errors.
  [/^call\.start\./, "failed", "platform-error"],
  [/^call-start-error/, "failed", "platform-error"],
  [/^assistant-(not-found|not-valid|request-)/, "failed", "platform-error"],
  ["assistant-join-timed-out", "failed", "platform-error"],
  [/^(scheduled-)?call-deleted$/, "failed", "platform-error"],
  ["manually-canceled", "failed", "platform-error"],
  ["customer-did-not-give-microphone-permission", "failed", "platform-error"],
  [/transport-never-connected|phone-call-provider-bypass-enabled/, "failed", "platform-error"],
  [/^call\.ringing\./, "failed", "platform-error"],
  // Failed after connecting: the LLM, voice or transcriber failed, a worker died, the line dropped.
  [/^pipeline-/, "dropped", "call-dropped"],
  [/^call\.in-progress\.error-/, "dropped", "call-dropped"],
  [
    /^worker-|^phone-call-provider-closed-websocket$|^vonage-disconnected$/,
    "dropped",
    "call-dropped",
  ],
];

/** An endedReason's family and our reason (see VAPI_ENDED_REASONS). */
export function vapiEnding(endedReason: string | null | undefined): {
  ending: VapiEnding;
  reason: EndedReason | null;
} {
  const value = (endedReason ?? "").trim();
  for (const [match, ending, reason] of VAPI_ENDED_REASONS) {
    if (typeof match === "string" ? value === match : match.test(value)) return { ending, reason };
  }
  return { ending: "connected", reason: null };
}

/**
 * Vapi's status and endedReason → ours. `spoke`: whether the person said anything (from the
 * transcript), which decides whether a connected call was answered.
 */
export function mapVapiStatus(input: {
  status?: string | null;
  endedReason?: string | null;
  spoke: boolean;
}): {
  status: OutcomeStatus;
  endedReason: EndedReason | null;
  final: boolean;
  answeredBy: AnsweredBy | null;
} {
  const live = VAPI_STATUSES[(input.status ?? "").trim()];
  // An ended reason means the call has ended, whatever a stale status says.
  if (live !== "ended" && !input.endedReason) {
    return { status: live ?? "dialling", endedReason: null, final: false, answeredBy: null };
  }
  const { ending, reason } = vapiEnding(input.endedReason);
  const ended = (status: OutcomeStatus, endedReason: EndedReason | null) => ({
    status,
    endedReason,
    final: true,
    answeredBy: null,
  });
  switch (ending) {
    case "voicemail":
      return { ...ended("voicemail", reason), answeredBy: "voicemail" };
    case "busy":
    case "no-answer":
    case "failed":
      return ended(ending, reason);
    case "dropped":
      return input.spoke ? ended("answered", "call-dropped") : ended("failed", reason);
    default:
      return input.spoke ? ended("answered", reason) : ended("no-answer", "no-one-spoke");
  }
}

/** Whole seconds between two ISO timestamps; null when either is missing or odd. */
export function secondsBetween(
  startedAt: string | null | undefined,
  endedAt: string | null | undefined,
): number | null {
  if (!startedAt || !endedAt) return null;
  const ms = Date.parse(endedAt) - Date.parse(startedAt);
  return Number.isFinite(ms) && ms >= 0 ? Math.round(ms / 1000) : null;
}

function seconds(value: number | null | undefined, scale: number): number | null {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) return null;
  return Math.round(value / scale);
}

const messageSchema = z
  .object({
    role: z.string(),
    message: lenient(z.string()),
    /** Epoch milliseconds. */
    time: lenient(z.number()),
    toolCalls: lenient(z.array(z.unknown())),
    name: lenient(z.string()),
  })
  .loose();

const toolCallSchema = z
  .object({ function: lenient(z.object({ name: lenient(z.string()) }).loose()) })
  .loose();

function isoTime(ms: number | null | undefined): string | null {
  if (typeof ms !== "number" || !Number.isFinite(ms)) return null;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * Vapi's artifact.messages → our transcript. Roles: "bot" (BotMessage; "assistant" in some
 * examples) is the AI, "user" the person; "tool_calls" (ToolCallMessage) is shown as an
 * agent-action naming the tools (a transfer, say); "system" (the prompt) and "tool_call_result"
 * are not part of the conversation and are left out. Falls back to the plain-text transcript
 * ("AI: …" / "User: …" lines) when there are no messages.
 */
export function mapVapiTranscript(
  messages: readonly unknown[] | null | undefined,
  transcript: string | null | undefined,
): TranscriptEntry[] {
  const entries: TranscriptEntry[] = [];
  for (const item of messages ?? []) {
    const parsed = messageSchema.safeParse(item);
    if (!parsed.success) continue;
    const { role, message, time, toolCalls } = parsed.data;
    const at = isoTime(time);
    const text = (message ?? "").trim();
    switch (role.trim().toLowerCase()) {
      case "bot":
      case "assistant":
        if (text) entries.push({ speaker: "assistant", text, at });
        break;
      case "user":
        if (text) entries.push({ speaker: "user", text, at });
        break;
      case "tool_calls": {
        const names = (toolCalls ?? [])
          .map((call) => toolCallSchema.safeParse(call).data?.function?.name)
          .filter((name): name is string => typeof name === "string" && name.length > 0);
        const action = names.length > 0 ? `Used ${names.join(", ")}` : text;
        if (action) entries.push({ speaker: "agent-action", text: action, at });
        break;
      }
      default:
        break;
    }
  }
  if (entries.length > 0 || !transcript) return entries;
  for (const line of transcript.split("\n")) {
    const match = /^\s*(ai|assistant|bot|user|customer)\s*:\s*(.*)$/i.exec(line);
    if (!match?.[2]?.trim()) continue;
    const who = match[1]!.toLowerCase();
    entries.push({
      speaker: who === "user" || who === "customer" ? "user" : "assistant",
      text: match[2].trim(),
      at: null,
    });
  }
  return entries;
}

const hasText = (value: string | null | undefined): value is string =>
  typeof value === "string" && value.trim() !== "";

/**
 * Where the call's recording can be downloaded. Vapi's storage is private: "These URLs aren't
 * directly downloadable. To retrieve a recording … call the Vapi API with a private API key. The
 * API responds with a 302 redirect to a short-lived, authenticated download URL"
 * (docs.vapi.ai/assistants/retrieve-call-artifacts: GET /call/{id}/mono-recording). So a call
 * that has a recording is reported with that endpoint (stable, unlike the presigned URLs);
 * fetchRecording sends the key there only.
 */
export function vapiRecordingUrl(
  apiUrl: string,
  callId: string,
  urls: readonly (string | null | undefined)[],
): string | null {
  if (!urls.some(hasText)) return null;
  return `${apiUrl.replace(/\/+$/, "")}/call/${encodeURIComponent(callId)}/mono-recording`;
}

function attemptIdOf(...sources: (Record<string, unknown> | null | undefined)[]): string | null {
  for (const metadata of sources) {
    const value = metadata?.attempt_id;
    if (typeof value === "string" && value.length > 0) return value;
    if (typeof value === "number" && Number.isFinite(value)) return String(value);
  }
  return null;
}

/** What a server message adds to (or repeats of) its call object. */
export interface VapiMessageFields {
  status?: string | null;
  endedReason?: string | null;
  artifact?: z.infer<typeof artifactSchema> | null;
  analysis?: z.infer<typeof analysisSchema> | null;
  startedAt?: string | null;
  endedAt?: string | null;
  durationSeconds?: number | null;
  durationMs?: number | null;
  transcript?: string | null;
  summary?: string | null;
  recordingUrl?: string | null;
  stereoRecordingUrl?: string | null;
  assistantMetadata?: Record<string, unknown> | null;
}

/**
 * A Vapi call object (GET /call/{id}, an item of GET /call, or a server message's `call`) → our
 * outcome; null when it is not a call object. `extra`: what the server message carries beside
 * the call (it wins: the message is newer than the call object inside it). `apiUrl`: Vapi's API
 * base, for the recording endpoint.
 */
export function toVapiOutcome(
  json: unknown,
  apiUrl: string,
  extra: VapiMessageFields = {},
  raw: unknown = json,
): CallOutcome | null {
  const parsed = vapiCallSchema.safeParse(json);
  if (!parsed.success) return null;
  const call = parsed.data;
  const artifact = extra.artifact ?? call.artifact ?? null;
  const analysis = extra.analysis ?? call.analysis ?? null;
  const transcript = mapVapiTranscript(
    artifact?.messages ?? call.messages,
    artifact?.transcript ?? extra.transcript ?? call.transcript,
  );
  const spoke = transcript.some((entry) => entry.speaker === "user");
  const status = extra.status ?? call.status;
  const vapiReason = extra.endedReason ?? call.endedReason;
  const mapped = mapVapiStatus({ status, endedReason: vapiReason, spoke });
  const startedAt = extra.startedAt ?? call.startedAt;
  const endedAt = extra.endedAt ?? call.endedAt;
  const durationSeconds =
    seconds(extra.durationSeconds, 1) ??
    seconds(extra.durationMs, 1000) ??
    secondsBetween(startedAt, endedAt);
  const summary = analysis?.summary ?? extra.summary ?? call.summary;
  const errorMessage =
    mapped.status === "failed" ? (call.endedMessage ?? `Vapi ended the call: ${vapiReason}`) : null;
  return {
    providerCallId: call.id,
    attemptId: attemptIdOf(
      call.assistant?.metadata,
      extra.assistantMetadata,
      call.assistantOverrides?.metadata,
      call.metadata,
    ),
    status: mapped.status,
    endedReason: mapped.endedReason,
    final: mapped.final,
    durationSeconds: mapped.final ? durationSeconds : null,
    recordingUrl: mapped.final
      ? vapiRecordingUrl(apiUrl, call.id, [
          artifact?.recordingUrl,
          artifact?.stereoRecordingUrl,
          artifact?.recording?.mono?.combinedUrl,
          artifact?.recording?.stereoUrl,
          extra.recordingUrl,
          extra.stereoRecordingUrl,
          call.recordingUrl,
          call.stereoRecordingUrl,
        ])
      : null,
    summary: hasText(summary) ? summary : null,
    transcript,
    answeredBy: mapped.answeredBy,
    errorMessage: hasText(errorMessage) ? errorMessage : null,
    analysis: analysis?.structuredData ?? null,
    raw,
  };
}

const malformed = (message: string, cause?: unknown) =>
  new VoiceProviderError(message, { status: 400, code: "malformed_body", cause });

/**
 * Parses a verified server message. `status-update` → the call still on, with its live status
 * (dialling, ringing, in-progress; "ended" is left to the end-of-call-report, which follows with
 * the transcript and analysis: a final outcome is never changed afterwards); `end-of-call-report`
 * → the final outcome; any other message type → null (acknowledged and ignored).
 * VoiceProviderError(400) on a body that is not a server message.
 */
export function parseVapiServerMessage(rawBody: string, apiUrl: string): CallOutcome | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch (error) {
    throw malformed("The body is not JSON", error);
  }
  const parsed = serverMessageSchema.safeParse(json);
  if (!parsed.success) throw malformed("Not a Vapi server message", parsed.error);
  const message = parsed.data.message;
  const common = { assistantMetadata: message.assistant?.metadata ?? null };
  if (message.type === "status-update") {
    const live = VAPI_STATUSES[(message.status ?? "").trim()];
    if (!live || live === "ended") return null;
    const outcome = toVapiOutcome(
      message.call,
      apiUrl,
      { ...common, status: message.status },
      json,
    );
    if (!outcome) throw malformed("Not a Vapi status update: call.id is missing");
    // The status is all this message says: never final, whatever the call object inside holds.
    return { ...outcome, status: live, endedReason: null, final: false, durationSeconds: null };
  }
  if (message.type === "end-of-call-report") {
    const outcome = toVapiOutcome(
      message.call,
      apiUrl,
      {
        ...common,
        status: "ended",
        endedReason: message.endedReason,
        artifact: message.artifact,
        analysis: message.analysis,
        startedAt: message.startedAt,
        endedAt: message.endedAt,
        durationSeconds: message.durationSeconds,
        durationMs: message.durationMs,
        transcript: message.transcript,
        summary: message.summary,
        recordingUrl: message.recordingUrl,
        stereoRecordingUrl: message.stereoRecordingUrl,
      },
      json,
    );
    if (!outcome) throw malformed("Not a Vapi end-of-call-report: call.id is missing");
    return outcome;
  }
  return null;
}
