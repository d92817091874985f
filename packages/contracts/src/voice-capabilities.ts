import { type VoiceCapabilities, type VoiceProviderChoice, voiceOptionKeys } from "./voice.ts";

/**
 * What Bland does with each per-assistant voice option, from its Send Call
 * documentation (docs.bland.ai/api-v1/post/calls; Bland's cookbooks, github.com/Bland-com/
 * bland-ai-cookbooks): `voice`, `language`, `max_duration`, `voicemail` and
 * `transfer_phone_number`.
 */
export const BLAND_CAPABILITIES: VoiceCapabilities = {
  voice: { supported: true, note: null },
  language: {
    supported: true,
    note: "Bland takes the language without its region: Spanish (Mexico) is sent as Spanish.",
  },
  maxDuration: { supported: true, note: null },
  voicemailMessage: { supported: true, note: null },
  transfer: {
    supported: true,
    note: "Bland transfers the call when the person asks to speak to a human.",
  },
};

/**
 * What the call simulator does with them: it plays every platform's calls with the same English
 * conversations, so a voice, a language or a transfer is accepted and shown, not heard.
 */
export const SIMULATOR_CAPABILITIES: VoiceCapabilities = {
  voice: {
    supported: true,
    note: "The simulator has a few voices to choose from; its recordings are tones, not speech.",
  },
  language: {
    supported: false,
    note: "The simulator speaks English only: the language is accepted, but the conversation stays in English.",
  },
  maxDuration: {
    supported: true,
    note: "Simulated conversations are shorter than a minute, so the limit never cuts one short.",
  },
  voicemailMessage: { supported: true, note: null },
  transfer: {
    supported: false,
    note: "The simulator notes a transfer in the transcript instead of transferring. Numbers ending in 0007 ask for a person.",
  },
};

/**
 * What Vapi does with them, from its API reference (CreateCallDTO's transient `assistant`:
 * `voice.voiceId`/`voice.language`, `transcriber.language`, `maxDurationSeconds`,
 * `voicemailMessage`, the `transferCall` tool; VapiAI/docs fern/apis/api/openapi.json) as the
 * adapter (apps/server/src/providers/voice/vapi) sends them.
 */
export const VAPI_CAPABILITIES: VoiceCapabilities = {
  voice: {
    supported: true,
    note: "Vapi's own voices. Vapi's API does not list them, so the list is the one its documentation gives.",
  },
  language: {
    supported: true,
    note: "Vapi listens and speaks in the language; with no voice chosen, its default voice (Elliot) speaks it.",
  },
  maxDuration: { supported: true, note: null },
  voicemailMessage: {
    supported: true,
    note: "Vapi detects voicemail and leaves the message.",
  },
  transfer: { supported: true, note: "Vapi transfers the call with its transferCall tool." },
};

/**
 * What Retell does with them, from its API (the agent's `voice_id`, `language`,
 * `max_call_duration_ms` and `voicemail_option`, the Retell LLM's `transfer_call` tool;
 * github.com/RetellAI/retell-typescript-sdk, docs.retellai.com) as the adapter
 * (apps/server/src/providers/voice/retell) sets them on the assistant's agent.
 */
export const RETELL_CAPABILITIES: VoiceCapabilities = {
  voice: { supported: true, note: null },
  language: {
    supported: true,
    note: "Retell speaks its own list of locales: a region it does not have uses the language's main one (English (Canada) is sent as en-US).",
  },
  maxDuration: { supported: true, note: null },
  voicemailMessage: {
    supported: true,
    note: "Retell detects voicemail and leaves the message.",
  },
  transfer: { supported: true, note: "Retell transfers the call with its transfer_call tool." },
};

/** Each Voice page choice's capabilities (the Simulator choice is the simulator in Bland's dialect). */
export const VOICE_CAPABILITIES: Record<VoiceProviderChoice, VoiceCapabilities> = {
  simulator: SIMULATOR_CAPABILITIES,
  bland: BLAND_CAPABILITIES,
  vapi: VAPI_CAPABILITIES,
  retell: RETELL_CAPABILITIES,
};

/**
 * What an organization's provider does with each option: a platform played by the simulator
 * (a sandbox organization's simulated Vapi, say) honours only what both the platform and the
 * simulator do; the first that cannot says why.
 */
export function voiceCapabilitiesFor(
  provider: VoiceProviderChoice,
  simulated: boolean,
): VoiceCapabilities {
  const platform = VOICE_CAPABILITIES[provider];
  if (!simulated || provider === "simulator") return platform;
  return Object.fromEntries(
    voiceOptionKeys.map((key) => {
      const own = platform[key];
      const simulator = SIMULATOR_CAPABILITIES[key];
      return [key, !own.supported ? own : !simulator.supported ? simulator : own];
    }),
  ) as VoiceCapabilities;
}
