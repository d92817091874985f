import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callRecords, simulatorCalls, voiceConnections } from "../src/db/schema/index.ts";
import { forgetRetiredVoiceKeys } from "../src/domain/voice/retired-connections.ts";
import { voiceWebhookUrl } from "../src/domain/voice/voice-providers.ts";
import { createSecretBox } from "../src/lib/secret-box.ts";
import { signBlandPayload } from "../src/providers/voice/bland/bland-signature.ts";
import { simulatorAccount } from "../src/providers/voice/simulator/credentials.ts";
import { apiKeyHash } from "../src/providers/voice/simulator/simulated-calls.ts";
import { activeAssistant } from "./call-helpers.ts";
import { startTestRingback } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";
import { waitFor } from "./webhook-receiver.ts";

/**
 * ADR 0018: each organization's calls go through its own voice connection, and a
 * webhook signed with one organization's secret can never change another's call.
 */
describe("voice connections: one account per organization", async () => {
  // A long ring keeps the calls in progress while the test looks at them.
  const app = await startTestRingback({
    env: {
      CODE_SENDS_PER_IP: "1000",
      CALL_SIMULATOR_RING_MS: "60000",
      CALL_SIMULATOR_TURN_MS: "10",
    },
  });
  const db = app.database.db;
  const box = createSecretBox(app.config.secretKey);

  /** An organization with its own simulated Bland account and an active assistant. */
  async function organizationWithOwnAccount(label: string) {
    const team = await createTeam(app.url, db, { label });
    const organizationId = team.organization.id;
    const account = simulatorAccount(app.config.secretKey, "bland", organizationId);
    const [connection] = await db
      .insert(voiceConnections)
      .values({
        organizationId,
        provider: "bland",
        simulated: true,
        apiKeyEncrypted: box.encrypt(account.apiKey),
        apiKeyHint: account.apiKey.slice(-4),
        webhookSecretEncrypted: box.encrypt(account.webhookSecret),
      })
      .returning();
    const assistant = await activeAssistant({
      url: app.url,
      db,
      secretKey: app.config.secretKey,
      owner: team.owner.client,
      organizationId,
    });
    return { organizationId, account, connection: connection!, ...assistant };
  }

  const a = await organizationWithOwnAccount("voice-a");
  const b = await organizationWithOwnAccount("voice-b");

  /** Delivers one submission and waits until its first attempt has been dialled. */
  async function dialled(org: typeof a, token: string, phone: string) {
    expect((await org.deliver(org.delivery({ phone, token }))).status).toBe(200);
    return waitFor(async () => {
      const [attempt] = await org.attemptsFor(token);
      return attempt?.dialState === "dialed" ? attempt : undefined;
    });
  }

  it("places each organization's calls with its own key, and remembers the connection", async () => {
    const callA = await dialled(a, "own-key-a", "+1 415 555 0142");
    const callB = await dialled(b, "own-key-b", "+1 415 555 0143");
    expect(callA.voiceConnectionId).toBe(a.connection.id);
    expect(callB.voiceConnectionId).toBe(b.connection.id);
    expect(callA.simulated).toBe(true);
    const [simulatedA] = await db
      .select()
      .from(simulatorCalls)
      .where(eq(simulatorCalls.callId, callA.providerCallId!));
    const [simulatedB] = await db
      .select()
      .from(simulatorCalls)
      .where(eq(simulatorCalls.callId, callB.providerCallId!));
    expect(simulatedA!.apiKeyHash).toBe(apiKeyHash(a.account.apiKey));
    expect(simulatedB!.apiKeyHash).toBe(apiKeyHash(b.account.apiKey));
    // Each call's webhook goes to its own connection's address.
    expect(simulatedA!.webhookUrl).toBe(
      voiceWebhookUrl(app.config.publicUrl, "bland", a.connection.id),
    );
  });

  it("ignores another organization's signed webhook that names this organization's call", async () => {
    const call = await dialled(a, "forged-a", "+1 415 555 0144");
    const forged = JSON.stringify({
      call_id: call.providerCallId,
      status: "completed",
      completed: true,
      answered_by: "human",
      call_length: 3,
      summary: "Forged by another organization",
      metadata: { attempt_id: call.id, organization_id: a.organizationId },
    });
    const post = (connectionId: string, secret: string) =>
      fetch(`${voiceWebhookUrl(app.url, "bland", connectionId)}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-webhook-signature": signBlandPayload(forged, secret),
        },
        body: forged,
      });
    // B's secret on A's connection's address: refused outright.
    expect((await post(a.connection.id, b.account.webhookSecret)).status).toBe(401);
    // B's secret on B's own address is authentic, but the call is not B's: nothing changes.
    expect((await post(b.connection.id, b.account.webhookSecret)).status).toBe(200);
    const [after] = await db.select().from(callRecords).where(eq(callRecords.id, call.id));
    expect(after!.finalAt).toBeNull();
    expect(after!.callSummary).toBeNull();
    expect(["dialling", "ringing", "in-progress"]).toContain(after!.status);
    // A's own secret on A's address is the call's news.
    expect((await post(a.connection.id, a.account.webhookSecret)).status).toBe(200);
    const [applied] = await db.select().from(callRecords).where(eq(callRecords.id, call.id));
    expect(applied!.status).toBe("answered");
    expect(applied!.callSummary).toBe("Forged by another organization");
  });

  it("answers 404 for an unknown connection or a platform that is not the connection's", async () => {
    const body = JSON.stringify({ call_id: "x" });
    const unknown = await fetch(
      voiceWebhookUrl(app.url, "bland", "00000000-0000-4000-8000-000000000000"),
      { method: "POST", body },
    );
    expect(unknown.status).toBe(404);
    const wrongPlatform = await fetch(voiceWebhookUrl(app.url, "vapi", a.connection.id), {
      method: "POST",
      body,
    });
    expect(wrongPlatform.status).toBe(404);
    const junk = await fetch(`${app.url}/api/voice-webhooks/bland/not-a-uuid`, {
      method: "POST",
      body,
    });
    expect(junk.status).toBe(404);
  });

  it("lets a later final report fill in what the first lacked, never the status", async () => {
    // Retell's call_analyzed follows call_ended with the summary and the answers.
    const call = await dialled(a, "late-analysis-a", "+1 415 555 0145");
    const post = (body: Record<string, unknown>) => {
      const raw = JSON.stringify({
        call_id: call.providerCallId,
        metadata: { attempt_id: call.id },
        ...body,
      });
      return fetch(voiceWebhookUrl(app.url, "bland", a.connection.id), {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-webhook-signature": signBlandPayload(raw, a.account.webhookSecret),
        },
        body: raw,
      });
    };
    const ended = {
      status: "completed",
      completed: true,
      answered_by: "human",
      call_length: 2,
      transcripts: [{ user: "user", text: "Hello?", created_at: null }],
    };
    expect((await post(ended)).status).toBe(200);
    const [first] = await db.select().from(callRecords).where(eq(callRecords.id, call.id));
    expect(first).toMatchObject({ status: "answered", callSummary: null, duration: 120 });
    const finalAt = first!.finalAt;
    expect(finalAt).not.toBeNull();
    // The analysed report: a summary, and (wrongly) another status and length.
    expect(
      (await post({ ...ended, answered_by: "voicemail", call_length: 9, summary: "Wants a quote" }))
        .status,
    ).toBe(200);
    const [second] = await db.select().from(callRecords).where(eq(callRecords.id, call.id));
    expect(second).toMatchObject({
      status: "answered",
      callSummary: "Wants a quote",
      duration: 120,
      answeredBy: "human",
    });
    expect(second!.finalAt).toEqual(finalAt);
    // A third report does not overwrite what is there.
    await post({ ...ended, summary: "Something else" });
    const [third] = await db.select().from(callRecords).where(eq(callRecords.id, call.id));
    expect(third!.callSummary).toBe("Wants a quote");
  });

  it("forgets a retired connection's keys a week on, once none of its calls is open", async () => {
    const retired = async (daysAgo: number) => {
      const [row] = await db
        .insert(voiceConnections)
        .values({
          organizationId: a.organizationId,
          provider: "bland",
          simulated: true,
          apiKeyEncrypted: box.encrypt(a.account.apiKey),
          webhookSecretEncrypted: box.encrypt(a.account.webhookSecret),
          retiredAt: new Date(Date.now() - daysAgo * 86_400_000),
        })
        .returning();
      return row!;
    };
    const old = await retired(8);
    const recent = await retired(2);
    const [open] = await db
      .insert(callRecords)
      .values({
        organizationId: a.organizationId,
        status: "in-progress",
        voiceConnectionId: old.id,
      })
      .returning();
    const keysOf = async (id: string) =>
      (await db.select().from(voiceConnections).where(eq(voiceConnections.id, id)))[0]!;

    // A call still open keeps them.
    await forgetRetiredVoiceKeys(db, new Date());
    expect((await keysOf(old.id)).apiKeyEncrypted).not.toBeNull();
    await db.update(callRecords).set({ finalAt: new Date() }).where(eq(callRecords.id, open!.id));
    expect(await forgetRetiredVoiceKeys(db, new Date())).toBeGreaterThanOrEqual(1);
    expect(await keysOf(old.id)).toMatchObject({
      apiKeyEncrypted: null,
      webhookSecretEncrypted: null,
    });
    // Retired two days ago: kept. The current connection: never touched.
    expect((await keysOf(recent.id)).apiKeyEncrypted).not.toBeNull();
    expect((await keysOf(a.connection.id)).apiKeyEncrypted).not.toBeNull();
    // Its webhooks are refused from then on (this process never built its adapter).
    const body = JSON.stringify({ call_id: "x" });
    const response = await fetch(voiceWebhookUrl(app.url, "bland", old.id), {
      method: "POST",
      headers: { "x-webhook-signature": signBlandPayload(body, a.account.webhookSecret) },
      body,
    });
    expect(response.status).toBe(404);
  });
});
