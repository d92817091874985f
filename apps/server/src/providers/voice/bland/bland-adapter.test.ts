import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { isRetryableEnding } from "@ringback/contracts";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseAllowedNetworks } from "../../../lib/outbound-addresses.ts";
import { createOutboundClient } from "../../../lib/outbound-http.ts";
import { type PlaceCallInput, VoiceProviderError } from "../voice-provider.ts";
import { toCallerNumbers, toVoiceOptions } from "./bland-account.ts";
import {
  BLAND_CALL_ENDED_BY,
  BLAND_STATUSES,
  blandFailureReason,
  blandState,
  isBlandCarrierError,
  isBlandInvalidNumber,
  mapBlandCall,
  mapTranscript,
  minutesToSeconds,
  parseBlandWebhook,
  toCallOutcome,
} from "./bland-call.ts";
import { blandLanguage, createBlandProvider, FORM_ANSWERS_INSTRUCTION } from "./bland-provider.ts";
import { signBlandPayload, verifyBlandSignature } from "./bland-signature.ts";

const loopbackOutbound = createOutboundClient({
  requireHttps: false,
  allowedNetworks: parseAllowedNetworks("127.0.0.0/8, ::1"),
});

// Reproduces the Call Details example of Bland's documentation (docs.bland.ai/api-v1/get/calls-id;
// the webhook carries the same call object), trimmed to its first two transcript entries.
const docsCall = readFileSync(
  new URL("./fixtures/docs-example-call.json", import.meta.url),
  "utf8",
);

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
  webhookUrl: "https://ringback.example/api/webhooks/voice/bland",
  metadata: { submissionId: "sub_1", attemptId: "att_1", attempt: 2, organizationId: "org_1" },
};

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

// A local fake of Bland's API that records every request.
let server: Server;
let baseUrl: string;
let recorded: Recorded[] = [];
let routes: Record<string, { status: number; body: unknown }> = {};

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
          body: { status: "error", message: "Not found" },
        };
      res.writeHead(route.status, { "content-type": "application/json" });
      res.end(JSON.stringify(route.body));
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

const provider = (options: Partial<Parameters<typeof createBlandProvider>[0]> = {}) =>
  createBlandProvider({
    apiKey: "key_123",
    apiUrl: baseUrl,
    webhookSecret: "s",
    callerNumber: null,
    simulator: false,
    // The fake API and its "storage host" are on loopback, which the guard lets through here.
    outbound: loopbackOutbound,
    ...options,
  });

