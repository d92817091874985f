import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callRecords, simulatorCalls, voiceConnections } from "../src/db/schema/index.ts";
import { voiceWebhookUrl } from "../src/domain/voice/voice-providers.ts";
import { parseAllowedNetworks } from "../src/lib/outbound-addresses.ts";
import { createOutboundClient } from "../src/lib/outbound-http.ts";
import { createSecretBox } from "../src/lib/secret-box.ts";
import { simulatorAccount, simulatorApiUrl } from "../src/providers/voice/simulator/credentials.ts";
import { SIMULATOR_VAPI_PHONE_NUMBER_ID } from "../src/providers/voice/vapi/sandbox/call.ts";
import { createVapiProvider } from "../src/providers/voice/vapi/vapi-provider.ts";
import {
  type CallOutcome,
  type PlaceCallInput,
  VoiceProviderError,
} from "../src/providers/voice/voice-provider.ts";
import { activeAssistant } from "./call-helpers.ts";
import { startTestRingback } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";
import { type Received, startReceiver, waitFor } from "./webhook-receiver.ts";

/**
 * Ringback's Vapi adapter against the call simulator's Vapi dialect, end to end
 * offline: place a call, receive its server messages (authenticated with the secret the call's
 * assistant carried), reconcile after a lost webhook, find an attempt's calls, and the errors.
 */

