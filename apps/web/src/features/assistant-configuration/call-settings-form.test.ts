import { defaultCallSettings, type VoiceCapabilities } from "@ringback/contracts";
import { describe, expect, it } from "vitest";

/** Capabilities as manifests give them (the server's are in providers/voice/<id>/manifest.ts). */
const supported = { supported: true, note: null };
const RETELL_CAPABILITIES: VoiceCapabilities = {
  voice: supported,
  language: { supported: true, note: "Retell speaks its own list of locales." },
  maxDuration: supported,
  voicemailMessage: supported,
  transfer: supported,
};
const BLAND_CAPABILITIES: VoiceCapabilities = {
  ...RETELL_CAPABILITIES,
  language: { supported: true, note: "Bland takes the language without its region." },
};
const SIMULATOR_CAPABILITIES: VoiceCapabilities = {
  ...RETELL_CAPABILITIES,
  transfer: { supported: false, note: "The simulator notes a transfer in the transcript." },
};

import {
  COMMON_TIME_ZONES,
  callingWindowWarning,
  capabilityNote,
  countryName,
  countryOptions,
  describeCallSettings,
  languageName,
  lawfulHoursHint,
  otherPlatformVoice,
  parseCallSettingsForm,
  parseTransferNumber,
  providerLabel,
  timeZoneOptions,
  toCallSettingsForm,
} from "./call-settings-form";

const base = toCallSettingsForm(defaultCallSettings);