describe("placeCall", () => {
  it("posts Bland's Send Call body with the key in `authorization`", async () => {
    routes["POST /v1/calls"] = { status: 200, body: { status: "success", call_id: "call_9" } };
    await expect(provider().placeCall(input)).resolves.toEqual({ providerCallId: "call_9" });
    expect(recorded).toHaveLength(1);
    const [request] = recorded;
    expect(request!.method).toBe("POST");
    expect(request!.url).toBe("/v1/calls");
    expect(request!.headers.authorization).toBe("key_123");
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request!.body)).toEqual({
      phone_number: "+14155550123",
      task: "You are calling Ada about her enquiry.",
      first_sentence: "Hi Ada, this is Ringback calling about your form.",
      record: true,
      max_duration: 10,
      answered_by_enabled: true,
      voicemail: { action: "leave_message", message: "Sorry we missed you, we will call back." },
      webhook: "https://ringback.example/api/webhooks/voice/bland",
      metadata: {
        submission_id: "sub_1",
        attempt_id: "att_1",
        attempt: 2,
        organization_id: "org_1",
      },
    });
  });

  it("sends the lead's name and answers as request_data, and tells the agent to use them", async () => {
    routes["POST /v1/calls"] = { status: 200, body: { status: "success", call_id: "call_9" } };
    await provider().placeCall({
      ...input,
      context: {
        respondentName: "Ada Lovelace",
        answers: [
          { question: "What can we help with?", answer: "Kitchen renovation" },
          { question: "Budget", answer: "$10k–$20k" },
          { question: "Budget", answer: "Flexible" },
          { question: "name", answer: "Ada" },
        ],
      },
    });
    const body = JSON.parse(recorded[0]!.body);
    expect(body.request_data).toEqual({
      name: "Ada Lovelace",
      "What can we help with?": "Kitchen renovation",
      Budget: "$10k–$20k",
      "Budget (2)": "Flexible",
      "name (2)": "Ada",
    });
    // In form order, as the agent should read them.
    expect(Object.keys(body.request_data)).toEqual([
      "name",
      "What can we help with?",
      "Budget",
      "Budget (2)",
      "name (2)",
    ]);
    expect(body.task).toBe(`You are calling Ada about her enquiry.\n\n${FORM_ANSWERS_INSTRUCTION}`);
    expect(FORM_ANSWERS_INSTRUCTION).toMatch(/request data/);
    expect(FORM_ANSWERS_INSTRUCTION).toMatch(/do not ask again/);
  });

  it("sends the name alone without the instruction when the lead answered nothing readable", async () => {
    routes["POST /v1/calls"] = { status: 200, body: { status: "success", call_id: "call_9" } };
    await provider().placeCall({ ...input, context: { respondentName: "Ada", answers: [] } });
    const body = JSON.parse(recorded[0]!.body);
    expect(body.request_data).toEqual({ name: "Ada" });
    expect(body.task).toBe("You are calling Ada about her enquiry.");
  });

  it("omits the first sentence and message when there are none, and hangs up on voicemail", async () => {
    routes["POST /v1/calls"] = { status: 200, body: { status: "success", call_id: "call_9" } };
    await provider().placeCall({
      ...input,
      firstSentence: null,
      voicemail: { action: "hang_up", message: "ignored" },
    });
    const body = JSON.parse(recorded[0]!.body);
    expect(body).not.toHaveProperty("first_sentence");
    expect(body).not.toHaveProperty("request_data");
    expect(body.voicemail).toEqual({ action: "hangup" });
    // No voice options: Bland's defaults (no from, voice, language or transfer number).
    for (const field of ["from", "voice", "language", "transfer_phone_number"]) {
      expect(body).not.toHaveProperty(field);
    }
    expect(body.metadata).not.toHaveProperty("test");
  });

  it("asks Bland the outcome questions as analysis_schema, with their labels in analysis_prompt", async () => {
    routes["POST /v1/calls"] = { status: 200, body: { status: "success", call_id: "call_10" } };
    await provider().placeCall({
      ...input,
      outcomeQuestions: [
        { key: "qualified", label: "Qualified?", type: "boolean", description: "Has a budget" },
        { key: "budget", label: "Budget", type: "number" },
        { key: "demo_date", label: "Best time for a demo", type: "date" },
        { key: "plan", label: "Plan", type: "choice", choices: ["Basic", "Pro"] },
        { key: "notes", label: "Notes", type: "text" },
      ],
    });
    const body = JSON.parse(recorded[0]!.body);
    expect(body.analysis_schema).toEqual({
      qualified: "boolean",
      budget: "number",
      demo_date: "YYYY-MM-DD",
      plan: "one of: Basic | Pro",
      notes: "string",
    });
    expect(body.analysis_prompt).toContain("qualified: Qualified? (Has a budget)");
    expect(body.analysis_prompt).toContain("demo_date: Best time for a demo");
    // No questions: neither field.
    recorded = [];
    await provider().placeCall(input);
    const plain = JSON.parse(recorded[0]!.body);
    expect(plain).not.toHaveProperty("analysis_schema");
    expect(plain).not.toHaveProperty("analysis_prompt");
  });

  it("refuses a number that is not E.164 without calling Bland", async () => {
    await expect(
      provider().placeCall({ ...input, phoneNumber: "4155550123" }),
    ).rejects.toMatchObject({ status: 400, code: "invalid_phone_number" });
    expect(recorded).toHaveLength(0);
  });

  it("words Bland's errors for people", async () => {
    routes["POST /v1/calls"] = { status: 401, body: { status: "error", message: "Invalid key" } };
    const error = await provider()
      .placeCall(input)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VoiceProviderError);
    expect(error).toMatchObject({ status: 401, code: "unauthorized", isAuthFailure: true });

    routes["POST /v1/calls"] = { status: 400, body: { status: "error", message: "Bad number" } };
    await expect(provider().placeCall(input)).rejects.toMatchObject({
      status: 400,
      message: "Bland: Bad number",
    });

    routes["POST /v1/calls"] = { status: 200, body: { status: "error" } };
    await expect(provider().placeCall(input)).rejects.toMatchObject({ code: "no_call_id" });
  });

  it("reads Bland's refusal of the number itself as an invalid number", async () => {
    for (const body of [
      { status: "error", message: "Invalid phone number" },
      { status: "error", errors: [{ error: "INVALID_PHONE_NUMBER", message: "Invalid request" }] },
      { status: "error", errors: ["phone_number is not a valid phone number"] },
    ]) {
      routes["POST /v1/calls"] = { status: 400, body };
      await expect(provider().placeCall(input), JSON.stringify(body)).rejects.toMatchObject({
        status: 400,
        code: "invalid_phone_number",
      });
    }
    // Other refusals stay what they were.
    routes["POST /v1/calls"] = {
      status: 400,
      body: { status: "error", message: "Invalid from phone number" },
    };
    await expect(provider().placeCall(input)).rejects.toMatchObject({ code: "http_400" });
  });

  it("flags a request lost in flight as possibly dialled", async () => {
    const failing = createBlandProvider({
      apiKey: "k",
      webhookSecret: "s",
      callerNumber: null,
      simulator: true,
      fetch: () => Promise.reject(new TypeError("socket hang up")),
    });
    const error = await failing.placeCall(input).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: "outcome_unknown", mayHaveDialled: true });
    expect(failing.simulator).toBe(true);
  });
});

describe("voice options", () => {
  it("sends the caller number, voice, language, transfer number and test flag in Bland's terms", async () => {
    routes["POST /v1/calls"] = { status: 200, body: { status: "success", call_id: "call_11" } };
    await provider({ callerNumber: "+18005551234" }).placeCall({
      ...input,
      maxDurationMinutes: 5,
      voice: {
        // A voice id as List Voices gives it (docs.bland.ai/api-v1/get/voices-id example).
        voiceId: "2f9fdbc7-4bf2-4792-8a18-21ce3c93978f",
        language: "es-MX",
        transferNumber: "+14155550199",
      },
      metadata: { ...input.metadata, test: true },
    });
    const body = JSON.parse(recorded[0]!.body);
    expect(body).toMatchObject({
      from: "+18005551234",
      voice: "2f9fdbc7-4bf2-4792-8a18-21ce3c93978f",
      language: "babel-es",
      transfer_phone_number: "+14155550199",
      max_duration: 5,
      metadata: {
        submission_id: "sub_1",
        attempt_id: "att_1",
        attempt: 2,
        organization_id: "org_1",
        test: true,
      },
    });
  });

  it("names languages as Bland does: the language without its region", () => {
    // Bland's cookbooks: default "babel-en", Spanish "babel-es" (Bland-com/bland-ai-cookbooks).
    expect(blandLanguage("en-US")).toBe("babel-en");
    expect(blandLanguage("es-MX")).toBe("babel-es");
    expect(blandLanguage("de")).toBe("babel-de");
    expect(blandLanguage("pt_BR")).toBe("babel-pt");
    expect(blandLanguage("babel-fr")).toBe("babel-fr");
    expect(blandLanguage(" ")).toBeNull();
    expect(blandLanguage(null)).toBeNull();
    expect(blandLanguage("123")).toBeNull();
  });

  it("refuses a transfer number that is not E.164 without calling Bland", async () => {
    await expect(
      provider().placeCall({
        ...input,
        voice: { voiceId: null, language: null, transferNumber: "555 0199" },
      }),
    ).rejects.toMatchObject({ status: 400, code: "invalid_transfer_number" });
    expect(recorded).toHaveLength(0);
  });
});

