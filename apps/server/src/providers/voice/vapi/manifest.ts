import type { VoicePlatformManifest } from "@ringback/contracts";

/**
 * Vapi as the Voice page shows it, and what it does with each voice option, from its API
 * reference (CreateCallDTO's transient `assistant`: `voice.voiceId`/`voice.language`,
 * `transcriber.language`, `maxDurationSeconds`, `voicemailMessage`, the `transferCall` tool) as
 * the adapter in this folder sends them.
 */
export const vapiManifest: VoicePlatformManifest = {
  id: "vapi",
  name: "Vapi",
  description: "Vapi's voice assistants.",
  capabilities: {
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
  },
  apiKeyHelp: "In Vapi's dashboard, under API Keys: a private key, not a public one.",
  webhookSecret: {
    label: "Server secret (optional)",
    help: "Ringback sets it on each call's assistant and Vapi sends it back with every message. Leave it empty and Ringback makes one.",
    required: false,
    missing: "",
  },
  callerNumber: {
    kind: "id",
    label: "Phone number",
    help: "The Vapi phone number calls come from: press Verify to list your numbers, or enter its id.",
    placeholder: "Phone-number id",
    required: true,
    missing: "Choose the Vapi phone number calls come from: press Verify to list them.",
    malformed: "Choose one of your Vapi phone numbers (its id, as Verify lists them).",
  },
  webhookUrlHelp:
    "Vapi: nothing to paste. Ringback sets it as the server URL of each call's assistant, with the server secret.",
  docs: [{ label: "Vapi's documentation", url: "https://docs.vapi.ai" }],
};
