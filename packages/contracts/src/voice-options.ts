import { z } from "zod";
import {
  VOICE_PROVIDER_LABELS,
  type VoiceCapabilities,
  type VoiceOptionKey,
  type VoicePlatformId,
  type VoiceProviderChoice,
  voiceOptionSchema,
  voicePlatformIds,
  voiceProviderChoices,
} from "./voice.ts";

/**
 * The languages an assistant can speak, as BCP 47 tags with their names. The common
 * ones all three platforms take (Bland as a language without its region, Vapi through its
 * transcriber and voices, Retell as one of its locales or the first locale of the language);
 * each adapter turns the tag into its platform's own terms. Null is the platform's default.
 */
export const VOICE_LANGUAGES = [
  { tag: "en-US", label: "English (United States)" },
  { tag: "en-GB", label: "English (United Kingdom)" },
  { tag: "en-AU", label: "English (Australia)" },
  { tag: "en-CA", label: "English (Canada)" },
  { tag: "en-IN", label: "English (India)" },
  { tag: "es-ES", label: "Spanish (Spain)" },
  { tag: "es-MX", label: "Spanish (Mexico)" },
  { tag: "fr-FR", label: "French (France)" },
  { tag: "fr-CA", label: "French (Canada)" },
  { tag: "de-DE", label: "German" },
  { tag: "it-IT", label: "Italian" },
  { tag: "pt-BR", label: "Portuguese (Brazil)" },
  { tag: "pt-PT", label: "Portuguese (Portugal)" },
  { tag: "nl-NL", label: "Dutch" },
  { tag: "pl-PL", label: "Polish" },
  { tag: "sv-SE", label: "Swedish" },
  { tag: "da-DK", label: "Danish" },
  { tag: "fi-FI", label: "Finnish" },
  { tag: "tr-TR", label: "Turkish" },
  { tag: "ru-RU", label: "Russian" },
  { tag: "hi-IN", label: "Hindi" },
  { tag: "ja-JP", label: "Japanese" },
  { tag: "ko-KR", label: "Korean" },
  { tag: "zh-CN", label: "Chinese (Mandarin, Simplified)" },
] as const satisfies readonly { tag: string; label: string }[];
export type VoiceLanguage = (typeof VOICE_LANGUAGES)[number]["tag"];

/** What no language (null) means on screen. */
export const DEFAULT_VOICE_LANGUAGE_LABEL = "English (provider default)";

export function isVoiceLanguage(tag: string): tag is VoiceLanguage {
  return VOICE_LANGUAGES.some((language) => language.tag === tag);
}

/** "es-MX" → "Spanish (Mexico)"; null → the provider's default; an unknown tag as it is. */
export function voiceLanguageLabel(tag: string | null | undefined): string {
  if (!tag) return DEFAULT_VOICE_LANGUAGE_LABEL;
  return VOICE_LANGUAGES.find((language) => language.tag === tag)?.label ?? tag;
}

/** An assistant's longest call, in minutes (every platform allows at least this range). */
export const MAX_CALL_MINUTES = { min: 1, max: 30, default: 10 } as const;

/**
 * Whose list a voice comes from, which is what it is saved with: a platform's own, or the call
 * simulator's playing that platform (its lists are not the vendor's: the simulator's own small
 * list where the platform has a list endpoint, and it refuses ids it does not know). A voice is
 * given only to calls through the same source; others use their default voice.
 */
export const voiceSources = [
  "bland",
  "vapi",
  "retell",
  "simulated-bland",
  "simulated-vapi",
  "simulated-retell",
] as const satisfies readonly (VoicePlatformId | `simulated-${VoicePlatformId}`)[];
export type VoiceSource = (typeof voiceSources)[number];

export function voiceSourceOf(platform: VoicePlatformId, simulated: boolean): VoiceSource {
  return simulated ? `simulated-${platform}` : platform;
}

/** "Bland"; the simulator in Bland's dialect is the Simulator, the others "Vapi (simulated)". */
export function voiceSourceLabel(source: VoiceSource): string {
  if (source === "simulated-bland") return VOICE_PROVIDER_LABELS.simulator;
  if (source.startsWith("simulated-")) {
    return `${VOICE_PROVIDER_LABELS[source.slice("simulated-".length) as VoicePlatformId]} (simulated)`;
  }
  return VOICE_PROVIDER_LABELS[source as VoicePlatformId];
}

/**
 * The voice an assistant speaks with: the platform's own id, kept with the source whose list it
 * came from (voiceSourceOf) and its name for the page.
 */
export const assistantVoiceSchema = z.object({
  provider: z.enum(voiceSources, "Choose a voice from the list"),
  id: z.string().trim().min(1, "Choose a voice from the list").max(200),
  name: z.string().trim().min(1, "Choose a voice from the list").max(200),
});
export type AssistantVoice = z.infer<typeof assistantVoiceSchema>;

/**
 * GET …/voice/voices: the organization's current provider and its voices, for the wizard's
 * Advanced area. `provider` is null (and `message` says why) when the organization has none.
 */
export const voiceOptionsResponseSchema = z.object({
  provider: z.enum(voiceProviderChoices).nullable(),
  /** The API the provider speaks (the Simulator choice speaks Bland's). */
  platform: z.enum(voicePlatformIds).nullable(),
  simulated: z.boolean(),
  /** What a voice of this list is saved with (voiceSourceOf); null with no provider. */
  voiceSource: z.enum(voiceSources).nullable(),
  /** What the provider does with each option (null with no provider). */
  capabilities: z
    .record(z.string(), z.object({ supported: z.boolean(), note: z.string().nullable() }))
    .nullable(),
  voices: z.array(voiceOptionSchema),
  /** Why the list is empty, when there is no provider. */
  message: z.string().nullable(),
});
export type VoiceOptionsResponse = Omit<
  z.infer<typeof voiceOptionsResponseSchema>,
  "capabilities" | "provider" | "platform" | "voiceSource"
> & {
  provider: VoiceProviderChoice | null;
  platform: VoicePlatformId | null;
  voiceSource: VoiceSource | null;
  capabilities: VoiceCapabilities | null;
};

/** What each option is called in a capability note. */
export const VOICE_OPTION_LABELS: Record<VoiceOptionKey, string> = {
  voice: "a chosen voice",
  language: "the language",
  maxDuration: "a maximum call length",
  voicemailMessage: "a voicemail message",
  transfer: "a transfer to a person",
};