// List Numbers' example, trimmed (https://docs.bland.ai/api-v1/get/inbound).
const docsNumbers = {
  inbound_numbers: [
    {
      created_at: "2023-11-27T17:21:38.33359+00:00",
      phone_number: "+18005551234",
      prompt: "When you receive a call, recite a random poem from 'Sunset Boulevard'…",
      webhook: "https://api.example.com/poetry-line",
      voice_id: 2,
      dynamic_data: [],
      interruption_threshold: null,
      first_sentence: null,
      reduce_latency: true,
      transfer_phone_number: null,
      voice_settings: null,
      record: false,
      max_duration: 30,
    },
    {
      created_at: "2023-11-25T21:42:22.325993+00:00",
      phone_number: "+18005559876",
      prompt: "Answer with 'You've reached the Secret Society of Enigmatic Enthusiasts.'",
      webhook: "https://mysteryclub.example.com/inbound-call-hook",
      voice_id: 1,
      dynamic_data: null,
      interruption_threshold: null,
      first_sentence: null,
      reduce_latency: true,
      transfer_phone_number: null,
      voice_settings: null,
      record: false,
      max_duration: 30,
    },
  ],
};

// The voice object of Voice Details ("Same field shape as List Voices",
// https://docs.bland.ai/api-v1/get/voices-id) and of Add Library Voice
// (https://docs.bland.ai/api-v1/post/voices-library-add-id).
const docsMaya = {
  id: "2f9fdbc7-4bf2-4792-8a18-21ce3c93978f",
  name: "maya",
  description: "Young American Female",
  public: true,
  tags: ["english", "soft", "Bland Curated"],
  total_ratings: 1234,
  average_rating: 4,
};
const docsClone = {
  id: "73d4c04b-1e15-4272-9c7f-8d2955914ba9",
  name: "StephenD_v1 (published)",
  description: null,
  public: false,
  ratings: 0,
  tags: ["Beige Clone V2", "male"],
  user_id: "fea2a74f-9bd7-4b5d-a52e-c3c1a3f58bb0",
  voice_id: "ff595c98-da38-4617-ada3-df42561a2379",
  service: "BTTS_V2",
  finetuned: false,
  is_creator_voice: false,
};

