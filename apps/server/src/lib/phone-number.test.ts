import { describe, expect, it } from "vitest";
import { countryOfNumber, phoneReadings, readPhoneNumber } from "./phone-number.ts";

describe("the one phone reader", () => {
  it.each([
    // typed, where it was typed, E.164
    ["1 415 555 0199", ["US"], "+14155550199"],
    ["1 415 555 0199", ["GB"], "+14155550199"],
    ["(415) 555-0199", ["US"], "+14155550199"],
    ["+1 415 555 0199", ["GB"], "+14155550199"],
    ["0044 7911 123456", ["US"], "+447911123456"],
    ["0044 7911 123456", [], "+447911123456"],
    ["07911 123456", ["GB"], "+447911123456"],
    ["07911 123456", ["US", "GB"], "+447911123456"],
    ["030 1234567", ["DE"], "+49301234567"],
    ["0151 23456789", ["DE"], "+4915123456789"],
    ["06 12 34 56 78", ["FR"], "+33612345678"],
    ["098765 43210", ["IN"], "+919876543210"],
    ["98765 43210", ["IN"], "+919876543210"],
    ["(11) 91234-5678", ["BR"], "+5511912345678"],
    ["447911123456", [], "+447911123456"],
  ] as const)("reads %j typed in %j as %s", (typed, countries, expected) => {
    expect(readPhoneNumber(typed, countries)).toBe(expected);
  });

  it("refuses what no country makes a number of", () => {
    expect(readPhoneNumber("07911 123456", ["US"])).toBeNull();
    expect(readPhoneNumber("+1 415 555", ["US"])).toBeNull();
    expect(readPhoneNumber("call me", ["US"])).toBeNull();
    expect(readPhoneNumber("", ["US"])).toBeNull();
    expect(readPhoneNumber(null, ["US"])).toBeNull();
  });

  it("gives one reading per country, and ignores countries it does not know", () => {
    expect(phoneReadings("0612345678", ["FR", "xx", "fr"])).toEqual(["+33612345678"]);
    expect(phoneReadings("+33 6 12 34 56 78", ["US"])).toEqual(["+33612345678"]);
  });

  it("names a number's country", () => {
    expect(countryOfNumber("+442079460958")).toBe("GB");
    expect(countryOfNumber("+14155550199")).toBe("US");
    expect(countryOfNumber("+80012345678")).toBeNull();
    expect(countryOfNumber(null)).toBeNull();
  });
});
