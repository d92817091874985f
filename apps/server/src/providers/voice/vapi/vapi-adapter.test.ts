import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { isRetryableEnding } from "@ringback/contracts";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseAllowedNetworks } from "../../../lib/outbound-addresses.ts";
import { createOutboundClient } from "../../../lib/outbound-http.ts";
import { FORM_ANSWERS_INSTRUCTION } from "../bland/bland-provider.ts";
import { type PlaceCallInput, VoiceProviderError } from "../voice-provider.ts";
import {
  mapVapiStatus,
  mapVapiTranscript,
  parseVapiServerMessage,
  secondsBetween,
  toVapiOutcome,
  VAPI_ENDED_REASONS,
  VAPI_STATUSES,
  vapiEnding,
} from "./vapi-call.ts";
import {
  createVapiProvider,
  matchLanguage,
  VAPI_SECRET_HEADER,
  VAPI_VOICES,
  vapiCallRequest,
} from "./vapi-provider.ts";

const loopbackOutbound = createOutboundClient({
  requireHttps: false,
  allowedNetworks: parseAllowedNetworks("127.0.0.0/8, ::1"),
});

/*
 * Fixtures, built from Vapi's documented payloads (field names and enums per the API reference:
 * VapiAI/docs fern/apis/api/openapi.json, the same as VapiAI/server-sdk-typescript
 * src/api/types/*):
 * - end-of-call-report.json: docs.vapi.ai/server-url/events "End of Call Report"
 *   ({ message: { type, endedReason, call, artifact: { recording, transcript, messages } } }),
 *   completed with ServerMessageEndOfCallReport's documented fields (analysis, startedAt,
 *   endedAt, cost, assistant), Artifact's (recordingUrl, stereoRecordingUrl, recording.mono,
 *   presigned URLs) and the message shapes UserMessage / BotMessage / SystemMessage /
 *   ToolCallMessage / ToolCallResultMessage.
 * - status-update.json: docs.vapi.ai/server-url/events "Status Updates".
 * - call.json: GET /call/{id} (schema Call), with the example of docs.vapi.ai
 *   calls/troubleshoot-call-forwarding-drops ("endedReason": "assistant-forwarded-call",
 *   destination, phoneCallProviderId).
 * - create-call-response.json: a POST /call 201 response (schema Call: status "queued").
 * - phone-numbers.json: GET /phone-number (TwilioPhoneNumber, VapiPhoneNumber; one SIP-only).
 */
const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const endOfCallReport = fixture("end-of-call-report.json");
const statusUpdate = fixture("status-update.json");
const docsCall = JSON.parse(fixture("call.json")) as Record<string, unknown>;
const createResponse = JSON.parse(fixture("create-call-response.json")) as unknown;
const phoneNumbers = JSON.parse(fixture("phone-numbers.json")) as unknown;

const CALLER_ID = "3701f662-ed3e-440e-9a34-9c3eda663145";
const API = "https://api.vapi.ai";

const input: PlaceCallInput = {
  phoneNumber: "+14155550123",
  task: "You are calling Ada about her enquiry.",
  context: { respondentName: null, answers: [] },
  firstSentence: "Hi Ada, this is Ringback calling about your form.",
  outcomeQuestions: [],
  maxDurationMinutes: 10,
  voicemail: { action: "leave_message", message: "Sorry we missed you, we will call back." },
  voice: { voiceId: null, language: null, transferNumber: null },
  assistant: { id: "asst_1", name: "Kitchen leads", updatedAt: new Date("2026-01-01T00:00:00Z") },
  webhookUrl: "https://ringback.example/api/voice-webhooks/vapi/conn_1",
  metadata: { submissionId: "sub_1", attemptId: "att_1", attempt: 2, organizationId: "org_1" },
};

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

// A local fake of Vapi's API that records every request.
let server: Server;
let baseUrl: string;
let recorded: Recorded[] = [];
let routes: Record<
  string,
  { status: number; body: unknown; headers?: Record<string, string>; raw?: boolean }
> = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      recorded.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      const route = routes[`${req.method} ${req.url}`] ??
        routes[`${req.method} ${(req.url ?? "").split("?")[0]}`] ?? {
          status: 404,
          body: { message: "Not Found", statusCode: 404 },
        };
      res.writeHead(route.status, { "content-type": "application/json", ...route.headers });
      res.end(route.raw ? String(route.body) : JSON.stringify(route.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  recorded = [];
  routes = {};
});

const provider = (over: Partial<Parameters<typeof createVapiProvider>[0]> = {}) =>
  createVapiProvider({
    apiKey: "vapi_key_123",
    apiUrl: baseUrl,
    webhookSecret: "whsec_vapi",
    callerNumber: CALLER_ID,
    simulator: false,
    // The fake API and its "storage host" are on loopback, which the guard lets through here.
    outbound: loopbackOutbound,
    ...over,
  });