describe("verify, caller numbers and voices", () => {
  it("verifies with the account's numbers (List Numbers) and says what it found", async () => {
    routes["GET /v1/inbound"] = { status: 200, body: docsNumbers };
    await expect(provider().verify()).resolves.toEqual({
      summary: "Connected to Bland: 2 phone numbers.",
    });
    expect(recorded[0]).toMatchObject({ method: "GET", url: "/v1/inbound" });
    expect(recorded[0]!.headers.authorization).toBe("key_123");
    await expect(provider({ callerNumber: "+18005559876" }).verify()).resolves.toEqual({
      summary: "Connected to Bland: 2 phone numbers.",
    });
    await expect(provider({ callerNumber: "+14155550100" }).verify()).resolves.toEqual({
      summary:
        "Connected to Bland: 2 phone numbers. The caller number +14155550100 is not one of them.",
    });
    routes["GET /v1/inbound"] = { status: 200, body: { inbound_numbers: [] } };
    await expect(provider().verify()).resolves.toEqual({
      summary: "Connected to Bland: 0 phone numbers. Calls come from Bland's own numbers.",
    });
  });

  it("fails verify with an auth failure when Bland refuses the key", async () => {
    for (const status of [401, 403]) {
      routes["GET /v1/inbound"] = { status, body: { status: "error", message: "Invalid API key" } };
      const error = await provider()
        .verify()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(VoiceProviderError);
      expect(error).toMatchObject({
        status,
        code: "unauthorized",
        isAuthFailure: true,
        message: "Bland refused the API key. Check the Voice settings.",
      });
    }
    routes["GET /v1/inbound"] = { status: 500, body: { status: "error", message: "Down" } };
    await expect(provider().verify()).rejects.toMatchObject({ status: 502, isAuthFailure: false });
  });

  it("lists the account's numbers as caller numbers (the number is the id)", async () => {
    routes["GET /v1/inbound"] = { status: 200, body: docsNumbers };
    await expect(provider().listCallerNumbers()).resolves.toEqual([
      { id: "+18005551234", number: "+18005551234", label: null },
      { id: "+18005559876", number: "+18005559876", label: null },
    ]);
    // Numbers written without "+", duplicates and entries without a number.
    expect(
      toCallerNumbers({
        inbound_numbers: [
          { phone_number: "18005551234" },
          { phone_number: "+1 (800) 555-1234" },
          { phone_number: null },
          "nonsense",
        ],
      }),
    ).toEqual([{ id: "+18005551234", number: "+18005551234", label: null }]);
    expect(toCallerNumbers({ status: "error" })).toBeNull();
    routes["GET /v1/inbound"] = { status: 200, body: { status: "error" } };
    await expect(provider().listCallerNumbers()).rejects.toMatchObject({
      code: "invalid_response",
    });
  });

  it("maps Bland's voices: id, name, language and gender from the tags", async () => {
    const expected = [
      {
        id: "2f9fdbc7-4bf2-4792-8a18-21ce3c93978f",
        name: "maya",
        language: "en",
        gender: "female",
        previewUrl: null,
      },
      {
        id: "73d4c04b-1e15-4272-9c7f-8d2955914ba9",
        name: "StephenD_v1 (published)",
        language: null,
        gender: "male",
        previewUrl: null,
      },
    ];
    // An array of voice objects, as Bland's cookbook reads List Voices.
    routes["GET /v1/voices"] = { status: 200, body: [docsMaya, docsClone, { id: "x" }] };
    await expect(provider().listVoices()).resolves.toEqual(expected);
    expect(recorded[0]).toMatchObject({ method: "GET", url: "/v1/voices" });
    // The same under `voices`.
    routes["GET /v1/voices"] = { status: 200, body: { voices: [docsMaya, docsClone] } };
    await expect(provider().listVoices()).resolves.toEqual(expected);
    // Gender from the description when the tags do not say; a preview when one is given.
    expect(
      toVoiceOptions([
        {
          id: 12345,
          name: "My Custom Voice",
          description: "British Male",
          tags: ["en-GB"],
          preview_url: "https://cdn.example/voice.mp3",
        },
      ]),
    ).toEqual([
      {
        id: "12345",
        name: "My Custom Voice",
        language: "en-GB",
        gender: "male",
        previewUrl: "https://cdn.example/voice.mp3",
      },
    ]);
    routes["GET /v1/voices"] = { status: 401, body: { status: "error", message: "Invalid key" } };
    await expect(provider().listVoices()).rejects.toMatchObject({ isAuthFailure: true });
  });
});

describe("getCall and findCallsByAttempt", () => {
  it("reads Call Details, and null for an unknown call", async () => {
    routes["GET /v1/calls/c1234567-89ab-cdef-0123-456789abcdef"] = {
      status: 200,
      body: JSON.parse(docsCall),
    };
    const outcome = await provider().getCall("c1234567-89ab-cdef-0123-456789abcdef");
    expect(outcome).toMatchObject({
      status: "answered",
      endedReason: null,
      final: true,
      durationSeconds: 71,
    });
    expect(recorded[0]!.headers.authorization).toBe("key_123");
    await expect(provider().getCall("nope")).resolves.toBeNull();
  });

  it("lists recent calls and keeps those of the attempt, looking up items without metadata and ended ones", async () => {
    routes["GET /v1/calls"] = {
      status: 200,
      body: {
        total_count: 4,
        calls: [
          // List items carry no transcript: whether the person spoke is in Call Details.
          {
            call_id: "a",
            queue_status: "complete",
            answered_by: "unknown",
            metadata: { attempt_id: "att_1" },
          },
          { call_id: "b", queue_status: "complete", metadata: { attempt_id: "att_2" } },
          { call_id: "c", queue_status: "started" },
          { call_id: "d", status: "busy", metadata: { attempt_id: "att_1" } },
        ],
      },
    };
    routes["GET /v1/calls/a"] = {
      status: 200,
      body: { ...JSON.parse(docsCall), call_id: "a", metadata: { attempt_id: "att_1" } },
    };
    routes["GET /v1/calls/c"] = {
      status: 200,
      body: { call_id: "c", status: "in-progress", metadata: { attempt_id: "att_1" } },
    };
    const found = await provider().findCallsByAttempt({
      attemptId: "att_1",
      phoneNumber: "+14155550123",
    });
    // "a" read in full: the person spoke. "c" is live. "d" cannot be read again: as listed.
    expect(found.map((o) => [o.providerCallId, o.status, o.endedReason, o.final])).toEqual([
      ["a", "answered", null, true],
      ["c", "in-progress", null, false],
      ["d", "busy", "busy", true],
    ]);
    // Only the calls to the attempt's number: others cannot push it out of the window.
    expect(recorded[0]!.url).toBe("/v1/calls?to_number=%2B14155550123&from=0&to=200");
    expect(recorded.map((r) => r.url.split("?")[0])).toEqual([
      "/v1/calls",
      "/v1/calls/a",
      "/v1/calls/c",
      "/v1/calls/d",
    ]);
    // Past the lookup limit, an ended call is as listed (no transcript: no one spoke).
    recorded = [];
    const listedOnly = await provider({ reconcileDetailLimit: 0 }).findCallsByAttempt({
      attemptId: "att_1",
      phoneNumber: "+14155550123",
    });
    expect(listedOnly.map((o) => [o.providerCallId, o.status, o.endedReason])).toEqual([
      ["a", "no-answer", "no-one-spoke"],
      ["d", "busy", "busy"],
    ]);
    expect(recorded).toHaveLength(1);
  });
});

