import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { voiceConnections } from "../src/db/schema/index.ts";
import { voiceWebhookUrl } from "../src/domain/voice/voice-providers.ts";
import { createSecretBox } from "../src/lib/secret-box.ts";
import { signBlandPayload } from "../src/providers/voice/bland/bland-signature.ts";
import { signRetellPayload } from "../src/providers/voice/retell/retell-signature.ts";
import { SIMULATOR_FROM_NUMBER } from "../src/providers/voice/simulator/call.ts";
import { simulatorAccount } from "../src/providers/voice/simulator/credentials.ts";
import { SIMULATOR_VAPI_PHONE_NUMBER_ID } from "../src/providers/voice/vapi/sandbox/call.ts";
import { VAPI_SECRET_HEADER } from "../src/providers/voice/vapi/vapi-provider.ts";
import { activeAssistant } from "./call-helpers.ts";
import { startTestRingback } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";
import { waitFor } from "./webhook-receiver.ts";

/**
 * Server-side request forgery through recording URLs: an admin who brings their own voice
 * account signs a call webhook with their own secret and names an internal service as the
 * recording. Ringback must never fetch it (so `…/recording-link` can never play it back): the
 * recording is refused once, logged, not retried, and the call keeps no recording. Everything
 * here listens on loopback; the "internal service" counts every request it gets.
 */
async function listen(host: string, handler: Parameters<typeof createServer>[1]) {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return (server.address() as AddressInfo).port;
}

