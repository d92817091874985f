import { describe, expect, it } from "vitest";
import { nextCallTime, timeZoneForNumber, timeZonesOfNumber } from "./calling-window.ts";

const window = { start: "09:00", end: "20:00" };

describe("calling window", () => {
  it("calls at once inside the window", () => {
    const now = new Date("2026-11-23T15:00:00Z"); // 10:00 in New York
    expect(nextCallTime(now, window, "America/New_York")).toEqual(now);
  });

  it("waits for this morning's opening before the window", () => {
    const now = new Date("2026-11-23T11:30:00Z"); // 06:30 in New York
    expect(nextCallTime(now, window, "America/New_York").toISOString()).toBe(
      "2026-11-23T14:00:00.000Z",
    );
  });

  it("waits for tomorrow's opening after the window, across a month end", () => {
    const now = new Date("2026-12-01T02:00:00Z"); // 21:00 on Nov 30 in New York
    expect(nextCallTime(now, window, "America/New_York").toISOString()).toBe(
      "2026-12-01T14:00:00.000Z",
    );
  });

  it("honours daylight saving time", () => {
    // 2026-03-08 is the US spring-forward day: 09:00 local is 13:00 UTC (EDT).
    const now = new Date("2026-03-08T06:00:00Z");
    expect(nextCallTime(now, window, "America/New_York").toISOString()).toBe(
      "2026-03-08T13:00:00.000Z",
    );
  });

  it("takes the zone from the number: the country's, or the area code's", () => {
    expect(timeZoneForNumber("+442079460958", "America/New_York")).toBe("Europe/London");
    expect(timeZoneForNumber("+14155550123", "America/Chicago")).toBe("America/Los_Angeles");
    expect(timeZoneForNumber("+12125550123", "America/Chicago")).toBe("America/New_York");
    expect(timeZoneForNumber("+13125550123", "America/New_York")).toBe("America/Chicago");
    expect(timeZoneForNumber("+16045550123", "America/New_York")).toBe("America/Vancouver");
    expect(timeZoneForNumber("+18085550123", "America/New_York")).toBe("Pacific/Honolulu");
    expect(timeZoneForNumber("+61212345678", "Australia/Perth")).toBe("Australia/Sydney");
  });

  it("keeps the assistant's zone when the number leaves the choice open", () => {
    expect(timeZonesOfNumber("+12085550123").length).toBeGreaterThan(1); // Idaho: two zones
    expect(timeZoneForNumber("+12085550123", "America/Los_Angeles")).toBe("America/Los_Angeles");
    expect(timeZoneForNumber("+12085550123", "Europe/London")).toBe(
      timeZonesOfNumber("+12085550123")[0],
    );
    // +1 with an area code the map does not know: the whole of North America.
    expect(timeZoneForNumber("+19995550123", "America/Denver")).toBe("America/Denver");
    expect(timeZoneForNumber("not a number", "UTC")).toBe("UTC");
  });
});
