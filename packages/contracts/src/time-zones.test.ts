import { describe, expect, it } from "vitest";
import { callSettingsSchema, defaultCallSettings } from "./assistants.ts";
import { isIanaTimeZone } from "./time-zones.ts";

describe("isIanaTimeZone", () => {
  it.each([
    "America/New_York",
    "America/Argentina/Buenos_Aires",
    "Europe/Berlin",
    "UTC",
    "Asia/Kolkata",
    "Asia/Calcutta",
    "Pacific/Honolulu",
  ])("accepts %s", (zone) => {
    expect(isIanaTimeZone(zone)).toBe(true);
  });

  it.each([
    "Mars/Olympus",
    "",
    " ",
    "+05:00",
    "America/New_York\u0000",
    "../../etc/passwd",
    "America/Nowhere",
    "x".repeat(500),
  ])("refuses %j", (zone) => {
    expect(isIanaTimeZone(zone)).toBe(false);
  });

  it("accepts every zone the runtime lists", () => {
    for (const zone of Intl.supportedValuesOf("timeZone")) expect(isIanaTimeZone(zone)).toBe(true);
  });

  it("is what the call-settings contract checks", () => {
    const bad = callSettingsSchema.safeParse({
      ...defaultCallSettings,
      defaultTimeZone: "Mars/Olympus",
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe("Choose a time zone from the list");
    expect(callSettingsSchema.safeParse(defaultCallSettings).success).toBe(true);
  });
});