describe("recording URLs cannot reach internal services", async () => {
  const internalHits: string[] = [];
  const internal = await listen("127.0.0.1", (req, res) => {
    internalHits.push(req.url ?? "");
    res.writeHead(200, { "content-type": "audio/wav" }).end("AWS_SECRET_ACCESS_KEY=leaked");
  });
  // A host the operator allows (as an internal CRM would be), which redirects elsewhere on
  // loopback: the redirect's target is checked on its own.
  let redirects = 0;
  const redirector = await listen("127.0.0.2", (_req, res) => {
    redirects += 1;
    res.writeHead(302, { location: `http://127.0.0.1:${internal}/latest/meta-data/` }).end();
  });

  const app = await startTestRingback({
    env: {
      CODE_SENDS_PER_IP: "1000",
      // Calls ring for a minute: the forged final webhook arrives first.
      CALL_SIMULATOR_RING_MS: "60000",
      CALL_SIMULATOR_TURN_MS: "10",
      OUTBOUND_ALLOWED_NETWORKS: "127.0.0.2",
    },
  });
  const db = app.database.db;
  const box = createSecretBox(app.config.secretKey);

  async function organizationOn(platform: "bland" | "vapi" | "retell") {
    const team = await createTeam(app.url, db, { label: `ssrf-${platform}` });
    const organizationId = team.organization.id;
    const account = simulatorAccount(app.config.secretKey, platform, organizationId);
    const [connection] = await db
      .insert(voiceConnections)
      .values({
        organizationId,
        provider: platform,
        simulated: true,
        apiKeyEncrypted: box.encrypt(account.apiKey),
        apiKeyHint: account.apiKey.slice(-4),
        ...(platform === "retell"
          ? {}
          : { webhookSecretEncrypted: box.encrypt(account.webhookSecret) }),
        callerNumber: platform === "vapi" ? SIMULATOR_VAPI_PHONE_NUMBER_ID : SIMULATOR_FROM_NUMBER,
      })
      .returning();
    const calls = await activeAssistant({
      url: app.url,
      db,
      secretKey: app.config.secretKey,
      owner: team.owner.client,
      organizationId,
    });
    let n = 0;
    /** A submission whose first attempt has been dialled. */
    const dialled = async () => {
      n += 1;
      const token = `ssrf-${platform}-${n}`;
      await calls.deliver(calls.delivery({ phone: `+1 415 555 02${10 + n}`, token }));
      return waitFor(async () => {
        const [attempt] = await calls.attemptsFor(token);
        return attempt?.dialState === "dialed" && attempt.providerCallId ? attempt : undefined;
      });
    };
    const webhook = (body: string, headers: Record<string, string>) =>
      fetch(voiceWebhookUrl(app.url, platform, connection!.id), {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body,
      });
    return { team, organizationId, account, dialled, webhook };
  }

  /** Waits for the call's recording job to finish, then says what became of the recording. */
  async function recordingOutcome(callRecordId: string) {
    const job = await waitFor(async () => {
      const [row] = (
        await db.execute<{ state: string; retries: number }>(sql`
          select state, retry_count as retries from pgboss.job
          where name = 'recordings.copy' and singleton_key = ${callRecordId}`)
      ).rows;
      return row && row.state !== "created" && row.state !== "active" ? row : undefined;
      // A bound, not a speed: on a loaded machine the worker may take a while to get to it.
    }, 60_000);
    const [record] = (
      await db.execute<{ recording_url: string | null; recording_key: string | null }>(
        sql`select recording_url, recording_key from call_records where id = ${callRecordId}`,
      )
    ).rows;
    return { job, record: record! };
  }

  const attacks = () => [
    `http://127.0.0.1:${internal}/latest/meta-data/`,
    `http://[::ffff:127.0.0.1]:${internal}/latest/meta-data/`,
    `http://localhost:${internal}/latest/meta-data/`,
    `http://127.0.0.2:${redirector}/recording.wav`,
  ];

  async function expectRefused(
    org: Awaited<ReturnType<typeof organizationOn>>,
    callRecordId: string,
  ) {
    const { job, record } = await recordingOutcome(callRecordId);
    expect(job).toEqual({ state: "completed", retries: 0 });
    expect(record).toEqual({ recording_url: null, recording_key: null });
    const link = await org.team.owner.client.request(
      `/api/organizations/${org.organizationId}/call-records/${callRecordId}/recording-link`,
    );
    expect(link.status).toBe(404);
  }

  it("Bland: a signed webhook's recording_url on loopback, mapped, by name or by redirect", async () => {
    const org = await organizationOn("bland");
    for (const recordingUrl of attacks()) {
      const call = await org.dialled();
      const body = JSON.stringify({
        call_id: call.providerCallId,
        status: "completed",
        completed: true,
        answered_by: "human",
        call_length: 30,
        summary: "Talked about the kitchen",
        recording_url: recordingUrl,
        metadata: { attempt_id: call.id, organization_id: org.organizationId },
      });
      const answer = await org.webhook(body, {
        "x-webhook-signature": signBlandPayload(body, org.account.webhookSecret),
      });
      expect(answer.status, recordingUrl).toBe(200);
      await expectRefused(org, call.id);
    }
    expect(internalHits).toEqual([]);
    expect(redirects).toBe(1);
  }, 300_000);

  it("Retell: call_analyzed's recording_url on loopback, mapped, by name or by redirect", async () => {
    const org = await organizationOn("retell");
    const before = redirects;
    for (const recordingUrl of attacks()) {
      const call = await org.dialled();
      const body = JSON.stringify({
        // The final report of a call that connected: call_analyzed (call_ended waits for it).
        event: "call_analyzed",
        call: {
          call_type: "phone_call",
          call_id: call.providerCallId,
          call_status: "ended",
          direction: "outbound",
          metadata: { attempt_id: call.id, organization_id: org.organizationId },
          start_timestamp: Date.now() - 30_000,
          end_timestamp: Date.now(),
          duration_ms: 30_000,
          disconnection_reason: "user_hangup",
          transcript: "Agent: Hello Ada.\nUser: Hi!\n",
          transcript_object: [
            { role: "agent", content: "Hello Ada.", words: [] },
            { role: "user", content: "Hi!", words: [] },
          ],
          recording_url: recordingUrl,
          call_analysis: { call_summary: "Talked about the kitchen", in_voicemail: false },
        },
      });
      const answer = await org.webhook(body, {
        "x-retell-signature": signRetellPayload(body, org.account.apiKey),
      });
      expect(answer.status, recordingUrl).toBe(200);
      await expectRefused(org, call.id);
    }
    expect(internalHits).toEqual([]);
    expect(redirects).toBe(before + 1);
  }, 300_000);

  it("Vapi: a report's recording URLs are never fetched; only Vapi's own endpoint is", async () => {
    const org = await organizationOn("vapi");
    const call = await org.dialled();
    const [internalUrl, mapped, named, redirected] = attacks();
    const body = JSON.stringify({
      message: {
        type: "end-of-call-report",
        timestamp: Date.now(),
        endedReason: "customer-ended-call",
        startedAt: new Date(Date.now() - 30_000).toISOString(),
        endedAt: new Date().toISOString(),
        artifact: {
          transcript: "AI: Hello Ada.\nUser: Hi!\n",
          messages: [
            { role: "bot", message: "Hello Ada.", time: 1, secondsFromStart: 1 },
            { role: "user", message: "Hi!", time: 2, secondsFromStart: 3 },
          ],
          recordingUrl: internalUrl,
          stereoRecordingUrl: mapped,
          recording: { mono: { combinedUrl: named }, stereoUrl: redirected },
        },
        call: {
          id: call.providerCallId,
          type: "outboundPhoneCall",
          status: "ended",
          assistant: { metadata: { attempt_id: call.id, organization_id: org.organizationId } },
        },
      },
    });
    const answer = await org.webhook(body, { [VAPI_SECRET_HEADER]: org.account.webhookSecret });
    expect(answer.status).toBeLessThan(300);
    // The simulator's Vapi API has no recording for a call that never rang out: no recording.
    const { record } = await recordingOutcome(call.id);
    expect(record).toEqual({ recording_url: null, recording_key: null });
    expect(internalHits).toEqual([]);
  }, 120_000);
});