describe("call settings form", () => {
  it("starts from the defaults: 3 attempts, 09:00–20:00, hang up", () => {
    expect(toCallSettingsForm(null)).toMatchObject({
      maxAttempts: "3",
      callingWindowStart: "09:00",
      callingWindowEnd: "20:00",
      voicemailAction: "hang_up",
      voicemailMessage: "",
    });
  });

  it("round-trips valid settings", () => {
    expect(parseCallSettingsForm(base)).toEqual({ ok: true, value: defaultCallSettings });
  });

  it("keeps attempts between 1 and 5 and the delay a whole number of minutes", () => {
    for (const maxAttempts of ["0", "6", "2.5", "", "x"]) {
      const result = parseCallSettingsForm({ ...base, maxAttempts });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.errors.maxAttempts).toBe("Choose between 1 and 5 attempts");
    }
    expect(parseCallSettingsForm({ ...base, maxAttempts: "5" }).ok).toBe(true);
    const delay = parseCallSettingsForm({ ...base, retryDelayMinutes: "0" });
    expect(delay.ok ? null : delay.errors.retryDelayMinutes).toMatch(/between 1 and 1440/);
  });

  it("refuses a window outside the law's 08:00–21:00, with the reason, and keeps the days", () => {
    const early = parseCallSettingsForm({ ...base, callingWindowStart: "07:30" });
    expect(early.ok ? null : early.errors.callingWindowStart).toMatch(
      /only between 08:00 and 21:00 .*47 CFR 64\.1200/,
    );
    const late = parseCallSettingsForm({ ...base, callingWindowEnd: "21:30" });
    expect(late.ok ? null : late.errors.callingWindowEnd).toMatch(/only between 08:00 and 21:00/);
    const wide = parseCallSettingsForm({
      ...base,
      callingWindowStart: "00:00",
      callingWindowEnd: "23:59",
    });
    expect(wide.ok).toBe(false);
    const lawful = parseCallSettingsForm({
      ...base,
      callingWindowStart: "08:00",
      callingWindowEnd: "21:00",
      skipSundays: true,
    });
    expect(lawful.ok ? lawful.value : null).toMatchObject({
      callingWindowStart: "08:00",
      callingWindowEnd: "21:00",
      skipSundays: true,
      skipHolidays: false,
    });
    expect(describeCallSettings({ ...defaultCallSettings, skipSundays: true }).window).toBe(
      "09:00–20:00 (America/New York), not on Sundays",
    );
  });

  it("accepts only IANA time zones", () => {
    const mars = parseCallSettingsForm({ ...base, defaultTimeZone: "Mars/Olympus" });
    expect(mars.ok ? null : mars.errors.defaultTimeZone).toBe("Choose a time zone from the list");
    expect(parseCallSettingsForm({ ...base, defaultTimeZone: "Europe/Berlin" }).ok).toBe(true);
  });

  it("needs the window to end after it starts, and accepts times with seconds", () => {
    const result = parseCallSettingsForm({
      ...base,
      callingWindowStart: "18:00",
      callingWindowEnd: "09:00",
    });
    expect(result.ok ? null : result.errors.callingWindowEnd).toBe(
      "The calling window must end after it starts",
    );
    const withSeconds = parseCallSettingsForm({
      ...base,
      callingWindowStart: "08:30:00",
      callingWindowEnd: "17:00:00",
    });
    expect(withSeconds.ok && withSeconds.value.callingWindowStart).toBe("08:30");
  });

  it("needs a message to leave one, and drops it when hanging up", () => {
    const missing = parseCallSettingsForm({ ...base, voicemailAction: "leave_message" });
    expect(missing.ok ? null : missing.errors.voicemailMessage).toBe(
      "Please write the voicemail message",
    );
    const leave = parseCallSettingsForm({
      ...base,
      voicemailAction: "leave_message",
      voicemailMessage: "  Sorry we missed you.  ",
    });
    expect(leave.ok && leave.value.voicemailMessage).toBe("Sorry we missed you.");
    const hangUp = parseCallSettingsForm({ ...base, voicemailMessage: "ignored" });
    expect(hangUp.ok && hangUp.value.voicemailMessage).toBeNull();
  });

  it("offers the common zones plus the saved one", () => {
    expect(timeZoneOptions("America/New_York")).toEqual([...COMMON_TIME_ZONES]);
    expect(timeZoneOptions("Asia/Kathmandu", null)).toContain("Asia/Kathmandu");
    // A stored or browser zone the server would refuse is never offered.
    expect(timeZoneOptions("Mars/Olympus", "+05:00")).toEqual([...COMMON_TIME_ZONES]);
  });

  it("describes the settings for the review", () => {
    expect(describeCallSettings(defaultCallSettings)).toEqual({
      attempts: "Up to 3 attempts, 10 minutes before each retry",
      window: "09:00–20:00 (America/New York)",
      country: "United States",
      voicemail: "Hang up",
      voice: "The provider’s default voice",
      language: "English (provider default)",
      callLength: "At most 10 minutes",
      transfer: "No transfer",
    });
    expect(
      describeCallSettings({
        ...defaultCallSettings,
        voice: { provider: "vapi", id: "Elliot", name: "Elliot (Canadian)" },
        language: "es-MX",
        maxCallMinutes: 5,
        transferNumber: "+14155550123",
      }),
    ).toMatchObject({
      voice: "Elliot (Canadian) (Vapi)",
      language: "Spanish (Mexico)",
      callLength: "At most 5 minutes",
      transfer: "To +14155550123 when the person asks for a human",
    });
    expect(describeCallSettings({ ...defaultCallSettings, maxAttempts: 1 }).attempts).toBe(
      "1 attempt, no retries",
    );
  });
});

describe("the default country", () => {
  it("starts from the saved country, or US for a draft from before the setting", () => {
    expect(
      toCallSettingsForm({ ...defaultCallSettings, defaultCountry: "GB" }).defaultCountry,
    ).toBe("GB");
    expect(toCallSettingsForm(null).defaultCountry).toBe("US");
  });

  it("sends it upper-cased, and refuses a code Ringback cannot read numbers in", () => {
    const gb = parseCallSettingsForm({ ...base, defaultCountry: "gb" });
    expect(gb.ok && gb.value.defaultCountry).toBe("GB");
    for (const defaultCountry of ["ZZ", "", "GBR"]) {
      const bad = parseCallSettingsForm({ ...base, defaultCountry });
      expect(bad.ok ? null : bad.errors.defaultCountry).toBe("Choose a country from the list");
    }
    // A draft saved before the setting existed leaves the stored country as it is.
    const { defaultCountry: _, ...old } = base;
    const parsed = parseCallSettingsForm(old);
    expect(parsed.ok && "defaultCountry" in parsed.value).toBe(false);
  });

  it("lists countries by their names, and names them in the summary", () => {
    const options = countryOptions();
    expect(options.find((o) => o.code === "GB")?.name).toBe("United Kingdom");
    expect(options.find((o) => o.code === "DE")?.name).toBe("Germany");
    const names = options.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(options.length).toBeGreaterThan(200);
    expect(countryName("es")).toBe("Spain");
    expect(describeCallSettings({ ...defaultCallSettings, defaultCountry: "FR" }).country).toBe(
      "France",
    );
  });
});

