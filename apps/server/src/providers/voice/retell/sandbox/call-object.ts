import type { SimulatorWebhook } from "../../../../db/schema/call-simulator.ts";
import { simulatedAnalysis } from "../../simulator/analysis.ts";
import { type SimulatorCall, transferredTo } from "../../simulator/call.ts";
import { endedOnInvalidNumber } from "../../simulator/outcomes.ts";
import { RETELL_SIGNATURE_HEADER, signRetellPayload } from "../retell-signature.ts";

/**
 * A simulated call in Retell's shapes: the call object of GET /v2/get-call/{call_id} and of the
 * webhooks (the SDK's PhoneCallResponse, retell-typescript-sdk src/resources/call.ts), the
 * shorter item of POST /v3/list-calls, and the three webhooks `{ event, call }` signed with the
 * account's API key (https://docs.retellai.com/features/webhook-overview, secure-webhook).
 */

const isFinal = (call: Pick<SimulatorCall, "status">) =>
  call.status !== "queued" && call.status !== "in-progress";

/** Retell's call_status for the simulator's (docs: reliability/debug-call-disconnect). */
function callStatus(call: SimulatorCall): string {
  switch (call.status) {
    case "queued":
      return "registered";
    case "in-progress":
      return "ongoing";
    case "completed":
      return "ended";
    default:
      // busy, no-answer, failed: never connected.
      return "not_connected";
  }
}

/** The disconnection_reason an ended simulated call reports. */
export function disconnectionReason(call: SimulatorCall): string {
  switch (call.outcome) {
    case "busy":
      return "dial_busy";
    case "no-answer":
      return "dial_no_answer";
    case "failed":
      return endedOnInvalidNumber(call) ? "invalid_destination" : "dial_failed";
    default:
      if (call.answeredBy === "voicemail") return "voicemail_reached";
      return transferredTo(call.transcripts) ? "call_transfer" : "agent_hangup";
  }
}

const ms = (date: Date | null | undefined) => (date ? date.getTime() : undefined);

/** transcript_object: the agent's and the user's utterances with word timings (seconds). */
function transcriptObject(call: SimulatorCall) {
  const start = call.startedAt ?? call.answerAt;
  return call.transcripts
    .filter((t) => t.user === "assistant" || t.user === "user")
    .map((t) => {
      const offset = Math.max(0, (Date.parse(t.created_at) - start.getTime()) / 1000);
      const words = t.text.split(/\s+/).filter(Boolean);
      return {
        role: t.user === "assistant" ? "agent" : "user",
        content: t.text,
        words: words.map((word, i) => ({
          word,
          start: Math.round((offset + i * 0.3) * 1000) / 1000,
          end: Math.round((offset + (i + 1) * 0.3) * 1000) / 1000,
        })),
      };
    });
}

function requestField(call: SimulatorCall, name: string): unknown {
  return (call.request as Record<string, unknown> | null)?.[name];
}

/**
 * The call object. What the plan holds (transcript, recording, analysis) is shown only once the
 * call has ended; call_analysis only when `analysis` is asked for (the call_ended webhook has
 * "all fields from the call object except call_analysis").
 */
export function retellCallObject(
  call: SimulatorCall,
  options: { analysis?: boolean; agentName?: string | null } = {},
) {
  const done = isFinal(call);
  const connected = call.answeredBy !== null && call.status !== "queued";
  const transcript = done ? transcriptObject(call) : [];
  const variables = requestField(call, "retell_llm_dynamic_variables");
  const object: Record<string, unknown> = {
    call_type: "phone_call",
    call_id: call.callId,
    agent_id: requestField(call, "override_agent_id") ?? null,
    agent_version: 0,
    ...(options.agentName ? { agent_name: options.agentName } : {}),
    call_status: callStatus(call),
    direction: "outbound",
    from_number: call.fromNumber,
    to_number: call.phoneNumber,
    metadata: call.metadata ?? {},
    retell_llm_dynamic_variables:
      variables && typeof variables === "object" ? variables : ({} as Record<string, string>),
    ...(connected ? { start_timestamp: ms(call.startedAt ?? call.answerAt) } : {}),
  };
  if (!done) return object;
  Object.assign(object, {
    end_timestamp: ms(call.completedAt ?? call.endAt),
    duration_ms: Math.round(call.callLength * 60_000),
    disconnection_reason: disconnectionReason(call),
    transcript: transcript
      .map((u) => `${u.role === "agent" ? "Agent" : "User"}: ${u.content}\n`)
      .join(""),
    transcript_object: transcript,
    ...(call.recordingUrl ? { recording_url: call.recordingUrl } : {}),
  });
  if (options.analysis) {
    const said = call.transcripts.filter((t) => t.user === "user").map((t) => t.text);
    const declined = said.some((t) =>
      /stop calling|not interested|take me off|don't call/i.test(t),
    );
    object.call_analysis = {
      call_summary: call.summary ?? "The call did not connect.",
      in_voicemail: call.answeredBy === "voicemail",
      user_sentiment: call.answeredBy !== "human" ? "Unknown" : declined ? "Negative" : "Positive",
      call_successful: call.answeredBy === "human" && !declined,
      custom_analysis_data: simulatedAnalysis(call.analysisSchema, call) ?? {},
    };
  }
  return object;
}

/** The item POST /v3/list-calls returns: without transcripts and recording (Retell's docs). */
export function retellListItem(call: SimulatorCall) {
  const full = retellCallObject(call, { analysis: true });
  delete full.transcript;
  delete full.transcript_object;
  delete full.recording_url;
  return full;
}

/**
 * The webhooks of a call, signed now with the account's API key for the moment each is due
 * (Retell's signature carries its time and is refused after five minutes): call_started when it
 * connects ("if the call did not connect … call_started will not be triggered"), then
 * call_ended and, for a connected call, call_analyzed once it has ended. Only the events the
 * agent subscribes to (webhook_events; all three by default).
 */
export function retellWebhooks(
  ended: SimulatorCall,
  input: {
    url: string | null;
    events: readonly string[] | null;
    apiKey: string;
    agentName: string | null;
  },
): SimulatorWebhook[] {
  if (!input.url) return [];
  const url = input.url;
  const wanted = new Set(input.events ?? ["call_started", "call_ended", "call_analyzed"]);
  const connected = ended.answeredBy !== null;
  const webhook = (at: "answer" | "end", event: string, call: unknown, due: Date) => {
    const body = JSON.stringify({ event, call });
    return {
      at,
      url,
      body,
      headers: {
        "user-agent": "Retell Webhooks (Ringback call simulator)",
        [RETELL_SIGNATURE_HEADER]: signRetellPayload(body, input.apiKey, due.getTime()),
      },
    } satisfies SimulatorWebhook;
  };
  const webhooks: SimulatorWebhook[] = [];
  const name = { agentName: input.agentName };
  if (connected && wanted.has("call_started")) {
    const answered: SimulatorCall = { ...ended, status: "in-progress", completedAt: null };
    webhooks.push(
      webhook("answer", "call_started", retellCallObject(answered, name), ended.answerAt),
    );
  }
  if (wanted.has("call_ended")) {
    webhooks.push(webhook("end", "call_ended", retellCallObject(ended, name), ended.endAt));
  }
  if (connected && wanted.has("call_analyzed")) {
    webhooks.push(
      webhook(
        "end",
        "call_analyzed",
        retellCallObject(ended, { ...name, analysis: true }),
        ended.endAt,
      ),
    );
  }
  return webhooks;
}
