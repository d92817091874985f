import type {
  SimulatorCallStatus,
  SimulatorTranscriptEntry,
  simulatorCalls,
} from "../../../db/schema/call-simulator.ts";
import { simulatedAnalysis } from "./analysis.ts";
import {
  answeredConversation,
  type Conversation,
  formAnswers,
  optOutConversation,
  respondentName,
  TRANSFER_ACTION_PREFIX,
  transferConversation,
  voicemailConversation,
} from "./conversation.ts";
import { attemptNumber, type Outcome, outcomeFor } from "./outcomes.ts";
import type { RecordedTurn } from "./wav.ts";

export type SimulatorCall = typeof simulatorCalls.$inferSelect;

/** How long a simulated call rings and how long each turn of its conversation lasts. */
export interface Pace {
  ringMs: number;
  turnMs: number;
}

/** Feels like a real call: about 8 seconds of ringing, then 8 seconds per turn (~40 s in all). */
export const DEFAULT_SIMULATOR_PACE: Pace = { ringMs: 8000, turnMs: 8000 };

/** The number simulated calls come from (555-01xx: reserved for fiction). */
export const SIMULATOR_FROM_NUMBER = "+14155550100";

export interface CallRequest {
  phoneNumber: string;
  task: string | null;
  firstSentence: string | null;
  metadata: Record<string, unknown> | null;
  requestData: Record<string, unknown> | null;
  /** Bland's analysis_schema: what `analysis` answers once the call has ended. */
  analysisSchema: Record<string, unknown> | null;
  /** Bland's voicemail_action "leave_message" (with voicemail_message); otherwise it hangs up. */
  voicemail: { leaveMessage: boolean; message: string | null };
  /**
   * Where the call is transferred when the person asks for a human (E.164; Bland's
   * transfer_phone_number). Only the "asks for a person" outcome (0007) uses it: the transcript
   * notes the transfer, no phone is called.
   */
  transferNumber?: string | null;
  /** The voice asked for (one of SIMULATOR_VOICES); kept with the request, not heard. */
  voice?: string | null;
  /** The language asked for; the simulator's conversations are in English whatever it says. */
  language?: string | null;
}

export interface PlannedCall {
  outcome: Outcome;
  transcripts: SimulatorTranscriptEntry[];
  summary: string | null;
  /** Minutes, fractional. */
  callLength: number;
  answerAt: Date;
  endAt: Date;
}

/** Decides, when the call is placed, how it will go: outcome, conversation and timing. */
export function planCall(request: CallRequest, createdAt: Date, pace: Pace): PlannedCall {
  const outcome = outcomeFor(request.phoneNumber, attemptNumber(request.metadata));
  const answerAt = new Date(createdAt.getTime() + pace.ringMs);
  const input = {
    task: request.task,
    firstSentence: request.firstSentence,
    name: respondentName(
      request.requestData,
      request.metadata,
      request.firstSentence ?? request.task,
    ),
    answers: formAnswers(request.requestData),
  };
  let conversation: Conversation | null = null;
  if (outcome.answeredBy === "human") {
    conversation = outcome.optOut
      ? optOutConversation(input)
      : outcome.asksForPerson
        ? transferConversation({ ...input, transferNumber: request.transferNumber ?? null })
        : answeredConversation(input);
  }
  if (outcome.answeredBy === "voicemail")
    conversation = voicemailConversation({ ...input, ...request.voicemail });
  if (!conversation) {
    // Never connected: it ends when the ringing stops.
    return { outcome, transcripts: [], summary: null, callLength: 0, answerAt, endAt: answerAt };
  }
  const at = (ms: number) => new Date(answerAt.getTime() + ms).toISOString();
  const transcripts: SimulatorTranscriptEntry[] = [];
  const add = (user: SimulatorTranscriptEntry["user"], text: string, ms: number) =>
    transcripts.push({ id: transcripts.length + 1, user, text, created_at: at(ms) });
  conversation.turns.forEach((turn, index) => {
    const start = index * pace.turnMs;
    add("assistant", turn.assistant, start);
    if (turn.user) add("user", turn.user, start + Math.round(pace.turnMs / 2));
  });
  const lengthMs = conversation.turns.length * pace.turnMs;
  add("agent-action", conversation.agentAction, lengthMs);
  return {
    outcome,
    transcripts,
    summary: conversation.summary,
    callLength: lengthMs / 60_000,
    answerAt,
    endAt: new Date(answerAt.getTime() + lengthMs),
  };
}

