import { describe, expect, it, vi } from "vitest";

// The contracts' default, changed: the engine must enforce whatever the settings page shows.
vi.mock("@ringback/contracts", async (original) => ({
  ...(await original<typeof import("@ringback/contracts")>()),
  MAX_CALLS_PER_NUMBER_PER_DAY_DEFAULT: 7,
}));

const { numberCapOf } = await import("./place-call.ts");

/** A transaction whose organization has no call settings row (or one with this cap). */
const txWith = (rows: { maxCallsPerNumberPerDay: number }[]) =>
  ({ select: () => ({ from: () => ({ where: async () => rows }) }) }) as never;

describe("the per-number cap the engine enforces", () => {
  it("is the contracts' default when the organization never set one", async () => {
    expect(await numberCapOf(txWith([]), "org")).toBe(7);
  });

  it("is the organization's own setting when there is one", async () => {
    expect(await numberCapOf(txWith([{ maxCallsPerNumberPerDay: 2 }]), "org")).toBe(2);
  });
});
