import { defaultCallSettings } from "@ringback/contracts";
import { describe, expect, it } from "vitest";
import {
  COMMON_TIME_ZONES,
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
      voicemail: "Hang up",
    });
    expect(describeCallSettings({ ...defaultCallSettings, maxAttempts: 1 }).attempts).toBe(
      "1 attempt, no retries",
    );
  });
});
