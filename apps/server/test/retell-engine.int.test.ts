import type { CallRecordDetails, OutcomeQuestion } from "@ringback/contracts";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  callGroups,
  simulatorCalls,
  simulatorObjects,
  voiceAgents,
  voiceConnections,
} from "../src/db/schema/index.ts";
import { voiceWebhookUrl } from "../src/domain/voice/voice-providers.ts";
import { createSecretBox } from "../src/lib/secret-box.ts";
import { SIMULATOR_FROM_NUMBER } from "../src/providers/voice/simulator/call.ts";
import { simulatorAccount } from "../src/providers/voice/simulator/credentials.ts";
import { apiKeyHash } from "../src/providers/voice/simulator/simulated-calls.ts";
import { activeAssistant } from "./call-helpers.ts";
import { startTestRingback } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";
import { waitFor } from "./webhook-receiver.ts";

/**
 * An organization on (simulated) Retell, end to end through Ringback's own engine: a
 * form submission is dialled through the organization's connection with the assistant's Retell
 * agent, and the call's webhooks — call_started, call_ended, then call_analyzed with the summary
 * and the outcome answers — make the attempt final and complete, and its recording is copied.
 */
describe("the call engine on Retell (simulated)", async () => {
  // Turns long enough that the call lasts a few seconds (duration_ms rounds to whole seconds).
  const app = await startTestRingback({
    env: { CODE_SENDS_PER_IP: "1000", CALL_SIMULATOR_RING_MS: "30", CALL_SIMULATOR_TURN_MS: "300" },
  });
  const db = app.database.db;
  const team = await createTeam(app.url, db, { label: "retell-engine" });
  const organizationId = team.organization.id;
  const owner = team.owner.client;
  const account = simulatorAccount(app.config.secretKey, "retell", organizationId);
  const [connection] = await db
    .insert(voiceConnections)
    .values({
      organizationId,
      provider: "retell",
      simulated: true,
      apiKeyEncrypted: createSecretBox(app.config.secretKey).encrypt(account.apiKey),
      apiKeyHint: account.apiKey.slice(-4),
      callerNumber: SIMULATOR_FROM_NUMBER,
    })
    .returning();
  const calls = await activeAssistant({
    url: app.url,
    db,
    secretKey: app.config.secretKey,
    owner,
    organizationId,
  });
  const questions: OutcomeQuestion[] = [
    { key: "qualified", label: "Qualified?", type: "boolean", description: "Wants a quote" },
    { key: "plan", label: "Plan", type: "choice", choices: ["Basic", "Pro"] },
  ];
  const saved = await owner.request(`${calls.path}/outcomes`, {
    method: "PUT",
    json: { questions },
  });
  if (saved.status !== 200) throw new Error(`Saving the outcome questions: ${saved.status}`);

  it("dials through the organization's Retell agent and completes the attempt from the webhooks", async () => {
    const token = "retell-answered";
    const phone = "+14155550142";
    expect((await calls.deliver(calls.delivery({ phone, token, name: "Ada" }))).status).toBe(200);
    const [final] = await calls.settled(token, 1);
    expect(final).toMatchObject({
      status: "answered",
      dialState: "dialed",
      answeredBy: "human",
      voiceConnectionId: connection!.id,
      simulated: true,
      isTest: false,
      livePhase: null,
    });

    // call_analyzed comes after call_ended: the summary and the answers are filled in then, and
    // the recording is copied into our storage.
    const attempt = await waitFor(async () => {
      const [row] = await calls.attemptsFor(token);
      return row?.callSummary && row.outcomes && row.recordingKey ? row : undefined;
    });
    expect(attempt.status).toBe("answered");
    expect(attempt.finalAt).toEqual(final!.finalAt);
    expect(attempt.duration).toBeGreaterThan(0);
    const transcript = attempt.transcriptJson as { speaker: string; text: string }[];
    expect(new Set(transcript.map((t) => t.speaker))).toEqual(new Set(["assistant", "user"]));
    expect(transcript[0]!.text).toContain("Ada");
    expect(attempt.callSummary).toBeTruthy();
    // Answered from what was said: the respondent named a need and a timeline but no budget
    // (so "Qualified?" is not known) and no plan.
    expect(attempt.outcomes).toEqual({ qualified: null, plan: null });
    expect(attempt.recordingContentType).toBe("audio/wav");
    expect(attempt.recordingBytes).toBeGreaterThan(44);

    // The assistant's agent and LLM were made once for this connection, with the questions.
    const agents = await db
      .select()
      .from(voiceAgents)
      .where(
        and(
          eq(voiceAgents.connectionId, connection!.id),
          eq(voiceAgents.assistantId, calls.assistantId),
        ),
      );
    expect(agents).toHaveLength(1);
    const agent = agents[0]!;
    expect(agent).toMatchObject({ organizationId });
    expect(agent.agentId).toMatch(/^agent_/);
    expect(agent.llmId).toMatch(/^llm_/);
    const [stored] = await db
      .select()
      .from(simulatorObjects)
      .where(eq(simulatorObjects.id, agent.agentId));
    expect(stored).toMatchObject({
      dialect: "retell",
      kind: "agent",
      apiKeyHash: apiKeyHash(account.apiKey),
      body: {
        response_engine: { type: "retell-llm", llm_id: agent.llmId },
        webhook_url: voiceWebhookUrl(app.config.publicUrl, "retell", connection!.id),
        post_call_analysis_data: [
          { type: "boolean", name: "qualified" },
          { type: "enum", name: "plan", choices: ["Basic", "Pro"] },
        ],
      },
    });

    // The call went through the organization's own account, in Retell's dialect, to its agent.
    const [simulated] = await db
      .select()
      .from(simulatorCalls)
      .where(eq(simulatorCalls.callId, attempt.providerCallId!));
    expect(simulated).toMatchObject({
      dialect: "retell",
      apiKeyHash: apiKeyHash(account.apiKey),
      phoneNumber: phone,
      fromNumber: SIMULATOR_FROM_NUMBER,
      request: {
        override_agent_id: agent.agentId,
        metadata: { attempt_id: attempt.id, organization_id: organizationId },
      },
    });
    // All three webhooks were delivered (and accepted: the simulator retries until 2xx), and
    // only call_analyzed carried the summary and the answers the attempt holds.
    const sent = (simulated!.webhooks ?? []).map(
      (w) =>
        JSON.parse(w.body) as {
          event: string;
          call: { call_analysis?: { call_summary: string; custom_analysis_data: object } };
        },
    );
    expect(sent.map((w) => w.event)).toEqual(["call_started", "call_ended", "call_analyzed"]);
    expect(sent[1]!.call.call_analysis).toBeUndefined();
    expect(sent[2]!.call.call_analysis).toMatchObject({
      call_summary: attempt.callSummary,
      custom_analysis_data: attempt.outcomes!,
    });
    await waitFor(async () => {
      const [row] = await db
        .select({ sent: simulatorCalls.webhooksSent })
        .from(simulatorCalls)
        .where(eq(simulatorCalls.callId, attempt.providerCallId!));
      return row!.sent === 3 || undefined;
    });

    // What people see: Call Details with the answers, and the call's group.
    const details = await owner.json<CallRecordDetails>(
      `/api/organizations/${organizationId}/call-records/${attempt.id}`,
    );
    expect(details.outcomes).toEqual([
      {
        key: "qualified",
        label: "Qualified?",
        type: "boolean",
        value: attempt.outcomes!.qualified,
      },
      { key: "plan", label: "Plan", type: "choice", value: attempt.outcomes!.plan },
    ]);
    const [group] = await db
      .select()
      .from(callGroups)
      .where(eq(callGroups.id, attempt.submissionId!));
    expect(group!.outcomes).toEqual(attempt.outcomes);
  });

  it("reuses the assistant's agent for the next submission", async () => {
    const before = await db
      .select()
      .from(voiceAgents)
      .where(eq(voiceAgents.assistantId, calls.assistantId));
    const token = "retell-second";
    expect((await calls.deliver(calls.delivery({ phone: "+14155550143", token }))).status).toBe(
      200,
    );
    const [final] = await calls.settled(token, 1);
    expect(final).toMatchObject({ status: "answered", voiceConnectionId: connection!.id });
    const after = await db
      .select()
      .from(voiceAgents)
      .where(eq(voiceAgents.assistantId, calls.assistantId));
    expect(after).toEqual(before);
    const [simulated] = await db
      .select({ request: simulatorCalls.request })
      .from(simulatorCalls)
      .where(eq(simulatorCalls.callId, final!.providerCallId!));
    expect(simulated!.request).toMatchObject({ override_agent_id: before[0]!.agentId });
  });
});
