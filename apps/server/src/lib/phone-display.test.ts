import { describe, expect, it } from "vitest";
import { displayPhone } from "./phone-display.ts";

describe("displayPhone", () => {
  it("groups a valid number the way its country writes it", () => {
    expect(displayPhone("+14155550123")).toBe("+1 415 555 0123");
    expect(displayPhone("+442079460958")).toBe("+44 20 7946 0958");
  });

  it("keeps what cannot be read as a number as it is stored, and nothing as null", () => {
    expect(displayPhone("12")).toBe("12");
    expect(displayPhone(" +1 555 ")).toBe("+1 555");
    expect(displayPhone("")).toBeNull();
    expect(displayPhone(null)).toBeNull();
  });
});
