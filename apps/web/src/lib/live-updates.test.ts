import { describe, expect, it } from "vitest";
import { reconnectDelay } from "./live-updates";

describe("reconnectDelay", () => {
  it("doubles from a second and stops at 15 s", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(reconnectDelay)).toEqual([
      1000, 2000, 4000, 8000, 15_000, 15_000, 15_000,
    ]);
  });
});
