import type { DashboardCharts } from "@ringback/contracts";
import { describe, expect, it } from "vitest";
import {
  dayRows,
  formatDay,
  formatDuration,
  formatRate,
  outcomeSummary,
  perDaySummary,
  windowPhrase,
} from "./charts";
import { customRange, dashboardRanges } from "./range";

const zero = {
  answered: 0,
  voicemail: 0,
  "no-answer": 0,
  busy: 0,
  failed: 0,
  "not-called": 0,
};

function charts(perDay: DashboardCharts["perDay"]): DashboardCharts {
  return {
    timeZone: "UTC",
    days: perDay.length,
    from: "2026-11-01T00:00:00.000Z",
    to: "2026-11-03T12:00:00.000Z",
    perDay,
    totals: {
      attempts: 0,
      finalCalls: 0,
      answered: 0,
      inProgress: 0,
      scheduled: 0,
      blocked: 0,
      answerRate: null,
    },
    speedToLead: { leads: 0, medianSeconds: null, p90Seconds: null, latestOnly: false },
    assistants: [],
  };
}

describe("the dashboard charts' shaping", () => {
  it("labels a calendar date as itself, whatever the browser's zone", () => {
    expect(formatDay("2026-11-03")).toBe("Nov 3");
    expect(formatDay("2026-12-31")).toBe("Dec 31");
  });

  it("makes one bar per day with its total", () => {
    const rows = dayRows([
      { day: "2026-11-01", counts: { ...zero, answered: 2, busy: 1 } },
      { day: "2026-11-02", counts: zero },
    ]);
    expect(rows).toEqual([
      { day: "2026-11-01", label: "Nov 1", total: 3, ...zero, answered: 2, busy: 1 },
      { day: "2026-11-02", label: "Nov 2", total: 0, ...zero },
    ]);
  });

  it("writes durations as a person would say them", () => {
    expect(formatDuration(null)).toBe("—");
    expect(formatDuration(0.04)).toBe("< 0.1 s");
    expect(formatDuration(-1)).toBe("< 0.1 s");
    expect(formatDuration(0.44)).toBe("0.4 s");
    expect(formatDuration(9.94)).toBe("9.9 s");
    expect(formatDuration(9.96)).toBe("10 s");
    expect(formatDuration(45)).toBe("45 s");
    expect(formatDuration(99)).toBe("1 min 39 s");
    expect(formatDuration(120)).toBe("2 min");
    expect(formatDuration(3599.6)).toBe("1 h");
    expect(formatDuration(7500)).toBe("2 h 5 min");
    expect(formatDuration(7199)).toBe("2 h");
    expect(formatDuration(86_400 + 4 * 3600)).toBe("1 d 4 h");
  });

  it("writes rates as whole percentages, and none as a dash", () => {
    expect(formatRate(0.5)).toBe("50%");
    expect(formatRate(2 / 3)).toBe("67%");
    expect(formatRate(null)).toBe("—");
  });

  it("says what the calls-per-day chart shows, and when it shows nothing", () => {
    expect(
      perDaySummary(
        charts([{ day: "2026-11-01", counts: zero }]),
        dashboardRanges[0],
        "2026-11-01",
      ),
    ).toBe("Calls per day today: no finished calls yet.");
    expect(
      perDaySummary(
        charts([
          { day: "2026-11-01", counts: { ...zero, answered: 1 } },
          {
            day: "2026-11-02",
            counts: { ...zero, answered: 2, voicemail: 2, "no-answer": 1, "not-called": 1 },
          },
          { day: "2026-11-03", counts: { ...zero, failed: 1 } },
        ]),
        customRange("2026-11-01", "2026-11-03", "2026-11-03"),
        "2026-11-03",
      ),
    ).toBe(
      "Calls per day over the last 3 days: 8 finished calls (3 answered, 2 voicemail, 1 no answer, 1 failed, 1 not called). Busiest day Nov 2 with 6 calls.",
    );
    // A custom range that ended before today says its days.
    expect(
      perDaySummary(
        charts([{ day: "2026-11-01", counts: zero }]),
        customRange("2026-11-01", "2026-11-01", "2026-11-29"),
        "2026-11-29",
      ),
    ).toBe("Calls per day on Nov 1: no finished calls yet.");
  });

  it("says a custom range's days, and a range that ends today as the last days", () => {
    const today = "2026-11-29";
    expect(windowPhrase(customRange("2026-11-01", "2026-11-15", today), today)).toBe(
      "from Nov 1 to Nov 15",
    );
    expect(windowPhrase(customRange("2026-11-23", today, today), today)).toBe("in the last 7 days");
    expect(windowPhrase(dashboardRanges[2], today, "of")).toBe("of the last 30 days");
    expect(windowPhrase(dashboardRanges[0], today)).toBe("today");
  });

  it("writes a yes/no question's answers", () => {
    expect(outcomeSummary({ label: "Qualified?", yes: 12, no: 5 })).toBe(
      "Qualified? yes 12 · no 5",
    );
  });
});
