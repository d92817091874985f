import type { VoicePlatformManifest } from "@ringback/contracts";

/**
 * Retell as the Voice page shows it, and what it does with each voice option, from its API (the
 * agent's `voice_id`, `language`, `max_call_duration_ms` and `voicemail_option`, the Retell LLM's
 * `transfer_call` tool; github.com/RetellAI/retell-typescript-sdk, docs.retellai.com) as the
 * adapter in this folder sets them on the assistant's agent.
 */
export const retellManifest: VoicePlatformManifest = {
  id: "retell",
  name: "Retell",
  description: "Retell AI's voice agents.",
  capabilities: {
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
  },
  apiKeyHelp:
    "In Retell's dashboard, under Settings → API Keys. Use the key with the webhook badge: Retell signs its webhooks with that key only.",
  // Retell signs with the API key itself (x-retell-signature): nothing more to give.
  webhookSecret: null,
  callerNumber: {
    kind: "number",
    label: "Caller number",
    help: "One of the numbers you bought or imported in Retell, in international format.",
    placeholder: "+14155550123",
    required: true,
    missing:
      "Retell needs the number calls come from (one of your Retell numbers, e.g. +14155550123).",
    malformed: "Enter the number in international format, e.g. +14155550123.",
  },
  webhookUrlHelp:
    "Retell: nothing to paste. Ringback sets it as the webhook URL of the agent it keeps for each assistant, which takes precedence over your account-level webhook.",
  docs: [{ label: "Retell's documentation", url: "https://docs.retellai.com" }],
};
