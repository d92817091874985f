import {
  voiceOptionKeys,
  voicePlatformIds,
  voicePlatformManifestSchema,
  voiceSimulatorManifestSchema,
} from "@ringback/contracts";
import { describe, expect, it } from "vitest";
import { simulatorManifest, voiceCapabilitiesFor, voicePlatformManifests } from "./registry.ts";

describe("the voice platforms' manifests", () => {
  it("one per platform, each valid, saying what it does with every option", () => {
    expect(Object.keys(voicePlatformManifests).sort()).toEqual([...voicePlatformIds].sort());
    for (const [id, manifest] of Object.entries(voicePlatformManifests)) {
      expect(voicePlatformManifestSchema.parse(manifest)).toEqual(manifest);
      expect(manifest.id).toBe(id);
    }
    expect(voiceSimulatorManifestSchema.parse(simulatorManifest)).toEqual(simulatorManifest);
    for (const { capabilities } of [...Object.values(voicePlatformManifests), simulatorManifest]) {
      expect(Object.keys(capabilities).sort()).toEqual([...voiceOptionKeys].sort());
      // An option a provider cannot honour always says why.
      for (const c of Object.values(capabilities)) if (!c.supported) expect(c.note).toBeTruthy();
    }
  });

  it("a secret the business must give says what a save without it is told", () => {
    for (const manifest of Object.values(voicePlatformManifests)) {
      if (manifest.webhookSecret?.required) expect(manifest.webhookSecret.missing).toMatch(/\.$/);
      if (manifest.callerNumber.required) expect(manifest.callerNumber.missing).toMatch(/\.$/);
      expect(manifest.callerNumber.malformed).toMatch(/\.$/);
    }
  });

  it("of a simulated platform are what both it and the simulator honour", () => {
    const vapi = voicePlatformManifests.vapi.capabilities;
    const retell = voicePlatformManifests.retell.capabilities;
    const simulator = simulatorManifest.capabilities;
    expect(voiceCapabilitiesFor("vapi", false)).toBe(vapi);
    expect(voiceCapabilitiesFor("simulator", true)).toBe(simulator);
    expect(voiceCapabilitiesFor("simulator", false)).toBe(simulator);
    const simulatedRetell = voiceCapabilitiesFor("retell", true);
    expect(simulatedRetell.transfer).toEqual(simulator.transfer);
    expect(simulatedRetell.language.supported).toBe(simulator.language.supported);
    expect(simulatedRetell.maxDuration).toEqual(retell.maxDuration);
  });
});
