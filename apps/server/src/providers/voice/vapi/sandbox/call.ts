import { createHash } from "node:crypto";
import type { SimulatorWebhook } from "../../../../db/schema/call-simulator.ts";
import { simulatedAnalysis } from "../../simulator/analysis.ts";
import { SIMULATOR_FROM_NUMBER, type SimulatorCall, transferredTo } from "../../simulator/call.ts";
import { TRANSFER_ACTION_PREFIX } from "../../simulator/conversation.ts";
import { endedOnInvalidNumber } from "../../simulator/outcomes.ts";

/**
 * The call simulator's calls in Vapi's shapes: the Call object of GET /call/{id}
 * and the server messages `status-update` and `end-of-call-report`, as Vapi's API reference
 * describes them (VapiAI/docs fern/apis/api/openapi.json: Call, Artifact, Analysis,
 * ServerMessageStatusUpdate, ServerMessageEndOfCallReport; docs.vapi.ai/server-url/events).
 */

/** The one phone number a simulated Vapi account has (GET /phone-number), by its id. */
export const SIMULATOR_VAPI_PHONE_NUMBER_ID = "5a1e0000-0000-4000-8000-014155550100";

/** A stable UUID-shaped id for a text (an account's orgId). */
export function uuidFor(text: string): string {
  const hex = createHash("sha256").update(`ringback:call-simulator:vapi:${text}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The simulator's number as Vapi's PhoneNumber object (a Vapi-provided number). */
export function vapiPhoneNumber(orgId: string) {
  return {
    id: SIMULATOR_VAPI_PHONE_NUMBER_ID,
    orgId,
    provider: "vapi",
    number: SIMULATOR_FROM_NUMBER,
    name: "Call simulator",
    status: "active",
    createdAt: "2024-01-01T00:00:00.000Z",
    updatedAt: "2024-01-01T00:00:00.000Z",
  };
}

const isFinal = (call: Pick<SimulatorCall, "status">) =>
  call.status !== "queued" && call.status !== "in-progress";

/** Vapi's `status` for the simulator's: a placed call rings until it is answered. */
function vapiStatus(call: SimulatorCall, justPlaced: boolean): string {
  if (call.status === "queued") return justPlaced ? "queued" : "ringing";
  if (call.status === "in-progress") return "in-progress";
  return "ended";
}

/** Vapi's `endedReason` for how the simulated call ended (docs.vapi.ai/calls/call-ended-reason). */
export function vapiEndedReason(call: SimulatorCall): string {
  switch (call.outcome) {
    case "busy":
      return "customer-busy";
    case "no-answer":
      return "customer-did-not-answer";
    case "failed":
      return endedOnInvalidNumber(call)
        ? "twilio-reported-customer-misdialed"
        : "twilio-failed-to-connect-call";
    default:
      if (call.answeredBy === "voicemail") return "voicemail";
      return transferredTo(call.transcripts) ? "assistant-forwarded-call" : "assistant-ended-call";
  }
}

/** The transient assistant's system message, from the request as received. */
export function systemPrompt(request: Record<string, unknown> | null): string | null {
  const assistant = request?.assistant as { model?: { messages?: unknown } } | undefined;
  const messages = Array.isArray(assistant?.model?.messages) ? assistant.model.messages : [];
  const system = messages.find(
    (m): m is { role: string; content: string } =>
      !!m &&
      typeof m === "object" &&
      (m as { role?: unknown }).role === "system" &&
      typeof (m as { content?: unknown }).content === "string",
  );
  return system?.content ?? null;
}

/**
 * Vapi's artifact.messages (SystemMessage, BotMessage, UserMessage, ToolCallMessage) and the
 * plain-text transcript for a simulated conversation. A transfer (the simulator's agent action)
 * is Vapi's transferCall tool call; the simulator's other agent actions have no Vapi message.
 */
function artifactMessages(call: SimulatorCall) {
  const start = (call.startedAt ?? call.answerAt).getTime();
  const messages: Record<string, unknown>[] = [];
  const prompt = systemPrompt(call.request);
  if (prompt && call.transcripts.length > 0) {
    messages.push({ role: "system", message: prompt, time: start, secondsFromStart: 0 });
  }
  for (const entry of call.transcripts) {
    const time = Date.parse(entry.created_at ?? "") || start;
    const secondsFromStart = Math.max(0, (time - start) / 1000);
    if (entry.user === "assistant" || entry.user === "user") {
      const duration = Math.min(4000, 150 + entry.text.length * 40);
      messages.push({
        role: entry.user === "assistant" ? "bot" : "user",
        message: entry.text,
        time,
        endTime: time + duration,
        secondsFromStart,
        duration,
        ...(entry.user === "assistant" ? { source: "" } : {}),
      });
    } else if (entry.text.startsWith(TRANSFER_ACTION_PREFIX)) {
      const number = entry.text.slice(TRANSFER_ACTION_PREFIX.length).trim();
      messages.push({
        role: "tool_calls",
        message: "",
        toolCalls: [
          {
            id: `call_${entry.id}`,
            type: "function",
            function: { name: "transferCall", arguments: JSON.stringify({ destination: number }) },
          },
        ],
        time,
        secondsFromStart,
      });
    }
  }
  const transcript = call.transcripts
    .filter((t) => t.user === "assistant" || t.user === "user")
    .map((t) => `${t.user === "assistant" ? "AI" : "User"}: ${t.text}`)
    .join("\n");
  return { messages, transcript: transcript ? `${transcript}\n` : "" };
}

/**
 * The JSON schema of the request's analysisPlan.structuredDataPlan as the simulator's analysis
 * schema (key → Bland-style type hint: boolean, number, YYYY-MM-DD, "one of: a | b", string), for
 * simulatedAnalysis. Null when the request asks for no structured data.
 */
export function analysisSchemaOf(
  request: Record<string, unknown> | null,
): Record<string, string> | null {
  const plan = (request?.assistant as { analysisPlan?: { structuredDataPlan?: unknown } })
    ?.analysisPlan?.structuredDataPlan as
    | { enabled?: unknown; schema?: { type?: unknown; properties?: unknown } }
    | undefined;
  if (!plan || plan.enabled === false || plan.schema?.type !== "object") return null;
  const properties = plan.schema.properties;
  if (!properties || typeof properties !== "object") return null;
  const schema: Record<string, string> = {};
  for (const [key, value] of Object.entries(properties as Record<string, unknown>)) {
    const property = (value ?? {}) as { type?: unknown; format?: unknown; enum?: unknown };
    if (property.type === "boolean") schema[key] = "boolean";
    else if (property.type === "number" || property.type === "integer") schema[key] = "number";
    else if (Array.isArray(property.enum) && property.enum.length > 0) {
      schema[key] = `one of: ${property.enum.map(String).join(" | ")}`;
    } else if (property.format === "date" || property.format === "date-time") {
      schema[key] = "YYYY-MM-DD";
    } else schema[key] = "string";
  }
  return Object.keys(schema).length > 0 ? schema : null;
}

/** The call's `analysis`: the summary and the structured data Vapi would have extracted. */
function analysisOf(call: SimulatorCall) {
  if (call.transcripts.length === 0) return {};
  const answers = simulatedAnalysis(analysisSchemaOf(call.request), call);
  const structuredData = answers
    ? Object.fromEntries(Object.entries(answers).filter(([, v]) => v !== null && v !== undefined))
    : null;
  return {
    ...(call.summary ? { summary: call.summary } : {}),
    ...(structuredData ? { structuredData } : {}),
  };
}

/**
 * Vapi's Call object for a simulated call (GET /call/{id}, GET /call, POST /call's answer and
 * the server messages' `call`). The request's transient assistant and customer come back as
 * sent; what the plan holds (the conversation, recording, analysis) shows once the call ended.
 */
export function vapiCallObject(
  call: SimulatorCall,
  orgId: string,
  options: { justPlaced?: boolean } = {},
) {
  const request = call.request ?? {};
  const done = isFinal(call);
  const connected = call.startedAt !== null;
  const artifact = done ? artifactMessages(call) : null;
  return {
    id: call.callId,
    orgId,
    type: "outboundPhoneCall",
    createdAt: call.createdAt.toISOString(),
    updatedAt: (call.completedAt ?? call.startedAt ?? call.createdAt).toISOString(),
    ...(connected ? { startedAt: call.startedAt!.toISOString() } : {}),
    ...(done && call.completedAt ? { endedAt: call.completedAt.toISOString() } : {}),
    status: vapiStatus(call, options.justPlaced === true),
    ...(done ? { endedReason: vapiEndedReason(call) } : {}),
    ...(done && call.outcome === "failed" && call.errorMessage
      ? { endedMessage: call.errorMessage }
      : {}),
    ...(done && transferredTo(call.transcripts)
      ? { destination: { type: "number", number: transferredTo(call.transcripts) } }
      : {}),
    cost: 0,
    phoneCallProvider: "vapi",
    phoneCallTransport: "pstn",
    phoneNumberId: SIMULATOR_VAPI_PHONE_NUMBER_ID,
    customer: request.customer ?? { number: call.phoneNumber },
    assistant: request.assistant ?? null,
    ...(done
      ? {
          artifact: {
            messages: artifact!.messages,
            transcript: artifact!.transcript,
            ...(call.recordingUrl
              ? {
                  recordingUrl: call.recordingUrl,
                  recording: { mono: { combinedUrl: call.recordingUrl } },
                }
              : {}),
          },
          analysis: analysisOf(call),
        }
      : {}),
  };
}

/** The Vapi server messages one simulated call sends, made when it is placed (see play.ts). */
export function vapiWebhooks(
  ended: SimulatorCall,
  options: { orgId: string; url: string | null; headers: Record<string, string>; types: string[] },
): SimulatorWebhook[] {
  if (!options.url) return [];
  const url = options.url;
  const request = ended.request ?? {};
  const headers = {
    "user-agent": "Vapi (Ringback call simulator)",
    ...options.headers,
  };
  const common = {
    phoneNumber: vapiPhoneNumber(options.orgId),
    customer: request.customer ?? { number: ended.phoneNumber },
    assistant: request.assistant ?? null,
  };
  const webhook = (at: SimulatorWebhook["at"], message: Record<string, unknown>) => ({
    at,
    url,
    body: JSON.stringify({ message: { ...message, ...common } }),
    headers,
  });
  const webhooks: SimulatorWebhook[] = [];
  const wants = (type: string) => options.types.includes(type);
  if (ended.startedAt && wants("status-update")) {
    // "in-progress: The call has started" (the person or a machine answered).
    const live: SimulatorCall = { ...ended, status: "in-progress", completedAt: null };
    webhooks.push(
      webhook("answer", {
        type: "status-update",
        status: "in-progress",
        timestamp: ended.startedAt.getTime(),
        call: vapiCallObject(live, options.orgId),
      }),
    );
  }
  const call = vapiCallObject(ended, options.orgId);
  const endedAt = ended.completedAt ?? ended.endAt;
  if (wants("status-update")) {
    webhooks.push(
      webhook("end", {
        type: "status-update",
        status: "ended",
        endedReason: call.endedReason,
        timestamp: endedAt.getTime(),
        call,
      }),
    );
  }
  if (wants("end-of-call-report")) {
    webhooks.push(
      webhook("end", {
        type: "end-of-call-report",
        endedReason: call.endedReason,
        timestamp: endedAt.getTime(),
        cost: 0,
        ...(call.startedAt ? { startedAt: call.startedAt } : {}),
        ...(call.endedAt ? { endedAt: call.endedAt } : {}),
        artifact: call.artifact,
        analysis: call.analysis,
        call,
      }),
    );
  }
  return webhooks;
}
