import { defaultCallSettings } from "@ringback/contracts";
import { describe, expect, it } from "vitest";
import {
  COMMON_TIME_ZONES,
  countryName,
  countryOptions,
  describeCallSettings,
  parseCallSettingsForm,
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
    });
    expect(describeCallSettings({ ...defaultCallSettings, maxAttempts: 1 }).attempts).toBe(
      "1 attempt, no retries",
    );
  });
});

describe("the default country (issue 12)", () => {
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
