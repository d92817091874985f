import type { UpdateVoiceSettings } from "@ringback/contracts";
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/app-error.ts";
import { createSecretBox } from "../../lib/secret-box.ts";
import { SIMULATOR_FROM_NUMBER } from "../../providers/voice/simulator/call.ts";
import { simulatorAccount } from "../../providers/voice/simulator/credentials.ts";
import { SIMULATOR_VAPI_PHONE_NUMBER_ID } from "../../providers/voice/vapi/sandbox/call.ts";
import type { VoiceConnectionRow, VoiceProviders } from "./voice-providers.ts";
import { resolveVoiceAccount } from "./voice-settings.ts";

const secretKey = "test-secret-key-for-voice-settings-0123456789";
const box = createSecretBox(secretKey);
const organizationId = "5b0c4a4e-5a43-4d55-9a35-7d4c1f0e2a11";

function deps(simulatorAvailable: boolean) {
  // The simulator's accounts as services.ts builds them.
  const simulatedAccount: VoiceProviders["simulatedAccount"] = (platform, organization) => ({
    ...simulatorAccount(secretKey, platform, organization),
    callerNumber: platform === "vapi" ? SIMULATOR_VAPI_PHONE_NUMBER_ID : SIMULATOR_FROM_NUMBER,
  });
  return { box, secretKey, voices: { simulatorAvailable, simulatedAccount } as VoiceProviders };
}

function resolve(
  settings: Partial<UpdateVoiceSettings> & Pick<UpdateVoiceSettings, "provider">,
  options: {
    current?: VoiceConnectionRow | null;
    purpose?: "save" | "verify";
    simulator?: boolean;
  } = {},
) {
  return resolveVoiceAccount(deps(options.simulator ?? true), {
    organizationId,
    settings: { simulated: false, ...settings },
    current: options.current ?? null,
    purpose: options.purpose ?? "save",
  });
}

/** The field issues of a refused request. */
function issues(run: () => unknown): Record<string, string> {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    const list = ((error as AppError).details as { issues: { path: string; message: string }[] })
      .issues;
    return Object.fromEntries(list.map((i) => [i.path, i.message]));
  }
  throw new Error("Expected a validation error");
}

function savedRow(over: Partial<VoiceConnectionRow>): VoiceConnectionRow {
  return {
    id: "0d5e3b7c-3f4e-4d9a-8a8b-0b8f8c1e6f01",
    organizationId,
    provider: "bland",
    simulated: false,
    apiKeyEncrypted: box.encrypt("org_live_key_3kF9"),
    apiKeyHint: "3kF9",
    webhookSecretEncrypted: box.encrypt("whsec_saved"),
    callerNumber: "+14155550199",
    createdByUserId: null,
    createdAt: new Date(),
    retiredAt: null,
    ...over,
  };
}

describe("the Voice page's rules (resolveVoiceAccount)", () => {
  it("gives a simulated platform the simulator's account for this organization", () => {
    const bland = resolve({ provider: "bland", simulated: true, apiKey: "ignored" });
    expect(bland).toEqual({
      choice: "bland",
      simulated: true,
      ...simulatorAccount(secretKey, "bland", organizationId),
      callerNumber: SIMULATOR_FROM_NUMBER,
      apiKeyHint: null,
    });
    const simulator = resolve({ provider: "simulator" });
    expect(simulator.apiKey).toBe(bland.apiKey);
    expect(simulator.simulated).toBe(true);

    const vapi = resolve({ provider: "vapi", simulated: true });
    expect(vapi.apiKey).toBe(simulatorAccount(secretKey, "vapi", organizationId).apiKey);
    // A server secret of Ringback's own, set on each call's assistant.
    expect(vapi.webhookSecret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(vapi.callerNumber).toBe(SIMULATOR_VAPI_PHONE_NUMBER_ID);
    const retell = resolve({ provider: "retell", simulated: true });
    expect(retell.webhookSecret).toBeNull();
    expect(retell.callerNumber).toBe(SIMULATOR_FROM_NUMBER);
  });

  it("refuses the simulator where the installation does not run it", () => {
    expect(issues(() => resolve({ provider: "simulator" }, { simulator: false }))).toEqual({
      provider: expect.stringMatching(/not available/),
    });
    expect(
      issues(() => resolve({ provider: "vapi", simulated: true }, { simulator: false })),
    ).toEqual({ simulated: expect.stringMatching(/Use your own Vapi account/) });
  });

  it("needs each platform's own credentials, every missing one under its field", () => {
    expect(issues(() => resolve({ provider: "bland" }))).toEqual({
      apiKey: "Enter your Bland API key.",
      webhookSecret: expect.stringMatching(/signing secret/),
    });
    expect(issues(() => resolve({ provider: "retell", apiKey: "key" }))).toEqual({
      callerNumber: expect.stringMatching(/Retell needs the number/),
    });
    expect(issues(() => resolve({ provider: "vapi", apiKey: "key" }))).toEqual({
      callerNumber: expect.stringMatching(/Vapi phone number/),
    });
    expect(
      issues(() =>
        resolve({ provider: "bland", apiKey: "k", webhookSecret: "s", callerNumber: "555-0100" }),
      ),
    ).toEqual({ callerNumber: expect.stringMatching(/international format/) });
  });

  it("normalizes a caller number and keeps the last four characters of the key as its hint", () => {
    const account = resolve({
      provider: "retell",
      apiKey: "key_retell_abcd",
      callerNumber: "+1 (415) 555-0123",
    });
    expect(account).toMatchObject({
      apiKey: "key_retell_abcd",
      apiKeyHint: "abcd",
      webhookSecret: null,
      callerNumber: "+14155550123",
    });
  });

  it("makes a Vapi server secret when none is given, and keeps a given one", () => {
    const made = resolve({ provider: "vapi", apiKey: "k", callerNumber: "pn-1" });
    expect(made.webhookSecret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const given = resolve({
      provider: "vapi",
      apiKey: "k",
      webhookSecret: "my-secret",
      callerNumber: "pn-1",
    });
    expect(given.webhookSecret).toBe("my-secret");
  });

  it("keeps the saved key, secret and number for the same platform, and only for it", () => {
    const current = savedRow({});
    expect(resolve({ provider: "bland" }, { current })).toMatchObject({
      apiKey: "org_live_key_3kF9",
      webhookSecret: "whsec_saved",
      callerNumber: "+14155550199",
      apiKeyHint: "3kF9",
    });
    // Another platform: Bland's key is not Retell's.
    expect(issues(() => resolve({ provider: "retell" }, { current }))).toMatchObject({
      apiKey: "Enter your Retell API key.",
    });
    // A simulated connection's key is the simulator's, never carried to a real account.
    const simulated = savedRow({ simulated: true });
    expect(issues(() => resolve({ provider: "bland" }, { current: simulated }))).toMatchObject({
      apiKey: "Enter your Bland API key.",
    });
    // An explicit empty caller number means the account's default.
    expect(resolve({ provider: "bland", callerNumber: null }, { current }).callerNumber).toBeNull();
  });

  it("asks Verify for a key only: the secret and the number come after", () => {
    const account = resolve({ provider: "vapi", apiKey: "k" }, { purpose: "verify" });
    expect(account).toMatchObject({ apiKey: "k", webhookSecret: null, callerNumber: null });
    expect(resolve({ provider: "bland", apiKey: "k" }, { purpose: "verify" }).webhookSecret).toBe(
      null,
    );
    expect(issues(() => resolve({ provider: "retell" }, { purpose: "verify" }))).toEqual({
      apiKey: "Enter your Retell API key.",
    });
  });
});
