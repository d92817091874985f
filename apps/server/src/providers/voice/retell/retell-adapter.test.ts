import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { isRetryableEnding } from "@ringback/contracts";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { startFakeInternet } from "../../../lib/fake-internet.ts";
import { createOutboundClient } from "../../../lib/outbound-http.ts";
import { FORM_ANSWERS_INSTRUCTION } from "../bland/bland-provider.ts";
import {
  type PlaceCallInput,
  type StoredVoiceAgent,
  type VoiceAgentStore,
  VoiceProviderError,
} from "../voice-provider.ts";
import {
  durationSeconds,
  mapRetellCall,
  mapTranscript,
  msToSeconds,
  parseRetellWebhook,
  RETELL_CALL_STATUSES,
  RETELL_DISCONNECTION_REASONS,
  toCallOutcome,
} from "./retell-call.ts";
import {
  createRetellProvider,
  parseRetellFormAnswers,
  RETELL_BEGIN_MESSAGE,
  RETELL_DEFAULT_VOICE_ID,
  RETELL_GENERAL_PROMPT,
  retellFormAnswers,
  retellLanguage,
} from "./retell-provider.ts";
import { signRetellPayload, verifyRetellSignature } from "./retell-signature.ts";

// Payloads shaped as the Retell SDK's call object and the documented webhook envelope: see
// fixtures/README.md for the sources.
const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const analyzed = fixture("call-analyzed.json");
const started = fixture("call-started.json");
const noAnswer = fixture("call-ended-no-answer.json");
const invalidDestination = fixture("call-ended-invalid-destination.json");
const analyzedCall = (JSON.parse(analyzed) as { call: Record<string, unknown> }).call;

const input: PlaceCallInput = {
  phoneNumber: "+12137774445",
  task: "You are calling Ada about her enquiry.",
  context: { respondentName: null, answers: [] },
  firstSentence: "Hi Ada, this is Ringback calling about your form.",
  outcomeQuestions: [],
  maxDurationMinutes: 10,
  voicemail: { action: "leave_message", message: "Sorry we missed you, we will call back." },
  voice: { voiceId: "11labs-Myra", language: "en-GB", transferNumber: null },
  assistant: { id: "asst_1", name: "Kitchen leads", updatedAt: new Date("2026-01-01T00:00:00Z") },
  webhookUrl: "https://ringback.example/api/voice-webhooks/retell/conn_1",
  metadata: { submissionId: "sub_1", attemptId: "att_1", attempt: 2, organizationId: "org_1" },
};