describe("placeCall", () => {
  it("posts Vapi's create-call body: the number, the phone-number id and an inline assistant", async () => {
    routes["POST /call"] = { status: 201, body: createResponse };
    await expect(provider().placeCall(input)).resolves.toEqual({
      providerCallId: "019d2ad0-6eb1-7aac-9377-0fc25d8bc1ad",
    });
    expect(recorded).toHaveLength(1);
    const [request] = recorded;
    expect(request!.method).toBe("POST");
    expect(request!.url).toBe("/call");
    expect(request!.headers.authorization).toBe("Bearer vapi_key_123");
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request!.body)).toEqual({
      phoneNumberId: CALLER_ID,
      customer: { number: "+14155550123" },
      assistant: {
        name: "Kitchen leads",
        model: {
          provider: "openai",
          model: "gpt-4o",
          messages: [{ role: "system", content: "You are calling Ada about her enquiry." }],
        },
        firstMessage: "Hi Ada, this is Ringback calling about your form.",
        maxDurationSeconds: 600,
        voicemailDetection: { provider: "vapi" },
        voicemailMessage: "Sorry we missed you, we will call back.",
        analysisPlan: { summaryPlan: { enabled: true } },
        artifactPlan: { recordingEnabled: true },
        serverMessages: ["status-update", "end-of-call-report"],
        server: {
          url: "https://ringback.example/api/voice-webhooks/vapi/conn_1",
          headers: { "x-vapi-secret": "whsec_vapi" },
        },
        metadata: {
          submission_id: "sub_1",
          attempt_id: "att_1",
          attempt: 2,
          organization_id: "org_1",
        },
      },
    });
  });

  it("puts the lead's answers in the system message with the instruction Bland gets", () => {
    const body = vapiCallRequest(
      {
        ...input,
        context: {
          respondentName: "Ada Lovelace",
          answers: [
            { question: "What can we help with?", answer: "Kitchen renovation" },
            { question: "Budget", answer: "$10k–$20k" },
            { question: "Budget", answer: "Flexible" },
          ],
        },
      },
      { phoneNumberId: CALLER_ID, webhookSecret: null },
    );
    const assistant = body.assistant as { model: { messages: { content: string }[] } };
    const content = assistant.model.messages[0]!.content;
    expect(content.startsWith("You are calling Ada about her enquiry.\n\n")).toBe(true);
    expect(content).toContain(FORM_ANSWERS_INSTRUCTION);
    const data = JSON.parse(content.slice(content.indexOf("{")));
    expect(data).toEqual({
      name: "Ada Lovelace",
      "What can we help with?": "Kitchen renovation",
      Budget: "$10k–$20k",
      "Budget (2)": "Flexible",
    });
    // No secret: no header (and nothing that would reveal one).
    expect((body.assistant as { server: unknown }).server).toEqual({
      url: input.webhookUrl,
    });
  });

  it("passes the voice options in Vapi's terms: voice, languages, length, voicemail, transfer", () => {
    const body = vapiCallRequest(
      {
        ...input,
        firstSentence: null,
        maxDurationMinutes: 2.5,
        voicemail: { action: "hang_up", message: "ignored" },
        voice: { voiceId: "Savannah", language: "fr-FR", transferNumber: "+14155550199" },
        metadata: { ...input.metadata, test: true },
      },
      { phoneNumberId: CALLER_ID, webhookSecret: "s" },
    );
    const assistant = body.assistant as Record<string, unknown>;
    expect(assistant.voice).toEqual({ provider: "vapi", voiceId: "Savannah", language: "fr-FR" });
    // Deepgram knows "fr", not "fr-FR".
    expect(assistant.transcriber).toEqual({
      provider: "deepgram",
      model: "nova-2",
      language: "fr",
    });
    expect(assistant.maxDurationSeconds).toBe(150);
    expect(assistant).not.toHaveProperty("firstMessage");
    expect(assistant.firstMessageMode).toBe("assistant-speaks-first-with-model-generated-message");
    expect(assistant).not.toHaveProperty("voicemailMessage");
    expect(assistant.voicemailDetection).toEqual({ provider: "vapi" });
    const model = assistant.model as { tools: unknown[]; messages: { content: string }[] };
    expect(model.tools).toEqual([
      {
        type: "transferCall",
        destinations: [
          {
            type: "number",
            number: "+14155550199",
            description: "A person at the business, for when the caller asks for a human.",
          },
        ],
      },
    ]);
    expect(model.messages[0]!.content).toContain("transferCall tool");
    expect((assistant.metadata as Record<string, unknown>).test).toBe(true);
  });

  it("uses Vapi's default voice for a language alone, and leaves out what it cannot say", () => {
    const only = (language: string | null) =>
      vapiCallRequest(
        { ...input, voice: { voiceId: null, language, transferNumber: null } },
        { phoneNumberId: CALLER_ID, webhookSecret: null },
      ).assistant as Record<string, unknown>;
    expect(only("es-MX").voice).toEqual({ provider: "vapi", voiceId: "Elliot", language: "es-MX" });
    expect(only("es-MX").transcriber).toMatchObject({ language: "es" });
    expect(only("en-US").transcriber).toMatchObject({ language: "en-US" });
    // Klingon: neither the voice nor the transcriber; Vapi's defaults.
    expect(only("tlh")).not.toHaveProperty("voice");
    expect(only("tlh")).not.toHaveProperty("transcriber");
    expect(only(null)).not.toHaveProperty("voice");
    expect(matchLanguage("PT-br", new Set(["pt-BR", "pt"]))).toBe("pt-BR");
    expect(matchLanguage("", new Set(["en"]))).toBeNull();
  });

  it("clamps the call length to what Vapi allows (10 s to 12 h)", () => {
    const seconds = (maxDurationMinutes: number) =>
      (
        vapiCallRequest(
          { ...input, maxDurationMinutes },
          { phoneNumberId: CALLER_ID, webhookSecret: null },
        ).assistant as { maxDurationSeconds: number }
      ).maxDurationSeconds;
    expect(seconds(0.01)).toBe(10);
    expect(seconds(10_000)).toBe(43_200);
  });

  it("asks the outcome questions as a structuredDataPlan JSON schema", () => {
    const body = vapiCallRequest(
      {
        ...input,
        outcomeQuestions: [
          { key: "qualified", label: "Qualified?", type: "boolean", description: "Has a budget" },
          { key: "budget", label: "Budget", type: "number" },
          { key: "demo_date", label: "Best time for a demo", type: "date" },
          { key: "plan", label: "Plan", type: "choice", choices: ["Basic", "Pro"] },
          { key: "notes", label: "Notes", type: "text" },
        ],
      },
      { phoneNumberId: CALLER_ID, webhookSecret: null },
    );
    const plan = (body.assistant as { analysisPlan: Record<string, unknown> }).analysisPlan;
    expect(plan.summaryPlan).toEqual({ enabled: true });
    const structured = plan.structuredDataPlan as {
      enabled: boolean;
      schema: { type: string; properties: Record<string, Record<string, unknown>> };
    };
    expect(structured.enabled).toBe(true);
    expect(structured.schema.type).toBe("object");
    const props = structured.schema.properties;
    expect(Object.keys(props)).toEqual(["qualified", "budget", "demo_date", "plan", "notes"]);
    expect(props.qualified).toMatchObject({ type: "boolean" });
    expect(props.qualified!.description).toContain("Qualified? (Has a budget)");
    expect(props.budget).toMatchObject({ type: "number" });
    expect(props.demo_date).toMatchObject({ type: "string", format: "date" });
    expect(props.plan).toMatchObject({ type: "string", enum: ["Basic", "Pro"] });
    expect(props.notes).toMatchObject({ type: "string" });
    expect(props.notes).not.toHaveProperty("format");
  });

  it("dials from the account's only number when none is chosen, and asks otherwise", async () => {
    routes["GET /phone-number"] = { status: 200, body: [(phoneNumbers as unknown[])[0]] };
    routes["POST /call"] = { status: 201, body: createResponse };
    await provider({ callerNumber: null }).placeCall(input);
    expect(recorded.map((r) => `${r.method} ${r.url.split("?")[0]}`)).toEqual([
      "GET /phone-number",
      "POST /call",
    ]);
    expect(JSON.parse(recorded[1]!.body).phoneNumberId).toBe(CALLER_ID);

    routes["GET /phone-number"] = { status: 200, body: phoneNumbers };
    await expect(provider({ callerNumber: null }).placeCall(input)).rejects.toMatchObject({
      status: 400,
      code: "no_caller_number",
      message: "Choose which Vapi phone number calls go out from in the Voice settings.",
    });
    routes["GET /phone-number"] = { status: 200, body: [] };
    await expect(provider({ callerNumber: null }).placeCall(input)).rejects.toMatchObject({
      code: "no_caller_number",
      message: expect.stringContaining("Vapi has no phone number"),
    });
  });

  it("refuses a number that is not E.164 without calling Vapi", async () => {
    await expect(
      provider().placeCall({ ...input, phoneNumber: "4155550123" }),
    ).rejects.toMatchObject({ status: 400, code: "invalid_phone_number" });
    await expect(provider().placeCall({ ...input, maxDurationMinutes: 0 })).rejects.toMatchObject({
      code: "invalid_max_duration",
    });
    expect(recorded).toHaveLength(0);
  });

  it("words Vapi's errors for people", async () => {
    routes["POST /call"] = {
      status: 401,
      body: { message: "Invalid Key.", error: "Unauthorized", statusCode: 401 },
    };
    const error = await provider()
      .placeCall(input)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VoiceProviderError);
    expect(error).toMatchObject({
      status: 401,
      code: "unauthorized",
      isAuthFailure: true,
      message: "Vapi refused the API key. Check the Voice settings.",
    });

    // Vapi's validation errors: a list of messages.
    routes["POST /call"] = {
      status: 400,
      body: {
        message: ["customer.number must be a valid phone number in the E.164 format."],
        error: "Bad Request",
        statusCode: 400,
      },
    };
    await expect(provider().placeCall(input)).rejects.toMatchObject({
      status: 400,
      message: "Vapi: customer.number must be a valid phone number in the E.164 format.",
    });

    routes["POST /call"] = { status: 429, body: { message: "Too Many Requests" } };
    await expect(provider().placeCall(input)).rejects.toMatchObject({ code: "rate_limited" });

    routes["POST /call"] = { status: 500, body: "oops", raw: true };
    await expect(provider().placeCall(input)).rejects.toMatchObject({
      status: 502,
      message: "Placing the call failed (HTTP 500)",
    });

    routes["POST /call"] = { status: 201, body: { status: "queued" } };
    await expect(provider().placeCall(input)).rejects.toMatchObject({ code: "no_call_id" });
  });

  it("flags a request lost in flight as possibly dialled", async () => {
    const failing = createVapiProvider({
      apiKey: "k",
      webhookSecret: "s",
      callerNumber: CALLER_ID,
      simulator: true,
      fetch: () => Promise.reject(new TypeError("socket hang up")),
    });
    const error = await failing.placeCall(input).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: "outcome_unknown", mayHaveDialled: true });
    expect(failing.simulator).toBe(true);
    expect(failing.id).toBe("vapi");
  });
});

