import type { VoiceSettings, VoiceVerifyResult } from "@ringback/contracts";
import { and, eq, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callRecords, voiceConnections } from "../src/db/schema/index.ts";
import { createSecretBox } from "../src/lib/secret-box.ts";
import { SIMULATOR_FROM_NUMBER } from "../src/providers/voice/simulator/call.ts";
import { simulatorAccount } from "../src/providers/voice/simulator/credentials.ts";
import { apiKeyHash } from "../src/providers/voice/simulator/simulated-calls.ts";
import { SIMULATOR_VAPI_PHONE_NUMBER_ID } from "../src/providers/voice/vapi/sandbox/call.ts";
import type { TestClient } from "./auth-client.ts";
import { activeAssistant } from "./call-helpers.ts";
import { freePort, startTestRingback } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";
import { waitFor } from "./webhook-receiver.ts";

/**
 * Settings → Voice. An organization's voice platform, saved as a new connection
 * each time (keys encrypted, never shown again), verified before saving, kept apart from other
 * organizations' — and a change of provider strands no call in flight.
 *
 * "Own" Bland accounts reach the call simulator through BLAND_API_URL (what the variable is
 * for: proxies and tests), with keys the simulator issues, so the whole path runs offline; Vapi's
 * base points at a port nobody listens on (an unreachable platform).
 */
