import { describe, expect, it } from "vitest";
import { formatNumber } from "./english-number.ts";

describe("formatNumber", () => {
  it.each([
    0, 7, 999, 1000, 1500, 12_345, 999_999, 1_000_000, 3_698_000_123, -1, -12_000, 2.5, 0.125,
    1234.5678, -1234.5678, 0.0004, 99.9999, 240, 25_000, 1e20, -0.0001, -0,
  ])("%d reads as toLocaleString('en-US') says", (n) => {
    expect(formatNumber(n)).toBe(n.toLocaleString("en-US"));
  });

  it("leaves what is not a finite number to the standard formatter", () => {
    expect(formatNumber(Number.NaN)).toBe("NaN");
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe("∞");
  });
});
