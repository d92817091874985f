import { describe, expect, it } from "vitest";
import {
  binWindow,
  chartStatusOf,
  localDate,
  shapeCharts,
  windowDays,
} from "./dashboard-charts.ts";

describe("the dashboard charts' days and statuses", () => {
  it("reads today's date in the zone", () => {
    const instant = new Date("2026-11-10T02:30:00Z");
    expect(localDate(instant, "UTC")).toBe("2026-11-10");
    expect(localDate(instant, "America/Sao_Paulo")).toBe("2026-11-09");
    expect(localDate(new Date("2026-11-09T18:30:00Z"), "Asia/Kolkata")).toBe("2026-11-10");
  });

  it("lists the window's days oldest first, across month and year ends", () => {
    expect(windowDays("2026-03-02", 3)).toEqual(["2026-02-28", "2026-03-01", "2026-03-02"]);
    expect(windowDays("2027-01-01", 2)).toEqual(["2026-12-31", "2027-01-01"]);
    expect(windowDays("2026-11-10", 30)).toHaveLength(30);
    expect(windowDays("2026-11-10", 30)[0]).toBe("2026-10-12");
  });

  it("reads whole 15-minute bins from the counters and the partial ones at the ends from the rows", () => {
    const at = (iso: string) => new Date(iso);
    // From a local midnight (a bin's edge) to now inside a bin: no head, a tail up to now.
    expect(binWindow(at("2026-10-11T18:30:00Z"), at("2026-11-10T15:07:30.123Z"))).toEqual({
      firstBin: at("2026-10-11T18:30:00Z"),
      lastBin: at("2026-11-10T15:00:00Z"),
      headEnd: at("2026-10-11T18:30:00Z"),
      tailStart: at("2026-11-10T15:00:00Z"),
    });
    // Now on a bin's edge: no tail either.
    expect(binWindow(at("2026-11-10T00:00:00Z"), at("2026-11-10T15:00:00Z"))).toMatchObject({
      lastBin: at("2026-11-10T15:00:00Z"),
      tailStart: at("2026-11-10T15:00:00Z"),
    });
    // A start off the grid (no zone has one today): its first partial bin comes from the rows.
    expect(binWindow(at("2026-11-10T00:04:30Z"), at("2026-11-10T01:10:00Z"))).toEqual({
      firstBin: at("2026-11-10T00:15:00Z"),
      lastBin: at("2026-11-10T01:00:00Z"),
      headEnd: at("2026-11-10T00:15:00Z"),
      tailStart: at("2026-11-10T01:00:00Z"),
    });
    // Both ends inside one bin: the rows alone, counted once.
    const inside = binWindow(at("2026-11-10T00:04:30Z"), at("2026-11-10T00:09:00Z"));
    expect(inside.headEnd).toEqual(at("2026-11-10T00:09:00Z"));
    expect(inside.firstBin.getTime()).toBeGreaterThan(inside.lastBin.getTime());
    expect(inside.tailStart.getTime()).toBeGreaterThanOrEqual(inside.headEnd.getTime());
  });

  it("draws final statuses, voicemail apart from answered, and leaves pending ones out", () => {
    expect(chartStatusOf("answered")).toBe("answered");
    expect(chartStatusOf("voicemail")).toBe("voicemail");
    expect(chartStatusOf("no-answer")).toBe("no-answer");
    expect(chartStatusOf("not-called")).toBe("not-called");
    for (const pending of ["scheduled", "dialling", "ringing", "in-progress"] as const) {
      expect(chartStatusOf(pending)).toBeNull();
    }
    expect(chartStatusOf("canceled")).toBeNull();
  });

  it("never counts a voicemail as answered", () => {
    const charts = shapeCharts({
      timeZone: "UTC",
      days: ["2026-11-10"],
      from: "2026-11-10T00:00:00.000Z",
      to: "2026-11-10T12:00:00.000Z",
      counts: [
        { day: "2026-11-10", assistant_id: "a", status: "answered", n: 1 },
        { day: "2026-11-10", assistant_id: "a", status: "voicemail", n: 3 },
        { day: "2026-11-10", assistant_id: "a", status: "scheduled", n: 2 },
        { day: "2026-11-10", assistant_id: "a", status: "not-called", n: 1 },
      ],
      speed: { leads: 0, median: null, p90: null },
      outcomes: [],
      assistants: [{ id: "a", name: "A", outcome_questions: [] }],
    });
    expect(charts.totals).toEqual({
      attempts: 7,
      finalCalls: 4,
      answered: 1,
      inProgress: 0,
      scheduled: 2,
      blocked: 1,
      answerRate: 0.25,
    });
    expect(charts.perDay[0]!.counts).toMatchObject({ answered: 1, voicemail: 3, "not-called": 1 });
    expect(charts.assistants[0]).toMatchObject({ calls: 4, answered: 1 });
  });

  it("says there is no answer rate without final calls, and keeps every day", () => {
    const charts = shapeCharts({
      timeZone: "UTC",
      days: ["2026-11-09", "2026-11-10"],
      from: "2026-11-09T00:00:00.000Z",
      to: "2026-11-10T12:00:00.000Z",
      counts: [{ day: "2026-11-10", assistant_id: "a", status: "in-progress", n: 2 }],
      speed: { leads: 0, median: null, p90: null },
      outcomes: [],
      assistants: [{ id: "a", name: "A", outcome_questions: [] }],
    });
    expect(charts.perDay.map((d) => d.day)).toEqual(["2026-11-09", "2026-11-10"]);
    expect(charts.totals).toEqual({
      attempts: 2,
      finalCalls: 0,
      answered: 0,
      inProgress: 2,
      scheduled: 0,
      blocked: 0,
      answerRate: null,
    });
    expect(charts.assistants).toEqual([
      { id: "a", name: "A", calls: 0, answered: 0, outcomes: [] },
    ]);
  });
});