describe("Vapi adapter against the call simulator's Vapi dialect", async () => {
  // The app mounts the simulator's dialects at /sandbox/* (sandboxes allowed, no vendor keys).
  const ringback = await startTestRingback({
    env: { CALL_SIMULATOR_RING_MS: "50", CALL_SIMULATOR_TURN_MS: "20", CODE_SENDS_PER_IP: "1000" },
  });
  const simulator = { apiUrl: simulatorApiUrl(ringback.url, "vapi") };
  const receiver = await startReceiver();
  const account = simulatorAccount(ringback.config.secretKey, "vapi", "org-a");
  const SERVER_SECRET = "vapi-server-secret-of-org-a";
  const loopbackOutbound = createOutboundClient({
    requireHttps: false,
    allowedNetworks: parseAllowedNetworks("127.0.0.0/8, ::1"),
  });
  const vapi = (over: Partial<Parameters<typeof createVapiProvider>[0]> = {}) =>
    createVapiProvider({
      apiKey: account.apiKey,
      apiUrl: simulator.apiUrl,
      webhookSecret: SERVER_SECRET,
      callerNumber: SIMULATOR_VAPI_PHONE_NUMBER_ID,
      simulator: true,
      // The simulator's recordings are on loopback, which the default (strict) client refuses.
      outbound: loopbackOutbound,
      ...over,
    });

  const input = (
    phoneNumber: string,
    hook: string,
    over: Partial<PlaceCallInput> = {},
  ): PlaceCallInput => ({
    phoneNumber,
    task: "You are Alex from Acme Kitchens, calling Ada about the quote she asked for. Ask about her budget.",
    context: {
      respondentName: "Ada",
      answers: [{ question: "What's your budget?", answer: "$10k–$20k" }],
    },
    firstSentence: "Hi Ada, this is Alex from Acme Kitchens.",
    outcomeQuestions: [
      { key: "qualified", label: "Qualified?", type: "boolean" },
      { key: "budget", label: "Budget", type: "number" },
      { key: "plan", label: "Plan", type: "choice", choices: ["Basic", "Pro"] },
    ],
    maxDurationMinutes: 10,
    voicemail: { action: "hang_up", message: null },
    voice: { voiceId: "Elliot", language: "en-US", transferNumber: null },
    assistant: { id: "asst_1", name: "Kitchen leads", updatedAt: new Date() },
    webhookUrl: hook,
    metadata: {
      submissionId: "sub_1",
      attemptId: randomUUID(),
      attempt: 1,
      organizationId: "org-a",
    },
    ...over,
  });

  /** Every server message received at a path, verified and parsed by the adapter. */
  const messagesAt = (path: string) =>
    receiver.at(path).map((delivery: Received) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(delivery.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      return {
        type: (JSON.parse(delivery.body) as { message: { type: string; status?: string } }).message,
        verified: vapi().verifyWebhook(delivery.body, headers),
        outcome: vapi().parseWebhook(delivery.body),
        delivery,
      };
    });

  const placeAndWait = async (
    label: string,
    phoneNumber: string,
    over: Partial<PlaceCallInput> = {},
  ) => {
    const path = `/hook/${label}`;
    const placed = await vapi().placeCall(input(phoneNumber, receiver.url(path), over));
    await waitFor(() =>
      receiver
        .at(path)
        .some(
          (d) =>
            (JSON.parse(d.body) as { message: { type: string } }).message.type ===
            "end-of-call-report",
        ),
    );
    const messages = messagesAt(path);
    const report = messages.find((m) => m.type.type === "end-of-call-report")!;
    return { providerCallId: placed.providerCallId, messages, report: report.outcome! };
  };

  it("verifies the key and lists the simulator's number", async () => {
    await expect(vapi().verify()).resolves.toEqual({
      summary: "Connected to Vapi: 1 phone number.",
    });
    await expect(vapi().listCallerNumbers()).resolves.toEqual([
      { id: SIMULATOR_VAPI_PHONE_NUMBER_ID, number: "+14155550100", label: "Call simulator" },
    ]);
  });

  it("refuses a key it did not issue, and another dialect's key, as auth failures", async () => {
    const bland = simulatorAccount(ringback.config.secretKey, "bland", "org-a");
    for (const apiKey of ["sim_vapi_wrong", bland.apiKey, `${account.apiKey}0`]) {
      const error = await vapi({ apiKey })
        .verify()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(VoiceProviderError);
      expect(error).toMatchObject({
        isAuthFailure: true,
        message: "Vapi refused the API key. Check the Voice settings.",
      });
    }
    const placing = await vapi({ apiKey: "nope" })
      .placeCall(input("+14155550123", receiver.url("/hook/refused")))
      .catch((e: unknown) => e);
    expect(placing).toMatchObject({ status: 401, isAuthFailure: true });
  });

  it("places a call and receives its server messages, authenticated with the call's secret", async () => {
    const { providerCallId, messages, report } = await placeAndWait("answered", "+14155550123");
    expect(messages.map((m) => [m.type.type, m.type.status ?? null])).toEqual([
      ["status-update", "in-progress"],
      ["status-update", "ended"],
      ["end-of-call-report", null],
    ]);
    for (const m of messages) {
      expect(m.verified).toBe(true);
      expect(m.delivery.headers["x-vapi-secret"]).toBe(SERVER_SECRET);
      // Another organization's secret does not verify it.
      const headers = new Headers({ "x-vapi-secret": String(m.delivery.headers["x-vapi-secret"]) });
      expect(vapi({ webhookSecret: "org-b-secret" }).verifyWebhook(m.delivery.body, headers)).toBe(
        false,
      );
    }
    // status-update in-progress: the live phase; "ended": left to the report.
    expect(messages[0]!.outcome).toMatchObject({
      providerCallId,
      status: "in-progress",
      final: false,
      endedReason: null,
    });
    expect(messages[1]!.outcome).toBeNull();
    expect(report).toMatchObject({
      providerCallId,
      status: "answered",
      final: true,
      answeredBy: null,
      errorMessage: null,
    });
    expect(report.attemptId).toMatch(/^[0-9a-f-]{36}$/);
    expect(report.durationSeconds).toBeGreaterThanOrEqual(0);
    expect(report.summary).toContain("Ada");
    expect(report.transcript[0]).toEqual(
      expect.objectContaining({
        speaker: "assistant",
        text: "Hi Ada, this is Alex from Acme Kitchens.",
      }),
    );
    expect(report.transcript.some((t) => t.speaker === "user")).toBe(true);
    // The lead's answers reached the agent: it confirms the budget rather than asking it.
    expect(report.transcript.map((t) => t.text).join("\n")).toContain("$10k–$20k");
    // The outcome questions, answered as the structured data: the budget Ada wrote ("$10k–$20k");
    // what the call did not tell (qualified, plan) is left out, as the plan asks.
    expect(report.analysis).toEqual({ budget: 10000 });

    // The recording, through Vapi's authenticated endpoint and its redirect.
    expect(report.recordingUrl).toBe(`${simulator.apiUrl}/call/${providerCallId}/mono-recording`);
    const recording = await vapi().fetchRecording(report.recordingUrl!);
    const chunks: Uint8Array[] = [];
    for await (const chunk of recording.body) chunks.push(chunk);
    const audio = Buffer.concat(chunks);
    expect(audio.toString("ascii", 0, 4)).toBe("RIFF");
    expect(recording.contentType).toBe("audio/wav");
    // Without the key, Vapi's endpoint refuses it.
    const bare = await fetch(report.recordingUrl!, { redirect: "manual" });
    expect(bare.status).toBe(401);

    // GET /call/{id} tells the same story as the report.
    const fetched = await vapi().getCall(providerCallId);
    expect(fetched).toMatchObject({
      providerCallId,
      status: "answered",
      final: true,
      summary: report.summary,
      transcript: report.transcript,
      recordingUrl: report.recordingUrl,
      attemptId: report.attemptId,
    });
    await expect(vapi().getCall(randomUUID())).resolves.toBeNull();
  });

  it("sends what the request carried: the transient assistant with Ringback's metadata", async () => {
    const attemptId = randomUUID();
    const { providerCallId } = await placeAndWait("metadata", "+14155550123", {
      metadata: {
        submissionId: "sub_9",
        attemptId,
        attempt: 3,
        organizationId: "org-a",
        test: true,
      },
    });
    const response = await fetch(`${simulator.apiUrl}/call/${providerCallId}`, {
      headers: { authorization: `Bearer ${account.apiKey}` },
    });
    const call = (await response.json()) as {
      assistant: { metadata: unknown; server: unknown; voice: unknown; transcriber: unknown };
      customer: unknown;
      phoneNumberId: string;
    };
    expect(call.assistant.metadata).toEqual({
      submission_id: "sub_9",
      attempt_id: attemptId,
      attempt: 3,
      organization_id: "org-a",
      test: true,
    });
    expect(call.assistant.server).toMatchObject({ headers: { "x-vapi-secret": SERVER_SECRET } });
    expect(call.assistant.voice).toEqual({
      provider: "vapi",
      voiceId: "Elliot",
      language: "en-US",
    });
    expect(call.assistant.transcriber).toMatchObject({ provider: "deepgram", language: "en-US" });
    expect(call.customer).toEqual({ number: "+14155550123" });
    expect(call.phoneNumberId).toBe(SIMULATOR_VAPI_PHONE_NUMBER_ID);
  });

  it("maps busy, no answer, failure and voicemail by the last four digits", async () => {
    const [busy, noAnswer, failed, voicemail] = await Promise.all([
      placeAndWait("busy", "+14155550001"),
      placeAndWait("no-answer", "+14155550002"),
      placeAndWait("failed", "+14155550003"),
      placeAndWait("voicemail", "+14155550004", {
        voicemail: { action: "leave_message", message: "Sorry we missed you." },
      }),
    ]);
    expect(busy.report).toMatchObject({
      status: "busy",
      endedReason: "busy",
      final: true,
      transcript: [],
    });
    expect(noAnswer.report).toMatchObject({
      status: "no-answer",
      endedReason: "no-answer",
      final: true,
      recordingUrl: null,
    });
    expect(failed.report).toMatchObject({ status: "failed", final: true });
    expect(failed.report.errorMessage).toBeTruthy();
    // 0008: the carrier says the number was misdialed: an invalid number, never retried.
    const invalid = await placeAndWait("invalid-number", "+14155550008");
    expect(invalid.report).toMatchObject({
      status: "failed",
      endedReason: "invalid-number",
      final: true,
    });
    expect(voicemail.report).toMatchObject({
      status: "voicemail",
      answeredBy: "voicemail",
      final: true,
    });
    expect(voicemail.report.transcript.map((t) => t.text).join(" ")).toContain(
      "Sorry we missed you.",
    );
    // Unconnected calls send no "in-progress" update.
    for (const { messages } of [busy, noAnswer, failed]) {
      expect(messages.map((m) => m.type.status ?? m.type.type)).toEqual([
        "ended",
        "end-of-call-report",
      ]);
    }
  });

  it("transfers a person who asks for a human to the transfer number", async () => {
    const { report } = await placeAndWait("transfer", "+14155550007", {
      voice: { voiceId: null, language: null, transferNumber: "+14155550199" },
    });
    expect(report).toMatchObject({ status: "answered", endedReason: "transferred" });
    expect(report.transcript).toContainEqual(
      expect.objectContaining({ speaker: "agent-action", text: "Used transferCall" }),
    );
    expect((report.raw as { message: { endedReason: string } }).message.endedReason).toBe(
      "assistant-forwarded-call",
    );
  });

  it("reconciles a call whose end-of-call-report was lost, with getCall", async () => {
    const path = "/hook/lost";
    // The status updates arrive; the report is refused (and retried) every time.
    const placed = await vapi().placeCall(
      input("+14155550123", receiver.url(path, [200, 200, 500])),
    );
    // Ringing, then in progress, then final: GET /call follows the call.
    const first = await vapi().getCall(placed.providerCallId);
    expect(first).toMatchObject({ final: false, endedReason: null });
    expect(["dialling", "ringing", "in-progress"]).toContain(first!.status);
    const final = await waitFor(async () => {
      const outcome = await vapi().getCall(placed.providerCallId);
      return outcome?.final ? outcome : undefined;
    });
    expect(final).toMatchObject({ status: "answered", final: true });
    expect(final.summary).toContain("Ada");
    expect(final.recordingUrl).toBe(
      `${simulator.apiUrl}/call/${placed.providerCallId}/mono-recording`,
    );
    // The report was sent, refused, and is being retried with the same body.
    const reports = await waitFor(() => {
      const sent = receiver.at(path).filter((d) => d.body.includes('"type":"end-of-call-report"'));
      return sent.length >= 2 ? sent : undefined;
    });
    expect(reports[1]!.body).toBe(reports[0]!.body);
    // Its content is what getCall found.
    const report = vapi().parseWebhook(reports[0]!.body)!;
    expect(report).toMatchObject({
      status: final.status,
      summary: final.summary,
      transcript: final.transcript,
      attemptId: final.attemptId,
    });
  });

  it("finds an attempt's calls (and only its own) after a lost dial", async () => {
    const attemptId = randomUUID();
    const metadata = { submissionId: "sub_2", attemptId, attempt: 1, organizationId: "org-a" };
    const a = await vapi().placeCall(
      input("+14155550123", receiver.url("/hook/find-a"), { metadata }),
    );
    const b = await vapi().placeCall(
      input("+14155550123", receiver.url("/hook/find-b"), { metadata }),
    );
    // The same attempt id to another number, and another attempt to the same number.
    await vapi().placeCall(input("+14155550124", receiver.url("/hook/find-c"), { metadata }));
    await vapi().placeCall(input("+14155550123", receiver.url("/hook/find-d")));
    const found: CallOutcome[] = await vapi().findCallsByAttempt({
      attemptId,
      phoneNumber: "+14155550123",
    });
    expect(found.map((o) => o.providerCallId).sort()).toEqual(
      [a.providerCallId, b.providerCallId].sort(),
    );
    expect(found.every((o) => o.attemptId === attemptId)).toBe(true);
    await expect(
      vapi().findCallsByAttempt({ attemptId: randomUUID(), phoneNumber: "+14155550123" }),
    ).resolves.toEqual([]);
  });

  it("keeps each account's calls to itself", async () => {
    const placed = await vapi().placeCall(input("+14155550123", receiver.url("/hook/account")));
    const other = simulatorAccount(ringback.config.secretKey, "vapi", "org-b");
    const b = vapi({ apiKey: other.apiKey });
    await expect(b.getCall(placed.providerCallId)).resolves.toBeNull();
    const list = await fetch(`${simulator.apiUrl}/call`, {
      headers: { authorization: `Bearer ${other.apiKey}` },
    });
    expect(
      ((await list.json()) as { id: string }[]).some((c) => c.id === placed.providerCallId),
    ).toBe(false);
  });

  it("answers a bad request with Vapi's 4xx, worded for a person", async () => {
    // A phone-number id the account does not have.
    const wrongCaller = await vapi({ callerNumber: randomUUID() })
      .placeCall(input("+14155550123", receiver.url("/hook/bad")))
      .catch((e: unknown) => e);
    expect(wrongCaller).toBeInstanceOf(VoiceProviderError);
    expect(wrongCaller).toMatchObject({ status: 400, isAuthFailure: false });
    expect((wrongCaller as Error).message).toMatch(/^Vapi: Couldn't Get Phone Number/);

    const post = (body: unknown) =>
      fetch(`${simulator.apiUrl}/call`, {
        method: "POST",
        headers: { authorization: `Bearer ${account.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const assistant = { model: { provider: "openai", model: "gpt-4o" } };
    const base = {
      phoneNumberId: SIMULATOR_VAPI_PHONE_NUMBER_ID,
      customer: { number: "+14155550123" },
      assistant,
    };
    // A number that is not E.164.
    const badNumber = await post({ ...base, customer: { number: "415 555 0123" } });
    expect(badNumber.status).toBe(400);
    expect(await badNumber.json()).toEqual({
      message: ["customer.number must be a valid phone number in the E.164 format."],
      error: "Bad Request",
      statusCode: 400,
    });
    // What Vapi does not accept: call-level metadata, the retired inline server secret.
    const unknown = await post({
      ...base,
      metadata: { attempt_id: "x" },
      assistant: { ...assistant, server: { url: "https://example.com", secret: "s" } },
    });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { message: string[] }).message).toEqual([
      "property metadata should not exist",
      "property assistant.server.secret should not exist",
    ]);
    // Missing pieces and out-of-range values.
    expect((await post({ ...base, assistant: undefined })).status).toBe(400);
    expect((await post({ ...base, phoneNumberId: undefined })).status).toBe(400);
    expect(
      (await post({ ...base, assistant: { ...assistant, maxDurationSeconds: 5 } })).status,
    ).toBe(400);
    expect((await post({ ...base, assistant: { model: { provider: "openai" } } })).status).toBe(
      400,
    );
    // The well-formed minimal request is accepted (201, the queued call).
    const ok = await post(base);
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ status: "queued", type: "outboundPhoneCall" });

    // GET /call's query is validated as Vapi's is.
    const tooMany = await fetch(`${simulator.apiUrl}/call?limit=5000`, {
      headers: { authorization: `Bearer ${account.apiKey}` },
    });
    expect(tooMany.status).toBe(400);
  });

  describe("an organization on a simulated Vapi, through Ringback's own webhook route", async () => {
    const db = ringback.database.db;
    const box = createSecretBox(ringback.config.secretKey);
    const team = await createTeam(ringback.url, db, { label: "vapi-org" });
    const organizationId = team.organization.id;
    const own = simulatorAccount(ringback.config.secretKey, "vapi", organizationId);
    const serverSecret = "org-vapi-server-secret-0123456789abcdefghij";
    const [connection] = await db
      .insert(voiceConnections)
      .values({
        organizationId,
        provider: "vapi",
        simulated: true,
        apiKeyEncrypted: box.encrypt(own.apiKey),
        apiKeyHint: own.apiKey.slice(-4),
        webhookSecretEncrypted: box.encrypt(serverSecret),
        // None chosen: the adapter dials from the account's only number.
        callerNumber: null,
      })
      .returning();
    const assistant = await activeAssistant({
      url: ringback.url,
      db,
      secretKey: ringback.config.secretKey,
      owner: team.owner.client,
      organizationId,
    });

    it("places the submission's call through Vapi and records its outcome from the webhooks", async () => {
      const token = "vapi-e2e-answered";
      const delivered = await assistant.deliver(
        assistant.delivery({ phone: "+1 415 555 0142", token, name: "Ana" }),
      );
      expect(delivered.status).toBe(200);
      const [attempt] = await assistant.settled(token, 1);
      expect(attempt).toMatchObject({
        status: "answered",
        voiceConnectionId: connection!.id,
        simulated: true,
      });
      expect(attempt!.callSummary).toBeTruthy();
      // The attempt is final with the first end-of-call report; the simulator's last message may
      // still be on its way: wait until it has been sent.
      const simulated = await waitFor(async () => {
        const [row] = await db
          .select()
          .from(simulatorCalls)
          .where(eq(simulatorCalls.callId, attempt!.providerCallId!));
        return row && row.webhooksSent >= 3 ? row : undefined;
      });
      expect(simulated!.dialect).toBe("vapi");
      // Every server message went to the connection's own address, with its secret.
      const url = voiceWebhookUrl(ringback.config.publicUrl, "vapi", connection!.id);
      expect(simulated!.webhooks!.map((w) => [w.at, w.url, w.headers["x-vapi-secret"]])).toEqual([
        ["answer", url, serverSecret],
        ["end", url, serverSecret],
        ["end", url, serverSecret],
      ]);
      expect(simulated!.webhooksSent).toBe(3);
      const request = simulated!.request as { assistant: { metadata: Record<string, unknown> } };
      expect(request.assistant.metadata).toMatchObject({
        attempt_id: attempt!.id,
        organization_id: organizationId,
        attempt: 1,
      });
      // The recording is copied from Vapi's authenticated endpoint.
      await waitFor(async () => {
        const [row] = await db.select().from(callRecords).where(eq(callRecords.id, attempt!.id));
        return row?.recordingKey ? row : undefined;
      });
    });

    it("refuses a server message without the connection's secret", async () => {
      const body = JSON.stringify({
        message: { type: "end-of-call-report", endedReason: "customer-busy", call: { id: "x" } },
      });
      const post = (headers: Record<string, string>) =>
        fetch(voiceWebhookUrl(ringback.url, "vapi", connection!.id), {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body,
        });
      expect((await post({})).status).toBe(401);
      expect((await post({ "x-vapi-secret": SERVER_SECRET })).status).toBe(401);
      expect((await post({ "x-vapi-secret": serverSecret })).status).toBe(200);
    });
  });
});
