import type { CallerNumber, VoiceOption } from "../voice-provider.ts";

/**
 * What Bland's account endpoints return, in our words: the numbers the account can call from
 * (List Numbers) and its voices (List Voices). Both read leniently: an entry of an unexpected
 * shape is skipped rather than refusing the whole list.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The array in a list response: the body itself, or the first of `keys` that holds one. */
function listOf(json: unknown, keys: readonly string[]): unknown[] | null {
  if (Array.isArray(json)) return json;
  if (!isRecord(json)) return null;
  for (const key of keys) {
    const value = json[key];
    if (Array.isArray(value)) return value;
  }
  return null;
}

/** "+1 (800) 555-1234" or "18005551234" → "+18005551234"; null when it is not a number. */
function e164(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const digits = value.replace(/[\s().-]/g, "");
  const match = /^\+?([1-9]\d{6,14})$/.exec(digits);
  return match ? `+${match[1]}` : null;
}

/**
 * List Numbers (GET /v1/inbound, https://docs.bland.ai/api-v1/get/inbound): `{ inbound_numbers:
 * [{ phone_number: "+18005551234", created_at, prompt, webhook, voice_id, … }] }`, the numbers
 * the account owns. Send Call's `from` takes one of them, the number itself (E.164), so that is
 * the id too. Null when the body is not such a list.
 */
export function toCallerNumbers(json: unknown): CallerNumber[] | null {
  // Bland's cookbook (02-inbound-calls/node/listNumbers.js) also reads a bare array or `numbers`.
  const items = listOf(json, ["inbound_numbers", "numbers"]);
  if (!items) return null;
  const numbers: CallerNumber[] = [];
  for (const item of items) {
    const number = e164(isRecord(item) ? item.phone_number : item);
    if (!number || numbers.some((n) => n.number === number)) continue;
    numbers.push({ id: number, number, label: null });
  }
  return numbers;
}

/** Tag words for languages, as Bland's voice tags write them ("english", "spanish"…). */
const LANGUAGE_TAGS: Record<string, string> = {
  english: "en",
  spanish: "es",
  french: "fr",
  german: "de",
  italian: "it",
  portuguese: "pt",
  dutch: "nl",
  polish: "pl",
  russian: "ru",
  turkish: "tr",
  arabic: "ar",
  hindi: "hi",
  japanese: "ja",
  korean: "ko",
  chinese: "zh",
  mandarin: "zh",
  swedish: "sv",
  danish: "da",
  norwegian: "no",
  finnish: "fi",
  greek: "el",
  ukrainian: "uk",
  czech: "cs",
  romanian: "ro",
  hungarian: "hu",
  indonesian: "id",
  vietnamese: "vi",
  thai: "th",
  hebrew: "he",
  tagalog: "tl",
};

/** A voice's language from its tags: a language word or a code ("en", "en-US"). */
function languageOf(tags: string[]): string | null {
  for (const tag of tags) {
    const word = tag.trim().toLowerCase();
    if (LANGUAGE_TAGS[word]) return LANGUAGE_TAGS[word];
    const code = /^([a-z]{2})(?:-([a-z]{2}))?$/i.exec(tag.trim());
    if (code) return code[2] ? `${code[1]!.toLowerCase()}-${code[2].toUpperCase()}` : code[1]!;
  }
  return null;
}

/** "female" / "male" from the tags, else from the description ("Young American Female"). */
function genderOf(tags: string[], description: string | null): string | null {
  for (const text of [...tags, description ?? ""]) {
    const words = text.toLowerCase().split(/[^a-z]+/);
    if (words.includes("female") || words.includes("woman")) return "female";
    if (words.includes("male") || words.includes("man")) return "male";
  }
  return null;
}

const httpUrl = (value: unknown): string | null =>
  typeof value === "string" && /^https?:\/\//i.test(value) ? value : null;

/**
 * List Voices (GET /v1/voices): each voice has `id` (what Send Call's `voice` takes), `name`,
 * `description` ("Young American Female"), `public`, `tags` ("for the language, voice details,
 * and … "Bland Curated" for preferred voices") and ratings (the voice object of
 * https://docs.bland.ai/api-v1/get/voices-id, "Same field shape as List Voices"). Bland's
 * cookbook (11-personas-and-voices/README.md) reads the response as an array; a `{ voices: […] }`
 * body (the shape of Bland's other voice lists) is read too. Bland documents no preview URL: one
 * is kept only when a voice carries `preview_url`. Null when the body is not a list.
 */
export function toVoiceOptions(json: unknown): VoiceOption[] | null {
  const items = listOf(json, ["voices", "data"]);
  if (!items) return null;
  const voices: VoiceOption[] = [];
  for (const item of items) {
    if (!isRecord(item)) continue;
    const id =
      typeof item.id === "string" || typeof item.id === "number" ? String(item.id).trim() : "";
    const name = typeof item.name === "string" ? item.name.trim() : "";
    if (!id || !name || voices.some((v) => v.id === id)) continue;
    const tags = Array.isArray(item.tags)
      ? item.tags.filter((t): t is string => typeof t === "string")
      : [];
    const description = typeof item.description === "string" ? item.description : null;
    voices.push({
      id,
      name,
      language: languageOf(tags),
      gender: genderOf(tags, description),
      previewUrl: httpUrl(item.preview_url),
    });
  }
  return voices;
}
