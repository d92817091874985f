import type { VoiceSimulatorManifest } from "@ringback/contracts";

/**
 * The call simulator as the Voice page shows it. It plays every platform's calls with the same
 * English conversations, so a voice, a language or a transfer is accepted and shown, not heard.
 */
export const simulatorManifest: VoiceSimulatorManifest = {
  name: "Simulator",
  description: "Ringback's built-in stand-in: calls play out offline, no phone rings.",
  capabilities: {
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
  },
};
