import { describe, expect, it } from "vitest";
import { phoneError, validateSignup } from "./validation";

const valid = {
  fullName: "Sam Rivera",
  email: "sam@example.com",
  phone: "+1 415 555 0123",
  organizationName: "Rivera Co",
};

describe("validateSignup", () => {
  it("accepts complete, well-formed details", () => {
    expect(validateSignup(valid, { invitation: false })).toEqual({ errors: {}, missing: false });
  });

  it("names every problem at once, each under its own field", () => {
    const result = validateSignup(
      { fullName: " ", email: "not-an-email", phone: "12", organizationName: "" },
      { invitation: false },
    );
    expect(result.missing).toBe(true);
    expect(result.errors).toEqual({
      fullName: "Enter your full name",
      email: "Enter a valid email address",
      phone: "Enter a phone number with its country code, e.g. +1 415 555 0123",
      organizationName: "Enter your company name",
    });
  });

  it("asks no company name of someone joining through an invitation", () => {
    expect(validateSignup({ ...valid, organizationName: "" }, { invitation: true })).toEqual({
      errors: {},
      missing: false,
    });
  });

  it("says a format error is not a missing field", () => {
    const result = validateSignup({ ...valid, email: "sam@" }, { invitation: false });
    expect(result.missing).toBe(false);
    expect(Object.keys(result.errors)).toEqual(["email"]);
  });
});

describe("phoneError", () => {
  it.each([
    ["", "Enter your phone number"],
    ["   ", "Enter your phone number"],
    ["+44 7911 123456", null],
    ["(415) 555-0123", null],
    ["+12", "Enter a phone number with its country code, e.g. +1 415 555 0123"],
  ])("%j → %s", (input, error) => {
    expect(phoneError(input)).toBe(error);
  });
});
