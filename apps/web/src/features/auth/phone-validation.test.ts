import { normalizePhone, phoneSchema } from "@ringback/contracts";
import { describe, expect, it } from "vitest";
import { phoneError } from "./phone-validation";

describe("phoneError (the sign-in page's check, without zod)", () => {
  it("accepts and refuses what the contracts' phoneSchema does, with its message", () => {
    const inputs = [
      "+1 415 555 0123",
      "(415) 555-0123",
      "415 555 0123",
      "+44 20 7946 0958",
      "+0 415 555 0123",
      "12",
      "+123456",
      "+1234567",
      "+123456789012345",
      "+1234567890123456",
      "abc",
      " +1-415-555-0123 ",
    ];
    for (const input of inputs) {
      const parsed = phoneSchema.safeParse(normalizePhone(input));
      expect(phoneError(input), input).toBe(
        parsed.success ? null : (parsed.error.issues[0]?.message ?? "unexpected"),
      );
    }
  });

  it("asks for a number when there is none", () => {
    expect(phoneError("  ")).toBe("Enter your phone number");
  });
});
