import {
  type AssistantVoice,
  CALLING_HOURS_MESSAGE,
  type CallSettings,
  callSettingsSchema,
  defaultCallSettings,
  isIanaTimeZone,
  isVoiceLanguage,
  LAWFUL_CALLING_HOURS,
  MAX_CALL_MINUTES,
  MAX_LEAD_AGE_HOURS,
  normalizePhone,
  phoneSchema,
  STATE_CALLING_RULES,
  statesWithoutLawfulTime,
  VOICE_OPTION_LABELS,
  type VoiceCapabilities,
  type VoiceOptionKey,
  type VoiceProviderChoice,
  type VoiceSource,
  voiceLanguageLabel,
  type voicemailActions,
  voiceSourceLabel,
  voiceSourceOf,
} from "@ringback/contracts";
import { getCountries, isSupportedCountry } from "libphonenumber-js";

/** Step 3 'Advanced' as the inputs hold it (numbers as typed). */
export interface CallSettingsForm {
  maxAttempts: string;
  retryDelayMinutes: string;
  callingWindowStart: string;
  callingWindowEnd: string;
  defaultTimeZone: string;
  /** ISO 3166-1 alpha-2 (a draft from before the setting existed may lack it). */
  defaultCountry?: string;
  voicemailAction: (typeof voicemailActions)[number];
  voicemailMessage: string;
  skipSundays: boolean;
  skipHolidays: boolean;
  /**
   * The voice options (a draft from before they existed lacks them: left out, the
   * saved ones stay). The voice with the platform whose list it came from; null: the default.
   */
  voice?: AssistantVoice | null;
  /** A BCP 47 tag of VOICE_LANGUAGES, or "" for the provider's default. */
  language?: string;
  maxCallMinutes?: string;
  /** As typed; "" for no transfer. */
  transferNumber?: string;
  /** "Call leads up to N hours old", as typed (a draft from before it existed lacks it). */
  maxLeadAgeHours?: string;
}

export type CallSettingsErrors = Partial<Record<keyof CallSettingsForm, string>>;

export const MAX_ATTEMPTS = { min: 1, max: 5 } as const;
export const RETRY_DELAY_MINUTES = { min: 1, max: 24 * 60 } as const;
export const VOICEMAIL_MESSAGE_MAX = 500;

export function toCallSettingsForm(settings: CallSettings | null | undefined): CallSettingsForm {
  const s = settings ?? defaultCallSettings;
  return {
    maxAttempts: String(s.maxAttempts),
    retryDelayMinutes: String(s.retryDelayMinutes),
    callingWindowStart: s.callingWindowStart,
    callingWindowEnd: s.callingWindowEnd,
    defaultTimeZone: s.defaultTimeZone,
    defaultCountry: s.defaultCountry ?? defaultCallSettings.defaultCountry,
    voicemailAction: s.voicemailAction,
    voicemailMessage: s.voicemailMessage ?? "",
    skipSundays: s.skipSundays ?? false,
    skipHolidays: s.skipHolidays ?? false,
    voice: s.voice ?? null,
    language: s.language ?? "",
    maxCallMinutes: String(s.maxCallMinutes ?? MAX_CALL_MINUTES.default),
    transferNumber: s.transferNumber ?? "",
    maxLeadAgeHours: String(s.maxLeadAgeHours ?? defaultCallSettings.maxLeadAgeHours),
  };
}

function wholeNumber(value: string): number | null {
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  return Number(trimmed);
}

const time = /^([01]\d|2[0-3]):[0-5]\d$/;

