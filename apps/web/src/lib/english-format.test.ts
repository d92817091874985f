import { describe, expect, it } from "vitest";
import { clockTime, dateAndTime, isValidDate, monthDay, monthDayYear } from "./english-format";

// The texts Intl gave before (assembled from parts, with plain spaces): the reference these
// hand-made ones must equal, in whatever time zone the tests run.
function intlParts(date: Date, options: Intl.DateTimeFormatOptions) {
  const parts = new Intl.DateTimeFormat("en-US", { ...options, hour12: true }).formatToParts(date);
  return (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
}

// Every hour of a day, every month, the first and last day of months, a leap day.
const instants = [
  ...Array.from({ length: 24 }, (_, h) => new Date(2026, 10, 3, h, h * 2, h)),
  ...Array.from({ length: 12 }, (_, m) => new Date(2026, m, 1, 0, 0, 0)),
  ...Array.from({ length: 12 }, (_, m) => new Date(2025, m + 1, 0, 23, 59, 59)),
  new Date(2028, 1, 29, 12, 0, 5),
  new Date("2026-11-29T09:05:00Z"),
];

describe("english dates without Intl", () => {
  it.each(instants.map((d) => [d.toString(), d]))("%s reads as Intl en-US says", (_, date) => {
    const d = date as Date;
    const p = intlParts(d, {
      month: "short",
      day: "numeric",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      second: "2-digit",
    });
    expect(monthDay(d)).toBe(`${p("month")} ${p("day")}`);
    expect(monthDayYear(d)).toBe(`${p("month")} ${p("day")}, ${p("year")}`);
    expect(clockTime(d)).toBe(`${p("hour")}:${p("minute")} ${p("dayPeriod")}`);
    expect(clockTime(d, { seconds: true })).toBe(
      `${p("hour")}:${p("minute")}:${p("second")} ${p("dayPeriod")}`,
    );
    expect(dateAndTime(d)).toBe(
      `${p("month")} ${p("day")}, ${p("year")} ${p("hour")}:${p("minute")} ${p("dayPeriod")}`,
    );
  });

  it("midnight is 12 AM and noon 12 PM", () => {
    expect(clockTime(new Date(2026, 0, 1, 0, 7))).toBe("12:07 AM");
    expect(clockTime(new Date(2026, 0, 1, 12, 0))).toBe("12:00 PM");
    expect(clockTime(new Date(2026, 0, 1, 23, 59, 9), { seconds: true })).toBe("11:59:09 PM");
  });

  it("knows an invalid date", () => {
    expect(isValidDate(new Date("nonsense"))).toBe(false);
    expect(isValidDate(new Date("2026-11-29T09:05:00Z"))).toBe(true);
  });
});