describe("verify, caller numbers and voices", () => {
  it("lists the account's phone numbers and says how many", async () => {
    routes["GET /phone-number"] = { status: 200, body: phoneNumbers };
    await expect(provider().verify()).resolves.toEqual({
      summary: "Connected to Vapi: 2 phone numbers.",
    });
    expect(recorded[0]!.headers.authorization).toBe("Bearer vapi_key_123");
    expect(recorded[0]!.url).toBe("/phone-number?limit=1000");
    await expect(provider().listCallerNumbers()).resolves.toEqual([
      { id: CALLER_ID, number: "+14155550100", label: "Sales line" },
      {
        id: "5b0c7a1e-1111-4c2d-9e3f-000000000002",
        number: "+14155550101",
        label: "+14155550101 (activating)",
      },
    ]);
    routes["GET /phone-number"] = { status: 200, body: [(phoneNumbers as unknown[])[0]] };
    await expect(provider().verify()).resolves.toEqual({
      summary: "Connected to Vapi: 1 phone number.",
    });
    await expect(provider({ callerNumber: "gone" }).verify()).resolves.toEqual({
      summary:
        "Connected to Vapi: 1 phone number, but not the one chosen for calls. Choose another.",
    });
  });

  it("fails verify on a refused key, as an auth failure", async () => {
    routes["GET /phone-number"] = { status: 401, body: { message: "Invalid Key." } };
    await expect(provider().verify()).rejects.toMatchObject({ isAuthFailure: true });
    routes["GET /phone-number"] = { status: 200, body: { not: "a list" } };
    await expect(provider().verify()).rejects.toMatchObject({ code: "invalid_response" });
  });

  it("offers Vapi's own voices", async () => {
    const voices = await provider().listVoices();
    expect(voices.length).toBe(VAPI_VOICES.length);
    expect(voices[0]).toEqual({
      id: "Elliot",
      name: "Elliot (Canadian)",
      language: null,
      gender: "male",
      previewUrl: null,
    });
    expect(new Set(voices.map((v) => v.id)).size).toBe(voices.length);
  });
});