describe("fetchRecording", () => {
  const read = async (body: AsyncIterable<Uint8Array>) => {
    const chunks: Uint8Array[] = [];
    for await (const chunk of body) chunks.push(chunk);
    return Buffer.concat(chunks).toString("utf8");
  };

  it("sends the API key to Bland's own API only, never to a storage host it links to", async () => {
    routes["GET /v1/recordings/call_9"] = { status: 200, body: "audio" };
    const own = await provider().fetchRecording(`${baseUrl}/v1/recordings/call_9`);
    expect(await read(own.body)).toBe('"audio"');
    expect(recorded[0]!.headers.authorization).toBe("key_123");
    // The same fake under another origin (localhost instead of 127.0.0.1): no key.
    const elsewhere = baseUrl.replace("127.0.0.1", "localhost");
    await read((await provider().fetchRecording(`${elsewhere}/v1/recordings/call_9`)).body);
    expect(recorded[1]!.headers.authorization).toBeUndefined();
  });

  it("refuses non-http URLs and reports the provider's errors", async () => {
    await expect(provider().fetchRecording("file:///etc/passwd")).rejects.toMatchObject({
      code: "invalid_recording_url",
    });
    await expect(provider().fetchRecording("not a url")).rejects.toBeInstanceOf(VoiceProviderError);
    await expect(provider().fetchRecording(`${baseUrl}/missing.wav`)).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("the status table (Bland's status and queue_status)", () => {
  const dialling = { final: false, status: "dialling" };
  const ringing = { final: false, status: "ringing" };
  const live = { final: false, status: "in-progress" };
  const ended = { final: true, ending: "ended" };
  const failed = { final: true, ending: "failed" };
  const rows = [
    ["new", dialling],
    ["queued", dialling],
    ["allocated", dialling],
    ["initiated", ringing],
    ["ringing", ringing],
    ["started", live],
    ["in-progress", live],
    ["active", live],
    ["completed", ended],
    ["complete", ended],
    // "Error occurred after the call was completed. Ex. A post-call webhook failed."
    ["complete-error", ended],
    ["busy", { final: true, ending: "busy" }],
    ["no-answer", { final: true, ending: "no-answer" }],
    ["noanswer", { final: true, ending: "no-answer" }],
    ["failed", failed],
    ["error", failed],
    ["canceled", failed],
    ["cancelled", failed],
  ] as const;

  it.each(rows)("%s → %j, as status or as queue_status", (value, state) => {
    expect(blandState({ status: value })).toEqual(state);
    expect(blandState({ queue_status: value.replaceAll("-", "_") })).toEqual(state);
    expect(blandState({ status: ` ${value.toUpperCase()} ` })).toEqual(state);
  });

  it("has a test row for every row of the table", () => {
    expect(Object.keys(BLAND_STATUSES).sort()).toEqual(rows.map(([value]) => value).sort());
  });

  it("reads queue_status's other errors as failed, and `completed` over a stale live value", () => {
    for (const queueStatus of ["pre_queue_error", "queue_error", "call_error"]) {
      expect(blandState({ queue_status: queueStatus })).toEqual(failed);
    }
    expect(blandState({ status: "started", completed: true })).toEqual(ended);
    expect(blandState({ completed: true })).toEqual(ended);
    // A final status stays what it was.
    expect(blandState({ status: "busy", completed: true })).toEqual({
      final: true,
      ending: "busy",
    });
    // `status` first, then `queue_status`; dialling when neither says.
    expect(blandState({ status: "ringing", queue_status: "started" })).toEqual(ringing);
    expect(blandState({ status: "something-new", queue_status: "started" })).toEqual(live);
    expect(blandState({ status: "something-new" })).toEqual(dialling);
    expect(blandState({})).toEqual(dialling);
  });

  it("reports a call that is still on with its live status and no reason", () => {
    for (const [status, expected] of [
      ["queued", "dialling"],
      ["ringing", "ringing"],
      ["in-progress", "in-progress"],
    ] as const) {
      expect(toCallOutcome({ call_id: "c", status })).toMatchObject({
        status: expected,
        endedReason: null,
        final: false,
      });
    }
    expect(toCallOutcome({ call_id: "c" })).toMatchObject({ status: "dialling", final: false });
  });
});

describe("how an ended call ended", () => {
  // Bland's documented call object (fixtures/docs-example-call.json: status "completed",
  // queue_status "complete", completed true, answered_by "human", transcripts with "user" turns),
  // varied in the fields that decide the outcome.
  const docs = JSON.parse(docsCall) as Record<string, unknown>;
  const outcomeOf = (changes: Record<string, unknown>) => toCallOutcome({ ...docs, ...changes })!;
  const noUserTurns = {
    transcripts: [{ id: 1, user: "assistant", text: "Hello?", created_at: null }],
    concatenated_transcript: "assistant: Hello?",
  };
  const notConnected = { answered_by: null, call_length: 0, ...noUserTurns };

  it.each([
    // A person was reached: answered, never retried, whatever else Bland reports with it.
    [{}, "answered", null, false],
    [{ call_ended_by: "USER" }, "answered", "hung-up-by-lead", false],
    [{ call_ended_by: "ASSISTANT" }, "answered", "ended-by-assistant", false],
    [
      { call_ended_by: "assistant", transferred_to: "+14155550199" },
      "answered",
      "transferred",
      false,
    ],
    [{ transferred_to: "+14155550199" }, "answered", "transferred", false],
    [{ transferred_to: " " }, "answered", null, false],
    [{ call_ended_by: "SOMEONE" }, "answered", null, false],
    // Bland could not tell who answered, but the respondent spoke.
    [{ answered_by: "unknown", call_ended_by: "USER" }, "answered", "hung-up-by-lead", false],
    [{ answered_by: null }, "answered", null, false],
    // Failed after the person spoke: the call dropped (unless Bland says who ended it).
    [{ status: "failed", queue_status: "call_error" }, "answered", "call-dropped", false],
    [{ status: "error", completed: true }, "answered", "call-dropped", false],
    [{ status: "failed", call_ended_by: "USER" }, "answered", "hung-up-by-lead", false],
    [
      { answered_by: "unknown", queue_status: "call_error", status: null },
      "answered",
      "call-dropped",
      false,
    ],
    // Only the post-call processing failed: the call itself completed.
    [
      { queue_status: "complete_error", error_message: "Post-call processing failed" },
      "answered",
      null,
      false,
    ],
    [
      { status: null, queue_status: "complete_error", call_ended_by: "ASSISTANT" },
      "answered",
      "ended-by-assistant",
      false,
    ],
    // A machine: voicemail, never answered, even though its greeting is transcribed as "user";
    // whether a message was left is the engine's to say.
    [{ answered_by: "voicemail" }, "voicemail", null, true],
    [{ answered_by: "voicemail", call_ended_by: "ASSISTANT" }, "voicemail", null, true],
    [{ answered_by: "machine_start" }, "voicemail", null, true],
    // Connected, no machine detected, and no one spoke.
    [{ answered_by: "unknown", ...noUserTurns }, "no-answer", "no-one-spoke", true],
    [
      { answered_by: null, call_ended_by: "USER", ...noUserTurns },
      "no-answer",
      "no-one-spoke",
      true,
    ],
    // Not connected.
    [{ status: "no-answer", ...notConnected }, "no-answer", "no-answer", true],
    [{ status: "no_answer", ...notConnected }, "no-answer", "no-answer", true],
    [{ ...notConnected, answered_by: "no-answer" }, "no-answer", "no-answer", true],
    [{ status: "busy", ...notConnected }, "busy", "busy", true],
    [
      { status: "failed", ...notConnected, error_message: "Carrier rejected" },
      "failed",
      "carrier-error",
      true,
    ],
    [
      {
        status: "failed",
        queue_status: "call_error",
        ...notConnected,
        error_message: "The call could not be connected to the number.",
      },
      "failed",
      "carrier-error",
      true,
    ],
    [
      { status: "failed", ...notConnected, error_message: "Internal server error" },
      "failed",
      "platform-error",
      true,
    ],
    [
      { status: "canceled", ...notConnected, error_message: null },
      "failed",
      "platform-error",
      true,
    ],
    [
      { queue_status: "pre_queue_error", status: null, ...notConnected },
      "failed",
      "platform-error",
      true,
    ],
    [
      { status: "failed", ...notConnected, error_message: "Invalid phone number" },
      "failed",
      "invalid-number",
      false,
    ],
  ] as const)("%j → %s, %s (retried: %s)", (changes, status, endedReason, retried) => {
    const outcome = outcomeOf(changes);
    expect(outcome).toMatchObject({ status, endedReason, final: true });
    expect(isRetryableEnding(outcome.status, outcome.endedReason)).toBe(retried);
  });

  it("maps every value of call_ended_by in the table", () => {
    expect(BLAND_CALL_ENDED_BY).toEqual({
      user: "hung-up-by-lead",
      assistant: "ended-by-assistant",
    });
  });

  it("never calls a voicemail answered, whatever else the call says", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("completed", "complete", "failed", "busy", "no-answer", "error", null),
        fc.constantFrom("USER", "ASSISTANT", null),
        fc.option(fc.constant("+14155550199")),
        fc.array(fc.constantFrom("user", "assistant", "robot"), { maxLength: 4 }),
        (status, endedBy, transferredTo, speakers) => {
          const outcome = mapBlandCall(
            {
              status,
              completed: true,
              answered_by: "voicemail",
              call_ended_by: endedBy,
              transferred_to: transferredTo,
            },
            speakers.map((speaker) => ({
              speaker: speaker === "user" ? "user" : "assistant",
              text: "Hello",
              at: null,
            })),
          );
          expect(outcome.status).not.toBe("answered");
          expect(outcome.final).toBe(true);
        },
      ),
    );
  });

  it("reads Bland's analysis as the call's answers, and none when it sent none", () => {
    expect(outcomeOf({ analysis: { qualified: true, budget: "25000" } }).analysis).toEqual({
      qualified: true,
      budget: "25000",
    });
    expect(outcomeOf({}).analysis).toBeNull();
    expect(outcomeOf({ analysis: "not an object" }).analysis).toBeNull();
  });

  it("reads Bland's do-not-contact disposition", () => {
    expect(outcomeOf({ disposition_tag: "DO_NOT_CONTACT" }).askedNotToCall).toBe(true);
    expect(outcomeOf({ disposition_tag: "do not call" }).askedNotToCall).toBe(true);
    expect(outcomeOf({ disposition_tag: "INTERESTED" }).askedNotToCall).toBe(false);
    expect(outcomeOf({}).askedNotToCall).toBe(false);
  });
});

describe("a failure's reason, from Bland's wording", () => {
  it.each([
    ["Invalid phone number", "invalid-number"],
    ["Carrier rejected", "carrier-error"],
    ["The call could not be connected to the number.", "carrier-error"],
    ["Failed to connect the call", "carrier-error"],
    ["SIP 503 from the telephony provider", "carrier-error"],
    ["Destination unreachable", "carrier-error"],
    ["Invalid from phone number", "platform-error"],
    ["Internal server error", "platform-error"],
    ["Insufficient balance", "platform-error"],
    [null, "platform-error"],
  ] as const)("%s → %s", (errorMessage, reason) => {
    expect(blandFailureReason(errorMessage)).toBe(reason);
  });

  it("reads the carrier's words only", () => {
    expect(isBlandCarrierError("carrier_error")).toBe(true);
    expect(isBlandCarrierError("Webhook connection refused")).toBe(false);
    expect(isBlandCarrierError("")).toBe(false);
    expect(isBlandCarrierError(undefined)).toBe(false);
  });
});

describe("durations", () => {
  it("converts Bland's minutes to whole seconds", () => {
    expect(minutesToSeconds(0.75)).toBe(45);
    expect(minutesToSeconds(1.2345)).toBe(74);
    expect(minutesToSeconds(0)).toBe(0);
    expect(minutesToSeconds(null)).toBeNull();
    expect(minutesToSeconds(-1)).toBeNull();
    expect(minutesToSeconds(Number.NaN)).toBeNull();
  });

  it("prefers call_length and falls back to corrected_duration (seconds)", () => {
    const both = parseBlandWebhook(
      JSON.stringify({ call_id: "x", call_length: 2.5, corrected_duration: "71" }),
    );
    expect(both.durationSeconds).toBe(150);
    const corrected = parseBlandWebhook(JSON.stringify({ call_id: "x", corrected_duration: "71" }));
    expect(corrected.durationSeconds).toBe(71);
    expect(parseBlandWebhook(JSON.stringify({ call_id: "x" })).durationSeconds).toBeNull();
  });
});

describe("transcripts", () => {
  it("keeps Bland's speaker labels, agent-action included", () => {
    expect(
      mapTranscript({
        transcripts: [
          { id: 1, user: "assistant", text: "Hello!", created_at: "2024-01-01T00:00:00Z" },
          { id: 2, user: "user", text: "Hi.", created_at: "2024-01-01T00:00:02Z" },
          { id: 3, user: "agent-action", text: "Transferred call", created_at: null },
          { id: 4, user: "robot", text: "Please hold." },
          { id: 5, user: "user" },
        ],
      }),
    ).toEqual([
      { speaker: "assistant", text: "Hello!", at: "2024-01-01T00:00:00Z" },
      { speaker: "user", text: "Hi.", at: "2024-01-01T00:00:02Z" },
      { speaker: "agent-action", text: "Transferred call", at: null },
      { speaker: "assistant", text: "Please hold.", at: null },
    ]);
  });

  it("falls back to the concatenated transcript", () => {
    expect(
      mapTranscript({ concatenated_transcript: "user: Hello? \n assistant: Hi there!\nnoise" }),
    ).toEqual([
      { speaker: "user", text: "Hello?", at: null },
      { speaker: "assistant", text: "Hi there!", at: null },
    ]);
  });
});

describe("X-Webhook-Signature", () => {
  const body = '{"call_id":"c1","status":"completed"}';
  // Computed independently with node:crypto here, not with the code under test.
  const vector = createHmac("sha256", "whsec").update(body).digest("hex");

  it("matches a known vector (hex HMAC-SHA256 of the raw body)", () => {
    expect(signBlandPayload(body, "whsec")).toBe(vector);
    expect(verifyBlandSignature(body, vector, "whsec")).toBe(true);
    expect(verifyBlandSignature(body, vector.toUpperCase(), "whsec")).toBe(true);
    const headers = new Headers({ "X-Webhook-Signature": vector });
    expect(provider({ webhookSecret: "whsec" }).verifyWebhook(body, headers)).toBe(true);
    // Another connection's secret: refused.
    expect(provider({ webhookSecret: "other" }).verifyWebhook(body, headers)).toBe(false);
    expect(provider({ webhookSecret: null }).verifyWebhook(body, headers)).toBe(false);
  });

  it("refuses a flipped byte, a missing header and a wrong secret", () => {
    const flipped = `${body.slice(0, 5)}${String.fromCharCode(body.charCodeAt(5) ^ 1)}${body.slice(6)}`;
    expect(verifyBlandSignature(flipped, vector, "whsec")).toBe(false);
    const flippedSignature = `${vector.slice(0, -1)}${vector.endsWith("0") ? "1" : "0"}`;
    expect(verifyBlandSignature(body, flippedSignature, "whsec")).toBe(false);
    expect(verifyBlandSignature(body, null, "whsec")).toBe(false);
    expect(verifyBlandSignature(body, "", "whsec")).toBe(false);
    expect(provider({ webhookSecret: "whsec" }).verifyWebhook(body, new Headers())).toBe(false);
    expect(verifyBlandSignature(body, vector, "other")).toBe(false);
    expect(verifyBlandSignature(body, vector, "")).toBe(false);
    const base64 = createHmac("sha256", "whsec").update(body).digest("base64");
    expect(verifyBlandSignature(body, base64, "whsec")).toBe(false);
  });

  it("refuses any modification of a signed body", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.nat(),
        fc.integer({ min: 1, max: 0xffff }),
        (original, at, delta) => {
          const signature = signBlandPayload(original, "s3cret");
          const index = at % original.length;
          const changed =
            original.slice(0, index) +
            String.fromCharCode((original.charCodeAt(index) + delta) % 0x10000) +
            original.slice(index + 1);
          // Lone surrogates encode to the same UTF-8 replacement bytes: not a real change.
          fc.pre(Buffer.from(changed).compare(Buffer.from(original)) !== 0);
          expect(verifyBlandSignature(changed, signature, "s3cret")).toBe(false);
        },
      ),
    );
  });
});