interface Recorded {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

/** A fake of Retell's API: routes by "METHOD /path", records every request. */
function fakeRetell() {
  const recorded: Recorded[] = [];
  const routes = new Map<string, (body: unknown) => { status: number; body: unknown }>();
  let llms = 0;
  let agents = 0;
  routes.set("POST /create-retell-llm", () => ({
    status: 201,
    body: { llm_id: `llm_${++llms}`, last_modification_timestamp: 1 },
  }));
  routes.set("POST /create-agent", () => ({
    status: 201,
    body: { agent_id: `agent_${++agents}`, version: 0, last_modification_timestamp: 1 },
  }));
  routes.set("POST /v2/create-phone-call", () => ({
    status: 201,
    body: { call_id: "119c3f8e47135a29e65947eeb34cf12d", call_status: "registered" },
  }));
  const fetchImpl = (async (url: string | URL, init?: RequestInit) => {
    const parsed = new URL(String(url));
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    recorded.push({
      method,
      path: parsed.pathname + parsed.search,
      headers: new Headers(init?.headers),
      body,
    });
    const route =
      routes.get(`${method} ${parsed.pathname}${parsed.search}`) ??
      routes.get(`${method} ${parsed.pathname}`) ??
      routes.get(`${method} ${parsed.pathname.replace(/\/[^/]+$/, "/:id")}`);
    const { status, body: responseBody } = route
      ? route(body)
      : { status: 404, body: { status: "error", message: "Not found" } };
    return new Response(JSON.stringify(responseBody), {
      status,
      headers: { "content-type": "application/json" },
    });
  }) as typeof fetch;
  return { recorded, routes, fetch: fetchImpl };
}

/** The store, in memory, with its lock serializing per assistant. */
function memoryStore(): VoiceAgentStore & { rows: Map<string, StoredVoiceAgent> } {
  const rows = new Map<string, StoredVoiceAgent>();
  const locks = new Map<string, Promise<unknown>>();
  return {
    rows,
    get: async (id) => rows.get(id) ?? null,
    save: async (id, agent) => {
      rows.set(id, agent);
    },
    withLock: async (id, fn) => {
      const previous = locks.get(id) ?? Promise.resolve();
      const run = previous.catch(() => undefined).then(fn);
      locks.set(id, run);
      return run;
    },
  };
}

let api: ReturnType<typeof fakeRetell>;
let store: ReturnType<typeof memoryStore>;
const provider = (over: Partial<Parameters<typeof createRetellProvider>[0]> = {}) =>
  createRetellProvider({
    apiKey: "key_123",
    apiUrl: "https://api.retell.test",
    webhookSecret: null,
    callerNumber: "+14157774444",
    simulator: false,
    fetch: api.fetch,
    agents: store,
    ...over,
  });

beforeEach(() => {
  api = fakeRetell();
  store = memoryStore();
});

const calls = (method: string, path: string) =>
  api.recorded.filter((r) => r.method === method && r.path.split("?")[0] === path);

describe("placeCall: the assistant's LLM and agent, then the call", () => {
  it("creates the LLM and agent on the first call, with the assistant's settings", async () => {
    await expect(provider().placeCall(input)).resolves.toEqual({
      providerCallId: "119c3f8e47135a29e65947eeb34cf12d",
    });
    expect(api.recorded.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /create-retell-llm",
      "POST /create-agent",
      "POST /v2/create-phone-call",
    ]);
    for (const r of api.recorded) expect(r.headers.get("authorization")).toBe("Bearer key_123");

    expect(api.recorded[0]!.body).toEqual({
      general_prompt: "{{task}}\n\n{{form_answers}}",
      begin_message: "{{first_sentence}}",
      start_speaker: "agent",
      general_tools: [
        {
          type: "end_call",
          name: "end_call",
          description: expect.stringContaining("End the call"),
        },
      ],
    });
    expect(api.recorded[1]!.body).toEqual({
      agent_name: "Ringback: Kitchen leads",
      voice_id: "11labs-Myra",
      language: "en-GB",
      max_call_duration_ms: 600_000,
      end_call_after_silence_ms: 30_000,
      voicemail_option: {
        action: { type: "static_text", text: "Sorry we missed you, we will call back." },
      },
      post_call_analysis_data: [],
      webhook_url: "https://ringback.example/api/voice-webhooks/retell/conn_1",
      webhook_events: ["call_started", "call_ended", "call_analyzed"],
      response_engine: { type: "retell-llm", llm_id: "llm_1" },
    });
    expect(store.rows.get("asst_1")).toMatchObject({ agentId: "agent_1", llmId: "llm_1" });
    expect(store.rows.get("asst_1")!.settingsHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("sends the create-phone-call body: numbers, the agent, the lead as dynamic variables, our metadata", async () => {
    await provider().placeCall({
      ...input,
      context: {
        respondentName: "Ada Lovelace",
        answers: [
          { question: "What can we help with?", answer: "Kitchen renovation" },
          { question: "Budget", answer: "$10k–$20k" },
        ],
      },
      metadata: { ...input.metadata, test: true },
    });
    const [request] = calls("POST", "/v2/create-phone-call");
    expect(request!.body).toEqual({
      from_number: "+14157774444",
      to_number: "+12137774445",
      override_agent_id: "agent_1",
      retell_llm_dynamic_variables: {
        task: "You are calling Ada about her enquiry.",
        form_answers: `${FORM_ANSWERS_INSTRUCTION}\n\nRequest data:\n- "name": "Ada Lovelace"\n- "What can we help with?": "Kitchen renovation"\n- "Budget": "$10k–$20k"`,
        first_sentence: "Hi Ada, this is Ringback calling about your form.",
      },
      metadata: {
        submission_id: "sub_1",
        attempt_id: "att_1",
        attempt: 2,
        organization_id: "org_1",
        test: true,
      },
    });
    // The prompt and opening reference exactly the variables every call carries.
    const variables = Object.keys(
      (request!.body as { retell_llm_dynamic_variables: object }).retell_llm_dynamic_variables,
    );
    for (const template of [RETELL_GENERAL_PROMPT, RETELL_BEGIN_MESSAGE]) {
      for (const [, name] of template.matchAll(/\{\{(\w+)\}\}/g)) expect(variables).toContain(name);
    }
  });

  it("sends the name alone without the instruction, and nothing when there is nothing", async () => {
    await provider().placeCall({ ...input, context: { respondentName: "Ada", answers: [] } });
    await provider().placeCall(input);
    const [withName, without] = calls("POST", "/v2/create-phone-call").map(
      (r) =>
        (r.body as { retell_llm_dynamic_variables: Record<string, string> })
          .retell_llm_dynamic_variables,
    );
    expect(withName!.form_answers).toBe('Request data:\n- "name": "Ada"');
    expect(without!.form_answers).toBe("");
  });

  it("writes the answers so that they read back exactly (the simulator reads them)", () => {
    const context = {
      respondentName: "Ada",
      answers: [
        { question: 'Notes: "anything" else?', answer: "Line one\nline two: more" },
        { question: "Budget", answer: "$10k" },
        { question: "Budget", answer: "Flexible" },
      ],
    };
    expect(parseRetellFormAnswers(retellFormAnswers(context))).toEqual({
      name: "Ada",
      'Notes: "anything" else?': "Line one\nline two: more",
      Budget: "$10k",
      "Budget (2)": "Flexible",
    });
    expect(parseRetellFormAnswers("")).toEqual({});
    expect(parseRetellFormAnswers('Request data:\n- not json\n- "ok": "yes"')).toEqual({
      ok: "yes",
    });
  });

  it("reuses the agent while the settings are unchanged, even for another lead", async () => {
    await provider().placeCall(input);
    await provider().placeCall({
      ...input,
      phoneNumber: "+12137770000",
      task: "You are calling Grace about her enquiry.",
      context: { respondentName: "Grace", answers: [{ question: "Q", answer: "A" }] },
      firstSentence: "Hi Grace!",
      metadata: { ...input.metadata, attemptId: "att_9" },
    });
    expect(calls("POST", "/create-retell-llm")).toHaveLength(1);
    expect(calls("POST", "/create-agent")).toHaveLength(1);
    expect(api.recorded.filter((r) => r.method === "PATCH")).toHaveLength(0);
    expect(calls("POST", "/v2/create-phone-call").map((r) => r.body)).toMatchObject([
      { override_agent_id: "agent_1" },
      { override_agent_id: "agent_1", to_number: "+12137770000" },
    ]);
  });

  it("updates the LLM and agent in place when the script's settings change", async () => {
    api.routes.set("PATCH /update-retell-llm/:id", () => ({
      status: 200,
      body: { llm_id: "llm_1" },
    }));
    api.routes.set("PATCH /update-agent/:id", () => ({
      status: 200,
      body: { agent_id: "agent_1" },
    }));
    await provider().placeCall(input);
    const firstHash = store.rows.get("asst_1")!.settingsHash;
    await provider().placeCall({
      ...input,
      voice: { voiceId: null, language: "de", transferNumber: "+14155550199" },
      voicemail: { action: "hang_up", message: null },
      maxDurationMinutes: 500,
      firstSentence: null,
      outcomeQuestions: [
        { key: "qualified", label: "Qualified?", type: "boolean", description: "Has a budget" },
        { key: "budget", label: "Budget", type: "number" },
        { key: "demo_date", label: "Best time for a demo", type: "date" },
        { key: "plan", label: "Plan", type: "choice", choices: ["Basic", "Pro"] },
        { key: "notes", label: "Notes", type: "text" },
      ],
    });
    expect(calls("POST", "/create-retell-llm")).toHaveLength(1);
    expect(calls("POST", "/create-agent")).toHaveLength(1);
    const [llmUpdate] = calls("PATCH", "/update-retell-llm/llm_1");
    expect(llmUpdate!.body).toMatchObject({
      begin_message: null,
      general_tools: [
        { type: "end_call" },
        {
          type: "transfer_call",
          name: "transfer_to_human",
          transfer_destination: { type: "predefined", number: "+14155550199" },
          transfer_option: { type: "cold_transfer" },
        },
      ],
    });
    const [agentUpdate] = calls("PATCH", "/update-agent/agent_1");
    expect(agentUpdate!.body).toMatchObject({
      voice_id: RETELL_DEFAULT_VOICE_ID,
      language: "de-DE",
      max_call_duration_ms: 7_200_000,
      voicemail_option: { action: { type: "hangup" } },
      response_engine: { type: "retell-llm", llm_id: "llm_1" },
      post_call_analysis_data: [
        { type: "boolean", name: "qualified", description: "Qualified? (Has a budget)" },
        { type: "number", name: "budget", description: "Budget" },
        {
          type: "string",
          name: "demo_date",
          description: "Best time for a demo. Answer as a date, YYYY-MM-DD.",
        },
        { type: "enum", name: "plan", description: "Plan", choices: ["Basic", "Pro"] },
        { type: "string", name: "notes", description: "Notes" },
      ],
    });
    expect(store.rows.get("asst_1")!.settingsHash).not.toBe(firstHash);
    expect(calls("POST", "/v2/create-phone-call").at(-1)!.body).toMatchObject({
      override_agent_id: "agent_1",
    });
  });

  it("sets Retell's default language back when the assistant's language is cleared", async () => {
    api.routes.set("PATCH /update-retell-llm/:id", () => ({
      status: 200,
      body: { llm_id: "llm_1" },
    }));
    api.routes.set("PATCH /update-agent/:id", () => ({
      status: 200,
      body: { agent_id: "agent_1" },
    }));
    await provider().placeCall({ ...input, voice: { ...input.voice, language: "de-DE" } });
    await provider().placeCall({ ...input, voice: { ...input.voice, language: null } });
    expect(calls("PATCH", "/update-agent/agent_1")[0]!.body).toMatchObject({ language: "en-US" });
  });

  it("makes the agent again when it was deleted in Retell (404 on update)", async () => {
    await provider().placeCall(input);
    api.routes.set("PATCH /update-retell-llm/:id", () => ({
      status: 200,
      body: { llm_id: "llm_1" },
    }));
    await provider().placeCall({ ...input, maxDurationMinutes: 5 });
    expect(calls("POST", "/create-agent")).toHaveLength(2);
    expect(store.rows.get("asst_1")).toMatchObject({ agentId: "agent_2", llmId: "llm_1" });
  });

  it("makes the agent again and dials once more when the call is refused for an unknown agent", async () => {
    await provider().placeCall(input);
    let refused = 0;
    api.routes.set("POST /v2/create-phone-call", (body) => {
      if ((body as { override_agent_id: string }).override_agent_id === "agent_1") {
        refused++;
        return { status: 404, body: { status: "error", message: "Agent not found" } };
      }
      return { status: 201, body: { call_id: "call_2" } };
    });
    api.routes.set("PATCH /update-retell-llm/:id", () => ({
      status: 200,
      body: { llm_id: "llm_1" },
    }));
    await expect(provider().placeCall(input)).resolves.toEqual({ providerCallId: "call_2" });
    expect(refused).toBe(1);
    expect(store.rows.get("asst_1")).toMatchObject({ agentId: "agent_2", llmId: "llm_1" });
    // Refused again after making it anew: the error, not a third try.
    api.routes.set("POST /v2/create-phone-call", () => ({
      status: 404,
      body: { status: "error", message: "Agent not found" },
    }));
    const before = calls("POST", "/v2/create-phone-call").length;
    await expect(provider().placeCall(input)).rejects.toMatchObject({ status: 404 });
    expect(calls("POST", "/v2/create-phone-call").length - before).toBe(2);
  });

  it("creates one agent for concurrent first calls (the store's lock)", async () => {
    await Promise.all([provider().placeCall(input), provider().placeCall(input)]);
    expect(calls("POST", "/create-agent")).toHaveLength(1);
    expect(calls("POST", "/v2/create-phone-call")).toHaveLength(2);
  });

  it("calls from the account's first number when none was chosen", async () => {
    api.routes.set("GET /v2/list-phone-numbers", () => ({
      status: 200,
      body: { items: [{ phone_number: "+14150000001", phone_number_type: "retell-twilio" }] },
    }));
    await provider({ callerNumber: null }).placeCall(input);
    expect(calls("POST", "/v2/create-phone-call")[0]!.body).toMatchObject({
      from_number: "+14150000001",
    });
    api.routes.set("GET /v2/list-phone-numbers", () => ({ status: 200, body: { items: [] } }));
    await expect(provider({ callerNumber: null }).placeCall(input)).rejects.toMatchObject({
      status: 400,
      code: "no_caller_number",
    });
  });

  it("refuses a number that is not E.164 and an unknown language without calling Retell", async () => {
    await expect(
      provider().placeCall({ ...input, phoneNumber: "2137774445" }),
    ).rejects.toMatchObject({ status: 400, code: "invalid_phone_number" });
    await expect(
      provider().placeCall({ ...input, voice: { ...input.voice, language: "tlh" } }),
    ).rejects.toMatchObject({ status: 400, code: "unsupported_language" });
    expect(api.recorded).toHaveLength(0);
  });

  it("words Retell's errors for people", async () => {
    api.routes.set("POST /create-retell-llm", () => ({
      status: 401,
      body: { status: "error", message: "Invalid API key" },
    }));
    const error = await provider()
      .placeCall(input)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VoiceProviderError);
    expect(error).toMatchObject({
      status: 401,
      code: "unauthorized",
      isAuthFailure: true,
      message: "Retell refused the API key. Check the Voice settings.",
    });
    api = fakeRetell();
    api.routes.set("POST /v2/create-phone-call", () => ({
      status: 400,
      body: { status: "error", message: "to_number is not a valid number" },
    }));
    await expect(provider().placeCall(input)).rejects.toMatchObject({
      status: 400,
      message: "Retell: to_number is not a valid number",
      mayHaveDialled: false,
    });
    api.routes.set("POST /v2/create-phone-call", () => ({ status: 201, body: {} }));
    await expect(provider().placeCall(input)).rejects.toMatchObject({ code: "no_call_id" });
  });

  it("flags a create-phone-call lost in flight as possibly dialled, not an agent request", async () => {
    const inner = api.fetch;
    const lossy = (async (url: string | URL, init?: RequestInit) => {
      if (String(url).endsWith("/v2/create-phone-call")) throw new TypeError("socket hang up");
      return inner(url, init);
    }) as typeof fetch;
    const error = await provider({ fetch: lossy })
      .placeCall(input)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: "outcome_unknown", mayHaveDialled: true });
    // Creating the agent never dials: a failure there is a plain network error.
    const down = provider({
      fetch: () => Promise.reject(new TypeError("ECONNREFUSED")),
      agents: memoryStore(),
    });
    await expect(down.placeCall(input)).rejects.toMatchObject({ mayHaveDialled: false });
  });
});

