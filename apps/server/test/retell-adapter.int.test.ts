import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Assistant } from "@ringback/contracts";
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import {
  simulatorCalls,
  simulatorObjects,
  voiceAgents,
  voiceConnections,
} from "../src/db/schema/index.ts";
import { createVoiceAgentStore } from "../src/domain/voice/voice-agents.ts";
import { parseAllowedNetworks } from "../src/lib/outbound-addresses.ts";
import { createOutboundClient } from "../src/lib/outbound-http.ts";
import { createSecretBox } from "../src/lib/secret-box.ts";
import { createRetellProvider } from "../src/providers/voice/retell/retell-provider.ts";
import { retellSimulatorRoutes } from "../src/providers/voice/retell/sandbox/routes.ts";
import { SIMULATOR_FROM_NUMBER } from "../src/providers/voice/simulator/call.ts";
import { simulatorAccount, simulatorApiUrl } from "../src/providers/voice/simulator/credentials.ts";
import { callSimulatorRoutes } from "../src/providers/voice/simulator/index.ts";
import { apiKeyHash } from "../src/providers/voice/simulator/simulated-calls.ts";
import {
  type CallOutcome,
  type PlaceCallInput,
  type StoredVoiceAgent,
  type VoiceAgentStore,
  VoiceProviderError,
} from "../src/providers/voice/voice-provider.ts";
import { startQueue } from "../src/queue/queue.ts";
import { startTestRingback, testLogger } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";
import { type Received, startReceiver, waitFor } from "./webhook-receiver.ts";

/**
 * Ringback's Retell adapter against the call simulator's Retell dialect, end to
 * end offline: the assistant's LLM and agent made once and reused (voice_agents, under its
 * lock), calls placed with the lead as dynamic variables, the three webhooks verified with the
 * API key, reconciliation after a lost webhook, an attempt's calls found, and the errors; the
 * simulator's LLMs and agents kept in its table (across restarts, between processes) and apart
 * per account.
 */

/** The simulator's Retell dialect (and Bland's, which serves the recordings) on its own server. */
async function startSimulator(ringback: Awaited<ReturnType<typeof startTestRingback>>) {
  const queue = await startQueue({
    url: ringback.database.url,
    logger: testLogger,
    runsWorkers: false,
  });
  afterAll(() => queue.stop({ graceful: false }));
  let app: Hono | null = null;
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve(
      { fetch: (request) => app!.fetch(request), port: 0, hostname: "127.0.0.1" },
      () => resolve(s),
    );
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const deps = {
    db: ringback.database.db,
    queue,
    logger: testLogger,
    publicUrl,
    secretKey: ringback.config.secretKey,
    pace: { ringMs: 50, turnMs: 20 },
  };
  /** A fresh simulator app: what a restart of the web process gives (nothing kept in memory). */
  const boot = () => {
    app = new Hono()
      .route("/sandbox/bland", callSimulatorRoutes(deps))
      .route("/sandbox/retell", retellSimulatorRoutes(deps));
  };
  boot();
  return { apiUrl: simulatorApiUrl(publicUrl, "retell"), publicUrl, restart: boot };
}

/** The key with its last character changed (never the same key by chance). */
const tampered = (key: string) => `${key.slice(0, -1)}${key.endsWith("0") ? "1" : "0"}`;

