import { describe, expect, it } from "vitest";
import {
  customRange,
  customRangeWords,
  DEFAULT_DASHBOARD_RANGE,
  parseDashboardRange,
  rangeQuery,
  rangeSearch,
} from "./range";

describe("the dashboard's date range", () => {
  it("reads a known range from the URL, and 30 days otherwise", () => {
    expect(parseDashboardRange("7d")).toMatchObject({ days: 7, heading: "Last 7 Days" });
    expect(parseDashboardRange("today")).toMatchObject({ days: 1, heading: "Today" });
    expect(parseDashboardRange("90d").days).toBe(90);
    expect(parseDashboardRange(null)).toBe(DEFAULT_DASHBOARD_RANGE);
    expect(parseDashboardRange("365d")).toBe(DEFAULT_DASHBOARD_RANGE);
    expect(DEFAULT_DASHBOARD_RANGE.days).toBe(30);
  });
});

describe("a custom range", () => {
  const today = "2026-11-29";
  const url = (query: string) => new URLSearchParams(query);

  it("reads its days from the URL, in words", () => {
    const range = parseDashboardRange(url("range=custom&from=2026-11-01&to=2026-11-15"), today);
    expect(range).toMatchObject({ id: "custom", from: "2026-11-01", to: "2026-11-15", days: 15 });
    expect(range.heading).toBe("Nov 1 – Nov 15");
    expect(
      parseDashboardRange(url("range=custom&from=2026-11-03&to=2026-11-03"), today),
    ).toMatchObject({ days: 1, label: "Nov 3" });
    expect(customRangeWords("2025-12-20", "2026-01-05", today)).toBe("Dec 20, 2025 – Jan 5, 2026");
  });

  it("is the default when a day is missing or no date", () => {
    expect(parseDashboardRange(url("range=custom&from=2026-11-01"), today)).toBe(
      DEFAULT_DASHBOARD_RANGE,
    );
    expect(parseDashboardRange(url("range=custom&from=2026-02-30&to=2026-03-02"), today)).toBe(
      DEFAULT_DASHBOARD_RANGE,
    );
  });

  it("puts its days in order and keeps it to a year and a day", () => {
    expect(customRange("2026-11-15", "2026-11-01", today)).toMatchObject({
      from: "2026-11-01",
      to: "2026-11-15",
    });
    expect(customRange("2020-01-01", "2026-11-29", today)).toMatchObject({
      from: "2025-11-29",
      to: "2026-11-29",
      days: 366,
    });
  });

  it("goes into the URL and the server's query, and the default leaves the URL clean", () => {
    const custom = customRange("2026-11-01", "2026-11-15", today);
    expect(rangeSearch(url("tab=x&range=7d"), custom).toString()).toBe(
      "tab=x&range=custom&from=2026-11-01&to=2026-11-15",
    );
    expect(rangeQuery(custom)).toBe("from=2026-11-01&to=2026-11-15");
    expect(rangeSearch(url("range=custom&from=a&to=b"), DEFAULT_DASHBOARD_RANGE).toString()).toBe(
      "",
    );
    expect(rangeQuery(parseDashboardRange("7d"))).toBe("days=7");
  });
});