describe("getCall, findCallsByAttempt, verify, numbers and voices", () => {
  it("reads Get Call, and null for an unknown call", async () => {
    api.routes.set("GET /v2/get-call/119c3f8e47135a29e65947eeb34cf12d", () => ({
      status: 200,
      body: analyzedCall,
    }));
    const outcome = await provider().getCall("119c3f8e47135a29e65947eeb34cf12d");
    expect(outcome).toMatchObject({
      status: "answered",
      endedReason: "ended-by-assistant",
      final: true,
      durationSeconds: 22,
    });
    expect(api.recorded[0]!.headers.get("authorization")).toBe("Bearer key_123");
    await expect(provider().getCall("nope")).resolves.toBeNull();
    api.routes.set("GET /v2/get-call/:id", () => ({
      status: 422,
      body: { status: "error", message: "Cannot find requested asset under given api key." },
    }));
    await expect(provider().getCall("gone")).resolves.toBeNull();
    api.routes.set("GET /v2/get-call/:id", () => ({ status: 500, body: {} }));
    await expect(provider().getCall("x")).rejects.toMatchObject({ status: 502 });
  });

  it("lists the number's calls and keeps the attempt's, reading ended ones in full", async () => {
    const listed = { ...analyzedCall };
    delete listed.transcript_object;
    delete listed.transcript;
    api.routes.set("POST /v3/list-calls", () => ({
      status: 200,
      body: {
        items: [
          { call_id: "other", call_status: "ended", metadata: { attempt_id: "att_2" } },
          listed,
          {
            call_id: "ringing",
            call_status: "registered",
            metadata: { attempt_id: "att_1" },
          },
        ],
        has_more: false,
      },
    }));
    api.routes.set("GET /v2/get-call/119c3f8e47135a29e65947eeb34cf12d", () => ({
      status: 200,
      body: analyzedCall,
    }));
    const found = await provider().findCallsByAttempt({
      attemptId: "att_1",
      phoneNumber: "+12137774445",
    });
    expect(
      found.map((o) => [o.providerCallId, o.status, o.endedReason, o.final, o.transcript.length]),
    ).toEqual([
      ["119c3f8e47135a29e65947eeb34cf12d", "answered", "ended-by-assistant", true, 3],
      ["ringing", "ringing", null, false, 0],
    ]);
    expect(calls("POST", "/v3/list-calls")[0]!.body).toEqual({
      filter_criteria: { to_number: { type: "string", op: "eq", value: "+12137774445" } },
      sort_order: "descending",
      limit: 100,
    });
    expect(calls("GET", "/v2/get-call/119c3f8e47135a29e65947eeb34cf12d")).toHaveLength(1);
    expect(calls("GET", "/v2/get-call/other")).toHaveLength(0);
  });

  it("verifies with the phone numbers, and lists them and the voices", async () => {
    api.routes.set("GET /v2/list-phone-numbers", () => ({
      status: 200,
      body: {
        items: [
          { phone_number: "+14157774444", nickname: "Sales", phone_number_type: "retell-twilio" },
          { phone_number: "+14157775555", nickname: null, phone_number_type: "custom" },
        ],
        has_more: false,
      },
    }));
    await expect(provider().verify()).resolves.toEqual({
      summary: "Connected to Retell: 2 phone numbers.",
    });
    await expect(provider().listCallerNumbers()).resolves.toEqual([
      { id: "+14157774444", number: "+14157774444", label: "Sales" },
      { id: "+14157775555", number: "+14157775555", label: null },
    ]);
    // The SDK's VoiceResponse fields.
    api.routes.set("GET /list-voices", () => ({
      status: 200,
      body: [
        {
          voice_id: "11labs-Adrian",
          voice_name: "Adrian",
          provider: "elevenlabs",
          accent: "American",
          gender: "male",
          age: "Young",
          preview_audio_url: "https://retell-utils-public.s3.us-west-2.amazonaws.com/adrian.wav",
        },
        { voice_name: "no id" },
      ],
    }));
    await expect(provider().listVoices()).resolves.toEqual([
      {
        id: "11labs-Adrian",
        name: "Adrian",
        language: null,
        gender: "male",
        previewUrl: "https://retell-utils-public.s3.us-west-2.amazonaws.com/adrian.wav",
      },
    ]);
  });

  it("says a refused key is a refused key", async () => {
    api.routes.set("GET /v2/list-phone-numbers", () => ({
      status: 401,
      body: { status: "error", message: "Unauthorized" },
    }));
    await expect(provider().verify()).rejects.toMatchObject({
      isAuthFailure: true,
      message: "Retell refused the API key. Check the Voice settings.",
    });
  });

  it("sends the key to Retell's API only, never to the storage host of a recording", async () => {
    const internet = await startFakeInternet(() => ({
      status: 200,
      headers: { "content-type": "audio/wav" },
      body: "RIFF",
    }));
    try {
      const p = provider({
        outbound: createOutboundClient(
          { requireHttps: false, allowedNetworks: [] },
          internet.transport,
        ),
      });
      const own = await p.fetchRecording("https://api.retell.test/recordings/1.wav");
      expect(own.contentType).toBe("audio/wav");
      await p.fetchRecording(String(analyzedCall.recording_url));
      expect(internet.seen.map((s) => [s.url.href, s.headers.authorization ?? null])).toEqual([
        ["https://api.retell.test/recordings/1.wav", "Bearer key_123"],
        [String(analyzedCall.recording_url), null],
      ]);
      await expect(p.fetchRecording("file:///etc/passwd")).rejects.toMatchObject({
        code: "invalid_recording_url",
      });
    } finally {
      await internet.close();
    }
  });
});