describe("Retell adapter against the call simulator's Retell dialect", async () => {
  const ringback = await startTestRingback({ env: { CODE_SENDS_PER_IP: "1000" } });
  const db = ringback.database.db;
  const simulator = await startSimulator(ringback);
  const receiver = await startReceiver();
  const team = await createTeam(ringback.url, db, { label: "retell" });
  const organizationId = team.organization.id;
  const account = simulatorAccount(ringback.config.secretKey, "retell", organizationId);
  const [connection] = await db
    .insert(voiceConnections)
    .values({
      organizationId,
      provider: "retell",
      simulated: true,
      apiKeyEncrypted: createSecretBox(ringback.config.secretKey).encrypt(account.apiKey),
      apiKeyHint: account.apiKey.slice(-4),
      callerNumber: SIMULATOR_FROM_NUMBER,
    })
    .returning();
  const agents = createVoiceAgentStore(db, { connectionId: connection!.id, organizationId });
  const newAssistant = async () =>
    (
      await team.owner.client.json<Assistant>(`/api/organizations/${organizationId}/assistants`, {
        method: "POST",
        json: { provider: "typeform" },
      })
    ).id;
  const assistantId = await newAssistant();

  const loopbackOutbound = createOutboundClient({
    requireHttps: false,
    allowedNetworks: parseAllowedNetworks("127.0.0.0/8, ::1"),
  });
  const retell = (over: Partial<Parameters<typeof createRetellProvider>[0]> = {}) =>
    createRetellProvider({
      apiKey: account.apiKey,
      apiUrl: simulator.apiUrl,
      webhookSecret: null,
      callerNumber: SIMULATOR_FROM_NUMBER,
      simulator: true,
      agents,
      // The simulator's recordings are on loopback, which the default (strict) client refuses.
      outbound: loopbackOutbound,
      ...over,
    });

  const HOOK = "/hook/retell";
  const input = (phoneNumber: string, over: Partial<PlaceCallInput> = {}): PlaceCallInput => ({
    phoneNumber,
    task: "You are Alex from Acme Kitchens, calling Ada about the quote she asked for. Ask about her budget.",
    context: {
      respondentName: "Ada",
      answers: [
        { question: "What's your budget?", answer: "$10k–$20k" },
        { question: "Which room?", answer: "The kitchen, with a new island" },
      ],
    },
    firstSentence: "Hi Ada, this is Alex from Acme Kitchens.",
    outcomeQuestions: [
      { key: "qualified", label: "Qualified?", type: "boolean" },
      { key: "budget", label: "Budget", type: "number" },
      { key: "plan", label: "Plan", type: "choice", choices: ["Basic", "Pro"] },
    ],
    maxDurationMinutes: 10,
    voicemail: { action: "leave_message", message: "Sorry we missed you, we will call back." },
    voice: { voiceId: "sim-voice-ava", language: "en-US", transferNumber: "+14155550199" },
    assistant: { id: assistantId, name: "Kitchen leads", updatedAt: new Date() },
    webhookUrl: receiver.url(HOOK),
    metadata: { submissionId: "sub_1", attemptId: randomUUID(), attempt: 1, organizationId },
    ...over,
  });

  const headersOf = (delivery: Received) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(delivery.headers)) {
      if (typeof value === "string") headers.set(name, value);
    }
    return headers;
  };
  /** The webhooks of one call, verified and parsed by the adapter. */
  const webhooksOf = (callId: string) =>
    receiver
      .at(HOOK)
      .map((delivery) => ({
        body: JSON.parse(delivery.body) as { event: string; call: { call_id: string } },
        verified: retell().verifyWebhook(delivery.body, headersOf(delivery)),
        outcome: retell().parseWebhook(delivery.body),
        delivery,
      }))
      .filter((w) => w.body.call.call_id === callId);
  const events = (callId: string) => webhooksOf(callId).map((w) => w.body.event);
  const stored = async (id = assistantId) =>
    (
      await db
        .select()
        .from(voiceAgents)
        .where(and(eq(voiceAgents.connectionId, connection!.id), eq(voiceAgents.assistantId, id)))
    )[0];
  /** The account's LLMs and agents as call_simulator.objects holds them. */
  const accountObjects = async (apiKey: string) =>
    (
      await db
        .select({ id: simulatorObjects.id, kind: simulatorObjects.kind })
        .from(simulatorObjects)
        .where(eq(simulatorObjects.apiKeyHash, apiKeyHash(apiKey)))
    ).sort((x, y) => x.id.localeCompare(y.id));
  const simulatorGet = async (path: string) => {
    const response = await fetch(`${simulator.apiUrl}${path}`, {
      headers: { authorization: `Bearer ${account.apiKey}` },
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it("verifies the key, and lists the numbers and voices", async () => {
    await expect(retell().verify()).resolves.toEqual({
      summary: "Connected to Retell: 1 phone number.",
    });
    await expect(retell().listCallerNumbers()).resolves.toEqual([
      { id: SIMULATOR_FROM_NUMBER, number: SIMULATOR_FROM_NUMBER, label: "Call simulator" },
    ]);
    const voices = await retell().listVoices();
    expect(voices.map((v) => v.id)).toContain("sim-voice-ava");
    expect(voices.find((v) => v.id === "sim-voice-ava")).toMatchObject({ name: "Ava" });
  });

  it("is served by Ringback's own app at /sandbox/retell", async () => {
    expect(ringback.config.sandboxes.callSimulator).toBe(true);
    const mounted = retell({ apiUrl: simulatorApiUrl(ringback.url, "retell") });
    await expect(mounted.verify()).resolves.toEqual({
      summary: "Connected to Retell: 1 phone number.",
    });
    const anonymous = await fetch(`${ringback.url}/sandbox/retell/v2/list-phone-numbers`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ status: "error" });
  });

  it("refuses a key it did not issue, and another dialect's key", async () => {
    const bland = simulatorAccount(ringback.config.secretKey, "bland", organizationId);
    for (const apiKey of [tampered(account.apiKey), bland.apiKey, "key_not_ours"]) {
      const error = await retell({ apiKey })
        .verify()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(VoiceProviderError);
      expect(error).toMatchObject({
        status: 401,
        isAuthFailure: true,
        message: "Retell refused the API key. Check the Voice settings.",
      });
    }
  });

  let first: { providerCallId: string; attemptId: string };

  it("makes the assistant's LLM and agent on the first call, and plays the call with the lead", async () => {
    const placing = input("+14155550142");
    const { providerCallId } = await retell().placeCall(placing);
    first = { providerCallId, attemptId: placing.metadata.attemptId };
    const row = await stored();
    expect(row).toMatchObject({ organizationId });
    expect(row!.agentId).toMatch(/^agent_/);
    expect(row!.llmId).toMatch(/^llm_/);

    // The agent and its LLM as Retell keeps them: the assistant's settings, no lead in them.
    const agent = await simulatorGet(`/get-agent/${row!.agentId}`);
    expect(agent.body).toMatchObject({
      voice_id: "sim-voice-ava",
      language: "en-US",
      max_call_duration_ms: 600_000,
      webhook_url: receiver.url(HOOK),
      response_engine: { type: "retell-llm", llm_id: row!.llmId },
      voicemail_option: { action: { type: "static_text" } },
      post_call_analysis_data: [
        { type: "boolean", name: "qualified" },
        { type: "number", name: "budget" },
        { type: "enum", name: "plan", choices: ["Basic", "Pro"] },
      ],
    });
    const llm = await simulatorGet(`/get-retell-llm/${row!.llmId}`);
    expect(llm.body).toMatchObject({
      general_prompt: "{{task}}\n\n{{form_answers}}",
      begin_message: "{{first_sentence}}",
    });
    expect(JSON.stringify(llm.body)).not.toContain("Ada");

    // The simulated call: the prompt with the lead's variables filled in.
    const [call] = await db
      .select()
      .from(simulatorCalls)
      .where(eq(simulatorCalls.callId, providerCallId));
    expect(call).toMatchObject({
      dialect: "retell",
      phoneNumber: "+14155550142",
      fromNumber: SIMULATOR_FROM_NUMBER,
      firstSentence: "Hi Ada, this is Alex from Acme Kitchens.",
      requestData: {
        name: "Ada",
        "What's your budget?": "$10k–$20k",
        "Which room?": "The kitchen, with a new island",
      },
      analysisSchema: { qualified: "boolean", budget: "number", plan: "one of: Basic | Pro" },
    });
    expect(call!.task).toContain("You are Alex from Acme Kitchens");
    expect(call!.task).toContain('- "What\'s your budget?": "$10k–$20k"');
    expect(call!.request).toMatchObject({
      override_agent_id: row!.agentId,
      metadata: {
        attempt_id: first.attemptId,
        submission_id: "sub_1",
        organization_id: organizationId,
      },
    });

    // call_started, call_ended, call_analyzed: signed with the API key, read by the adapter.
    await waitFor(() => events(providerCallId).includes("call_analyzed") || undefined);
    const hooks = webhooksOf(providerCallId);
    expect(hooks.map((h) => h.body.event)).toEqual(["call_started", "call_ended", "call_analyzed"]);
    for (const hook of hooks) {
      expect(hook.verified).toBe(true);
      expect(String(hook.delivery.headers["x-retell-signature"])).toMatch(/^v=\d+,d=[0-9a-f]{64}$/);
      // Not with another key, nor with a changed body.
      expect(
        retell({ apiKey: tampered(account.apiKey) }).verifyWebhook(
          hook.delivery.body,
          headersOf(hook.delivery),
        ),
      ).toBe(false);
      expect(retell().verifyWebhook(`${hook.delivery.body} `, headersOf(hook.delivery))).toBe(
        false,
      );
    }
    const [started, ended, analyzed] = hooks.map((h) => h.outcome!) as [
      CallOutcome,
      CallOutcome,
      CallOutcome,
    ];
    expect(started).toMatchObject({
      providerCallId,
      attemptId: first.attemptId,
      status: "in-progress",
      final: false,
      endedReason: null,
    });
    // call_ended of a connected call waits for its analysis (in_voicemail decides the retry).
    expect(ended).toMatchObject({
      status: "in-progress",
      final: false,
      answeredBy: null,
      analysis: null,
    });
    expect(ended.transcript.length).toBeGreaterThan(0);
    expect(analyzed).toMatchObject({
      providerCallId,
      attemptId: first.attemptId,
      status: "answered",
      endedReason: expect.any(String),
      final: true,
      answeredBy: "human",
      errorMessage: null,
    });
    expect(analyzed.summary).toBeTruthy();
    expect(analyzed.durationSeconds).toBeGreaterThanOrEqual(0);
    expect(analyzed.transcript[0]).toMatchObject({
      speaker: "assistant",
      text: "Hi Ada, this is Alex from Acme Kitchens.",
    });
    expect(analyzed.transcript.some((t) => t.speaker === "user")).toBe(true);
    // The budget Ada wrote; she said what she needs but not when, and named no plan.
    expect(analyzed.analysis).toEqual({ qualified: null, budget: 10000, plan: null });

    // The recording: fetched from the link, which carries its own token.
    expect(analyzed.recordingUrl).toMatch(/\/sandbox\/bland\/recordings\/.+\.wav\?token=/);
    const recording = await retell().fetchRecording(analyzed.recordingUrl!);
    expect(recording.contentType).toBe("audio/wav");
    const chunks: Uint8Array[] = [];
    for await (const chunk of recording.body) chunks.push(chunk);
    expect(Buffer.concat(chunks).subarray(0, 4).toString("latin1")).toBe("RIFF");
  });

  it("reuses the agent for the next lead, and updates it when the assistant's settings change", async () => {
    const before = await stored();
    const { providerCallId } = await retell().placeCall(
      input("+14155550143", {
        context: { respondentName: "Grace", answers: [] },
        firstSentence: "Hi Grace!",
      }),
    );
    const same = await stored();
    expect(same).toMatchObject({
      agentId: before!.agentId,
      llmId: before!.llmId,
      settingsHash: before!.settingsHash,
    });
    expect(same!.updatedAt.getTime()).toBe(before!.updatedAt.getTime());
    const [call] = await db
      .select()
      .from(simulatorCalls)
      .where(eq(simulatorCalls.callId, providerCallId));
    expect(call).toMatchObject({ firstSentence: "Hi Grace!", requestData: { name: "Grace" } });

    await retell().placeCall(
      input("+14155550144", {
        voice: { voiceId: "sim-voice-ben", language: "de", transferNumber: null },
        voicemail: { action: "hang_up", message: null },
      }),
    );
    const changed = await stored();
    expect(changed).toMatchObject({ agentId: before!.agentId, llmId: before!.llmId });
    expect(changed!.settingsHash).not.toBe(before!.settingsHash);
    const agent = await simulatorGet(`/get-agent/${before!.agentId}`);
    expect(agent.body).toMatchObject({
      voice_id: "sim-voice-ben",
      language: "de-DE",
      voicemail_option: { action: { type: "hangup" } },
    });
    const llm = await simulatorGet(`/get-retell-llm/${before!.llmId}`);
    expect(JSON.stringify(llm.body.general_tools)).not.toContain("transfer_call");
  });

  it("creates one agent when an assistant's first calls are placed at once (the store's lock)", async () => {
    const fresh = await newAssistant();
    const assistant = { id: fresh, name: "Fresh", updatedAt: new Date() };
    const placed = await Promise.all(
      ["+14155550145", "+14155550146", "+14155550147"].map((n) =>
        retell().placeCall(input(n, { assistant })),
      ),
    );
    const row = await stored(fresh);
    const requests = await Promise.all(
      placed.map(async ({ providerCallId }) => {
        const [call] = await db
          .select({ request: simulatorCalls.request })
          .from(simulatorCalls)
          .where(eq(simulatorCalls.callId, providerCallId));
        return call!.request as { override_agent_id: string };
      }),
    );
    expect(new Set(requests.map((r) => r.override_agent_id))).toEqual(new Set([row!.agentId]));
  });

  it("reads the outcome with Get Call when the webhooks were lost", async () => {
    // call_started is received; call_ended and call_analyzed are refused (and retried).
    // (A refused call_started would hold the simulated call at "answer": the simulator's
    // playback sends a call's webhooks in order before it goes on.)
    const lost = "/hook/lost";
    const placing = input("+14155550148", { webhookUrl: receiver.url(lost, [200, 500]) });
    const { providerCallId } = await retell().placeCall(placing);
    const outcome = await waitFor(async () => {
      const current = await retell().getCall(providerCallId);
      return current?.final ? current : undefined;
    });
    await waitFor(() => receiver.at(lost).length >= 2 || undefined);
    expect(receiver.at(lost).map((d) => (JSON.parse(d.body) as { event: string }).event)).toContain(
      "call_ended",
    );
    expect(outcome).toMatchObject({
      providerCallId,
      attemptId: placing.metadata.attemptId,
      status: "answered",
      final: true,
      answeredBy: "human",
    });
    expect(outcome.transcript.length).toBeGreaterThan(0);
    expect(outcome.summary).toBeTruthy();
    expect(outcome.recordingUrl).toBeTruthy();
    expect(outcome.analysis).toEqual({ qualified: null, budget: 10000, plan: null });
    await expect(retell().getCall(randomUUID())).resolves.toBeNull();
    await expect(retell().getCall("not-a-call")).resolves.toBeNull();
  });

  it("finds an attempt's calls among the number's calls", async () => {
    const again = input("+14155550142");
    const { providerCallId } = await retell().placeCall(again);
    const found = await retell().findCallsByAttempt({
      attemptId: first.attemptId,
      phoneNumber: "+14155550142",
    });
    expect(found.map((o) => o.providerCallId)).toEqual([first.providerCallId]);
    // Ended: read again in full (list items carry no transcript).
    expect(found[0]).toMatchObject({ status: "answered", final: true });
    expect(found[0]!.transcript.length).toBeGreaterThan(0);
    const mine = await retell().findCallsByAttempt({
      attemptId: again.metadata.attemptId,
      phoneNumber: "+14155550142",
    });
    expect(mine.map((o) => o.providerCallId)).toEqual([providerCallId]);
    await expect(
      retell().findCallsByAttempt({ attemptId: first.attemptId, phoneNumber: "+14155550143" }),
    ).resolves.toEqual([]);
  });

  it.each([
    ["+14155550001", "busy", "busy", null, ["call_ended"]],
    ["+14155550002", "no-answer", "no-answer", null, ["call_ended"]],
    ["+14155550003", "failed", expect.any(String), null, ["call_ended"]],
    ["+14155550008", "failed", "invalid-number", null, ["call_ended"]],
    [
      "+14155550004",
      "voicemail",
      null,
      "voicemail",
      ["call_started", "call_ended", "call_analyzed"],
    ],
  ] as const)(
    "maps the magic number %s to %s",
    async (phone, status, endedReason, answeredBy, expected) => {
      const { providerCallId } = await retell().placeCall(input(phone));
      await waitFor(() => events(providerCallId).length === expected.length || undefined);
      // Nothing more arrives once the last one did.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(events(providerCallId)).toEqual(expected);
      const outcomes = webhooksOf(providerCallId).map((w) => w.outcome as CallOutcome);
      expect(outcomes.at(-1)).toMatchObject({ status, endedReason, final: true, answeredBy });
      for (const w of webhooksOf(providerCallId)) expect(w.verified).toBe(true);
    },
  );

  it("refuses what Retell refuses with a 4xx worded for a person", async () => {
    // A from_number the account does not own.
    const error = await retell({ callerNumber: "+14155559999" })
      .placeCall(input("+14155550149"))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VoiceProviderError);
    expect((error as VoiceProviderError).status).toBe(400);
    expect((error as VoiceProviderError).message).toMatch(/^Retell: Invalid from_number/);
    expect((error as VoiceProviderError).mayHaveDialled).toBe(false);
    // The API itself, as strictly as Retell: numbers in E.164, an agent of the account.
    const post = (body: unknown) =>
      fetch(`${simulator.apiUrl}/v2/create-phone-call`, {
        method: "POST",
        headers: { authorization: `Bearer ${account.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const agentId = (await stored())!.agentId;
    for (const [body, status] of [
      [
        { from_number: SIMULATOR_FROM_NUMBER, to_number: "4155550142", override_agent_id: agentId },
        400,
      ],
      [{ to_number: "+14155550142", override_agent_id: agentId }, 400],
      [{ from_number: SIMULATOR_FROM_NUMBER, to_number: "+14155550142" }, 400],
      [
        {
          from_number: SIMULATOR_FROM_NUMBER,
          to_number: "+14155550142",
          override_agent_id: "agent_x",
        },
        404,
      ],
      [
        {
          from_number: SIMULATOR_FROM_NUMBER,
          to_number: "+14155550142",
          override_agent_id: agentId,
          retell_llm_dynamic_variables: { attempt: 2 },
        },
        400,
      ],
    ] as const) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(await response.json()).toMatchObject({ status: "error", message: expect.any(String) });
    }
    // An unknown language never reaches Retell.
    await expect(
      retell().placeCall(
        input("+14155550149", { voice: { voiceId: null, language: "tlh", transferNumber: null } }),
      ),
    ).rejects.toMatchObject({ status: 400, code: "unsupported_language" });
  });

  it("keeps the agents across a restart and shares them between web processes", async () => {
    const before = await stored();
    const objectsBefore = await accountObjects(account.apiKey);
    simulator.restart();
    // The restarted simulator, and Ringback's own app (another instance of the routes, as another
    // web process would be), both know the agent and its LLM.
    const agent = await simulatorGet(`/get-agent/${before!.agentId}`);
    expect(agent.status).toBe(200);
    expect(agent.body).toMatchObject({
      agent_id: before!.agentId,
      response_engine: { llm_id: before!.llmId },
    });
    const elsewhere = await fetch(
      `${ringback.url}/sandbox/retell/get-retell-llm/${before!.llmId}`,
      {
        headers: { authorization: `Bearer ${account.apiKey}` },
      },
    );
    expect(elsewhere.status).toBe(200);
    expect(await elsewhere.json()).toMatchObject({ llm_id: before!.llmId });

    // The call goes through with the same agent: nothing is made again.
    const { providerCallId } = await retell().placeCall(input("+14155550150"));
    const after = await stored();
    expect(after).toMatchObject({ agentId: before!.agentId, llmId: before!.llmId });
    const [call] = await db
      .select({ request: simulatorCalls.request })
      .from(simulatorCalls)
      .where(eq(simulatorCalls.callId, providerCallId));
    expect(call!.request).toMatchObject({ override_agent_id: before!.agentId });
    expect(await accountObjects(account.apiKey)).toEqual(objectsBefore);

    // An update through one instance is what the other reads.
    const renamed = await fetch(`${ringback.url}/sandbox/retell/update-agent/${before!.agentId}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${account.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ agent_name: "Renamed elsewhere" }),
    });
    expect(renamed.status).toBe(200);
    expect((await simulatorGet(`/get-agent/${before!.agentId}`)).body).toMatchObject({
      agent_name: "Renamed elsewhere",
      voice_id: agent.body.voice_id,
      response_engine: { llm_id: before!.llmId },
    });
  });

  it("never lets one account read, change or call with another account's LLM or agent", async () => {
    const own = (await stored())!;
    const agentBefore = await simulatorGet(`/get-agent/${own.agentId}`);
    const llmBefore = await simulatorGet(`/get-retell-llm/${own.llmId}`);
    const other = simulatorAccount(ringback.config.secretKey, "retell", `other-${randomUUID()}`);
    const asOther = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${simulator.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${other.apiKey}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect(await asOther("GET", `/get-agent/${own.agentId}`)).toEqual({
      status: 404,
      body: { status: "error", message: "Agent not found." },
    });
    expect((await asOther("GET", `/get-retell-llm/${own.llmId}`)).status).toBe(404);
    expect(
      (await asOther("PATCH", `/update-agent/${own.agentId}`, { agent_name: "Hijacked" })).status,
    ).toBe(404);
    expect(
      (await asOther("PATCH", `/update-retell-llm/${own.llmId}`, { general_prompt: "Hijacked" }))
        .status,
    ).toBe(404);
    // Its own agent on the other account's LLM: refused.
    const borrowed = await asOther("POST", "/create-agent", {
      response_engine: { type: "retell-llm", llm_id: own.llmId },
      voice_id: "sim-voice-ava",
    });
    expect(borrowed.status).toBe(400);
    expect(borrowed.body.message).toMatch(/response_engine\.llm_id/);
    // A call with the other account's agent: refused, and no call is placed.
    expect(
      await asOther("POST", "/v2/create-phone-call", {
        from_number: SIMULATOR_FROM_NUMBER,
        to_number: "+14155550151",
        override_agent_id: own.agentId,
      }),
    ).toEqual({ status: 404, body: { status: "error", message: "Agent not found." } });
    const placed = await db
      .select({ callId: simulatorCalls.callId })
      .from(simulatorCalls)
      .where(eq(simulatorCalls.apiKeyHash, apiKeyHash(other.apiKey)));
    expect(placed).toEqual([]);

    // Ringback's adapter for the other account, told (wrongly) that the agent is its own: the
    // call is refused, so it makes the account's own agent and dials with it.
    const rows = new Map<string, StoredVoiceAgent>([[assistantId, { ...own }]]);
    const otherStore: VoiceAgentStore = {
      get: async (id) => rows.get(id) ?? null,
      save: async (id, agent) => void rows.set(id, agent),
      withLock: (_id, fn) => fn(),
    };
    const { providerCallId } = await retell({ apiKey: other.apiKey, agents: otherStore }).placeCall(
      input("+14155550151"),
    );
    const theirs = rows.get(assistantId)!;
    expect(theirs.agentId).not.toBe(own.agentId);
    expect(theirs.llmId).not.toBe(own.llmId);
    const [call] = await db
      .select({ request: simulatorCalls.request, apiKeyHash: simulatorCalls.apiKeyHash })
      .from(simulatorCalls)
      .where(eq(simulatorCalls.callId, providerCallId));
    expect(call).toMatchObject({
      apiKeyHash: apiKeyHash(other.apiKey),
      request: { override_agent_id: theirs.agentId },
    });
    // And the first account's objects are untouched.
    expect(await simulatorGet(`/get-agent/${own.agentId}`)).toEqual(agentBefore);
    expect(await simulatorGet(`/get-retell-llm/${own.llmId}`)).toEqual(llmBefore);
    expect(await accountObjects(other.apiKey)).toHaveLength(2);
  });
});