/** "A", "A and B", "A, B and C". */
function listed(items: readonly string[]): string {
  return items.length <= 1
    ? (items[0] ?? "")
    : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/**
 * The states whose laws allow no time in the window (the engine's own table): their numbers are
 * never called by this assistant. A warning, not an error: a business may mean it.
 */
export function callingWindowWarning(startInput: string, endInput: string): string | null {
  const start = startInput.slice(0, 5);
  const end = endInput.slice(0, 5);
  if (!time.test(start) || !time.test(end) || end <= start) return null;
  const states = statesWithoutLawfulTime({ start, end });
  if (states.length === 0) return null;
  const hours = [
    ...new Set(
      STATE_CALLING_RULES.filter((rule) => states.includes(rule.state)).map(
        (rule) => `${rule.start}–${rule.end}`,
      ),
    ),
  ];
  return `Numbers in ${listed(states)} will not be called with this window: the law there allows calls only ${listed(hours)}, local time.`;
}

/** The hint under the window: the law's hours, from the same table the call engine applies. */
export function lawfulHoursHint(): string {
  const byHours = new Map<string, string[]>();
  for (const rule of STATE_CALLING_RULES) {
    const key = `${rule.start}–${rule.end}`;
    byHours.set(key, [...(byHours.get(key) ?? []), rule.state]);
  }
  const states = [...byHours].map(
    ([hours, names]) => `${hours} for numbers in ${listed([...names].sort())}`,
  );
  return `In the respondent’s local time. The law allows calls only between ${LAWFUL_CALLING_HOURS.start} and ${LAWFUL_CALLING_HOURS.end}, and ${listed(states)}.`;
}

/** Checks the inputs with messages a person can act on, then builds the PUT body. */
export function parseCallSettingsForm(
  form: CallSettingsForm,
): { ok: true; value: CallSettings } | { ok: false; errors: CallSettingsErrors } {
  const errors: CallSettingsErrors = {};
  const maxAttempts = wholeNumber(form.maxAttempts);
  if (maxAttempts === null || maxAttempts < MAX_ATTEMPTS.min || maxAttempts > MAX_ATTEMPTS.max) {
    errors.maxAttempts = `Choose between ${MAX_ATTEMPTS.min} and ${MAX_ATTEMPTS.max} attempts`;
  }
  const retryDelayMinutes = wholeNumber(form.retryDelayMinutes);
  if (
    retryDelayMinutes === null ||
    retryDelayMinutes < RETRY_DELAY_MINUTES.min ||
    retryDelayMinutes > RETRY_DELAY_MINUTES.max
  ) {
    errors.retryDelayMinutes = `Enter a delay between ${RETRY_DELAY_MINUTES.min} and ${RETRY_DELAY_MINUTES.max} minutes`;
  }
  // <input type="time"> may carry seconds ("09:00:00") in some browsers.
  const start = form.callingWindowStart.slice(0, 5);
  const end = form.callingWindowEnd.slice(0, 5);
  if (!time.test(start)) errors.callingWindowStart = "Enter a start time";
  if (!time.test(end)) errors.callingWindowEnd = "Enter an end time";
  else if (time.test(start) && end <= start) {
    errors.callingWindowEnd = "The calling window must end after it starts";
  } else if (end > LAWFUL_CALLING_HOURS.end) errors.callingWindowEnd = CALLING_HOURS_MESSAGE;
  if (time.test(start) && start < LAWFUL_CALLING_HOURS.start) {
    errors.callingWindowStart = CALLING_HOURS_MESSAGE;
  }
  if (!form.defaultTimeZone.trim()) errors.defaultTimeZone = "Choose a time zone";
  else if (!isIanaTimeZone(form.defaultTimeZone.trim())) {
    errors.defaultTimeZone = "Choose a time zone from the list";
  }
  const country = form.defaultCountry?.trim().toUpperCase();
  if (country !== undefined && !isSupportedCountry(country)) {
    errors.defaultCountry = "Choose a country from the list";
  }
  const message = form.voicemailMessage.trim();
  if (form.voicemailAction === "leave_message") {
    if (!message) errors.voicemailMessage = "Please write the voicemail message";
    else if (message.length > VOICEMAIL_MESSAGE_MAX) {
      errors.voicemailMessage = `Use at most ${VOICEMAIL_MESSAGE_MAX} characters`;
    }
  }
  const language = form.language?.trim();
  if (language && !isVoiceLanguage(language)) errors.language = "Choose a language from the list";
  const maxCallMinutes =
    form.maxCallMinutes === undefined ? undefined : wholeNumber(form.maxCallMinutes);
  if (
    maxCallMinutes === null ||
    (maxCallMinutes !== undefined &&
      (maxCallMinutes < MAX_CALL_MINUTES.min || maxCallMinutes > MAX_CALL_MINUTES.max))
  ) {
    errors.maxCallMinutes = `Choose between ${MAX_CALL_MINUTES.min} and ${MAX_CALL_MINUTES.max} minutes`;
  }
  const maxLeadAgeHours =
    form.maxLeadAgeHours === undefined ? undefined : wholeNumber(form.maxLeadAgeHours);
  if (
    maxLeadAgeHours === null ||
    (maxLeadAgeHours !== undefined && (maxLeadAgeHours < 1 || maxLeadAgeHours > MAX_LEAD_AGE_HOURS))
  ) {
    errors.maxLeadAgeHours = `Choose between 1 and ${MAX_LEAD_AGE_HOURS} hours`;
  }
  const transfer = parseTransferNumber(form.transferNumber);
  if (transfer.error) errors.transferNumber = transfer.error;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const parsed = callSettingsSchema.safeParse({
    maxAttempts,
    retryDelayMinutes,
    callingWindowStart: start,
    callingWindowEnd: end,
    defaultTimeZone: form.defaultTimeZone.trim(),
    ...(country === undefined ? {} : { defaultCountry: country }),
    voicemailAction: form.voicemailAction,
    voicemailMessage: form.voicemailAction === "leave_message" ? message : null,
    skipSundays: form.skipSundays,
    skipHolidays: form.skipHolidays,
    ...(form.voice === undefined ? {} : { voice: form.voice }),
    ...(language === undefined ? {} : { language: language || null }),
    ...(maxCallMinutes === undefined ? {} : { maxCallMinutes }),
    ...(transfer.value === undefined ? {} : { transferNumber: transfer.value }),
    ...(maxLeadAgeHours === undefined ? {} : { maxLeadAgeHours }),
  });
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const key = (first?.path[0] as keyof CallSettingsForm | undefined) ?? "maxAttempts";
    return { ok: false, errors: { [key]: first?.message ?? "Check this value" } };
  }
  return { ok: true, value: parsed.data };
}

