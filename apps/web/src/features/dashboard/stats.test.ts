import { describe, expect, it } from "vitest";
import { formatAverageAttempts } from "./stats";

describe("average attempts per form", () => {
  it("shows one decimal when attempts exceed unique forms", () => {
    expect(formatAverageAttempts(3, 2)).toBe("1.5");
    expect(formatAverageAttempts(7, 3)).toBe("2.3");
    expect(formatAverageAttempts(4, 2)).toBe("2.0");
  });

  it("reads 1 when each form was called once, and 0 with no calls", () => {
    expect(formatAverageAttempts(5, 5)).toBe("1");
    expect(formatAverageAttempts(0, 0)).toBe("0");
  });
});
