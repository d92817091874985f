import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { type SimulatorWebhook, simulatorCalls } from "../src/db/schema/index.ts";
import { createBlandProvider } from "../src/providers/voice/bland/bland-provider.ts";
import { SIMULATOR_FROM_NUMBER } from "../src/providers/voice/simulator/call.ts";
import { simulatorAccount } from "../src/providers/voice/simulator/credentials.ts";
import {
  callSimulatorRoutes,
  simulatorApiUrl,
  simulatorCredentials,
} from "../src/providers/voice/simulator/index.ts";
import { playSimulatedCall } from "../src/providers/voice/simulator/play.ts";
import { SIMULATOR_VOICES } from "../src/providers/voice/simulator/voices.ts";
import type { PlaceCallInput } from "../src/providers/voice/voice-provider.ts";
import { JobInterrupted, startQueue } from "../src/queue/queue.ts";
import { startTestRingback, testLogger } from "./harness.ts";
import { startReceiver, waitFor } from "./webhook-receiver.ts";

/** The post-call webhook, as much of it as these tests read. */
interface CallPayload {
  call_id: string;
  status: string;
  completed: boolean;
  answered_by: string | null;
  call_length: number;
  transcripts: { id: number; user: string; text: string; created_at: string }[];
  concatenated_transcript: string;
  summary: string | null;
  recording_url: string;
  error_message: string | null;
  metadata: Record<string, unknown>;
}

/** The simulator on its own Hono server (the app mounts it at /sandbox/bland when configured). */
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
  const credentials = simulatorCredentials(ringback.config.secretKey);
  app = new Hono().route(
    "/sandbox/bland",
    callSimulatorRoutes({
      db: ringback.database.db,
      queue,
      logger: testLogger,
      publicUrl,
      secretKey: ringback.config.secretKey,
      pace: { ringMs: 50, turnMs: 20 },
    }),
  );
  return { apiUrl: simulatorApiUrl(publicUrl), publicUrl, ...credentials };
}