/**
 * The transfer number as typed: empty is none; otherwise a number with its country code
 * (spaces and punctuation allowed), kept as E.164.
 */
export function parseTransferNumber(input: string | undefined): {
  value?: string | null;
  error?: string;
} {
  if (input === undefined) return {};
  const trimmed = input.trim();
  if (!trimmed) return { value: null };
  if (!trimmed.startsWith("+")) {
    return { error: "Enter the number with its country code, starting with +" };
  }
  const e164 = normalizePhone(trimmed);
  if (!phoneSchema.safeParse(e164).success) {
    return { error: "Enter a phone number with its country code, e.g. +1 415 555 0123" };
  }
  return { value: e164 };
}

/** Common IANA zones for the select, plus the saved and the browser's own when missing. */
export const COMMON_TIME_ZONES = [
  "UTC",
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Phoenix",
  "America/Los_Angeles",
  "America/Anchorage",
  "Pacific/Honolulu",
  "America/Toronto",
  "America/Vancouver",
  "America/Mexico_City",
  "America/Bogota",
  "America/Sao_Paulo",
  "America/Argentina/Buenos_Aires",
  "Europe/London",
  "Europe/Dublin",
  "Europe/Lisbon",
  "Europe/Paris",
  "Europe/Berlin",
  "Europe/Madrid",
  "Europe/Rome",
  "Europe/Amsterdam",
  "Europe/Stockholm",
  "Europe/Warsaw",
  "Europe/Athens",
  "Europe/Istanbul",
  "Africa/Lagos",
  "Africa/Cairo",
  "Africa/Johannesburg",
  "Asia/Dubai",
  "Asia/Kolkata",
  "Asia/Singapore",
  "Asia/Hong_Kong",
  "Asia/Shanghai",
  "Asia/Tokyo",
  "Asia/Seoul",
  "Australia/Perth",
  "Australia/Sydney",
  "Pacific/Auckland",
] as const;

/** Only zones the server accepts (a stored or browser zone it would refuse is left out). */
export function timeZoneOptions(...extra: (string | null | undefined)[]): string[] {
  const zones: string[] = COMMON_TIME_ZONES.filter(isIanaTimeZone);
  for (const zone of extra) {
    if (zone && !zones.includes(zone) && isIanaTimeZone(zone)) zones.push(zone);
  }
  return zones;
}

/** "America/Argentina/Buenos_Aires" → "America/Argentina/Buenos Aires". */
export function timeZoneLabel(zone: string): string {
  return zone.replaceAll("_", " ");
}

