import { z } from "zod";

/**
 * The voice platforms an organization can place its calls through. `simulator` is
 * Ringback's built-in stand-in (it speaks each platform's API offline); the other three are the
 * vendors, with the organization's own account.
 */
export const voicePlatformIds = ["bland", "vapi", "retell"] as const;
export type VoicePlatformId = (typeof voicePlatformIds)[number];

/** What the Voice page's Provider choice offers. */
export const voiceProviderChoices = ["simulator", ...voicePlatformIds] as const;
export type VoiceProviderChoice = (typeof voiceProviderChoices)[number];

export const VOICE_PROVIDER_LABELS: Record<VoiceProviderChoice, string> = {
  simulator: "Simulator",
  bland: "Bland",
  vapi: "Vapi",
  retell: "Retell",
};

/** A number the account can call from, as the platform lists it. */
export const callerNumberSchema = z.object({
  /** What the platform wants when dialling: a phone-number id (Vapi) or the E.164 number. */
  id: z.string(),
  number: z.string(),
  label: z.string().nullable(),
});
export type CallerNumber = z.infer<typeof callerNumberSchema>;

/** One voice of the platform's own list. */
export const voiceOptionSchema = z.object({
  /** The platform's id for it (what the call is given). */
  id: z.string(),
  name: z.string(),
  /** e.g. "en-US", or null when the platform does not say. */
  language: z.string().nullable(),
  /** "female", "male", or null. */
  gender: z.string().nullable(),
  /** A short sample the browser can play, when the platform offers one. */
  previewUrl: z.string().nullable(),
});
export type VoiceOption = z.infer<typeof voiceOptionSchema>;

/** The organization's Voice settings as the page shows them (keys never leave the server). */
export const voiceSettingsSchema = z.object({
  /**
   * What calls go through now: the organization's choice, else the installation's default;
   * null when there is neither (calls cannot go out until a provider is chosen).
   */
  provider: z.enum(voiceProviderChoices).nullable(),
  /** True when nothing is chosen and the installation's default applies. */
  usingInstallationDefault: z.boolean(),
  /** The installation's default, for the page to explain it (null: none, calls cannot go out). */
  installationDefault: z.enum(voiceProviderChoices).nullable(),
  /** A platform played by the call simulator (the Simulator choice included). */
  simulated: z.boolean(),
  /** Whether the installation lets organizations use the simulator (sandbox mode). */
  simulatorAvailable: z.boolean(),
  /** The last four characters of the saved API key ("3kF9"), never the key; null: none saved. */
  apiKeyHint: z.string().nullable(),
  hasWebhookSecret: z.boolean(),
  /** The saved caller number (E.164), or Vapi's phone-number id; null: the account's default. */
  callerNumber: z.string().nullable(),
  /**
   * Where the platform sends this organization's call webhooks (it names the saved
   * connection); null while the installation's default applies.
   */
  webhookUrl: z.string().nullable(),
  /** When the current choice was saved, and by whom (null while the default applies). */
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type VoiceSettings = z.infer<typeof voiceSettingsSchema>;

export const VOICE_SECRET_MAX = 500;
export const VOICE_CALLER_NUMBER_MAX = 100;

/**
 * PUT …/voice: a new connection. `simulated` picks the simulator's account for Bland, Vapi or
 * Retell (no key needed); a key left out keeps the saved one when the platform is unchanged,
 * and so does a webhook secret. The rules that depend on the platform (which fields it needs,
 * the caller number's form) are checked by the server, each reported under its field.
 */
export const updateVoiceSettingsSchema = z.object({
  provider: z.enum(voiceProviderChoices, { message: "Choose a provider." }),
  simulated: z.boolean().default(false),
  apiKey: z.string().trim().max(VOICE_SECRET_MAX, "The API key is too long.").optional(),
  webhookSecret: z
    .string()
    .trim()
    .max(VOICE_SECRET_MAX, "The webhook secret is too long.")
    .optional(),
  callerNumber: z
    .string()
    .trim()
    .max(VOICE_CALLER_NUMBER_MAX, "The caller number is too long.")
    .nullable()
    .optional(),
});
export type UpdateVoiceSettings = z.infer<typeof updateVoiceSettingsSchema>;
export type UpdateVoiceSettingsInput = z.input<typeof updateVoiceSettingsSchema>;

/** POST …/voice/verify: unsaved settings (as for PUT), or nothing for the saved ones. */
export const verifyVoiceSettingsSchema = updateVoiceSettingsSchema.partial({ provider: true });

/** What Verify found. */
export const voiceVerifyResultSchema = z.object({
  ok: z.boolean(),
  /** One sentence for the page: "Connected to Vapi: 2 phone numbers." or why it failed. */
  message: z.string(),
  callerNumbers: z.array(callerNumberSchema).nullable(),
});
export type VoiceVerifyResult = z.infer<typeof voiceVerifyResultSchema>;

/** GET …/voice/caller-numbers: the saved connection's list (null: the platform has none). */
export const voiceCallerNumbersSchema = z.object({
  callerNumbers: z.array(callerNumberSchema).nullable(),
});
export type VoiceCallerNumbers = z.infer<typeof voiceCallerNumbersSchema>;

/** The per-assistant voice options. */
export const voiceOptionKeys = [
  "voice",
  "language",
  "maxDuration",
  "voicemailMessage",
  "transfer",
] as const;
export type VoiceOptionKey = (typeof voiceOptionKeys)[number];

/**
 * What each provider does with each voice option: an option it cannot honour is shown as such in
 * the wizard (the note says why), never silently dropped. Filled in by the adapters' authors from
 * the vendors' documentation.
 */
export type VoiceCapabilities = Record<VoiceOptionKey, { supported: boolean; note: string | null }>;
