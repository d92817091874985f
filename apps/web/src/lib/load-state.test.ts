import { describe, expect, it } from "vitest";
import { loadState } from "./load-state";

describe("loadState", () => {
  it("is loading until the first answer", () => {
    expect(loadState({ data: undefined, error: null })).toBe("loading");
  });
  it("fails, never empty, when the first read fails", () => {
    expect(loadState({ data: undefined, error: new Error("down") })).toBe("failed");
  });
  it("keeps the data but says it is stale when a refresh fails", () => {
    expect(loadState({ data: [], error: new Error("down") })).toBe("stale");
  });
  it("shows an empty list only when the server answered one", () => {
    expect(loadState({ data: [], error: null })).toBe("ready");
  });
});
