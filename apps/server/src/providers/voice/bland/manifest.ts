import type { VoicePlatformManifest } from "@ringback/contracts";

/**
 * Bland as the Voice page shows it, and what it does with each per-assistant voice option, from
 * its Send Call documentation (docs.bland.ai/api-v1/post/calls; Bland's cookbooks,
 * github.com/Bland-com/bland-ai-cookbooks): `voice`, `language`, `max_duration`, `voicemail` and
 * `transfer_phone_number`.
 */
export const blandManifest: VoicePlatformManifest = {
  id: "bland",
  name: "Bland",
  description: "Bland AI's phone agents.",
  capabilities: {
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
  },
  apiKeyHelp: "In Bland's Dev Portal, under Account Settings → Keys.",
  webhookSecret: {
    label: "Webhook signing secret",
    help: "Bland signs each call's webhook with it. Create it in Bland's Dev Portal, Account Settings → Keys → Replace Secret (it is shown once).",
    required: true,
    missing: "Enter Bland's webhook signing secret (Dev Portal → Account Settings → Keys).",
  },
  callerNumber: {
    kind: "number",
    label: "Caller number",
    help: "One of your Bland numbers, in international format. Leave it empty to call from Bland's own numbers.",
    placeholder: "+14155550123",
    required: false,
    missing: "Enter the number calls come from, in international format, e.g. +14155550123.",
    malformed: "Enter the number in international format, e.g. +14155550123.",
  },
  webhookUrlHelp:
    "Bland: nothing to paste. Ringback sends this URL with every call (Send Call's webhook), and Bland signs each update with your webhook signing secret.",
  docs: [{ label: "Bland's Send Call", url: "https://docs.bland.ai/api-v1/post/calls" }],
};