describe("getCall and findCallsByAttempt", () => {
  it("reads GET /call/{id}, and null for an unknown call", async () => {
    routes["GET /call/ca123456-0000-4000-8000-000000000001"] = { status: 200, body: docsCall };
    const outcome = await provider().getCall("ca123456-0000-4000-8000-000000000001");
    expect(outcome).toMatchObject({
      providerCallId: "ca123456-0000-4000-8000-000000000001",
      attemptId: "att_7",
      status: "answered",
      // The documented call ended on "assistant-forwarded-call".
      endedReason: "transferred",
      final: true,
      durationSeconds: 106,
      summary: "The caller asked for a person and was transferred.",
      recordingUrl: `${baseUrl}/call/ca123456-0000-4000-8000-000000000001/mono-recording`,
    });
    expect(recorded[0]!.headers.authorization).toBe("Bearer vapi_key_123");
    await expect(provider().getCall("nope")).resolves.toBeNull();
    routes["GET /call/x"] = { status: 500, body: {} };
    await expect(provider().getCall("x")).rejects.toMatchObject({ status: 502 });
  });

  it("lists the recent calls from the caller number and keeps the attempt's", async () => {
    routes["GET /call"] = {
      status: 200,
      body: [
        {
          id: "a",
          status: "ended",
          endedReason: "customer-busy",
          customer: { number: "+14155550123" },
          assistant: { metadata: { attempt_id: "att_1" } },
        },
        {
          id: "b",
          status: "ended",
          customer: { number: "+14155550123" },
          assistant: { metadata: { attempt_id: "att_2" } },
        },
        // Another number's call is not even looked at.
        { id: "c", status: "ended", customer: { number: "+14155550999" } },
        { id: "d", status: "in-progress", customer: { number: "+14155550123" } },
      ],
    };
    routes["GET /call/d"] = {
      status: 200,
      body: {
        id: "d",
        status: "ringing",
        customer: { number: "+14155550123" },
        assistant: { metadata: { attempt_id: "att_1" } },
      },
    };
    const found = await provider().findCallsByAttempt({
      attemptId: "att_1",
      phoneNumber: "+14155550123",
    });
    expect(found.map((o) => [o.providerCallId, o.status, o.endedReason, o.final])).toEqual([
      ["a", "busy", "busy", true],
      ["d", "ringing", null, false],
    ]);
    const url = new URL(recorded[0]!.url, baseUrl);
    expect(url.pathname).toBe("/call");
    expect(url.searchParams.get("limit")).toBe("100");
    expect(url.searchParams.get("phoneNumberId")).toBe(CALLER_ID);
    expect(Date.parse(url.searchParams.get("createdAtGe")!)).toBeLessThan(Date.now());
    expect(recorded.map((r) => r.url.split("?")[0])).toEqual(["/call", "/call/d"]);
    await expect(
      provider().findCallsByAttempt({ attemptId: "", phoneNumber: "+14155550123" }),
    ).resolves.toEqual([]);
  });
});

describe("fetchRecording", () => {
  const read = async (body: AsyncIterable<Uint8Array>) => {
    const chunks: Uint8Array[] = [];
    for await (const chunk of body) chunks.push(chunk);
    return Buffer.concat(chunks).toString("utf8");
  };

  it("sends the key to Vapi's recording endpoint only, and follows its redirect without it", async () => {
    // The storage host: the same fake under another origin (localhost instead of 127.0.0.1).
    const storage = baseUrl.replace("127.0.0.1", "localhost");
    routes["GET /call/c1/mono-recording"] = {
      status: 302,
      body: "",
      headers: { location: `${storage}/signed/c1.wav?X-Amz-Signature=abc` },
    };
    routes["GET /signed/c1.wav"] = {
      status: 200,
      body: "RIFF",
      raw: true,
      headers: { "content-type": "audio/wav" },
    };
    const fetched = await provider().fetchRecording(`${baseUrl}/call/c1/mono-recording`);
    expect(await read(fetched.body)).toBe("RIFF");
    expect(fetched.contentType).toBe("audio/wav");
    expect(recorded.map((r) => [r.url, r.headers.authorization ?? null])).toEqual([
      ["/call/c1/mono-recording", "Bearer vapi_key_123"],
      ["/signed/c1.wav?X-Amz-Signature=abc", null],
    ]);
    // An older report's storage link: fetched as it is, without the key.
    recorded = [];
    await read((await provider().fetchRecording(`${storage}/signed/c1.wav`)).body);
    expect(recorded[0]!.headers.authorization).toBeUndefined();
  });

  it("refuses non-http URLs and reports the provider's errors (404: no recording)", async () => {
    await expect(provider().fetchRecording("file:///etc/passwd")).rejects.toMatchObject({
      code: "invalid_recording_url",
    });
    await expect(provider().fetchRecording("not a url")).rejects.toBeInstanceOf(VoiceProviderError);
    await expect(
      provider().fetchRecording(`${baseUrl}/call/x/mono-recording`),
    ).rejects.toMatchObject({ status: 404 });
    routes["GET /call/y/mono-recording"] = {
      status: 302,
      body: "",
      headers: { location: "file:///etc/passwd" },
    };
    await expect(
      provider().fetchRecording(`${baseUrl}/call/y/mono-recording`),
    ).rejects.toMatchObject({ code: "recording_refused" });
  });
});