describe("parseWebhook", () => {
  it("reads the example of Bland's documentation", () => {
    const outcome = provider().parseWebhook(docsCall)!;
    expect(outcome).not.toBeNull();
    expect(outcome).toMatchObject({
      providerCallId: "c1234567-89ab-cdef-0123-456789abcdef",
      attemptId: null,
      status: "answered",
      // The example carries no call_ended_by and no transfer.
      endedReason: null,
      final: true,
      durationSeconds: 71,
      recordingUrl: null,
      summary: null,
      answeredBy: "human",
      errorMessage: null,
    });
    expect(outcome.transcript).toEqual([
      {
        speaker: "user",
        text: "Hey, it's Alex. What's up?",
        at: "2023-12-16T00:15:32.287493+00:00",
      },
      {
        speaker: "assistant",
        text: "Hi! It's Blandie, calling to reschedule your appointment tomorrow. Is now a good time?",
        at: "2023-12-16T00:15:34.000000+00:00",
      },
    ]);
    expect(outcome.raw).toEqual(JSON.parse(docsCall));
  });

  it("reads our metadata, a voicemail and an error", () => {
    const outcome = parseBlandWebhook(
      JSON.stringify({
        call_id: "v1",
        status: "completed",
        completed: true,
        answered_by: "voicemail",
        call_length: 0.4,
        to: "+14155550123",
        from: "+15555550100",
        metadata: { submission_id: "sub_1", attempt_id: "att_1", attempt: 1 },
        summary: "Left a voicemail.",
        recording_url: "https://example.com/r.mp3",
        error_message: null,
        queue_status: "complete",
      }),
    );
    expect(outcome).toMatchObject({
      attemptId: "att_1",
      status: "voicemail",
      endedReason: null,
      answeredBy: "voicemail",
      durationSeconds: 24,
      summary: "Left a voicemail.",
      recordingUrl: "https://example.com/r.mp3",
    });
    expect(isRetryableEnding(outcome.status, outcome.endedReason)).toBe(true);
    const failed = parseBlandWebhook(
      JSON.stringify({ call_id: "f1", status: "failed", error_message: "Carrier rejected" }),
    );
    expect(failed).toMatchObject({
      status: "failed",
      endedReason: "carrier-error",
      errorMessage: "Carrier rejected",
    });
  });

  it("refuses a body that is not a call with a 400", () => {
    for (const body of ["", "not json", "null", "[]", "42", '{"status":"completed"}']) {
      expect(() => parseBlandWebhook(body)).toThrow(VoiceProviderError);
      try {
        parseBlandWebhook(body);
      } catch (error) {
        expect((error as VoiceProviderError).status).toBe(400);
      }
    }
  });

  it("never throws anything but VoiceProviderError on random JSON", () => {
    const callish = fc.record(
      {
        call_id: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
        status: fc.oneof(fc.string(), fc.constantFrom("completed", "busy", "queued"), fc.json()),
        answered_by: fc.oneof(fc.string(), fc.json()),
        call_length: fc.oneof(fc.double(), fc.string(), fc.json()),
        corrected_duration: fc.oneof(fc.string(), fc.double(), fc.json()),
        transcripts: fc.oneof(fc.array(fc.jsonValue()), fc.json()),
        concatenated_transcript: fc.oneof(fc.string(), fc.json()),
        metadata: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.json()),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.json(),
          callish.map((v) => JSON.stringify(v)),
          fc.string(),
        ),
        (raw) => {
          try {
            const outcome = parseBlandWebhook(raw);
            expect(typeof outcome.providerCallId).toBe("string");
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

describe("a call to an invalid number", () => {
  // The documented call object, as a call that failed on the number.
  const failedOn = (errorMessage: string) => ({
    ...(JSON.parse(docsCall) as Record<string, unknown>),
    status: "failed",
    queue_status: "call_error",
    completed: true,
    answered_by: null,
    call_length: 0,
    transcripts: [],
    concatenated_transcript: "",
    error_message: errorMessage,
  });

  it("is failed with the reason invalid-number: final, never retried", () => {
    const outcome = toCallOutcome(failedOn("Invalid phone number"))!;
    expect(outcome).toMatchObject({ status: "failed", endedReason: "invalid-number", final: true });
    expect(isRetryableEnding(outcome.status, outcome.endedReason)).toBe(false);
    // Another failure is still a failed, retried call.
    const other = toCallOutcome(failedOn("The call could not be connected to the number."))!;
    expect(other).toMatchObject({ status: "failed", endedReason: "carrier-error", final: true });
    expect(isRetryableEnding(other.status, other.endedReason)).toBe(true);
  });

  it("is the number called, not the caller's or the transfer number", () => {
    expect(isBlandInvalidNumber("Invalid phone number")).toBe(true);
    expect(isBlandInvalidNumber("INVALID_PHONE_NUMBER")).toBe(true);
    expect(isBlandInvalidNumber("The destination is not a valid phone number.")).toBe(true);
    expect(isBlandInvalidNumber("Invalid from phone number")).toBe(false);
    expect(isBlandInvalidNumber("Invalid transfer_phone_number")).toBe(false);
    expect(isBlandInvalidNumber("Invalid API key")).toBe(false);
    expect(isBlandInvalidNumber(null)).toBe(false);
  });
});
