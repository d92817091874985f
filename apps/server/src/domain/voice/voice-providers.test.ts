import { describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { strictOutboundClient } from "../../lib/outbound-http.ts";
import { createSecretBox } from "../../lib/secret-box.ts";
import {
  simulatorApiUrl,
  simulatorCredentials,
} from "../../providers/voice/simulator/credentials.ts";
import type { VoiceProvider } from "../../providers/voice/voice-provider.ts";
import {
  createVoiceProviders,
  platformOf,
  type VoiceAdapterFactory,
  type VoiceProvidersOptions,
  voiceWebhookUrl,
} from "./voice-providers.ts";

const SECRET = "s".repeat(40);

/** Adapters that remember what they were built with. */
function recordingAdapters() {
  const built: { platform: string; options: Parameters<VoiceAdapterFactory>[0] }[] = [];
  const factory =
    (platform: "bland" | "vapi" | "retell"): VoiceAdapterFactory =>
    (options) => {
      built.push({ platform, options });
      return { id: platform, simulator: options.simulator } as unknown as VoiceProvider;
    };
  return {
    built,
    adapters: { bland: factory("bland"), vapi: factory("vapi"), retell: factory("retell") },
  };
}

function registry(overrides: Partial<VoiceProvidersOptions>) {
  const { built, adapters } = recordingAdapters();
  const voices = createVoiceProviders({
    db: {} as Database,
    box: createSecretBox(SECRET),
    publicUrl: "https://ringback.example.com/",
    simulator: {
      apiUrl: (platform) => simulatorApiUrl("https://ringback.example.com/", platform),
      installationAccount: simulatorCredentials(SECRET),
      account: () => ({ apiKey: "sim", webhookSecret: "s", callerNumber: "+14155550100" }),
    },
    adapters,
    apiUrls: {
      bland: "https://bland.proxy.test",
      vapi: "https://api.vapi.ai",
      retell: "https://api.retellai.com",
    },
    bland: null,
    simulatorAvailable: true,
    timeoutMs: 1000,
    outbound: strictOutboundClient,
    agentStore: () => ({
      get: async () => null,
      save: async () => undefined,
      withLock: (_id, fn) => fn(),
    }),
    ...overrides,
  });
  return { voices, built };
}

describe("voice providers", () => {
  it("names the connection in the webhook URL, `default` for the installation's", () => {
    expect(voiceWebhookUrl("https://r.example/", "vapi", "c1")).toBe(
      "https://r.example/api/voice-webhooks/vapi/c1",
    );
    expect(voiceWebhookUrl("https://r.example", "bland", null)).toBe(
      "https://r.example/api/voice-webhooks/bland/default",
    );
    expect(platformOf("simulator")).toBe("bland");
    expect(platformOf("retell")).toBe("retell");
  });

  it("defaults to the installation's Bland account when BLAND_* are set", async () => {
    const { voices, built } = registry({ bland: { apiKey: "bk", webhookSecret: "bs" } });
    expect(voices.installationDefault).toBe("bland");
    const resolved = await voices.forConnection(null);
    expect(resolved).toMatchObject({ connectionId: null, choice: "bland", simulated: false });
    expect(built[0]!.options).toMatchObject({
      apiKey: "bk",
      webhookSecret: "bs",
      apiUrl: "https://bland.proxy.test",
      simulator: false,
    });
    expect(resolved!.webhookUrl).toBe(
      "https://ringback.example.com/api/voice-webhooks/bland/default",
    );
    // Built once.
    await voices.forConnection(null);
    expect(built).toHaveLength(1);
  });

  it("defaults to the simulator's installation account without keys, where sandboxes run", async () => {
    const { voices, built } = registry({});
    expect(voices.installationDefault).toBe("simulator");
    const resolved = await voices.forConnection(null);
    expect(resolved).toMatchObject({ choice: "simulator", simulated: true });
    expect(built[0]!.options).toMatchObject({
      ...simulatorCredentials(SECRET),
      apiUrl: "https://ringback.example.com/sandbox/bland",
      simulator: true,
    });
  });

  it("has no default at all without keys where sandboxes may not run", async () => {
    const { voices } = registry({ simulatorAvailable: false });
    expect(voices.installationDefault).toBeNull();
    expect(await voices.forConnection(null)).toBeNull();
  });

  it("builds a simulated platform against the simulator's dialect, a real one against the vendor", () => {
    const { voices, built } = registry({});
    const scope = { organizationId: "org", connectionId: "c1" };
    const account = { apiKey: "k", webhookSecret: null, callerNumber: "pn_1" };
    voices.build({ ...account, choice: "vapi", simulated: true }, scope);
    voices.build({ ...account, choice: "retell", simulated: false }, scope);
    expect(built.map((b) => [b.platform, b.options.apiUrl, b.options.callerNumber])).toEqual([
      ["vapi", "https://ringback.example.com/sandbox/vapi", "pn_1"],
      ["retell", "https://api.retellai.com", "pn_1"],
    ]);
  });
});
