import { typedPhoneSchema } from "@ringback/contracts";
import { describe, expect, it } from "vitest";
import { phoneError } from "./phone-validation";

describe("phoneError (the sign-in page's check, without zod)", () => {
  it("accepts and refuses what the contracts' typedPhoneSchema does, with its message", () => {
    const inputs = [
      "+1 415 555 0123",
      "(415) 555-0123",
      "415 555 0123",
      "1 415 555 0199",
      "07911 123456",
      "0044 7911 123456",
      "+44 20 7946 0958",
      "12",
      "+123456",
      "+1234567",
      "+123456789012345",
      "1".repeat(18),
      `+1 415 555 0123${" ".repeat(60)}x`,
      "abc",
      " +1-415-555-0123 ",
    ];
    for (const input of inputs) {
      const parsed = typedPhoneSchema.safeParse(input);
      expect(phoneError(input), input).toBe(
        parsed.success ? null : (parsed.error.issues[0]?.message ?? "unexpected"),
      );
    }
  });

  it("asks for a number when there is none", () => {
    expect(phoneError("  ")).toBe("Enter your phone number");
  });
});