describe("the voice options", () => {
  const voice = { provider: "bland", id: "maya", name: "Maya" } as const;

  it("start from the saved options, or the defaults: provider's voice and language, 10 minutes", () => {
    expect(toCallSettingsForm(null)).toMatchObject({
      voice: null,
      language: "",
      maxCallMinutes: "10",
      transferNumber: "",
    });
    expect(
      toCallSettingsForm({
        ...defaultCallSettings,
        voice,
        language: "de-DE",
        maxCallMinutes: 5,
        transferNumber: "+442079460958",
      }),
    ).toMatchObject({
      voice,
      language: "de-DE",
      maxCallMinutes: "5",
      transferNumber: "+442079460958",
    });
  });

  it("sends a chosen voice, language, length and transfer number in the PUT body", () => {
    const parsed = parseCallSettingsForm({
      ...base,
      voice,
      language: "es-MX",
      maxCallMinutes: " 5 ",
      transferNumber: " +44 20 7946 0958 ",
    });
    expect(parsed).toEqual({
      ok: true,
      value: {
        ...defaultCallSettings,
        voice,
        language: "es-MX",
        maxCallMinutes: 5,
        transferNumber: "+442079460958",
      },
    });
  });

  it("sends the defaults as null: no voice, no language, no transfer", () => {
    const parsed = parseCallSettingsForm(base);
    expect(parsed.ok && parsed.value).toMatchObject({
      voice: null,
      language: null,
      maxCallMinutes: 10,
      transferNumber: null,
    });
  });

  it("keeps the call length between 1 and 30 whole minutes", () => {
    for (const maxCallMinutes of ["0", "31", "2.5", "", "ten", "-1"]) {
      const result = parseCallSettingsForm({ ...base, maxCallMinutes });
      expect(result.ok ? maxCallMinutes : result.errors.maxCallMinutes).toBe(
        "Choose between 1 and 30 minutes",
      );
    }
    for (const maxCallMinutes of ["1", "30"]) {
      const result = parseCallSettingsForm({ ...base, maxCallMinutes });
      expect(result.ok && result.value.maxCallMinutes).toBe(Number(maxCallMinutes));
    }
  });

  it("takes a transfer number only with its country code", () => {
    expect(parseTransferNumber("")).toEqual({ value: null });
    expect(parseTransferNumber("   ")).toEqual({ value: null });
    expect(parseTransferNumber("+1 (415) 555-0123")).toEqual({ value: "+14155550123" });
    expect(parseTransferNumber("415 555 0123")).toEqual({
      error: "Enter the number with its country code, starting with +",
    });
    for (const bad of ["+0 415 555", "+12", "+1 415 555 0123 4567 890"]) {
      expect(parseTransferNumber(bad).error).toBe(
        "Enter a phone number with its country code, e.g. +1 415 555 0123",
      );
    }
    const result = parseCallSettingsForm({ ...base, transferNumber: "020 7946 0958" });
    expect(result.ok ? null : result.errors.transferNumber).toMatch(/country code/);
  });

  it("refuses a language that is not on the list", () => {
    const result = parseCallSettingsForm({ ...base, language: "tlh" });
    expect(result.ok ? null : result.errors.language).toBe("Choose a language from the list");
  });

  it("leaves out what a draft from before the options lacks (the saved ones stay)", () => {
    const { voice: _v, language: _l, maxCallMinutes: _m, transferNumber: _t, ...old } = base;
    const parsed = parseCallSettingsForm(old);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    for (const key of ["voice", "language", "maxCallMinutes", "transferNumber"]) {
      expect(key in parsed.value).toBe(false);
    }
  });

  it("says when an option cannot be honoured, and passes on the provider's remarks", () => {
    expect(capabilityNote("transfer", SIMULATOR_CAPABILITIES, "Simulator")).toEqual({
      kind: "unsupported",
      text: `Simulator cannot use a transfer to a person: this option is not used. ${SIMULATOR_CAPABILITIES.transfer.note}`,
    });
    expect(capabilityNote("language", BLAND_CAPABILITIES, "Bland")).toEqual({
      kind: "info",
      text: BLAND_CAPABILITIES.language.note,
    });
    expect(capabilityNote("voice", RETELL_CAPABILITIES, "Retell")).toBeNull();
    const noTransfer: VoiceCapabilities = {
      ...RETELL_CAPABILITIES,
      transfer: { supported: false, note: null },
    };
    expect(capabilityNote("transfer", noTransfer, "Retell")?.text).toBe(
      "Retell cannot use a transfer to a person: this option is not used.",
    );
    expect(capabilityNote("voice", null, "Retell")).toBeNull();
    expect(providerLabel("vapi", true)).toBe("Vapi (simulated)");
    expect(providerLabel("simulator", true)).toBe("Simulator");
    expect(providerLabel("bland", true)).toBe("Simulator");
    expect(providerLabel("retell", false)).toBe("Retell");
  });

  it("names a voice's language for people", () => {
    expect(languageName("en")).toBe("English");
    expect(languageName("es-MX")).toBe("Spanish (Mexico)");
    expect(languageName("de")).toBe("German");
  });

  it("says when the saved voice was chosen for another platform", () => {
    expect(otherPlatformVoice(voice, "vapi", "Vapi")).toBe(
      "Chosen for Bland — Vapi calls use Vapi's default voice",
    );
    expect(otherPlatformVoice(voice, "bland", "Bland")).toBeNull();
    // The simulator's voices are not Bland's, though it speaks Bland's API.
    expect(otherPlatformVoice(voice, "simulated-bland", "Simulator")).toBe(
      "Chosen for Bland — Simulator calls use Simulator's default voice",
    );
    expect(
      otherPlatformVoice(
        { provider: "simulated-bland", id: "sim-voice-ava", name: "Ava" },
        "bland",
        "Bland",
      ),
    ).toBe("Chosen for Simulator — Bland calls use Bland's default voice");
    expect(otherPlatformVoice(null, "vapi", "Vapi")).toBeNull();
    expect(otherPlatformVoice(voice, null, null)).toBeNull();
  });
});

describe("the calling window's warning (the engine's legal-hours table)", () => {
  it("names the states whose laws leave no time in a 20:00–21:00 window", () => {
    expect(callingWindowWarning("20:00", "21:00")).toBe(
      "Numbers in Florida, Maryland, Oklahoma and Washington will not be called with this window: the law there allows calls only 08:00–20:00, local time.",
    );
    // <input type="time"> may carry seconds.
    expect(callingWindowWarning("20:15:00", "20:45:00")).toContain("Florida, Maryland");
  });

  it("says nothing when every state leaves some time, or the window is not a window", () => {
    expect(callingWindowWarning("09:00", "20:00")).toBeNull();
    expect(callingWindowWarning("19:59", "21:00")).toBeNull();
    expect(callingWindowWarning("", "21:00")).toBeNull();
    expect(callingWindowWarning("21:00", "20:00")).toBeNull();
  });

  it("states the law's hours from the same table", () => {
    expect(lawfulHoursHint()).toBe(
      "In the respondent’s local time. The law allows calls only between 08:00 and 21:00, and 08:00–20:00 for numbers in Florida, Maryland, Oklahoma and Washington.",
    );
  });
});
