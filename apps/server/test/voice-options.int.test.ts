import type { Assistant, VoiceOptionsResponse } from "@ringback/contracts";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, simulatorCalls, voiceConnections } from "../src/db/schema/index.ts";
import { createSecretBox } from "../src/lib/secret-box.ts";
import { simulatorManifest, voiceCapabilitiesFor } from "../src/providers/voice/registry.ts";
import { simulatorAccount } from "../src/providers/voice/simulator/credentials.ts";
import { activeAssistant } from "./call-helpers.ts";
import { startTestRingback } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";

/**
 * Each assistant's voice options (voice, language, longest call, transfer number,
 * voicemail) are saved and read with the call settings, validated and audited like them; the
 * wizard lists the organization's provider's voices; and a placed call carries the options in
 * the provider's own terms (what the call simulator received: call_simulator.calls.request).
 */
describe("per-assistant voice options", async () => {
  const app = await startTestRingback({
    env: { CODE_SENDS_PER_IP: "1000", CALL_SIMULATOR_RING_MS: "30", CALL_SIMULATOR_TURN_MS: "10" },
  });
  const db = app.database.db;
  const box = createSecretBox(app.config.secretKey);
  const team = await createTeam(app.url, db, { label: "voices" });
  const org = team.organization.id;
  const owner = team.owner.client;
  const base = `/api/organizations/${org}`;
  const assistant = await activeAssistant({
    url: app.url,
    db,
    secretKey: app.config.secretKey,
    owner,
    organizationId: org,
  });
  const { path } = assistant;

  const read = async () => (await owner.json<Assistant>(path)).call_settings;
  // (activeAssistant retries at once, below what the API accepts: 1 minute.)
  const put = (json: Record<string, unknown>) =>
    owner.request(`${path}/settings`, { method: "PUT", json: { ...json, retryDelayMinutes: 1 } });

  /** The request body the simulator received for a submission's (one) call. */
  async function placedRequest(token: string) {
    const [call] = await assistant.settled(token, 1);
    expect(call!.providerCallId).toBeTruthy();
    const [simulated] = await db
      .select()
      .from(simulatorCalls)
      .where(eq(simulatorCalls.callId, call!.providerCallId!));
    return { call: call!, simulated: simulated!, request: simulated!.request! };
  }

  it("starts from the providers' defaults and 10 minutes", async () => {
    expect(await read()).toMatchObject({
      voice: null,
      language: null,
      maxCallMinutes: 10,
      transferNumber: null,
      voicemailAction: "hang_up",
    });
  });

  it("lists the voices of the organization's provider: the simulator, in Bland's dialect", async () => {
    const body = await owner.json<VoiceOptionsResponse>(`${base}/voice/voices`);
    expect(body).toMatchObject({
      provider: "simulator",
      platform: "bland",
      simulated: true,
      voiceSource: "simulated-bland",
      capabilities: simulatorManifest.capabilities,
      message: null,
    });
    expect(body.voices.map((v) => v.id)).toEqual(
      expect.arrayContaining(["sim-voice-ava", "sim-voice-ben"]),
    );
    expect(body.voices.find((v) => v.id === "sim-voice-ava")).toMatchObject({ name: "Ava" });
    // Owners and admins choose voices; members and strangers cannot list them.
    expect((await team.admin.client.request(`${base}/voice/voices`)).status).toBe(200);
    expect((await team.member.client.request(`${base}/voice/voices`)).status).toBe(403);
    const stranger = await createTeam(app.url, db, { label: "voices-stranger" });
    expect((await stranger.owner.client.request(`${base}/voice/voices`)).status).toBe(404);
  });

  it("saves and reads the options, and audits each change", async () => {
    const current = await read();
    const response = await put({
      ...current,
      voice: { provider: "simulated-bland", id: "sim-voice-ava", name: "Ava" },
      language: "es-MX",
      maxCallMinutes: 5,
      transferNumber: " +44 20 7946 0958 ",
      voicemailAction: "leave_message",
      voicemailMessage: "Hola, le llamaremos de nuevo.",
    });
    expect(response.status).toBe(200);
    const saved = ((await response.json()) as Assistant).call_settings;
    const expected = {
      voice: { provider: "simulated-bland", id: "sim-voice-ava", name: "Ava" },
      language: "es-MX",
      maxCallMinutes: 5,
      transferNumber: "+442079460958",
      voicemailAction: "leave_message",
      voicemailMessage: "Hola, le llamaremos de nuevo.",
    };
    expect(saved).toMatchObject(expected);
    expect(await read()).toMatchObject(expected);

    const [event] = await db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.organizationId, org),
          eq(auditEvents.action, "assistant.settings_changed"),
        ),
      )
      .orderBy(desc(auditEvents.createdAt))
      .limit(1);
    expect(event).toMatchObject({
      subjectId: assistant.assistantId,
      before: { voice: null, language: null, maxCallMinutes: 10, transferNumber: null },
      after: {
        voice: "Ava (Simulator)",
        language: "es-MX",
        maxCallMinutes: 5,
        transferNumber: "+442079460958",
      },
    });
  });

  it("keeps the saved options when an older client leaves them out", async () => {
    const {
      voice: _voice,
      language: _language,
      maxCallMinutes: _max,
      transferNumber: _transfer,
      ...old
    } = await read();
    expect((await put({ ...old, maxAttempts: 2 })).status).toBe(200);
    expect(await read()).toMatchObject({
      maxAttempts: 2,
      voice: { id: "sim-voice-ava" },
      language: "es-MX",
      maxCallMinutes: 5,
      transferNumber: "+442079460958",
    });
  });

  it("refuses what no provider can take, with the field's error, and changes nothing", async () => {
    const before = await read();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ maxCallMinutes: 0 }, "maxCallMinutes", /between 1 and 30 minutes/],
      [{ maxCallMinutes: 31 }, "maxCallMinutes", /between 1 and 30 minutes/],
      [{ maxCallMinutes: 2.5 }, "maxCallMinutes", /between 1 and 30 minutes/],
      [{ language: "tlh-QO" }, "language", /Choose a language from the list/],
      [{ transferNumber: "020 7946 0958" }, "transferNumber", /country code/],
      [{ transferNumber: "+1 555" }, "transferNumber", /country code/],
      [{ voice: { provider: "acme", id: "x", name: "X" } }, "voice.provider", /voice/],
      [{ voice: { provider: "bland", id: " ", name: "X" } }, "voice.id", /voice/],
    ];
    for (const [change, field, message] of cases) {
      const response = await put({ ...before, ...change });
      expect(response.status, JSON.stringify(change)).toBe(400);
      const body = (await response.json()) as {
        error: { code: string; message: string; details: { issues: { path: string }[] } };
      };
      expect(body.error.code).toBe("validation_failed");
      expect(body.error.message).toMatch(message);
      expect(body.error.details.issues[0]!.path).toBe(field);
    }
    expect(await read()).toEqual({ ...before, retryDelayMinutes: 1 });
  });

  it("places the call with the options in Bland's terms (through the simulator)", async () => {
    const token = "voice-options-1";
    await assistant.deliver(assistant.delivery({ phone: "+1 415 555 0152", token }));
    const { call, simulated, request } = await placedRequest(token);
    expect(call.status).toBe("answered");
    expect(simulated.dialect).toBe("bland");
    // Bland's Send Call: voice id, language without its region (babel-…), minutes, transfer.
    expect(request).toMatchObject({
      voice: "sim-voice-ava",
      language: "babel-es",
      max_duration: 5,
      transfer_phone_number: "+442079460958",
      voicemail: { action: "leave_message", message: "Hola, le llamaremos de nuevo." },
    });
  });

  it("does not give a call a voice chosen from another list (the provider's default speaks)", async () => {
    const current = await read();
    // Chosen when the organization used Bland itself: the simulator does not know it.
    const chosen = { provider: "bland", id: "maya", name: "Maya" };
    expect((await put({ ...current, voice: chosen, transferNumber: null })).status).toBe(200);
    expect((await read()).voice).toEqual(chosen);
    const token = "voice-options-2";
    await assistant.deliver(assistant.delivery({ phone: "+1 415 555 0153", token }));
    const { call, request } = await placedRequest(token);
    expect(call.status).toBe("answered");
    expect(request).not.toHaveProperty("voice");
    expect(request).not.toHaveProperty("transfer_phone_number");
    expect(request).toMatchObject({ language: "babel-es", max_duration: 5 });
  });

  it("lists a simulated Vapi's voices and places its calls in Vapi's terms", async () => {
    const account = simulatorAccount(app.config.secretKey, "vapi", org);
    const [connection] = await db
      .insert(voiceConnections)
      .values({
        organizationId: org,
        provider: "vapi",
        simulated: true,
        apiKeyEncrypted: box.encrypt(account.apiKey),
        apiKeyHint: account.apiKey.slice(-4),
        webhookSecretEncrypted: box.encrypt(account.webhookSecret),
      })
      .returning();
    try {
      const body = await owner.json<VoiceOptionsResponse>(`${base}/voice/voices`);
      expect(body).toMatchObject({
        provider: "vapi",
        platform: "vapi",
        simulated: true,
        voiceSource: "simulated-vapi",
        capabilities: voiceCapabilitiesFor("vapi", true),
      });
      // The simulator cannot transfer: said, not dropped.
      expect(body.capabilities!.transfer.supported).toBe(false);
      const elliot = body.voices.find((v) => v.id === "Elliot");
      expect(elliot).toBeTruthy();

      const current = await read();
      expect(
        (
          await put({
            ...current,
            voice: { provider: "simulated-vapi", id: elliot!.id, name: elliot!.name },
            language: "de-DE",
            maxCallMinutes: 7,
            transferNumber: "+14155550199",
          })
        ).status,
      ).toBe(200);
      const token = "voice-options-vapi";
      await assistant.deliver(assistant.delivery({ phone: "+1 415 555 0154", token }));
      const { simulated, request } = await placedRequest(token);
      expect(simulated.dialect).toBe("vapi");
      // Vapi's create-call: an inline assistant with its voice, transcriber language, seconds.
      const inline = request.assistant as Record<string, unknown>;
      expect(inline).toMatchObject({
        voice: { voiceId: "Elliot" },
        transcriber: { language: "de" },
        maxDurationSeconds: 420,
      });
      expect(JSON.stringify(inline)).toContain("+14155550199");
    } finally {
      await db
        .update(voiceConnections)
        .set({ retiredAt: new Date() })
        .where(eq(voiceConnections.id, connection!.id));
    }
  });

  it("says the provider's refusal as a 502 with its words", async () => {
    const [connection] = await db
      .insert(voiceConnections)
      .values({
        organizationId: org,
        provider: "bland",
        simulated: true,
        apiKeyEncrypted: box.encrypt("sim_bland_not-a-key.0000"),
        apiKeyHint: "0000",
        webhookSecretEncrypted: box.encrypt("whatever"),
      })
      .returning();
    try {
      const response = await owner.request(`${base}/voice/voices`);
      expect(response.status).toBe(502);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("provider_error");
      expect(body.error.message).toMatch(/Bland refused the API key/);
    } finally {
      await db
        .update(voiceConnections)
        .set({ retiredAt: new Date() })
        .where(eq(voiceConnections.id, connection!.id));
    }
    // Back on the installation's default, the list is there again.
    expect((await owner.request(`${base}/voice/voices`)).status).toBe(200);
  });
});

describe("voice options without any voice provider", async () => {
  // No sandboxes and no BLAND_* keys: organizations that chose nothing have no provider.
  const app = await startTestRingback({
    env: {
      CODE_SENDS_PER_IP: "1000",
      SANDBOX: "false",
      TYPEFORM_CLIENT_ID: "client-id",
      TYPEFORM_CLIENT_SECRET: "client-secret",
    },
  });

  it("answers an empty list and says why", async () => {
    const team = await createTeam(app.url, app.database.db, { label: "no-voice" });
    const body = await team.owner.client.json<VoiceOptionsResponse>(
      `/api/organizations/${team.organization.id}/voice/voices`,
    );
    expect(body).toMatchObject({
      provider: null,
      platform: null,
      voiceSource: null,
      capabilities: null,
      voices: [],
    });
    expect(body.message).toMatch(/No voice provider is set up/);
  });
});