describe("the mapping table", () => {
  const outcome = (changes: Record<string, unknown>) =>
    toCallOutcome({ ...analyzedCall, ...changes })!;
  const silent = {
    transcript_object: [{ role: "agent", content: "Hello? Is anyone there?", words: [] }],
    transcript: "Agent: Hello? Is anyone there?",
    call_analysis: { call_summary: "Nobody answered.", in_voicemail: false },
  };

  const notConnected = { ...silent, call_status: "not_connected", duration_ms: 0 };
  const failedCall = { ...silent, call_status: "error" };
  // [disconnection_reason, changes to the analyzed call, status, ended reason, answeredBy, retried]
  const cases = [
    // Ended: a person spoke → answered (never retried), with why it ended.
    ["user_hangup", {}, "answered", "hung-up-by-lead", "human", false],
    ["agent_hangup", {}, "answered", "ended-by-assistant", "human", false],
    ["call_transfer", {}, "answered", "transferred", "human", false],
    ["transfer_bridged", {}, "answered", "transferred", "human", false],
    ["transfer_cancelled", {}, "answered", "call-dropped", "human", false],
    ["inactivity", {}, "answered", "silence-timeout", "human", false],
    ["max_duration_reached", {}, "answered", "max-duration", "human", false],
    ["manual_stopped", {}, "answered", null, "human", false],
    ["call_take_over", {}, "answered", null, "human", false],
    // Ended without the person speaking → no-answer, no-one-spoke (retried).
    ["agent_hangup", silent, "no-answer", "no-one-spoke", "unknown", true],
    ["user_hangup", silent, "no-answer", "no-one-spoke", "unknown", true],
    ["inactivity", silent, "no-answer", "no-one-spoke", "unknown", true],
    ["max_duration_reached", silent, "no-answer", "no-one-spoke", "unknown", true],
    // A machine → voicemail, never answered, even when its greeting is transcribed as the user.
    ["voicemail_reached", {}, "voicemail", null, "voicemail", true],
    ["voicemail_reached", silent, "voicemail", null, "voicemail", true],
    ["ivr_reached", silent, "voicemail", null, "voicemail", true],
    [
      "user_hangup",
      { call_analysis: { in_voicemail: true } },
      "voicemail",
      null,
      "voicemail",
      true,
    ],
    // Not connected.
    ["dial_busy", notConnected, "busy", "busy", null, true],
    ["dial_no_answer", notConnected, "no-answer", "no-answer", null, true],
    ["user_declined", notConnected, "no-answer", "declined", null, true],
    // "The number dialed is invalid": failed, invalid-number, never retried.
    ["invalid_destination", notConnected, "failed", "invalid-number", null, false],
    ["dial_failed", notConnected, "failed", "carrier-error", null, true],
    ["telephony_provider_permission_denied", notConnected, "failed", "carrier-error", null, true],
    ["telephony_provider_unavailable", notConnected, "failed", "carrier-error", null, true],
    ["sip_routing_error", notConnected, "failed", "carrier-error", null, true],
    ["marked_as_spam", notConnected, "failed", "carrier-error", null, true],
    ["dial_something_new", notConnected, "failed", "carrier-error", null, true],
    // Retell's own limits and errors.
    ["concurrency_limit_reached", failedCall, "failed", "platform-error", null, true],
    ["no_concurrency_fallback", failedCall, "failed", "platform-error", null, true],
    ["no_valid_payment", notConnected, "failed", "platform-error", null, true],
    ["scam_detected", failedCall, "failed", "platform-error", null, true],
    ["registered_call_timeout", failedCall, "failed", "platform-error", null, true],
    ["error_user_not_joined", failedCall, "failed", "platform-error", null, true],
    ["error_llm_websocket_open", failedCall, "failed", "platform-error", null, true],
    ["error_llm_websocket_lost_connection", failedCall, "failed", "platform-error", null, true],
    ["error_llm_websocket_runtime", failedCall, "failed", "platform-error", null, true],
    ["error_llm_websocket_corrupt_payload", failedCall, "failed", "platform-error", null, true],
    ["error_no_audio_received", failedCall, "failed", "platform-error", null, true],
    ["error_asr", failedCall, "failed", "platform-error", null, true],
    ["error_retell", failedCall, "failed", "platform-error", null, true],
    ["error_unknown", failedCall, "failed", "platform-error", null, true],
    ["error_something_new", failedCall, "failed", "platform-error", null, true],
    // An error after a conversation: the person was reached, and the call dropped.
    ["error_llm_websocket_lost_connection", {}, "answered", "call-dropped", "human", false],
    ["scam_detected", {}, "answered", "call-dropped", "human", false],
    // An unknown reason of an ended call: the transcript decides, no reason.
    ["something_new", {}, "answered", null, "human", false],
    ["something_new", silent, "no-answer", "no-one-spoke", "unknown", true],
  ] as const;

  it.each(cases)(
    "%s %j → %s, %s (%s, retried %s)",
    (reason, changes, status, endedReason, answeredBy, retried) => {
      const mapped = outcome({ disconnection_reason: reason, ...changes });
      expect(mapped).toMatchObject({ status, endedReason, final: true, answeredBy });
      expect(isRetryableEnding(mapped.status, mapped.endedReason)).toBe(retried);
    },
  );

  it("has a test case for every reason of the table", () => {
    const tested = new Set(cases.map(([reason]) => reason as string));
    expect(Object.keys(RETELL_DISCONNECTION_REASONS).filter((r) => !tested.has(r))).toEqual([]);
  });

  it("gives failures a sentence and lists every reason of Retell's enum", () => {
    expect(outcome({ ...silent, disconnection_reason: "invalid_destination" }).errorMessage).toBe(
      "The number dialled is not valid.",
    );
    expect(outcome({}).errorMessage).toBeNull();
    // The SDK's disconnection_reason enum (PhoneCallResponse), all 34 values.
    const sdkReasons =
      "user_hangup agent_hangup call_transfer voicemail_reached ivr_reached inactivity max_duration_reached concurrency_limit_reached no_concurrency_fallback no_valid_payment scam_detected dial_busy dial_failed dial_no_answer invalid_destination telephony_provider_permission_denied telephony_provider_unavailable sip_routing_error marked_as_spam user_declined error_llm_websocket_open error_llm_websocket_lost_connection error_llm_websocket_runtime error_llm_websocket_corrupt_payload error_no_audio_received error_asr error_retell error_unknown error_user_not_joined registered_call_timeout transfer_bridged transfer_cancelled manual_stopped call_take_over".split(
        " ",
      );
    expect(Object.keys(RETELL_DISCONNECTION_REASONS).sort()).toEqual([...sdkReasons].sort());
  });

  it.each([
    ["registered", "ringing"],
    ["ongoing", "in-progress"],
    [undefined, "dialling"],
    ["something_new", "dialling"],
  ] as const)("call_status %s → %s, not final, no reason", (callStatus, status) => {
    expect(mapRetellCall({ call_status: callStatus, disconnection_reason: null }, [])).toEqual({
      status,
      endedReason: null,
      final: false,
      answeredBy: null,
      errorMessage: null,
    });
  });

  it("lists Retell's call statuses", () => {
    expect(Object.keys(RETELL_CALL_STATUSES).sort()).toEqual(
      ["registered", "not_connected", "ongoing", "ended", "error"].sort(),
    );
  });

  it("ends a call on its disconnection reason even when the status lags", () => {
    expect(
      mapRetellCall({ call_status: "ongoing", disconnection_reason: "dial_busy" }, []),
    ).toMatchObject({ status: "busy", endedReason: "busy", final: true });
    expect(mapRetellCall({ call_status: "error" }, [])).toMatchObject({
      status: "failed",
      endedReason: "platform-error",
      final: true,
      errorMessage: "The call failed.",
    });
    expect(mapRetellCall({ call_status: "not_connected" }, [])).toMatchObject({
      status: "failed",
      endedReason: "carrier-error",
      final: true,
    });
    expect(mapRetellCall({ call_status: "ended" }, [])).toMatchObject({
      status: "no-answer",
      endedReason: "no-one-spoke",
      final: true,
    });
  });

  it("reads durations in milliseconds, else from the timestamps", () => {
    expect(msToSeconds(21_522)).toBe(22);
    expect(msToSeconds(0)).toBe(0);
    expect(msToSeconds(-5)).toBeNull();
    expect(msToSeconds(null)).toBeNull();
    expect(durationSeconds({ duration_ms: 65_400 })).toBe(65);
    expect(durationSeconds({ start_timestamp: 1703302407333, end_timestamp: 1703302428855 })).toBe(
      22,
    );
    expect(durationSeconds({ start_timestamp: 1703302407333 })).toBeNull();
    expect(outcome({ duration_ms: undefined }).durationSeconds).toBe(22);
  });

  it("reads transcript_object with wall times, and the transcript string as a fallback", () => {
    expect(mapTranscript(analyzedCall as Parameters<typeof mapTranscript>[0])).toEqual([
      {
        speaker: "assistant",
        text: "Hi Ada, this is Ringback calling about your form.",
        at: new Date(1703302407333 + 700).toISOString(),
      },
      {
        speaker: "user",
        text: "Hi! Yes, I wanted a quote for the kitchen.",
        at: new Date(1703302407333 + 4250).toISOString(),
      },
      {
        speaker: "assistant",
        text: "Great, I will send one today. Have a nice day!",
        at: new Date(1703302407333 + 9000).toISOString(),
      },
    ]);
    expect(
      mapTranscript({
        transcript_object: [
          { role: "transfer_target", content: "Sales desk, how can I help?", words: [] },
          { role: "user", content: "  " },
          { content: "no role" },
        ],
      }),
    ).toEqual([{ speaker: "agent-action", text: "Sales desk, how can I help?", at: null }]);
    expect(mapTranscript({ transcript: "Agent: Hello?\nUser: Hi.\nnoise\n" })).toEqual([
      { speaker: "assistant", text: "Hello?", at: null },
      { speaker: "user", text: "Hi.", at: null },
    ]);
  });
});