describe("Settings → Voice", async () => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const nowhere = await freePort();
  const app = await startTestRingback({
    env: {
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      CODE_SENDS_PER_IP: "1000",
      // Rings long enough to change provider while a call is in flight.
      CALL_SIMULATOR_RING_MS: "1500",
      CALL_SIMULATOR_TURN_MS: "10",
      BLAND_API_URL: `${publicUrl}/sandbox/bland`,
      VAPI_API_URL: `http://127.0.0.1:${nowhere}`,
    },
  });
  const db = app.database.db;
  const box = createSecretBox(app.config.secretKey);
  const team = await createTeam(app.url, db, { label: "voice" });
  const org = team.organization.id;
  const voicePath = (organizationId: string) => `/api/organizations/${organizationId}/voice`;

  /** A Bland account of the simulator's, as an organization would bring its own. */
  const ownBland = (account: string) => simulatorAccount(app.config.secretKey, "bland", account);

  async function currentRow(organizationId: string) {
    const [row] = await db
      .select()
      .from(voiceConnections)
      .where(
        and(
          eq(voiceConnections.organizationId, organizationId),
          isNull(voiceConnections.retiredAt),
        ),
      );
    return row ?? null;
  }

  async function put(client: TestClient, organizationId: string, json: unknown) {
    const response = await client.request(voicePath(organizationId), { method: "PUT", json });
    return { status: response.status, text: await response.text() };
  }

  async function verify(client: TestClient, organizationId: string, json?: unknown) {
    const response = await client.request(`${voicePath(organizationId)}/verify`, {
      method: "POST",
      ...(json === undefined ? {} : { json }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as VoiceVerifyResult;
  }

  it("starts on the installation's default: the simulator, without keys", async () => {
    const settings = await team.admin.client.json<VoiceSettings>(voicePath(org));
    expect(settings).toEqual({
      provider: "simulator",
      usingInstallationDefault: true,
      installationDefault: "simulator",
      simulated: true,
      simulatorAvailable: true,
      apiKeyHint: null,
      hasWebhookSecret: false,
      callerNumber: null,
      webhookUrl: null,
      updatedAt: null,
      updatedBy: null,
    });
  });

  it("is for owners and admins: a member can neither read nor change it", async () => {
    const member = team.member.client;
    const base = voicePath(org);
    const attempts = [
      member.request(base),
      member.request(base, { method: "PUT", json: { provider: "simulator" } }),
      member.request(base, { method: "DELETE" }),
      member.request(`${base}/verify`, { method: "POST", json: {} }),
      member.request(`${base}/caller-numbers`),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(403);
    expect(await currentRow(org)).toBeNull();
    expect((await team.owner.client.request(base)).status).toBe(200);
    // Another organization's owner: as if it did not exist.
    const stranger = await createTeam(app.url, db, { label: "voice-stranger" });
    expect((await stranger.owner.client.request(base)).status).toBe(404);
  });

  it("refuses what is missing or malformed with a 400 per field, and saves nothing", async () => {
    const admin = team.admin.client;
    const cases: [unknown, Record<string, RegExp>][] = [
      [{ provider: "nope" }, { provider: /Choose a provider/ }],
      [{ provider: "bland" }, { apiKey: /Bland API key/, webhookSecret: /signing secret/ }],
      [{ provider: "retell", apiKey: "key_x" }, { callerNumber: /Retell needs the number/ }],
      [{ provider: "vapi", apiKey: "vapi_x" }, { callerNumber: /Vapi phone number/ }],
      [
        { provider: "bland", apiKey: "k", webhookSecret: "s", callerNumber: "555 0100" },
        { callerNumber: /international format/ },
      ],
      [{ provider: "bland", apiKey: "x".repeat(501) }, { apiKey: /too long/ }],
    ];
    for (const [body, expected] of cases) {
      const { status, text } = await put(admin, org, body);
      expect(status, text).toBe(400);
      const error = JSON.parse(text).error as {
        code: string;
        details: { issues: { path: string; message: string }[] };
      };
      expect(error.code).toBe("validation_failed");
      const byField = Object.fromEntries(error.details.issues.map((i) => [i.path, i.message]));
      expect(Object.keys(byField).sort()).toEqual(Object.keys(expected).sort());
      for (const [field, pattern] of Object.entries(expected)) {
        expect(byField[field]).toMatch(pattern);
      }
    }
    const notJson = await admin.request(voicePath(org), {
      method: "PUT",
      body: "provider=bland",
      headers: { "content-type": "application/json" },
    });
    expect(notJson.status).toBe(400);
    expect(await currentRow(org)).toBeNull();
  });

  it("saves an own account encrypted, shows only the key's last four characters, and audits it", async () => {
    const account = ownBland("voice-own");
    const { status, text } = await put(team.admin.client, org, {
      provider: "bland",
      apiKey: account.apiKey,
      webhookSecret: account.webhookSecret,
      callerNumber: "+1 (415) 555-0100",
    });
    expect(status, text).toBe(200);
    const row = await currentRow(org);
    expect(row).not.toBeNull();
    const saved = JSON.parse(text) as VoiceSettings;
    expect(saved).toMatchObject({
      provider: "bland",
      usingInstallationDefault: false,
      simulated: false,
      apiKeyHint: account.apiKey.slice(-4),
      hasWebhookSecret: true,
      callerNumber: SIMULATOR_FROM_NUMBER,
      webhookUrl: `${publicUrl}/api/voice-webhooks/bland/${row!.id}`,
      updatedBy: "voice Admin",
    });
    const read = await team.owner.client.request(voicePath(org));
    const readText = await read.text();
    expect(JSON.parse(readText)).toEqual(saved);
    for (const answer of [text, readText]) {
      expect(answer).not.toContain(account.apiKey);
      expect(answer).not.toContain(account.webhookSecret);
    }

    // At rest: ciphertext only, which the installation's SECRET_KEY opens.
    const { rows } = await db.execute<{ row: string }>(
      sql`select row_to_json(v)::text as row from voice_connections v where organization_id = ${org}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.row).not.toContain(account.apiKey);
    expect(rows[0]!.row).not.toContain(account.webhookSecret);
    expect(box.decrypt(row!.apiKeyEncrypted!)).toBe(account.apiKey);
    expect(box.decrypt(row!.webhookSecretEncrypted!)).toBe(account.webhookSecret);

    // The audit trail says what changed, never the key.
    const { rows: events } = await db.execute<{ action: string; label: string; event: string }>(sql`
      select action, subject_label as label, row_to_json(a)::text as event
      from audit_events a where organization_id = ${org} and action like 'voice.%'`);
    expect(events.map((e) => [e.action, e.label])).toEqual([["voice.provider_set", "Bland"]]);
    expect(events[0]!.event).not.toContain(account.apiKey);
    expect(events[0]!.event).not.toContain(account.webhookSecret);
    expect(events[0]!.event).toContain(SIMULATOR_FROM_NUMBER);
  });

  it("verifies the saved account and lists its numbers", async () => {
    const result = await verify(team.admin.client, org);
    expect(result).toEqual({
      ok: true,
      message: "Connected to Bland: 1 phone number.",
      callerNumbers: [{ id: SIMULATOR_FROM_NUMBER, number: SIMULATOR_FROM_NUMBER, label: null }],
    });
    expect(await team.admin.client.json(`${voicePath(org)}/caller-numbers`)).toEqual({
      callerNumbers: result.callerNumbers,
    });
  });

  it("keeps the saved key when a change leaves it out, in a new connection that retires the old", async () => {
    const before = await currentRow(org);
    const { status, text } = await put(team.owner.client, org, {
      provider: "bland",
      callerNumber: null,
    });
    expect(status, text).toBe(200);
    const after = await currentRow(org);
    expect(after!.id).not.toBe(before!.id);
    expect(box.decrypt(after!.apiKeyEncrypted!)).toBe(box.decrypt(before!.apiKeyEncrypted!));
    expect(after!.callerNumber).toBeNull();
    const all = await db
      .select({ id: voiceConnections.id, retiredAt: voiceConnections.retiredAt })
      .from(voiceConnections)
      .where(eq(voiceConnections.organizationId, org));
    expect(all).toHaveLength(2);
    expect(all.find((r) => r.id === before!.id)!.retiredAt).not.toBeNull();

    // Another platform does not inherit Bland's key.
    const other = await put(team.owner.client, org, {
      provider: "retell",
      callerNumber: "+14155550100",
    });
    expect(other.status).toBe(400);
    expect(other.text).toContain("Enter your Retell API key.");
  });

  it("answers Verify with what it found, or why not — a refused key is not an error", async () => {
    const admin = team.admin.client;
    // A key the simulator did not issue: Bland's 401, in Bland's adapter's words.
    const wrong = `sim_bland_${Buffer.from("someone").toString("base64url")}.${"0".repeat(40)}`;
    expect(
      await verify(admin, org, { provider: "bland", apiKey: wrong, webhookSecret: "s" }),
    ).toEqual({
      ok: false,
      message: "Bland refused the API key. Check the Voice settings.",
      callerNumbers: null,
    });
    // Unsaved settings of another account work without saving anything.
    const current = await currentRow(org);
    const other = ownBland("voice-unsaved");
    expect(await verify(admin, org, { provider: "bland", apiKey: other.apiKey })).toMatchObject({
      ok: true,
      message: "Connected to Bland: 1 phone number.",
    });
    expect((await currentRow(org))!.id).toBe(current!.id);
    // The simulator's account for the organization.
    expect(await verify(admin, org, { provider: "bland", simulated: true })).toMatchObject({
      ok: true,
      message: expect.stringContaining("Connected to Bland"),
    });
    // Vapi played by the simulator: its one phone number, by id.
    expect(await verify(admin, org, { provider: "vapi", simulated: true })).toEqual({
      ok: true,
      message: "Connected to Vapi: 1 phone number.",
      callerNumbers: [expect.objectContaining({ id: SIMULATOR_VAPI_PHONE_NUMBER_ID })],
    });
    // A platform that cannot be reached says so.
    const unreachable = await verify(admin, org, { provider: "vapi", apiKey: "vapi_private" });
    expect(unreachable.ok).toBe(false);
    expect(unreachable.message).toMatch(/^Could not reach Vapi/);
    // Verify needs a key like Save does (a 400 under the field, not a 5xx).
    const missing = await admin.request(`${voicePath(org)}/verify`, {
      method: "POST",
      json: { provider: "retell" },
    });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Enter your Retell API key.");
  });

  it("serializes concurrent saves: one connection stays current", async () => {
    const account = ownBland("voice-race");
    const saves = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        put(i % 2 ? team.owner.client : team.admin.client, org, {
          provider: i % 3 === 0 ? "simulator" : "bland",
          apiKey: account.apiKey,
          webhookSecret: account.webhookSecret,
        }),
      ),
    );
    for (const save of saves) expect(save.status, save.text).toBe(200);
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from voice_connections where organization_id = ${org} and retired_at is null`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it("goes back to the installation's default", async () => {
    const response = await team.admin.client.request(voicePath(org), { method: "DELETE" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      provider: "simulator",
      usingInstallationDefault: true,
      webhookUrl: null,
    });
    expect(await currentRow(org)).toBeNull();
    const { rows } = await db.execute<{ action: string }>(sql`
      select action from audit_events where organization_id = ${org} and action like 'voice.%'
      order by created_at desc limit 1`);
    expect(rows[0]!.action).toBe("voice.provider_reset");
  });

  /** The simulator's record of the call placed for an attempt. */
  async function simulatorCallFor(attemptId: string) {
    const { rows } = await db.execute<{
      api_key_hash: string;
      dialect: string;
      webhooks: { url: string }[] | null;
      webhooks_sent: number;
    }>(sql`
      select api_key_hash, dialect, webhooks, webhooks_sent from call_simulator.calls
      where metadata->>'attempt_id' = ${attemptId}`);
    expect(rows).toHaveLength(1);
    return rows[0]!;
  }

  it("keeps each organization's credentials to its own calls (simulated Vapi)", async () => {
    const teams = [team, await createTeam(app.url, db, { label: "voice-b" })];
    const placed = [];
    for (const [i, t] of teams.entries()) {
      const id = t.organization.id;
      const saved = await put(t.owner.client, id, { provider: "vapi", simulated: true });
      expect(saved.status, saved.text).toBe(200);
      const connection = await currentRow(id);
      const assistant = await activeAssistant({
        url: app.url,
        db,
        secretKey: app.config.secretKey,
        owner: t.owner.client,
        organizationId: id,
      });
      const token = `apart-${i}`;
      const delivered = await assistant.deliver(
        assistant.delivery({ phone: `+1 415 555 01${50 + i}`, token }),
      );
      expect(delivered.status).toBe(200);
      placed.push({ id, connection: connection!, assistant, token });
    }
    const hashes = new Set<string>();
    for (const { id, connection, assistant, token } of placed) {
      const [call] = await assistant.settled(token, 1);
      expect(call).toMatchObject({
        status: "answered",
        voiceConnectionId: connection.id,
        simulated: true,
      });
      const simulated = await simulatorCallFor(call!.id);
      // Placed with this organization's own simulator key, and no one else's.
      expect(simulated.api_key_hash).toBe(
        apiKeyHash(simulatorAccount(app.config.secretKey, "vapi", id).apiKey),
      );
      expect(simulated.dialect).toBe("vapi");
      expect(simulated.webhooks?.[0]?.url).toBe(
        `${publicUrl}/api/voice-webhooks/vapi/${connection.id}`,
      );
      hashes.add(simulated.api_key_hash);
    }
    expect(hashes.size).toBe(2);
  });

  it("finishes a call in flight through its own connection after the organization switches", async () => {
    const t = await createTeam(app.url, db, { label: "voice-switch" });
    const id = t.organization.id;
    expect((await put(t.owner.client, id, { provider: "bland", simulated: true })).status).toBe(
      200,
    );
    const first = (await currentRow(id))!;
    const assistant = await activeAssistant({
      url: app.url,
      db,
      secretKey: app.config.secretKey,
      owner: t.owner.client,
      organizationId: id,
    });
    await assistant.deliver(assistant.delivery({ phone: "+1 415 555 0160", token: "switch-1" }));
    // Dialled and ringing: the provider has it, nothing has come back yet.
    const ringing = await waitFor(async () => {
      const [row] = await assistant.attemptsFor("switch-1");
      return row?.providerCallId && row.finalAt === null ? row : undefined;
    }, 20_000);
    expect(ringing.voiceConnectionId).toBe(first.id);

    // The organization moves to its own Bland account (another account of the simulator's).
    const own = ownBland(`voice-switch-own-${id}`);
    const switched = await put(t.admin.client, id, {
      provider: "bland",
      apiKey: own.apiKey,
      webhookSecret: own.webhookSecret,
    });
    expect(switched.status, switched.text).toBe(200);
    const second = (await currentRow(id))!;
    expect(second.id).not.toBe(first.id);
    const [still] = await db.select().from(callRecords).where(eq(callRecords.id, ringing.id));
    expect(still!.finalAt, "the call ended before the switch: the test proves nothing").toBeNull();

    // Its webhook is checked with the first connection's secret and lands.
    const [ended] = await assistant.settled("switch-1", 1);
    expect(ended).toMatchObject({ status: "answered", voiceConnectionId: first.id });
    // The simulator counts a webhook once Ringback has answered it: just after the record ends.
    const firstCall = await waitFor(async () => {
      const call = await simulatorCallFor(ended!.id);
      return call.webhooks_sent === call.webhooks!.length ? call : undefined;
    });
    expect(firstCall.webhooks![0]!.url).toContain(`/api/voice-webhooks/bland/${first.id}`);

    // The next call goes through the new connection, with its key.
    await assistant.deliver(assistant.delivery({ phone: "+1 415 555 0161", token: "switch-2" }));
    const [next] = await assistant.settled("switch-2", 1);
    expect(next).toMatchObject({ status: "answered", voiceConnectionId: second.id });
    const nextCall = await simulatorCallFor(next!.id);
    expect(nextCall.api_key_hash).toBe(apiKeyHash(own.apiKey));
    expect(nextCall.webhooks![0]!.url).toContain(`/api/voice-webhooks/bland/${second.id}`);
  });
});