/** The turns of a planned transcript, for the recording: each assistant line starts one. */
export function recordedTurns(transcripts: SimulatorTranscriptEntry[]): RecordedTurn[] {
  const turns: RecordedTurn[] = [];
  for (const entry of transcripts) {
    if (entry.user === "assistant") turns.push({ userSpeaks: false });
    else if (entry.user === "user" && turns.length > 0) turns.at(-1)!.userSpeaks = true;
  }
  return turns;
}

/** The number a call was transferred to, read from its transcript's agent action; else null. */
export function transferredTo(transcripts: readonly SimulatorTranscriptEntry[]): string | null {
  const action = transcripts.find(
    (t) => t.user === "agent-action" && t.text.startsWith(TRANSFER_ACTION_PREFIX),
  );
  return action ? action.text.slice(TRANSFER_ACTION_PREFIX.length).trim() || null : null;
}

const isFinal = (call: Pick<SimulatorCall, "status">) =>
  call.status !== "queued" && call.status !== "in-progress";

const QUEUE_STATUS: Record<SimulatorCallStatus, string> = {
  queued: "queued",
  "in-progress": "started",
  completed: "complete",
  busy: "complete",
  "no-answer": "complete",
  failed: "complete",
};

/**
 * Bland's call object (GET /v1/calls/:id and the post-call webhook). What the plan holds is
 * shown only once the call has ended.
 */
export function callObject(call: SimulatorCall) {
  const done = isFinal(call);
  const transcripts = done ? call.transcripts : [];
  return {
    call_id: call.callId,
    c_id: call.callId,
    batch_id: null,
    inbound: false,
    to: call.phoneNumber,
    from: call.fromNumber,
    created_at: call.createdAt.toISOString(),
    started_at: call.startedAt?.toISOString() ?? null,
    completed: done,
    queue_status: QUEUE_STATUS[call.status],
    status: call.status,
    answered_by: done ? call.answeredBy : null,
    call_length: done ? call.callLength : 0,
    record: call.record,
    metadata: call.metadata ?? {},
    request_data: call.requestData ?? {},
    variables: {},
    transcripts,
    concatenated_transcript: transcripts
      .filter((t) => t.user !== "agent-action")
      .map((t) => `${t.user}: ${t.text}`)
      .join("\n"),
    summary: done ? call.summary : null,
    analysis_schema: call.analysisSchema ?? null,
    analysis: done ? simulatedAnalysis(call.analysisSchema, call) : null,
    recording_url: done ? call.recordingUrl : null,
    error_message: done ? call.errorMessage : null,
    // "Number the call was transferred to, if any" (Bland's call object; the 0007 outcome).
    transferred_to: transferredTo(transcripts),
  };
}

/** The short form GET /v1/calls lists. */
export function callListItem(call: SimulatorCall) {
  const full = callObject(call);
  return {
    call_id: full.call_id,
    created_at: full.created_at,
    call_length: full.call_length,
    to: full.to,
    from: full.from,
    completed: full.completed,
    queue_status: full.queue_status,
    status: full.status,
    error_message: full.error_message,
    answered_by: full.answered_by,
    batch_id: full.batch_id,
    metadata: full.metadata,
  };
}

/** The call as it will be once ended: the body of its post-call webhook. */
export function finalCall(call: SimulatorCall): SimulatorCall {
  return {
    ...call,
    status: call.outcome,
    startedAt: call.answeredBy ? call.answerAt : null,
    completedAt: call.endAt,
  };
}