describe("the mapping table", () => {
  // [Vapi's endedReason, the person spoke, our status, our ended reason]
  const cases = [
    // Voicemail: never answered, even when the greeting was transcribed as the user speaking.
    ["voicemail", true, "voicemail", null],
    ["voicemail", false, "voicemail", null],
    // Busy, no answer.
    ["customer-busy", false, "busy", "busy"],
    ["customer-did-not-answer", false, "no-answer", "no-answer"],
    [
      "call.in-progress.error-providerfault-outbound-sip-480-temporarily-unavailable",
      false,
      "no-answer",
      "no-answer",
    ],
    [
      "call.in-progress.error-providerfault-outbound-sip-408-request-timeout",
      false,
      "no-answer",
      "no-answer",
    ],
    // Ended normally after connecting: answered when the person spoke, with why it ended…
    ["customer-ended-call", true, "answered", "hung-up-by-lead"],
    ["customer-ended-call-during-transfer", true, "answered", "hung-up-by-lead"],
    ["customer-ended-call-before-warm-transfer", true, "answered", "hung-up-by-lead"],
    ["assistant-ended-call", true, "answered", "ended-by-assistant"],
    ["assistant-said-end-call-phrase", true, "answered", "ended-by-assistant"],
    ["assistant-ended-call-with-hangup-task", true, "answered", "ended-by-assistant"],
    ["assistant-forwarded-call", true, "answered", "transferred"],
    ["exceeded-max-duration", true, "answered", "max-duration"],
    ["silence-timed-out", true, "answered", "silence-timeout"],
    ["call.in-progress.twilio-completed-call", true, "answered", null],
    ["call.in-progress.sip-completed-call", true, "answered", null],
    ["vonage-completed", true, "answered", null],
    ["call.forwarding.operator-busy", true, "answered", "call-dropped"],
    ["call.in-progress.error-transfer-failed", true, "answered", "call-dropped"],
    ["call.in-progress.error-warm-transfer-max-duration", true, "answered", "call-dropped"],
    ["call.ending.hook-executed-transfer", true, "answered", "transferred"],
    ["call.ending.hook-executed-say", true, "answered", "ended-by-assistant"],
    // …and no-answer, no-one-spoke when no one spoke, whatever the reason.
    ["customer-ended-call", false, "no-answer", "no-one-spoke"],
    ["assistant-ended-call-after-message-spoken", false, "no-answer", "no-one-spoke"],
    ["assistant-forwarded-call", false, "no-answer", "no-one-spoke"],
    ["silence-timed-out", false, "no-answer", "no-one-spoke"],
    ["exceeded-max-duration", false, "no-answer", "no-one-spoke"],
    ["vonage-completed", false, "no-answer", "no-one-spoke"],
    ["call.forwarding.no-answer", false, "no-answer", "no-one-spoke"],
    // The number cannot be called: failed, invalid-number, even if something was transcribed.
    ["twilio-reported-customer-misdialed", false, "failed", "invalid-number"],
    ["twilio-reported-customer-misdialed", true, "failed", "invalid-number"],
    ["sip-outbound-unallocated-number", false, "failed", "invalid-number"],
    // Never connected, the phone network's doing.
    ["twilio-failed-to-connect-call", false, "failed", "carrier-error"],
    ["vonage-rejected", false, "failed", "carrier-error"],
    ["vonage-failed-to-connect-call", false, "failed", "carrier-error"],
    [
      "call.in-progress.error-providerfault-outbound-sip-503-service-unavailable",
      false,
      "failed",
      "carrier-error",
    ],
    [
      "call.in-progress.error-providerfault-outbound-sip-403-forbidden",
      false,
      "failed",
      "carrier-error",
    ],
    [
      "call.in-progress.error-sip-outbound-call-failed-to-connect",
      false,
      "failed",
      "carrier-error",
    ],
    ["sip-outbound-carrier-released-call", false, "failed", "carrier-error"],
    ["sip-outbound-carrier-released-call", true, "answered", "call-dropped"],
    // Never connected, Vapi's doing.
    ["call.start.error-subscription-insufficient-credits", false, "failed", "platform-error"],
    ["call.start.error-vapi-number-international", false, "failed", "platform-error"],
    ["call-start-error-neither-assistant-nor-server-set", false, "failed", "platform-error"],
    ["assistant-not-valid", false, "failed", "platform-error"],
    ["assistant-not-found", false, "failed", "platform-error"],
    ["assistant-request-failed", false, "failed", "platform-error"],
    ["assistant-join-timed-out", false, "failed", "platform-error"],
    ["call-deleted", false, "failed", "platform-error"],
    ["scheduled-call-deleted", false, "failed", "platform-error"],
    ["manually-canceled", false, "failed", "platform-error"],
    ["customer-did-not-give-microphone-permission", false, "failed", "platform-error"],
    [
      "call.in-progress.error-vapifault-transport-never-connected",
      false,
      "failed",
      "platform-error",
    ],
    ["phone-call-provider-bypass-enabled-but-no-call-received", false, "failed", "platform-error"],
    [
      "call.ringing.sip-inbound-caller-hungup-before-call-connect",
      false,
      "failed",
      "platform-error",
    ],
    // Dropped after connecting: answered when the person spoke (never re-dialled), else failed.
    ["pipeline-error-openai-llm-failed", true, "answered", "call-dropped"],
    ["pipeline-error-openai-llm-failed", false, "failed", "call-dropped"],
    ["call.in-progress.error-vapifault-worker-died", true, "answered", "call-dropped"],
    [
      "call.in-progress.error-providerfault-eleven-labs-500-server-error",
      false,
      "failed",
      "call-dropped",
    ],
    ["phone-call-provider-closed-websocket", false, "failed", "call-dropped"],
    ["vonage-disconnected", true, "answered", "call-dropped"],
    ["worker-shutdown", true, "answered", "call-dropped"],
    // Unknown and new reasons: ended, the transcript decides, no reason.
    ["something-new-from-vapi", true, "answered", null],
    ["something-new-from-vapi", false, "no-answer", "no-one-spoke"],
  ] as const;

  it.each(cases)("%s (person spoke: %s) → %s, %s", (reason, spoke, status, endedReason) => {
    expect(mapVapiStatus({ status: "ended", endedReason: reason, spoke })).toEqual({
      status,
      endedReason,
      final: true,
      answeredBy: status === "voicemail" ? "voicemail" : null,
    });
  });

  it("has a test case for every row of the table", () => {
    const rowOf = (reason: string) =>
      VAPI_ENDED_REASONS.findIndex(([match]) =>
        typeof match === "string" ? match === reason : match.test(reason),
      );
    const covered = new Set(cases.map(([reason]) => rowOf(reason)));
    const missing = VAPI_ENDED_REASONS.map((_, row) => row).filter((row) => !covered.has(row));
    expect(missing).toEqual([]);
    expect(vapiEnding("voicemail")).toEqual({ ending: "voicemail", reason: null });
    expect(vapiEnding(null)).toEqual({ ending: "connected", reason: null });
  });

  it.each([
    ["scheduled", "dialling"],
    ["queued", "dialling"],
    ["ringing", "ringing"],
    ["in-progress", "in-progress"],
    ["forwarding", "in-progress"],
    [undefined, "dialling"],
    ["something-new", "dialling"],
  ] as const)("status %s → %s, not final, no reason", (status, expected) => {
    expect(mapVapiStatus({ status, spoke: true })).toEqual({
      status: expected,
      endedReason: null,
      final: false,
      answeredBy: null,
    });
  });

  it("lists Vapi's statuses", () => {
    expect(Object.keys(VAPI_STATUSES).sort()).toEqual(
      ["scheduled", "queued", "ringing", "in-progress", "forwarding", "ended"].sort(),
    );
  });

  it("treats an ended reason as final even beside a stale status", () => {
    expect(
      mapVapiStatus({ status: "in-progress", endedReason: "customer-busy", spoke: false }),
    ).toMatchObject({ status: "busy", endedReason: "busy", final: true });
    expect(mapVapiStatus({ status: "ended", spoke: false })).toMatchObject({
      status: "no-answer",
      endedReason: "no-one-spoke",
      final: true,
    });
  });

  it("retries what was not answered, never a person reached or an invalid number", () => {
    const retried = (endedReason: string, spoke: boolean) => {
      const outcome = mapVapiStatus({ status: "ended", endedReason, spoke });
      return isRetryableEnding(outcome.status, outcome.endedReason);
    };
    expect(retried("voicemail", true)).toBe(true);
    expect(retried("customer-busy", false)).toBe(true);
    expect(retried("customer-did-not-answer", false)).toBe(true);
    expect(retried("customer-ended-call", false)).toBe(true);
    expect(retried("call.start.error-get-phone-number", false)).toBe(true);
    expect(retried("pipeline-error-openai-llm-failed", true)).toBe(false);
    expect(retried("customer-ended-call", true)).toBe(false);
    expect(retried("twilio-reported-customer-misdialed", false)).toBe(false);
  });
});