describe("call simulator (Bland API)", async () => {
  const ringback = await startTestRingback();
  const simulator = await startSimulator(ringback);
  const receiver = await startReceiver();
  const auth = { authorization: simulator.apiKey };
  const script =
    "Hi Ada, this is Alex from Acme Kitchens. I'm calling about the quote you asked for. Do you have a minute? Ask them about their budget. When would you like the work to start?";

  const sendCall = async (body: Record<string, unknown>, headers: Record<string, string> = auth) =>
    fetch(`${simulator.apiUrl}/v1/calls`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  /** Places a call with a webhook at /hook/<label>; returns the verified webhook's JSON. */
  const callAndWait = async (
    label: string,
    phoneNumber: string,
    metadata: Record<string, unknown> = {},
    statuses: number[] = [200],
  ) => {
    const path = `/hook/${label}`;
    const response = await sendCall({
      phone_number: phoneNumber,
      task: script,
      record: true,
      webhook: receiver.url(path, statuses),
      metadata: { attempt_id: randomUUID(), attempt: 1, ...metadata },
    });
    expect(response.status).toBe(200);
    const queued = (await response.json()) as Record<string, unknown>;
    expect(queued).toMatchObject({
      status: "success",
      message: "Call successfully queued.",
      batch_id: null,
    });
    const delivery = await waitFor(() => receiver.at(path).at(-1));
    const expected = createHmac("sha256", simulator.webhookSecret)
      .update(delivery.body)
      .digest("hex");
    const given = String(delivery.headers["x-webhook-signature"] ?? "");
    expect(given).toMatch(/^[0-9a-f]{64}$/);
    expect(timingSafeEqual(Buffer.from(given), Buffer.from(expected))).toBe(true);
    const payload = JSON.parse(delivery.body) as CallPayload;
    expect(payload.call_id).toBe(queued.call_id);
    return { payload, callId: String(queued.call_id), deliveries: receiver.at(path) };
  };

  it("requires the API key", async () => {
    const missing = await sendCall({ phone_number: "+14155550123", task: "Hi" }, {});
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ status: "error" });
    const wrong = await sendCall(
      { phone_number: "+14155550123", task: "Hi" },
      { authorization: "sim_wrong" },
    );
    expect(wrong.status).toBe(401);
    const list = await fetch(`${simulator.apiUrl}/v1/calls`);
    expect(list.status).toBe(401);
    const one = await fetch(`${simulator.apiUrl}/v1/calls/${randomUUID()}`);
    expect(one.status).toBe(401);
  });

  it("refuses a number that is not E.164", async () => {
    const response = await sendCall({ phone_number: "415 555 0123", task: "Hi" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: "error" });
  });

  it("answers other numbers and plays a conversation out, with transcript, summary and recording", async () => {
    const metadata = { submission_id: "sub-1", attempt: 1 };
    const { payload, callId } = await callAndWait("answered", "+14155550123", metadata);
    expect(payload).toMatchObject({
      status: "completed",
      completed: true,
      queue_status: "complete",
      answered_by: "human",
      to: "+14155550123",
      metadata: { submission_id: "sub-1", attempt: 1 },
      error_message: null,
    });
    const speakers = new Set(payload.transcripts.map((t) => t.user));
    expect(speakers).toEqual(new Set(["assistant", "user", "agent-action"]));
    expect(payload.transcripts[0]).toMatchObject({ user: "assistant" });
    expect(payload.transcripts[0]!.text).toMatch(/^Hi Ada, this is Alex from Acme Kitchens/);
    expect(payload.concatenated_transcript).toContain("assistant: Hi Ada");
    expect(payload.summary).toContain("Ada");
    const turns = payload.transcripts.filter((t) => t.user === "assistant").length;
    expect(turns).toBeGreaterThanOrEqual(4);
    expect(turns).toBeLessThanOrEqual(6);
    expect(payload.call_length).toBeCloseTo((turns * 20) / 60000, 10);
    expect(payload.recording_url).toMatch(
      new RegExp(`^${simulator.apiUrl}/recordings/${callId}\\.wav\\?token=[0-9a-f]{40}$`),
    );
    // A call id alone plays nothing: the token (or the API key) is needed.
    const bare = await fetch(`${simulator.apiUrl}/recordings/${callId}.wav`);
    expect(bare.status).toBe(401);
    const forged = await fetch(
      `${simulator.apiUrl}/recordings/${callId}.wav?token=${"0".repeat(40)}`,
    );
    expect(forged.status).toBe(401);

    // The recording plays in a browser: a WAV file, with byte ranges.
    const recording = await fetch(payload.recording_url);
    expect(recording.status).toBe(200);
    expect(recording.headers.get("content-type")).toBe("audio/wav");
    expect(recording.headers.get("accept-ranges")).toBe("bytes");
    const audio = Buffer.from(await recording.arrayBuffer());
    expect(audio.toString("ascii", 0, 4)).toBe("RIFF");
    expect(audio.toString("ascii", 8, 12)).toBe("WAVE");
    expect(audio.length).toBe(44 + turns * 20 * 8 * 2);
    const part = await fetch(payload.recording_url, { headers: { range: "bytes=0-99" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-99/${audio.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(audio.subarray(0, 100));
    const beyond = await fetch(payload.recording_url, {
      headers: { range: `bytes=${audio.length}-` },
    });
    expect(beyond.status).toBe(416);

    // Call Details: the same call.
    const details = await fetch(`${simulator.apiUrl}/v1/calls/${callId}`, { headers: auth });
    expect(details.status).toBe(200);
    const detailsJson = (await details.json()) as Record<string, unknown>;
    expect(detailsJson).toMatchObject({
      call_id: callId,
      status: "completed",
      completed: true,
      answered_by: "human",
      summary: payload.summary,
      recording_url: payload.recording_url,
      transcripts: payload.transcripts,
    });
    const unknown = await fetch(`${simulator.apiUrl}/v1/calls/${randomUUID()}`, { headers: auth });
    expect(unknown.status).toBe(404);
  });

  it("keeps request_data with the call, refers back to the lead's answers and analyses from them", async () => {
    const requestData = {
      name: "Ada",
      "What can we help with?": "Kitchen renovation",
      "What's your budget?": "$10k–$20k",
    };
    const path = "/hook/request-data";
    const response = await sendCall({
      phone_number: "+14155550123",
      task: script,
      request_data: requestData,
      analysis_schema: { budget: "number", qualified: "boolean", plan: "one of: Basic | Pro" },
      webhook: receiver.url(path),
      metadata: { attempt_id: randomUUID(), attempt: 1 },
    });
    expect(response.status).toBe(200);
    const { call_id: callId } = (await response.json()) as { call_id: string };
    const payload = JSON.parse((await waitFor(() => receiver.at(path)[0])).body) as CallPayload & {
      request_data: unknown;
      analysis: unknown;
    };
    expect(payload.request_data).toEqual(requestData);
    const said = payload.transcripts.filter((t) => t.user === "assistant").map((t) => t.text);
    // The script asks about the budget: the form answered it, so it is confirmed, not asked.
    expect(said).toContain(
      "You mentioned “$10k–$20k” for “What's your budget?” on the form. Is that still right?",
    );
    expect(said).not.toContain("What budget do you have in mind?");
    // The script's instruction ("Ask them about their budget.") is never said aloud.
    expect(said.join("\n")).not.toContain("Ask them");
    expect(payload.summary).toContain("$10k–$20k");
    // The outcomes agree with what the lead wrote and said: the budget they wrote; qualified,
    // as they also wrote their need and said when to start; no word of a plan.
    expect(payload.analysis).toEqual({ budget: 10000, qualified: true, plan: null });
    const details = await fetch(`${simulator.apiUrl}/v1/calls/${callId}`, { headers: auth });
    expect(((await details.json()) as { request_data: unknown }).request_data).toEqual(requestData);
  });

  it("is busy, unanswered, failed or voicemail by the last four digits", async () => {
    const [busy, noAnswer, failed, voicemail] = await Promise.all([
      callAndWait("busy", "+14155550001"),
      callAndWait("no-answer", "+14155550002"),
      callAndWait("failed", "+14155550003"),
      callAndWait("voicemail", "+14155550004"),
    ]);
    for (const unanswered of [busy, noAnswer, failed]) {
      expect(unanswered.payload).toMatchObject({
        completed: true,
        answered_by: null,
        call_length: 0,
        transcripts: [],
        recording_url: null,
      });
    }
    expect(busy.payload.status).toBe("busy");
    expect(noAnswer.payload.status).toBe("no-answer");
    expect(failed.payload.status).toBe("failed");
    expect(failed.payload.error_message).toBeTruthy();
    expect(voicemail.payload).toMatchObject({ status: "completed", answered_by: "voicemail" });
    expect(voicemail.payload.transcripts.map((t) => t.user)).toEqual(["agent-action"]);
    const missing = await fetch(`${simulator.apiUrl}/recordings/${busy.callId}.wav`, {
      headers: { authorization: simulator.apiKey },
    });
    expect(missing.status).toBe(404);
  });

  it("leaves a voicemail message when asked to", async () => {
    const path = "/hook/voicemail-message";
    const response = await sendCall({
      phone_number: "+14155550004",
      task: script,
      record: true,
      voicemail_action: "leave_message",
      voicemail_message: "Hi Ada, it's Alex from Acme Kitchens. We'll call again soon.",
      webhook: receiver.url(path),
    });
    expect(response.status).toBe(200);
    const payload = JSON.parse((await waitFor(() => receiver.at(path)[0])).body) as CallPayload;
    expect(payload.transcripts.map((t) => t.user)).toEqual(["assistant", "agent-action"]);
    expect(payload.transcripts[0]!.text).toContain("We'll call again soon");
    expect(payload.recording_url).toMatch(/\.wav\?token=[0-9a-f]{40}$/);
  });

  it("does not answer 0005 on the first attempt, and answers it on the second", async () => {
    const first = await callAndWait("retry-1", "+14155550005", { attempt: 1 });
    const second = await callAndWait("retry-2", "+14155550005", { attempt: 2 });
    expect(first.payload).toMatchObject({ status: "no-answer", answered_by: null });
    expect(second.payload).toMatchObject({ status: "completed", answered_by: "human" });
  });

  it("counts dials per attempt id", async () => {
    const attemptId = randomUUID();
    const dials = async () => {
      const response = await fetch(`${simulator.apiUrl}/v1/calls?attempt_id=${attemptId}`, {
        headers: auth,
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { count: number; calls: { call_id: string }[] };
    };
    expect((await dials()).count).toBe(0);
    const placed = await callAndWait("dials", "+14155550123", { attempt_id: attemptId });
    const once = await dials();
    expect(once.count).toBe(1);
    expect(once.calls.map((c) => c.call_id)).toEqual([placed.callId]);
    const again = await sendCall({
      phone_number: "+14155550123",
      task: script,
      metadata: { attempt_id: attemptId, attempt: 1 },
    });
    expect(again.status).toBe(200);
    const twice = await dials();
    expect(twice.count).toBe(2);
    // Most recent first.
    expect(twice.calls[1]!.call_id).toBe(placed.callId);

    const all = await fetch(`${simulator.apiUrl}/v1/calls?from=0&to=200`, { headers: auth });
    const listed = (await all.json()) as { count: number; calls: { call_id: string }[] };
    expect(listed.count).toBeGreaterThanOrEqual(10);
    expect(listed.calls.some((c) => c.call_id === placed.callId)).toBe(true);
  });

  it("retries a failed webhook with the same signed body", async () => {
    const { deliveries } = await callAndWait("flaky", "+14155550123", {}, [500, 200]);
    await waitFor(() => receiver.at("/hook/flaky").length >= 2, 30_000);
    const [failedDelivery, retried] = receiver.at("/hook/flaky");
    expect(deliveries.length).toBeGreaterThanOrEqual(1);
    expect(retried!.body).toBe(failedDelivery!.body);
    expect(retried!.headers["x-webhook-signature"]).toBe(
      failedDelivery!.headers["x-webhook-signature"],
    );
  });

  it("has a page that explains the outcomes", async () => {
    const response = await fetch(simulator.apiUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const slash = await fetch(`${simulator.apiUrl}/`, { redirect: "manual" });
    expect(slash.status).toBe(301);
    expect(slash.headers.get("location")).toBe("/sandbox/bland");
    const html = await response.text();
    expect(html).toContain("Call simulator");
    expect(html).toContain("0005");
  });
  it("keeps each account's calls to itself", async () => {
    const { callId } = await callAndWait("account-a", "+14155550123", { attempt: 1 });
    const other = simulatorAccount(ringback.config.secretKey, "bland", "organization-b");
    const otherAuth = { authorization: other.apiKey };
    // Another account's key: the call does not exist for it.
    const details = await fetch(`${simulator.apiUrl}/v1/calls/${callId}`, { headers: otherAuth });
    expect(details.status).toBe(404);
    expect(await details.json()).toMatchObject({ status: "error" });
    const listed = await fetch(`${simulator.apiUrl}/v1/calls?from=0&to=1000`, {
      headers: otherAuth,
    });
    expect(listed.status).toBe(200);
    const list = (await listed.json()) as { count: number; calls: { call_id: string }[] };
    expect(list.calls.some((c) => c.call_id === callId)).toBe(false);
    expect(list.count).toBe(0);
    // Its own call is listed for it, with its own webhook secret.
    const path = "/hook/account-b";
    const placed = await sendCall(
      { phone_number: "+14155550123", task: script, webhook: receiver.url(path) },
      otherAuth,
    );
    expect(placed.status).toBe(200);
    const delivery = await waitFor(() => receiver.at(path)[0]);
    const signature = String(delivery.headers["x-webhook-signature"]);
    expect(signature).toBe(
      createHmac("sha256", other.webhookSecret).update(delivery.body).digest("hex"),
    );
    expect(signature).not.toBe(
      createHmac("sha256", simulator.webhookSecret).update(delivery.body).digest("hex"),
    );
    const mine = await fetch(`${simulator.apiUrl}/v1/calls`, { headers: otherAuth });
    expect(((await mine.json()) as { count: number }).count).toBe(1);
    // A key of another dialect is not a Bland key.
    const vapi = simulatorAccount(ringback.config.secretKey, "vapi", "organization-b");
    const refused = await fetch(`${simulator.apiUrl}/v1/calls`, {
      headers: { authorization: vapi.apiKey },
    });
    expect(refused.status).toBe(401);
  });

  it("lists its voices, its one number and the account, like Bland", async () => {
    for (const path of ["/v1/voices", "/v1/inbound", "/v1/me"]) {
      expect((await fetch(`${simulator.apiUrl}${path}`)).status).toBe(401);
    }
    const voices = await fetch(`${simulator.apiUrl}/v1/voices`, { headers: auth });
    expect(voices.status).toBe(200);
    const voiceList = (await voices.json()) as { id: string; name: string; tags: string[] }[];
    expect(voiceList.map((v) => v.id)).toEqual(SIMULATOR_VOICES.map((v) => v.id));
    expect(voiceList[0]).toMatchObject({ public: true, description: expect.any(String) });
    expect(voiceList[0]!.tags).toContain("english");
    const one = await fetch(`${simulator.apiUrl}/v1/voices/${SIMULATOR_VOICES[1]!.name}`, {
      headers: auth,
    });
    expect(await one.json()).toMatchObject({ voice: { id: SIMULATOR_VOICES[1]!.id } });
    const missing = await fetch(`${simulator.apiUrl}/v1/voices/maya`, { headers: auth });
    expect(missing.status).toBe(404);

    const numbers = await fetch(`${simulator.apiUrl}/v1/inbound`, { headers: auth });
    expect(numbers.status).toBe(200);
    expect(await numbers.json()).toMatchObject({
      inbound_numbers: [{ phone_number: SIMULATOR_FROM_NUMBER }],
    });

    const me = await fetch(`${simulator.apiUrl}/v1/me`, { headers: auth });
    const account = (await me.json()) as { status: string; total_calls: number };
    expect(account.status).toBe("active");
    expect(account.total_calls).toBeGreaterThan(0);
  });

  it("refuses a from number the account does not own, an unknown voice and a bad transfer number", async () => {
    const refusals = [
      { from: "+14155550111" },
      { voice: "maya" },
      { transfer_phone_number: "415 555 0199" },
    ];
    for (const extra of refusals) {
      const response = await sendCall({ phone_number: "+14155550123", task: script, ...extra });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { status: string; message: string };
      expect(body.status).toBe("error");
      expect(body.message).toMatch(/^Invalid (from|voice|transfer_phone_number)/);
    }
    // Its own number and a voice by name are fine.
    const path = "/hook/from-owned";
    const response = await sendCall({
      phone_number: "+14155550123",
      task: script,
      from: SIMULATOR_FROM_NUMBER,
      voice: SIMULATOR_VOICES[0]!.name.toLowerCase(),
      language: "babel-es",
      webhook: receiver.url(path),
    });
    expect(response.status).toBe(200);
    const payload = JSON.parse((await waitFor(() => receiver.at(path)[0])).body) as CallPayload & {
      from: string;
      transferred_to: string | null;
    };
    expect(payload.from).toBe(SIMULATOR_FROM_NUMBER);
    expect(payload.transferred_to).toBeNull();
    // English whatever the language asked for.
    expect(payload.transcripts[0]!.text).toMatch(/^Hi Ada, this is Alex/);
  });

  it("transfers a person who asks for one (0007) when the call has a transfer number", async () => {
    const withNumber = "/hook/transfer";
    const without = "/hook/no-transfer";
    await sendCall({
      phone_number: "+14155550007",
      task: script,
      transfer_phone_number: "+14155550199",
      webhook: receiver.url(withNumber),
    });
    await sendCall({ phone_number: "+14155550007", task: script, webhook: receiver.url(without) });
    type Transferred = CallPayload & { transferred_to: string | null };
    const transferred = JSON.parse(
      (await waitFor(() => receiver.at(withNumber)[0])).body,
    ) as Transferred;
    expect(transferred).toMatchObject({ status: "completed", answered_by: "human" });
    expect(transferred.transcripts.at(-1)).toMatchObject({
      user: "agent-action",
      text: "Transferred the call to +14155550199",
    });
    expect(transferred.transferred_to).toBe("+14155550199");
    const refused = JSON.parse((await waitFor(() => receiver.at(without)[0])).body) as Transferred;
    expect(refused.transferred_to).toBeNull();
    expect(refused.transcripts.map((t) => t.text).join("\n")).toContain("I can't transfer you");
  });

  it("leaves the message of Bland's voicemail object", async () => {
    const path = "/hook/voicemail-object";
    const response = await sendCall({
      phone_number: "+14155550004",
      task: script,
      voicemail: { action: "leave_message", message: "Hi Ada, Acme Kitchens here. Talk soon." },
      webhook: receiver.url(path),
    });
    expect(response.status).toBe(200);
    const payload = JSON.parse((await waitFor(() => receiver.at(path)[0])).body) as CallPayload;
    expect(payload.transcripts.map((t) => [t.user, t.text])).toEqual([
      ["assistant", "Hi Ada, Acme Kitchens here. Talk soon."],
      ["agent-action", "Voicemail detected: left a message and ended the call"],
    ]);
  });

  it("serves Ringback's Bland adapter: verify, numbers, voices, and a call with voice options", async () => {
    const adapter = createBlandProvider({
      apiKey: simulator.apiKey,
      apiUrl: simulator.apiUrl,
      webhookSecret: simulator.webhookSecret,
      callerNumber: SIMULATOR_FROM_NUMBER,
      simulator: true,
    });
    await expect(adapter.verify()).resolves.toEqual({
      summary: "Connected to Bland: 1 phone number.",
    });
    await expect(adapter.listCallerNumbers()).resolves.toEqual([
      { id: SIMULATOR_FROM_NUMBER, number: SIMULATOR_FROM_NUMBER, label: null },
    ]);
    const voices = await adapter.listVoices();
    expect(voices.map((v) => v.id)).toEqual(SIMULATOR_VOICES.map((v) => v.id));
    expect(voices[0]).toMatchObject({ language: "en", gender: SIMULATOR_VOICES[0]!.gender });

    const refusedKey = createBlandProvider({
      apiKey: "sim_bland_bm9ib2R5.0000000000000000000000000000000000000000",
      apiUrl: simulator.apiUrl,
      webhookSecret: null,
      callerNumber: null,
      simulator: true,
    });
    await expect(refusedKey.verify()).rejects.toMatchObject({
      isAuthFailure: true,
      message: "Bland refused the API key. Check the Voice settings.",
    });

    const path = "/hook/adapter";
    const input: PlaceCallInput = {
      phoneNumber: "+14155550007",
      task: script,
      context: { respondentName: "Ada", answers: [] },
      firstSentence: null,
      outcomeQuestions: [],
      maxDurationMinutes: 5,
      voicemail: { action: "hang_up", message: null },
      voice: {
        voiceId: voices[0]!.id,
        language: "en-US",
        transferNumber: "+14155550199",
      },
      assistant: { id: randomUUID(), name: "Kitchen leads", updatedAt: new Date() },
      webhookUrl: receiver.url(path),
      metadata: {
        submissionId: randomUUID(),
        attemptId: randomUUID(),
        attempt: 1,
        organizationId: randomUUID(),
        test: true,
      },
    };
    const { providerCallId } = await adapter.placeCall(input);
    const delivery = await waitFor(() => receiver.at(path)[0]);
    const headers = new Headers({
      "x-webhook-signature": String(delivery.headers["x-webhook-signature"]),
    });
    expect(adapter.verifyWebhook(delivery.body, headers)).toBe(true);
    expect(refusedKey.verifyWebhook(delivery.body, headers)).toBe(false);
    const outcome = adapter.parseWebhook(delivery.body)!;
    expect(outcome).toMatchObject({
      providerCallId,
      attemptId: input.metadata.attemptId,
      status: "answered",
      final: true,
    });
    expect(outcome.transcript.at(-1)).toEqual({
      speaker: "agent-action",
      text: "Transferred the call to +14155550199",
      at: expect.any(String),
    });
    const details = (await (
      await fetch(`${simulator.apiUrl}/v1/calls/${providerCallId}`, { headers: auth })
    ).json()) as { from: string; metadata: Record<string, unknown> };
    expect(details.from).toBe(SIMULATOR_FROM_NUMBER);
    expect(details.metadata).toMatchObject({ test: true, attempt_id: input.metadata.attemptId });
    await expect(adapter.getCall(providerCallId)).resolves.toMatchObject({
      status: "answered",
      final: true,
    });
  });

  /** A simulated Vapi call a person answers and completes, with these webhooks to send. */
  async function answeredVapiCall(answerAt: Date, endAt: Date, webhooks: SimulatorWebhook[]) {
    const callId = randomUUID();
    await ringback.database.db.insert(simulatorCalls).values({
      callId,
      dialect: "vapi",
      apiKeyHash: "test",
      phoneNumber: "+14155550142",
      fromNumber: SIMULATOR_FROM_NUMBER,
      outcome: "completed",
      answeredBy: "human",
      answerAt,
      endAt,
      webhooks,
    });
    return callId;
  }

  it("sends a call's early webhook once: a receiver that fails it never holds up the call's end", async () => {
    const past = new Date(Date.now() - 1000);
    const callId = await answeredVapiCall(past, past, [
      { at: "answer", url: "http://receiver.test/early", body: "{}", headers: {} },
      { at: "end", url: "http://receiver.test/end", body: "{}", headers: {} },
    ]);
    const posted: string[] = [];
    const fakeFetch = (async (url: string | URL) => {
      posted.push(String(url));
      return new Response(null, { status: String(url).endsWith("/early") ? 500 : 204 });
    }) as typeof fetch;
    const played = await playSimulatedCall(
      ringback.database.db,
      testLogger,
      { callId },
      { fetch: fakeFetch },
    );
    expect(played).toBe("delivered");
    expect(posted).toEqual(["http://receiver.test/early", "http://receiver.test/end"]);
    const [call] = await ringback.database.db
      .select()
      .from(simulatorCalls)
      .where(eq(simulatorCalls.callId, callId));
    expect(call).toMatchObject({ status: "completed", webhooksSent: 2 });
    // Played again (a retried job): nothing is sent twice.
    expect(
      await playSimulatedCall(ringback.database.db, testLogger, { callId }, { fetch: fakeFetch }),
    ).toBe("ended");
    expect(posted).toHaveLength(2);
  });
  it("stops waiting on a call when its process stops, and resumes it later without playing it twice", async () => {
    const answerAt = new Date(Date.now() + 60_000);
    const callId = await answeredVapiCall(answerAt, new Date(answerAt.getTime() + 1000), [
      { at: "end", url: "http://receiver.test/end", body: "{}", headers: {} },
    ]);
    const posted: string[] = [];
    const fakeFetch = (async (url: string | URL) => {
      posted.push(String(url));
      return new Response(null, { status: 204 });
    }) as typeof fetch;
    const stopping = new AbortController();
    const playing = playSimulatedCall(
      ringback.database.db,
      testLogger,
      { callId },
      {
        fetch: fakeFetch,
        stopping: stopping.signal,
      },
    );
    stopping.abort();
    await expect(playing).rejects.toBeInstanceOf(JobInterrupted);
    const load = async () =>
      (
        await ringback.database.db
          .select()
          .from(simulatorCalls)
          .where(eq(simulatorCalls.callId, callId))
      )[0]!;
    expect(await load()).toMatchObject({ status: "queued", webhooksSent: 0 });
    expect(posted).toEqual([]);

    // The job runs again once its answer time has come: the call goes on from where it was.
    const past = new Date(Date.now() - 1000);
    await ringback.database.db
      .update(simulatorCalls)
      .set({ answerAt: new Date(past.getTime() - 1000), endAt: past })
      .where(eq(simulatorCalls.callId, callId));
    expect(
      await playSimulatedCall(ringback.database.db, testLogger, { callId }, { fetch: fakeFetch }),
    ).toBe("delivered");
    expect(await load()).toMatchObject({ status: "completed", webhooksSent: 1 });
    expect(posted).toEqual(["http://receiver.test/end"]);
  });
});