describe("parseWebhook", () => {
  it("reads call_analyzed: the outcome with its summary, recording and answers", () => {
    const outcome = provider().parseWebhook(analyzed)!;
    expect(outcome).toMatchObject({
      providerCallId: "119c3f8e47135a29e65947eeb34cf12d",
      attemptId: "att_1",
      status: "answered",
      endedReason: "ended-by-assistant",
      final: true,
      durationSeconds: 22,
      recordingUrl:
        "https://retellai.s3.us-west-2.amazonaws.com/119c3f8e47135a29e65947eeb34cf12d/recording.wav",
      summary:
        "The agent called Ada about her kitchen enquiry; she wants a quote, which the agent will send today.",
      answeredBy: "human",
      errorMessage: null,
      askedNotToCall: false,
      analysis: { wants_quote: true, budget: 15000, plan: "Pro" },
    });
    expect(outcome.transcript).toHaveLength(3);
    expect(outcome.raw).toEqual(JSON.parse(analyzed));
  });

  it("reads call_started as connected and in progress", () => {
    expect(provider().parseWebhook(started)).toMatchObject({
      providerCallId: "119c3f8e47135a29e65947eeb34cf12d",
      attemptId: "att_1",
      status: "in-progress",
      endedReason: null,
      final: false,
      transcript: [],
      summary: null,
      analysis: null,
    });
    // Even when the object still says "registered".
    const stale = JSON.parse(started);
    stale.call.call_status = "registered";
    expect(parseRetellWebhook(JSON.stringify(stale))).toMatchObject({
      status: "in-progress",
      final: false,
    });
  });

  it("waits for the analysis of a call that connected, and ends one that never did", () => {
    const ended = JSON.parse(analyzed);
    ended.event = "call_ended";
    delete ended.call.call_analysis;
    // Connected: in progress until call_analyzed says whether a person or a machine answered.
    const waiting = parseRetellWebhook(JSON.stringify(ended))!;
    expect(waiting).toMatchObject({
      status: "in-progress",
      endedReason: null,
      final: false,
      summary: null,
      analysis: null,
    });
    expect(waiting.transcript.length).toBeGreaterThan(0);
    expect(waiting.durationSeconds).toBeGreaterThan(0);
    // The same call read back (the sweeper's get-call after a lost call_analyzed) is final.
    expect(toCallOutcome(ended.call)).toMatchObject({
      status: "answered",
      endedReason: "ended-by-assistant",
      final: true,
    });
    const unanswered = parseRetellWebhook(noAnswer)!;
    expect(unanswered).toMatchObject({
      providerCallId: "call_a4441234567890777c4a4a123e6",
      attemptId: "att_2",
      status: "no-answer",
      endedReason: "no-answer",
      final: true,
      durationSeconds: 0,
      recordingUrl: null,
      answeredBy: null,
    });
    expect(isRetryableEnding(unanswered.status, unanswered.endedReason)).toBe(true);
    // Not connected because the number dialled is invalid: final, and never retried.
    const invalid = parseRetellWebhook(invalidDestination)!;
    expect(invalid).toMatchObject({
      providerCallId: "call_b5551234567890777c4a4a123e7",
      attemptId: "att_1",
      status: "failed",
      endedReason: "invalid-number",
      final: true,
      answeredBy: null,
      errorMessage: "The number dialled is not valid.",
    });
    expect(isRetryableEnding(invalid.status, invalid.endedReason)).toBe(false);
  });

  it("acknowledges other events with null", () => {
    for (const event of ["transcript_updated", "transfer_started", "chat_ended", "new_thing"]) {
      expect(parseRetellWebhook(JSON.stringify({ event, call: analyzedCall }))).toBeNull();
    }
  });

  it("refuses a body that is not a Retell webhook with a 400", () => {
    for (const body of [
      "",
      "not json",
      "null",
      "[]",
      "42",
      '{"call":{"call_id":"x"}}',
      '{"event":"call_ended"}',
      '{"event":"call_ended","call":{"call_status":"ended"}}',
    ]) {
      const error = (() => {
        try {
          parseRetellWebhook(body);
        } catch (e) {
          return e;
        }
      })();
      expect(error, body).toBeInstanceOf(VoiceProviderError);
      expect((error as VoiceProviderError).status).toBe(400);
    }
  });

  it("never throws anything but VoiceProviderError on random JSON", () => {
    const callish = fc.record(
      {
        call_id: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
        call_status: fc.oneof(fc.constantFrom("registered", "ongoing", "ended"), fc.json()),
        disconnection_reason: fc.oneof(fc.constantFrom("dial_busy", "user_hangup"), fc.json()),
        duration_ms: fc.oneof(fc.double(), fc.string(), fc.json()),
        start_timestamp: fc.oneof(fc.double(), fc.json()),
        transcript_object: fc.oneof(fc.array(fc.jsonValue()), fc.json()),
        call_analysis: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.json()),
        metadata: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.json()),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.json(),
          fc.string(),
          fc
            .tuple(fc.constantFrom("call_ended", "call_started", "call_analyzed"), callish)
            .map(([event, call]) => JSON.stringify({ event, call })),
        ),
        (raw) => {
          try {
            const outcome = parseRetellWebhook(raw);
            if (outcome) expect(typeof outcome.providerCallId).toBe("string");
          } catch (error) {
            expect(error).toBeInstanceOf(VoiceProviderError);
          }
        },
      ),
    );
  });
});

