import { describe, expect, it } from "vitest";
import { isStale, reconnectDelay } from "./live-updates";

describe("reconnectDelay", () => {
  it("doubles from a second and stops at 15 s", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(reconnectDelay)).toEqual([
      1000, 2000, 4000, 8000, 15_000, 15_000, 15_000,
    ]);
  });
});

describe("isStale", () => {
  const query = (queryKey: unknown[], dataUpdatedAt: number) =>
    ({ queryKey, state: { dataUpdatedAt } }) as unknown as Parameters<typeof isStale>[0];
  const openedAt = 10_000;

  it("refetches on a change every call and submission query of the organization", () => {
    for (const kind of ["stats", "assistants", "call-records"]) {
      expect(isStale(query(["organization", "org1", kind], 20_000), "org1", Infinity)).toBe(true);
    }
  });

  it("on a stream that opened, refetches only what was loaded before it was asked for", () => {
    expect(isStale(query(["organization", "org1", "stats"], 9_999), "org1", openedAt)).toBe(true);
    // Loaded while the stream was opening (the page's first load): not fetched twice.
    expect(isStale(query(["organization", "org1", "stats"], 10_000), "org1", openedAt)).toBe(false);
    expect(isStale(query(["organization", "org1", "assistants"], 10_450), "org1", openedAt)).toBe(
      false,
    );
  });

  it("leaves other organizations, the forms and anything else alone", () => {
    expect(isStale(query(["organization", "org2", "stats"], 0), "org1", Infinity)).toBe(false);
    expect(isStale(query(["organization", "org1", "forms"], 0), "org1", Infinity)).toBe(false);
    expect(isStale(query(["session"], 0), "org1", Infinity)).toBe(false);
  });
});
