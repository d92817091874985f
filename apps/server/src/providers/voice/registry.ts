import {
  type VoiceCapabilities,
  type VoicePlatformId,
  type VoicePlatformManifest,
  type VoiceProviderChoice,
  voiceOptionKeys,
} from "@ringback/contracts";
import type { Config } from "../../config/env.ts";
import type { QueueJob } from "../../queue/queue.ts";
import { bland } from "./bland/index.ts";
import type { VoiceAdapterFactory, VoicePlatformModule } from "./platform-module.ts";
import { retell } from "./retell/index.ts";
import {
  simulatorAccount,
  simulatorApiUrl,
  simulatorCredentials,
} from "./simulator/credentials.ts";
import { simulatorManifest } from "./simulator/manifest.ts";
import { sandboxBlandCallJob } from "./simulator/play.job.ts";
import { vapi } from "./vapi/index.ts";

/**
 * Every voice platform Ringback places calls through, one folder each (providers/voice/<id>/).
 * From this list the server builds each connection's adapter, mounts the call simulator's face of
 * each platform where sandboxes may run, and serves the manifests (GET /api/integrations): the
 * Voice page's card and fields, the option rules the Voice settings check, and what each platform
 * does with the assistants' voice options (ADR 0027).
 */
export const voicePlatforms: Record<VoicePlatformId, VoicePlatformModule> = { bland, vapi, retell };

export const voicePlatformManifests = Object.fromEntries(
  Object.entries(voicePlatforms).map(([id, platform]) => [id, platform.manifest]),
) as Record<VoicePlatformId, VoicePlatformManifest>;

/** Each platform's adapter factory, by id. */
export const voiceAdapterFactories = Object.fromEntries(
  Object.entries(voicePlatforms).map(([id, platform]) => [id, platform.create]),
) as Record<VoicePlatformId, VoiceAdapterFactory>;

/**
 * The call simulator as the voice registry needs it (domain/voice/voice-providers.ts): where each
 * platform's face of it is, the installation's own account, and an organization's account with
 * the caller number it dials from.
 */
export function callSimulatorFor(config: Pick<Config, "publicUrl" | "secretKey">) {
  return {
    apiUrl: (platform: VoicePlatformId) => simulatorApiUrl(config.publicUrl, platform),
    installationAccount: simulatorCredentials(config.secretKey),
    account: (platform: VoicePlatformId, organizationId: string) => ({
      ...simulatorAccount(config.secretKey, platform, organizationId),
      callerNumber: voicePlatforms[platform].sandbox.callerNumber,
    }),
  };
}

/** The call simulator every platform's sandbox shares: its manifest and the job that plays calls. */
export { simulatorManifest };
// biome-ignore lint/suspicious/noExplicitAny: each job has its own payload type.
export const callSimulatorJobs: QueueJob<any>[] = [sandboxBlandCallJob];

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
