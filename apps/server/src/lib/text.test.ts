import { describe, expect, it } from "vitest";
import { hasNul, stripNul } from "./text.ts";

describe("NUL in input", () => {
  it("finds a NUL anywhere in a JSON value, keys included", () => {
    expect(hasNul("a\u0000b")).toBe(true);
    expect(hasNul({ a: [{ b: "x\u0000" }] })).toBe(true);
    expect(hasNul({ "k\u0000": 1 })).toBe(true);
    expect(hasNul({ a: ["fine", 1, null, true] })).toBe(false);
  });

  it("strips NUL from strings and keys, keeping dates and shapes", () => {
    const at = new Date("2026-01-01T00:00:00Z");
    expect(stripNul({ "k\u0000": ["a\u0000b", 2], at, n: null })).toEqual({
      k: ["ab", 2],
      at,
      n: null,
    });
    expect(stripNul({ at }).at).toBeInstanceOf(Date);
  });
});