describe("x-retell-signature", () => {
  const body = analyzed;
  const at = 1_703_302_430_000;
  // Built independently with node:crypto, as the SDK's `sign` does: v=<ms>,d=hex HMAC(key, body+ms).
  const header = `v=${at},d=${createHmac("sha256", "key_123")
    .update(body + at)
    .digest("hex")}`;

  it("accepts Retell's scheme within five minutes", () => {
    expect(signRetellPayload(body, "key_123", at)).toBe(header);
    expect(verifyRetellSignature(body, header, "key_123", at)).toBe(true);
    expect(verifyRetellSignature(body, header, "key_123", at + 5 * 60_000)).toBe(true);
    expect(verifyRetellSignature(body, header, "key_123", at - 5 * 60_000)).toBe(true);
    expect(
      verifyRetellSignature(body, header.toUpperCase().replace("V=", "v="), "key_123", at),
    ).toBe(true);
    // Through the adapter, with its own key and the current time.
    const fresh = signRetellPayload(body, "key_123");
    expect(provider().verifyWebhook(body, new Headers({ "X-Retell-Signature": fresh }))).toBe(true);
    expect(
      provider({ apiKey: "other" }).verifyWebhook(
        body,
        new Headers({ "x-retell-signature": fresh }),
      ),
    ).toBe(false);
    expect(provider().verifyWebhook(body, new Headers())).toBe(false);
  });

  it("refuses a stale or future timestamp, another key, another body and odd headers", () => {
    expect(verifyRetellSignature(body, header, "key_123", at + 5 * 60_000 + 1)).toBe(false);
    expect(verifyRetellSignature(body, header, "key_123", at - 5 * 60_000 - 1)).toBe(false);
    expect(verifyRetellSignature(body, header, "key_124", at)).toBe(false);
    expect(verifyRetellSignature(`${body} `, header, "key_123", at)).toBe(false);
    expect(verifyRetellSignature(body, header, "", at)).toBe(false);
    // The timestamp is signed: moving it breaks the digest.
    expect(
      verifyRetellSignature(body, header.replace(`v=${at}`, `v=${at + 1}`), "key_123", at),
    ).toBe(false);
    const digest = header.split(",d=")[1]!;
    for (const odd of [
      null,
      "",
      digest,
      `v=${at}`,
      `d=${digest},v=${at}`,
      `v=${at},d=${digest.slice(0, -2)}`,
      `v=${at},d=${digest}00`,
      `v=${at},d=${Buffer.from(digest, "hex").toString("base64")}`,
      ` v=${at},d=${digest}`,
      `v=-${at},d=${digest}`,
      `v=${"9".repeat(20)},d=${digest}`,
    ]) {
      expect(verifyRetellSignature(body, odd, "key_123", at), String(odd)).toBe(false);
    }
  });

  it("refuses any modification of a signed body", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.nat(),
        fc.integer({ min: 1, max: 0xffff }),
        (original, i, delta) => {
          const signature = signRetellPayload(original, "s3cret", at);
          const index = i % original.length;
          const changed =
            original.slice(0, index) +
            String.fromCharCode((original.charCodeAt(index) + delta) % 0x10000) +
            original.slice(index + 1);
          fc.pre(Buffer.from(changed).compare(Buffer.from(original)) !== 0);
          expect(verifyRetellSignature(changed, signature, "s3cret", at)).toBe(false);
        },
      ),
    );
  });
});

describe("retellLanguage", () => {
  it("passes Retell's locales, maps a bare language, and refuses others", () => {
    expect(retellLanguage(null)).toBeNull();
    expect(retellLanguage("en-GB")).toBe("en-GB");
    expect(retellLanguage("es-419")).toBe("es-419");
    expect(retellLanguage("pt-br")).toBe("pt-BR");
    expect(retellLanguage("de")).toBe("de-DE");
    expect(retellLanguage("fr-BE")).toBe("fr-FR");
    expect(() => retellLanguage("tlh")).toThrow(VoiceProviderError);
  });
});