describe("durations, transcripts, recordings, summaries, outcomes", () => {
  it("reads durations from seconds, milliseconds or the call's timestamps", () => {
    expect(secondsBetween("2025-11-24T10:00:08.000Z", "2025-11-24T10:01:53.600Z")).toBe(106);
    expect(secondsBetween("2025-11-24T10:00:08.000Z", null)).toBeNull();
    expect(secondsBetween("x", "y")).toBeNull();
    expect(secondsBetween("2025-11-24T10:01:00Z", "2025-11-24T10:00:00Z")).toBeNull();
    const report = (extra: Record<string, unknown>) =>
      parseVapiServerMessage(
        JSON.stringify({
          message: {
            type: "end-of-call-report",
            endedReason: "customer-ended-call",
            call: { id: "c1" },
            startedAt: "2025-11-24T10:00:00Z",
            endedAt: "2025-11-24T10:00:30Z",
            ...extra,
          },
        }),
        API,
      )!;
    expect(report({}).durationSeconds).toBe(30);
    expect(report({ durationSeconds: 41.6 }).durationSeconds).toBe(42);
    expect(report({ durationMs: 12_400 }).durationSeconds).toBe(12);
    expect(report({ startedAt: null, endedAt: null }).durationSeconds).toBeNull();
  });

  it("maps Vapi's message roles, leaving the prompt and tool results out", () => {
    expect(
      mapVapiTranscript(
        [
          { role: "system", message: "prompt", time: 1, secondsFromStart: 0 },
          { role: "bot", message: "Hello!", time: 1763994431000, secondsFromStart: 1 },
          { role: "assistant", message: "Still there?", secondsFromStart: 2 },
          { role: "user", message: " Hi. ", time: 1763994435500, secondsFromStart: 5 },
          {
            role: "tool_calls",
            message: "",
            toolCalls: [{ function: { name: "transferCall" } }, { function: {} }],
            time: 1763994440000,
          },
          { role: "tool_calls", message: "", toolCalls: [] },
          { role: "tool_call_result", name: "transferCall", result: "ok", time: 2 },
          { role: "user", message: "" },
          { message: "no role" },
          "not an object",
        ],
        null,
      ),
    ).toEqual([
      { speaker: "assistant", text: "Hello!", at: "2025-11-24T14:27:11.000Z" },
      { speaker: "assistant", text: "Still there?", at: null },
      { speaker: "user", text: "Hi.", at: "2025-11-24T14:27:15.500Z" },
      { speaker: "agent-action", text: "Used transferCall", at: "2025-11-24T14:27:20.000Z" },
    ]);
  });

  it("falls back to the plain-text transcript", () => {
    expect(mapVapiTranscript([], "AI: Hello? \nUser: Hi there!\nnoise\nUser:   \n")).toEqual([
      { speaker: "assistant", text: "Hello?", at: null },
      { speaker: "user", text: "Hi there!", at: null },
    ]);
  });

  it("reports a recording through Vapi's authenticated endpoint, and none without one", () => {
    const ended = { id: "c 1", status: "ended", endedReason: "customer-ended-call" };
    expect(
      toVapiOutcome({ ...ended, artifact: { recordingUrl: "https://storage.vapi.ai/x.wav" } }, API)
        ?.recordingUrl,
    ).toBe("https://api.vapi.ai/call/c%201/mono-recording");
    expect(
      toVapiOutcome({ ...ended, artifact: { recording: { stereoUrl: "https://s/x.wav" } } }, API)
        ?.recordingUrl,
    ).toBe("https://api.vapi.ai/call/c%201/mono-recording");
    // Older call objects: the top-level recordingUrl.
    expect(toVapiOutcome({ ...ended, recordingUrl: "https://s/y.wav" }, API)?.recordingUrl).toBe(
      "https://api.vapi.ai/call/c%201/mono-recording",
    );
    expect(
      toVapiOutcome({ ...ended, artifact: { recordingUrl: "" } }, API)?.recordingUrl,
    ).toBeNull();
    expect(toVapiOutcome(ended, API)?.recordingUrl).toBeNull();
    // Not before the call has ended.
    expect(
      toVapiOutcome(
        { id: "c", status: "in-progress", artifact: { recordingUrl: "https://s" } },
        API,
      )?.recordingUrl,
    ).toBeNull();
  });

  it("reads the summary and the structured data as the call's answers", () => {
    const ended = { id: "c", status: "ended", endedReason: "customer-ended-call" };
    const outcome = toVapiOutcome(
      { ...ended, analysis: { summary: "Booked.", structuredData: { qualified: true } } },
      API,
    );
    expect(outcome).toMatchObject({ summary: "Booked.", analysis: { qualified: true } });
    expect(toVapiOutcome({ ...ended, analysis: { summary: " " } }, API)).toMatchObject({
      summary: null,
      analysis: null,
    });
    expect(toVapiOutcome({ ...ended, summary: "Old." }, API)?.summary).toBe("Old.");
    expect(toVapiOutcome({ ...ended, analysis: "odd" }, API)?.analysis).toBeNull();
    // Vapi has no "do not call" disposition: the engine reads the transcript for that.
    expect(toVapiOutcome(ended, API)?.askedNotToCall).toBeUndefined();
  });

  it("explains a failure with Vapi's ended message, or its reason", () => {
    expect(
      toVapiOutcome(
        {
          id: "c",
          status: "ended",
          endedReason: "call.start.error-subscription-insufficient-credits",
          endedMessage: "Not enough credits.",
        },
        API,
      ),
    ).toMatchObject({
      status: "failed",
      endedReason: "platform-error",
      errorMessage: "Not enough credits.",
    });
    expect(
      toVapiOutcome({ id: "c", status: "ended", endedReason: "twilio-failed-to-connect-call" }, API)
        ?.errorMessage,
    ).toBe("Vapi ended the call: twilio-failed-to-connect-call");
    expect(
      toVapiOutcome({ id: "c", status: "ended", endedReason: "customer-busy" }, API)?.errorMessage,
    ).toBeNull();
  });

  it("reads our metadata from the transient assistant, the overrides or the call", () => {
    const id = (json: Record<string, unknown>) =>
      toVapiOutcome({ id: "c", ...json }, API)?.attemptId;
    expect(id({ assistant: { metadata: { attempt_id: "a1" } } })).toBe("a1");
    expect(id({ assistantOverrides: { metadata: { attempt_id: "a2" } } })).toBe("a2");
    expect(id({ metadata: { attempt_id: 42 } })).toBe("42");
    expect(id({ assistant: { metadata: "odd" } })).toBeNull();
    expect(toVapiOutcome({ status: "ended" }, API)).toBeNull();
    expect(toVapiOutcome({ id: "" }, API)).toBeNull();
    expect(toVapiOutcome(null, API)).toBeNull();
  });
});

