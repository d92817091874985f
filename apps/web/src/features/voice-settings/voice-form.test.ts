import type { VoiceSettings } from "@ringback/contracts";
import { describe, expect, it } from "vitest";
import { initialForm, savedMatches, toRequest, webhookUrlHelp } from "./voice-form";

/** A platform with a webhook secret of its own, and one that signs with its API key. */
const withSecret = {
  webhookSecret: { label: "Secret", help: "", required: true, missing: "Enter it." },
  webhookUrlHelp: "Nothing to paste: Ringback sends this URL with every call.",
};
const signsWithKey = { webhookSecret: null, webhookUrlHelp: "Set on the agent." };

const settings = (over: Partial<VoiceSettings>): VoiceSettings => ({
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
  ...over,
});

describe("the Voice page's form", () => {
  it("opens on the saved choice, never with a key in it", () => {
    const saved = settings({
      provider: "vapi",
      usingInstallationDefault: false,
      simulated: false,
      apiKeyHint: "3kF9",
      hasWebhookSecret: true,
      callerNumber: "pn_1",
    });
    const form = initialForm(saved);
    expect(form).toEqual({
      provider: "vapi",
      simulated: false,
      apiKey: "",
      webhookSecret: "",
      callerNumber: "pn_1",
    });
    expect(savedMatches(saved, form)).toBe(true);
    expect(savedMatches(saved, { ...form, simulated: true })).toBe(false);
    expect(savedMatches(saved, { ...form, provider: "retell" })).toBe(false);
  });

  it("opens on the installation's default, offering the organization's own Bland account", () => {
    const form = initialForm(
      settings({ provider: "bland", installationDefault: "bland", simulated: false }),
    );
    expect(form).toMatchObject({ provider: "bland", simulated: false, callerNumber: "" });
    expect(savedMatches(settings({ provider: "bland" }), form)).toBe(false);
    expect(initialForm(settings({ provider: null, installationDefault: null })).provider).toBe(
      "simulator",
    );
  });

  it("asks for nothing for the simulator's accounts", () => {
    const base = { apiKey: "typed", webhookSecret: "s", callerNumber: "+1" };
    expect(toRequest({ provider: "simulator", simulated: false, ...base }, withSecret)).toEqual({
      provider: "simulator",
      simulated: false,
    });
    expect(toRequest({ provider: "vapi", simulated: true, ...base }, withSecret)).toEqual({
      provider: "vapi",
      simulated: true,
    });
  });

  it("leaves out an empty key or secret (the saved one is kept) and sends no secret for a platform that signs with its key", () => {
    expect(
      toRequest(
        {
          provider: "bland",
          simulated: false,
          apiKey: "  ",
          webhookSecret: "",
          callerNumber: " +14155550123 ",
        },
        withSecret,
      ),
    ).toEqual({ provider: "bland", simulated: false, callerNumber: "+14155550123" });
    expect(
      toRequest(
        {
          provider: "retell",
          simulated: false,
          apiKey: "key_abc",
          webhookSecret: "ignored",
          callerNumber: "",
        },
        signsWithKey,
      ),
    ).toEqual({ provider: "retell", simulated: false, apiKey: "key_abc", callerNumber: null });
  });

  it("says where the platform's webhook URL goes, or that the simulator sends there itself", () => {
    expect(webhookUrlHelp({ provider: "retell", simulated: false }, signsWithKey)).toBe(
      "Set on the agent.",
    );
    expect(webhookUrlHelp({ provider: "bland", simulated: false }, withSecret)).toMatch(
      /every call/,
    );
    expect(webhookUrlHelp({ provider: "bland", simulated: true }, withSecret)).toMatch(/simulator/);
  });
});
