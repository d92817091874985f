import { describe, expect, it } from "vitest";
import { DEFAULT_DASHBOARD_RANGE, parseDashboardRange } from "./range";

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
