import { type VoiceOptionsResponse, voiceSourceOf } from "@ringback/contracts";
import { Hono } from "hono";
import type { Database } from "../../db/database.ts";
import type { VoiceProviders } from "../../domain/voice/voice-providers.ts";
import { AppError } from "../../lib/app-error.ts";
import { voiceCapabilitiesFor } from "../../providers/voice/registry.ts";
import { VoiceProviderError } from "../../providers/voice/voice-provider.ts";
import { type TenantVariables, withOrganization } from "../middleware/tenancy.ts";

/** Why the wizard has no voices to offer. */
export const NO_VOICE_PROVIDER_MESSAGE =
  "No voice provider is set up, so there are no voices to choose from. An owner or admin can choose one in Settings → Voice.";

/**
 * /api/organizations/:organizationId/voice/voices — the organization's current voice provider
 * and its own list of voices, for the wizard's Advanced area: fetched through the
 * provider's API each time (a provider's refusal is a 502 with its worded message), with what
 * the provider does with each voice option.
 */
export function voiceOptionsRoutes(deps: { db: Database; voices: VoiceProviders }) {
  const { db, voices } = deps;
  return new Hono<{ Variables: TenantVariables }>().get(
    "/",
    withOrganization(db, "assistants:manage"),
    async (c) => {
      const voice = await voices.forOrganization(db, c.get("organizationId"));
      if (!voice) {
        const none: VoiceOptionsResponse = {
          provider: null,
          platform: null,
          simulated: false,
          voiceSource: null,
          capabilities: null,
          voices: [],
          message: NO_VOICE_PROVIDER_MESSAGE,
        };
        return c.json(none);
      }
      let list: VoiceOptionsResponse["voices"];
      try {
        list = await voice.provider.listVoices();
      } catch (error) {
        if (error instanceof VoiceProviderError) {
          throw new AppError("provider_error", error.message);
        }
        throw error;
      }
      const body: VoiceOptionsResponse = {
        provider: voice.choice,
        platform: voice.provider.id,
        simulated: voice.simulated,
        voiceSource: voiceSourceOf(voice.provider.id, voice.simulated),
        capabilities: voiceCapabilitiesFor(voice.choice, voice.simulated),
        voices: list,
        message: null,
      };
      return c.json(body);
    },
  );
}