const regionNames = (() => {
  try {
    return new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
  } catch {
    return null;
  }
})();

/** "GB" → "United Kingdom" (the code itself where the browser has no name for it). */
export function countryName(code: string): string {
  try {
    return regionNames?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

let countries: { code: string; name: string }[] | null = null;

/** Every country whose numbers Ringback can read, by name, for the 'Default country' select. */
export function countryOptions(): readonly { code: string; name: string }[] {
  countries ??= getCountries()
    .map((code) => ({ code: code as string, name: countryName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
  return countries;
}

/** The review summary's lines for the call settings. */
export function describeCallSettings(settings: CallSettings): {
  attempts: string;
  window: string;
  voicemail: string;
  country: string;
  voice: string;
  language: string;
  callLength: string;
  transfer: string;
} {
  const attempts =
    settings.maxAttempts === 1
      ? "1 attempt, no retries"
      : `Up to ${settings.maxAttempts} attempts, ${settings.retryDelayMinutes} ${settings.retryDelayMinutes === 1 ? "minute" : "minutes"} before each retry`;
  return {
    attempts,
    window: `${settings.callingWindowStart}–${settings.callingWindowEnd} (${timeZoneLabel(settings.defaultTimeZone)})${
      settings.skipSundays && settings.skipHolidays
        ? ", not on Sundays or public holidays"
        : settings.skipSundays
          ? ", not on Sundays"
          : settings.skipHolidays
            ? ", not on public holidays"
            : ""
    }`,
    country: countryName(settings.defaultCountry ?? defaultCallSettings.defaultCountry),
    voicemail:
      settings.voicemailAction === "leave_message"
        ? `Leave a short message: “${settings.voicemailMessage ?? ""}”`
        : "Hang up",
    voice: settings.voice
      ? `${settings.voice.name} (${voiceSourceLabel(settings.voice.provider)})`
      : "The provider’s default voice",
    language: voiceLanguageLabel(settings.language),
    callLength: `At most ${settings.maxCallMinutes ?? MAX_CALL_MINUTES.default} minutes`,
    transfer: settings.transferNumber
      ? `To ${settings.transferNumber} when the person asks for a human`
      : "No transfer",
  };
}

const languageNames = (() => {
  try {
    return new Intl.DisplayNames(["en"], { type: "language", fallback: "code" });
  } catch {
    return null;
  }
})();

/** A voice's language as a person reads it: "en" → "English", "es-MX" → "Spanish (Mexico)". */
export function languageName(tag: string): string {
  if (isVoiceLanguage(tag)) return voiceLanguageLabel(tag);
  try {
    return languageNames?.of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** How the page names the organization's provider: "Vapi", or "Vapi (simulated)". */
export function providerLabel(provider: VoiceProviderChoice, simulated: boolean): string {
  if (provider === "simulator") return voiceSourceLabel("simulated-bland");
  return voiceSourceLabel(voiceSourceOf(provider, simulated));
}

/**
 * The note under a voice option: one the provider cannot honour is said so (it is
 * still saved, and used again on a provider that can); otherwise the provider's own remark, if
 * any.
 */
export function capabilityNote(
  key: VoiceOptionKey,
  capabilities: VoiceCapabilities | null | undefined,
  provider: string,
): { kind: "unsupported" | "info"; text: string } | null {
  const capability = capabilities?.[key];
  if (!capability) return null;
  if (!capability.supported) {
    return {
      kind: "unsupported",
      text: `${provider} cannot use ${VOICE_OPTION_LABELS[key]}: this option is not used.${
        capability.note ? ` ${capability.note}` : ""
      }`,
    };
  }
  return capability.note ? { kind: "info", text: capability.note } : null;
}

/**
 * A saved voice chosen from another list than the organization's provider offers (another
 * platform's, or the simulator's): what the page says about it ("Chosen for Bland — Vapi calls
 * use Vapi's default voice"); null when it is from the same list (or none is saved).
 */
export function otherPlatformVoice(
  voice: AssistantVoice | null | undefined,
  source: VoiceSource | null | undefined,
  provider: string | null | undefined,
): string | null {
  if (!voice || !source || !provider || voice.provider === source) return null;
  return `Chosen for ${voiceSourceLabel(voice.provider)} — ${provider} calls use ${provider}'s default voice`;
}