describe("server message authentication", () => {
  const body = endOfCallReport;

  it("accepts the call's server secret in x-vapi-secret (or as a Bearer token)", () => {
    expect(provider().verifyWebhook(body, new Headers({ "X-Vapi-Secret": "whsec_vapi" }))).toBe(
      true,
    );
    expect(
      provider().verifyWebhook(body, new Headers({ [VAPI_SECRET_HEADER]: "whsec_vapi" })),
    ).toBe(true);
    expect(
      provider().verifyWebhook(body, new Headers({ authorization: "Bearer whsec_vapi" })),
    ).toBe(true);
  });

  it("refuses a missing, wrong or partial secret, and everything without a configured one", () => {
    const check = (headers: Record<string, string>, secret: string | null = "whsec_vapi") =>
      provider({ webhookSecret: secret }).verifyWebhook(body, new Headers(headers));
    expect(check({})).toBe(false);
    expect(check({ "x-vapi-secret": "" })).toBe(false);
    expect(check({ "x-vapi-secret": "whsec_vap" })).toBe(false);
    expect(check({ "x-vapi-secret": "whsec_vapi_" })).toBe(false);
    expect(check({ "x-vapi-secret": "WHSEC_VAPI" })).toBe(false);
    expect(check({ authorization: "whsec_vapi" })).toBe(false);
    expect(check({ authorization: "Bearer other" })).toBe(false);
    // The API key is not the server secret.
    expect(check({ "x-vapi-secret": "vapi_key_123" })).toBe(false);
    expect(check({ "x-vapi-secret": "whsec_vapi" }, null)).toBe(false);
    expect(check({ "x-vapi-secret": "" }, "")).toBe(false);
  });

  it("refuses any other secret", () => {
    fc.assert(
      fc.property(fc.string(), (given) => {
        fc.pre(given.trim() !== "whsec_vapi");
        expect(provider().verifyWebhook(body, new Headers({ "x-vapi-secret": given }))).toBe(false);
      }),
    );
  });
});

