import { describe, expect, it } from "vitest";
import { attemptDueAt } from "../../apps/server/src/domain/calls/call-engine.ts";
import { lawfulCallingWindow } from "../../apps/server/src/domain/calls/calling-hours.ts";
import { closedLawfulWindow } from "./closed-window.ts";

const HOUR = 3_600_000;

// The benchmarks' respondents (daytimeNumbers in bench-app.ts), and numbers of states whose law
// ends calls at 20:00.
const numbers = [
  "+14152000000", // San Francisco
  "+12122000000", // New York
  "+442070000000", // London
  "+81350000000", // Tokyo
  "+13055550123", // Miami, Florida: 08:00–20:00
  "+12065550123", // Seattle, Washington: 08:00–20:00
];

// An ordinary day, and days when the clocks change in the US and in Europe.
const days = ["2025-01-15", "2025-03-09", "2025-03-30", "2025-10-26", "2025-11-02", "2025-07-01"];

const localHour = (at: Date, timeZone: string) =>
  Number(
    new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", hour: "numeric" }).format(at),
  );

describe("the ingest benchmark's calling window", () => {
  it("is lawful but closed, for hours, at every hour of the day where the respondents are", () => {
    for (const phone of numbers) {
      const hoursSeen = new Set<number>();
      for (const day of days) {
        // The clock, every 15 minutes of the day (UTC), which is every hour somewhere else.
        for (let minute = 0; minute < 24 * 60; minute += 15) {
          const now = new Date(Date.parse(`${day}T00:00:00Z`) + minute * 60_000);
          const { timeZone, ...window } = closedLawfulWindow(now, phone);
          hoursSeen.add(localHour(now, timeZone));
          const at = `${phone} at ${now.toISOString()}: ${window.start}–${window.end}`;
          // Inside the law's hours at the number: none of it is cut away.
          expect(lawfulCallingWindow(window, phone), at).toEqual(window);
          // What ingest computes for the attempt: due later (not now, and not no lawful time,
          // which is due at once), and far enough ahead for any benchmark run.
          const due = attemptDueAt(
            {
              callingWindowStart: window.start,
              callingWindowEnd: window.end,
              defaultTimeZone: "UTC",
            },
            phone,
            now,
          );
          expect(due, at).not.toBeNull();
          expect(due!.getTime() - now.getTime(), at).toBeGreaterThanOrEqual(6 * HOUR);
        }
      }
      expect(
        [...hoursSeen].sort((a, b) => a - b),
        phone,
      ).toEqual(Array.from({ length: 24 }, (_, h) => h));
    }
  });

  it("gives a window the number's own law allows: 20:00 ends Florida's day", () => {
    const earlyMorning = new Date("2025-01-15T11:00:00Z"); // 06:00 in Miami and New York
    expect(closedLawfulWindow(earlyMorning, "+13055550123")).toEqual({
      start: "19:30",
      end: "20:00",
      timeZone: "America/New_York",
    });
    expect(closedLawfulWindow(earlyMorning, "+12122000000")).toEqual({
      start: "20:30",
      end: "21:00",
      timeZone: "America/New_York",
    });
    const afternoon = new Date("2025-01-15T20:00:00Z"); // 15:00 in New York
    expect(closedLawfulWindow(afternoon, "+12122000000")).toEqual({
      start: "08:00",
      end: "08:30",
      timeZone: "America/New_York",
    });
  });
});
