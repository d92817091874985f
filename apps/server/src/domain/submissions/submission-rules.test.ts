import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateSubmission, isAvailable, toE164 } from "./submission-rules.ts";

describe("availability answers", () => {
  it("counts ticked boxes and yes choices, nothing else", () => {
    expect(isAvailable(true)).toBe(true);
    expect(isAvailable("Yes, call me")).toBe(true);
    expect(isAvailable(["Yes"])).toBe(true);
    expect(isAvailable(false)).toBe(false);
    expect(isAvailable("No")).toBe(false);
    expect(isAvailable("Yesterday")).toBe(false);
    expect(isAvailable(null)).toBe(false);
    expect(isAvailable(undefined)).toBe(false);
  });
});

describe("phone numbers to E.164", () => {
  it("keeps international numbers and gives others the +1 fallback", () => {
    expect(toE164("+44 20 7946 0958")).toBe("+442079460958");
    expect(toE164("(415) 555-0123")).toBe("+14155550123");
    expect(toE164("+1 415 555 0123")).toBe("+14155550123");
  });

  it("refuses what is not a valid number", () => {
    for (const value of ["", "12", "+1555", "not a phone", null, true, ["+14155550123"]]) {
      expect(toE164(value as never)).toBeNull();
    }
  });

  it("returns either null or a + followed by 8 to 15 digits, for any input", () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const result = toE164(input);
        expect(result === null || /^\+[1-9]\d{7,14}$/.test(result)).toBe(true);
      }),
    );
  });
});

describe("who is called", () => {
  const fields = { phoneFieldId: "p", checkboxFieldId: "c", nameFieldId: "n", emailFieldId: "e" };

  it("schedules a call for an available respondent with a valid number", () => {
    expect(
      evaluateSubmission({ p: "4155550123", c: true, n: "Ana", e: "ana@example.com" }, fields),
    ).toEqual({
      status: "call_scheduled",
      phone: "+14155550123",
      rawPhone: "4155550123",
      name: "Ana",
      email: "ana@example.com",
    });
  });

  it("stores the reason when there is no call", () => {
    expect(evaluateSubmission({ p: "4155550123", c: false }, fields).status).toBe("not_available");
    expect(evaluateSubmission({ p: "12", c: true }, fields).status).toBe("invalid_phone");
    expect(evaluateSubmission({ c: true }, fields).status).toBe("invalid_phone");
  });
});