describe("parseWebhook", () => {
  it("reads an end-of-call-report", () => {
    const outcome = provider().parseWebhook(endOfCallReport);
    expect(outcome).toMatchObject({
      providerCallId: "0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b",
      attemptId: "att_1",
      status: "answered",
      // The documented report ended on "customer-ended-call".
      endedReason: "hung-up-by-lead",
      final: true,
      durationSeconds: 71,
      recordingUrl: `${baseUrl}/call/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b/mono-recording`,
      summary: "Ada wants a quote for a kitchen renovation and asked to speak to someone.",
      answeredBy: null,
      errorMessage: null,
      analysis: { qualified: true, budget: 25000, plan: "Pro" },
    });
    expect(outcome!.transcript).toEqual([
      {
        speaker: "assistant",
        text: "Hi Ada, this is Ringback calling about your form.",
        at: "2025-11-24T14:27:11.000Z",
      },
      {
        speaker: "user",
        text: "Hi, yes, I wanted a quote for a kitchen.",
        at: "2025-11-24T14:27:15.500Z",
      },
      { speaker: "agent-action", text: "Used transferCall", at: "2025-11-24T14:27:20.000Z" },
    ]);
    expect(outcome!.raw).toEqual(JSON.parse(endOfCallReport));
  });

  it("reads a voicemail report (never answered, retried) and a call that never connected", () => {
    const report = (endedReason: string, artifact: unknown = {}) =>
      parseVapiServerMessage(
        JSON.stringify({
          message: {
            type: "end-of-call-report",
            endedReason,
            artifact,
            analysis: {},
            call: { id: "v1" },
          },
        }),
        API,
      )!;
    const voicemail = report("voicemail", {
      messages: [{ role: "user", message: "Leave a message after the tone.", time: 1 }],
    });
    expect(voicemail).toMatchObject({
      status: "voicemail",
      endedReason: null,
      answeredBy: "voicemail",
      final: true,
    });
    expect(isRetryableEnding(voicemail.status, voicemail.endedReason)).toBe(true);
    expect(report("customer-did-not-answer")).toMatchObject({
      status: "no-answer",
      endedReason: "no-answer",
      durationSeconds: null,
      recordingUrl: null,
      transcript: [],
    });
  });

  it("reads a misdialed ending as failed, invalid-number: final, never retried", () => {
    // The documented end-of-call report, ended by the carrier's "customer misdialed".
    const doc = JSON.parse(endOfCallReport) as { message: Record<string, unknown> };
    const call = doc.message.call as Record<string, unknown>;
    const outcome = provider().parseWebhook(
      JSON.stringify({
        message: {
          ...doc.message,
          endedReason: "twilio-reported-customer-misdialed",
          artifact: {},
          call: { ...call, endedReason: "twilio-reported-customer-misdialed" },
        },
      }),
    );
    expect(outcome).toMatchObject({
      status: "failed",
      endedReason: "invalid-number",
      final: true,
      answeredBy: null,
    });
    expect(outcome!.errorMessage).toContain("misdialed");
    expect(isRetryableEnding(outcome!.status, outcome!.endedReason)).toBe(false);
  });

  it("reads a status-update as the call's live status, never as final", () => {
    const ringing = provider().parseWebhook(statusUpdate);
    expect(ringing).toMatchObject({
      providerCallId: "0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b",
      attemptId: "att_1",
      status: "ringing",
      endedReason: null,
      final: false,
      durationSeconds: null,
      recordingUrl: null,
    });
    const doc = JSON.parse(statusUpdate) as { message: Record<string, unknown> };
    const withStatus = (status: string, call: unknown = doc.message.call) =>
      provider().parseWebhook(JSON.stringify({ message: { ...doc.message, status, call } }));
    expect(withStatus("in-progress")).toMatchObject({ status: "in-progress", final: false });
    expect(withStatus("forwarding")).toMatchObject({ status: "in-progress", final: false });
    expect(withStatus("queued")).toMatchObject({ status: "dialling", final: false });
    expect(withStatus("scheduled")).toMatchObject({ status: "dialling", final: false });
    // An ended call object inside an in-progress update does not make it final.
    expect(
      withStatus("in-progress", { id: "x", status: "ended", endedReason: "customer-busy" }),
    ).toMatchObject({ status: "in-progress", endedReason: null, final: false });
    // "ended" is left to the end-of-call-report that follows with the transcript.
    expect(withStatus("ended")).toBeNull();
    expect(withStatus("not-found")).toBeNull();
  });

  it("acknowledges other message types with null", () => {
    for (const type of [
      "conversation-update",
      "speech-update",
      "hang",
      "transcript",
      "tool-calls",
    ]) {
      expect(
        provider().parseWebhook(JSON.stringify({ message: { type, call: { id: "c" } } })),
      ).toBeNull();
    }
  });

  it("refuses a body that is not a server message with a 400", () => {
    for (const body of [
      "",
      "not json",
      "null",
      "[]",
      "{}",
      '{"message":{}}',
      '{"message":{"type":"end-of-call-report"}}',
      '{"message":{"type":"status-update","status":"ringing","call":{"status":"ringing"}}}',
    ]) {
      const error = (() => {
        try {
          provider().parseWebhook(body);
          return null;
        } catch (e) {
          return e;
        }
      })();
      expect(error, body).toBeInstanceOf(VoiceProviderError);
      expect((error as VoiceProviderError).status).toBe(400);
    }
  });

  it("never throws anything but VoiceProviderError(400) on random JSON", () => {
    const callish = fc.record(
      {
        id: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
        status: fc.oneof(fc.string(), fc.constantFrom("ended", "ringing", "queued"), fc.json()),
        endedReason: fc.oneof(
          fc.string(),
          fc.constantFrom("customer-busy", "voicemail"),
          fc.json(),
        ),
        startedAt: fc.oneof(fc.string(), fc.json()),
        artifact: fc.oneof(
          fc.record(
            { messages: fc.array(fc.jsonValue()), transcript: fc.string() },
            {
              requiredKeys: [],
            },
          ),
          fc.json(),
        ),
        assistant: fc.oneof(fc.record({ metadata: fc.jsonValue() }), fc.json()),
      },
      { requiredKeys: [] },
    );
    const message = fc.record(
      {
        type: fc.oneof(fc.constantFrom("end-of-call-report", "status-update"), fc.string()),
        status: fc.oneof(fc.constantFrom("ringing", "ended"), fc.json()),
        call: fc.oneof(callish, fc.json()),
        artifact: fc.jsonValue(),
        analysis: fc.jsonValue(),
        durationSeconds: fc.oneof(fc.double(), fc.json()),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.json(),
          message.map((m) => JSON.stringify({ message: m })),
          fc.string(),
        ),
        (raw) => {
          try {
            const outcome = parseVapiServerMessage(raw, API);
            if (outcome) expect(typeof outcome.providerCallId).toBe("string");
          } catch (error) {
            expect(error).toBeInstanceOf(VoiceProviderError);
            expect((error as VoiceProviderError).status).toBe(400);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
