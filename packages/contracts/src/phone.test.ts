import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isCompleteCode, normalizePhone } from "./phone.ts";

describe("normalizePhone", () => {
  it("keeps a number that starts with +, without its punctuation", () => {
    expect(normalizePhone("+44 20 7946 0958")).toBe("+442079460958");
    expect(normalizePhone(" +1 (415) 555-0123 ")).toBe("+14155550123");
  });

  it("keeps only the digits of anything else and adds +1", () => {
    expect(normalizePhone("(415) 555-0123")).toBe("+14155550123");
    expect(normalizePhone("415.555.0123")).toBe("+14155550123");
  });

  it("leaves an empty value empty", () => {
    expect(normalizePhone("   ")).toBe("");
  });

  it("always yields + followed by digits only", () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const result = normalizePhone(input);
        expect(result === "" || /^\+\d*$/.test(result)).toBe(true);
      }),
    );
  });
});

describe("isCompleteCode", () => {
  it("accepts exactly 6 digits", () => {
    expect(isCompleteCode("123456")).toBe(true);
    expect(isCompleteCode("12345")).toBe(false);
    expect(isCompleteCode("1234567")).toBe(false);
    expect(isCompleteCode("12345a")).toBe(false);
  });
});
