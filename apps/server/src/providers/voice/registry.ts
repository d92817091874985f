import {
  type VoiceCapabilities,
  type VoicePlatformId,
  type VoicePlatformManifest,
  type VoiceProviderChoice,
  voiceOptionKeys,
} from "@ringback/contracts";
import { blandManifest } from "./bland/manifest.ts";
import { retellManifest } from "./retell/manifest.ts";
import { simulatorManifest } from "./simulator/manifest.ts";
import { vapiManifest } from "./vapi/manifest.ts";

/**
 * Every voice platform's manifest, one folder each (providers/voice/<id>/manifest.ts): the
 * Voice page's card and fields, the option rules the Voice settings check, and what each does
 * with the assistants' voice options (ADR 0027). Served by GET /api/integrations.
 */
export const voicePlatformManifests: Record<VoicePlatformId, VoicePlatformManifest> = {
  bland: blandManifest,
  vapi: vapiManifest,
  retell: retellManifest,
};

export { simulatorManifest };

/**
 * What an organization's provider does with each option: a platform played by the simulator
 * (a sandbox organization's simulated Vapi, say) honours only what both the platform and the
 * simulator do; the first that cannot says why. The Simulator choice is the simulator itself.
 */
export function voiceCapabilitiesFor(
  provider: VoiceProviderChoice,
  simulated: boolean,
): VoiceCapabilities {
  if (provider === "simulator") return simulatorManifest.capabilities;
  const platform = voicePlatformManifests[provider].capabilities;
  if (!simulated) return platform;
  return Object.fromEntries(
    voiceOptionKeys.map((key) => {
      const own = platform[key];
      const simulator = simulatorManifest.capabilities[key];
      return [key, !own.supported ? own : !simulator.supported ? simulator : own];
    }),
  ) as VoiceCapabilities;
}
