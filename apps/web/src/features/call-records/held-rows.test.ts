import { describe, expect, it } from "vitest";
import { holdRows } from "./held-rows";

const row = (id: string, status = "ringing") => ({ id, status });

describe("rows held under the reader", () => {
  it("keeps the rows shown in their place, updated, and counts the new ones", () => {
    const previous = new Map([
      ["b", row("b")],
      ["c", row("c")],
      ["d", row("d")],
    ]);
    // Two new leads arrive at the top; b's call ends; d falls off the fresh page.
    const fresh = [row("x"), row("y"), row("b", "answered"), row("c")];
    const held = holdRows(["b", "c", "d"], fresh, previous);
    expect(held.rows).toEqual([row("b", "answered"), row("c"), row("d")]);
    expect(held.waiting).toBe(2);
  });

  it("has nothing waiting when nothing is new", () => {
    const fresh = [row("a"), row("b")];
    expect(holdRows(["a", "b"], fresh, new Map()).waiting).toBe(0);
    expect(holdRows(["a", "b"], fresh, new Map()).rows).toEqual(fresh);
  });
});
