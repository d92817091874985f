import { describe, expect, it } from "vitest";
import { attemptDueAt } from "./call-engine.ts";
import {
  FEDERAL_CALLING_HOURS,
  isPublicHoliday,
  lawfulCallingWindow,
  STATE_CALLING_RULES,
  stateRuleFor,
} from "./calling-hours.ts";
import { middayTimeZone, nextCallTime } from "./calling-window.ts";

const assistant = (over: Partial<Parameters<typeof attemptDueAt>[0]> = {}) => ({
  callingWindowStart: "08:00",
  callingWindowEnd: "21:00",
  defaultTimeZone: "America/New_York",
  ...over,
});

describe("the law's calling hours", () => {
  it("has a stricter table by area code, with a source for each state", () => {
    const cases: [string, string | null][] = [
      ["+13055550123", "Florida"], // Miami
      ["+14075550123", "Florida"], // Orlando
      ["+19185550123", "Oklahoma"], // Tulsa
      ["+14055550123", "Oklahoma"], // Oklahoma City
      ["+14105550123", "Maryland"], // Baltimore
      ["+13015550123", "Maryland"],
      ["+12065550123", "Washington"], // Seattle
      ["+14155550123", null], // San Francisco: the federal rule
      ["+12125550123", null],
      ["+442079460958", null], // not a NANP number
      ["+1305555012", null], // too short to be one
    ];
    for (const [number, state] of cases) expect(stateRuleFor(number)?.state ?? null).toBe(state);
    for (const rule of STATE_CALLING_RULES) {
      expect(rule.source).toMatch(/§/);
      expect(rule.start >= FEDERAL_CALLING_HOURS.start).toBe(true);
      expect(rule.end <= FEDERAL_CALLING_HOURS.end).toBe(true);
    }
    // No area code in two states.
    const codes = STATE_CALLING_RULES.flatMap((rule) => rule.areaCodes);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("narrows the assistant's window to 08:00–21:00, or the state's 08:00–20:00", () => {
    const wide = { start: "00:00", end: "23:59" };
    expect(lawfulCallingWindow(wide, "+14155550123")).toEqual({ start: "08:00", end: "21:00" });
    expect(lawfulCallingWindow(wide, "+13055550123")).toEqual({ start: "08:00", end: "20:00" });
    expect(lawfulCallingWindow({ start: "09:00", end: "17:00" }, "+13055550123")).toEqual({
      start: "09:00",
      end: "17:00",
    });
    expect(lawfulCallingWindow({ start: "10:00", end: "21:00" }, "+19185550123")).toEqual({
      start: "10:00",
      end: "20:00",
    });
  });

  it("gives no lawful time when the window misses the state's hours (never the law's instead)", () => {
    const evening = { start: "20:00", end: "21:00" };
    // Miami, Tulsa, Baltimore, Seattle: their hours end at 20:00.
    for (const number of ["+13055550123", "+19185550123", "+14105550123", "+12065550123"]) {
      expect(lawfulCallingWindow(evening, number), number).toBeNull();
    }
    // San Francisco keeps the federal 08:00–21:00: the window stands.
    expect(lawfulCallingWindow(evening, "+14155550123")).toEqual(evening);
    // And the engine has no moment to call a Florida number at, whatever the hour.
    const evenings = assistant({ callingWindowStart: "20:00", callingWindowEnd: "21:00" });
    for (const at of ["2026-11-23T13:00:00Z", "2026-11-24T01:30:00Z", "2026-11-24T20:00:00Z"]) {
      expect(attemptDueAt(evenings, "+13055550123", new Date(at)), at).toBeNull();
    }
    expect(attemptDueAt(evenings, "+14155550123", new Date("2026-11-24T04:30:00Z"))).toEqual(
      new Date("2026-11-24T04:30:00Z"), // 20:30 in San Francisco
    );
  });

  it("never dials a Florida number at 20:30 its time, even with the widest window", () => {
    // 20:30 in Miami (EST, UTC−5) is 01:30 UTC the next day.
    const at = new Date("2026-11-24T01:30:00Z");
    const due = attemptDueAt(assistant({ callingWindowEnd: "21:00" }), "+13055550123", at);
    expect(due?.toISOString()).toBe("2026-11-24T13:00:00.000Z"); // 08:00 in Miami
    // A California number at the same moment (17:30 there) is called at once.
    expect(attemptDueAt(assistant(), "+14155550123", at)).toEqual(at);
    // A stored window wider than the law's is narrowed: 07:00 in New York waits for 08:00.
    const early = new Date("2026-11-23T12:00:00Z");
    const wide = assistant({ callingWindowStart: "00:00", callingWindowEnd: "23:59" });
    expect(attemptDueAt(wide, "+12125550123", early)?.toISOString()).toBe(
      "2026-11-23T13:00:00.000Z",
    );
  });

  it("skips Sundays and public holidays in the respondent's calendar when asked", () => {
    // Sunday 2026-11-22, 10:00 in New York.
    const sunday = new Date("2026-11-22T15:00:00Z");
    expect(attemptDueAt(assistant(), "+12125550123", sunday)).toEqual(sunday);
    expect(
      attemptDueAt(assistant({ skipSundays: true }), "+12125550123", sunday)?.toISOString(),
    ).toBe("2026-11-23T13:00:00.000Z"); // Monday 08:00
    // Thanksgiving (Thursday 2026-11-26), 10:00 in New York.
    const thanksgiving = new Date("2026-11-26T15:00:00Z");
    expect(isPublicHoliday("US", "2026-11-26")).toBe(true);
    expect(isPublicHoliday("US", "2026-11-27")).toBe(false);
    expect(isPublicHoliday("GB", "2026-11-26")).toBe(false);
    expect(
      attemptDueAt(assistant({ skipHolidays: true }), "+12125550123", thanksgiving)?.toISOString(),
    ).toBe("2026-11-27T13:00:00.000Z");
    // After the window on Christmas Eve: Christmas Day (a Friday) is skipped, Saturday is not.
    const christmasEve = new Date("2026-12-25T02:30:00Z"); // 21:30 on the 24th in New York
    expect(
      attemptDueAt(
        assistant({ skipHolidays: true, skipSundays: true }),
        "+12125550123",
        christmasEve,
      )?.toISOString(),
    ).toBe("2026-12-26T13:00:00.000Z");
    // A UK number follows the UK's holidays: Boxing Day 2026 is observed on Monday 28 Dec.
    expect(isPublicHoliday("GB", "2026-12-28")).toBe(true);
    expect(isPublicHoliday(null, "2026-12-25")).toBe(false);
  });

  it("gives tests a zone where it is about noon, whatever the hour", () => {
    for (let hour = 0; hour < 24; hour++) {
      const now = new Date(Date.UTC(2026, 10, 23, hour, 30));
      const zone = middayTimeZone(now);
      const local = Number(
        new Intl.DateTimeFormat("en-US", {
          hour: "numeric",
          hourCycle: "h23",
          timeZone: zone,
        }).format(now),
      );
      expect(local, `${hour}:30 UTC → ${zone}`).toBe(12);
      expect(nextCallTime(now, FEDERAL_CALLING_HOURS, zone)).toEqual(now);
    }
  });
});
