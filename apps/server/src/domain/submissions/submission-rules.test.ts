import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateSubmission, isAvailable, resolveAnswer, toE164 } from "./submission-rules.ts";

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

  it("reads yes in other languages, for choice labels and multiple choices", () => {
    for (const yes of [
      "Sí",
      "Oui, appelez-moi",
      "Ja",
      "Sim",
      "Sì",
      "Да",
      "Tak",
      "Evet",
      "はい",
      "是",
    ]) {
      expect(isAvailable(yes), yes).toBe(true);
      expect(isAvailable([yes]), yes).toBe(true);
    }
    for (const no of ["Non", "Nein", "Não", "Нет", "いいえ", "Hayır"]) {
      expect(isAvailable(no), no).toBe(false);
    }
  });
});

describe("phone numbers to E.164", () => {
  it("keeps numbers with a country code as given", () => {
    expect(toE164("+44 20 7946 0958")).toBe("+442079460958");
    expect(toE164("+1 415 555 0123", { field: "GB" })).toBe("+14155550123");
    expect(toE164("0044 7911 123456", { assistant: "US" })).toBe("+447911123456");
  });

  it.each([
    // number typed, field country, assistant country, expected
    ["(415) 555-0123", "US", null, "+14155550123"],
    ["07911 123456", "GB", "US", "+447911123456"],
    ["07911 123456", null, "GB", "+447911123456"],
    ["06 12 34 56 78", "FR", null, "+33612345678"],
    ["030 123456", null, "DE", "+4930123456"],
    ["(11) 91234-5678", "BR", "US", "+5511912345678"],
    // The field's country first; a number that is not valid there tries the assistant's.
    ["(415) 555-0123", "GB", "US", "+14155550123"],
    // Neither knows it: tried as international.
    ["447911123456", null, null, "+447911123456"],
    ["447911123456", "us", null, "+447911123456"],
    ["4155550123", null, "US", "+14155550123"],
    ["4155550123", null, null, null],
  ])("reads %j with field %j and assistant %j as %j", (typed, field, assistant, expected) => {
    expect(toE164(typed, { field, assistant })).toBe(expected);
  });

  it("ignores a country code libphonenumber does not know", () => {
    expect(toE164("(415) 555-0123", { field: "XX", assistant: "US" })).toBe("+14155550123");
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
      evaluateSubmission(
        { p: "4155550123", c: true, n: "Ana", e: "ana@example.com" },
        { ...fields, defaultCountry: "US" },
      ),
    ).toEqual({
      status: "call_scheduled",
      phone: "+14155550123",
      rawPhone: "4155550123",
      name: "Ana",
      email: "ana@example.com",
    });
  });

  it("stores the reason when there is no call", () => {
    expect(evaluateSubmission({ p: "+14155550123", c: false }, fields).status).toBe(
      "not_available",
    );
    expect(evaluateSubmission({ p: "12", c: true }, fields).status).toBe("invalid_phone");
    expect(evaluateSubmission({ c: true }, fields).status).toBe("invalid_phone");
  });
});

describe("who the respondent is: joined and hidden fields", () => {
  const base = { phoneFieldId: "p", checkboxFieldId: "c", emailFieldId: null };

  it("joins a contact block's first and last name with a space", () => {
    const answers = { p: "+14155550123", c: true, first: "Sam", last: "Rivera" };
    expect(evaluateSubmission(answers, { ...base, nameFieldId: "first+last" }).name).toBe(
      "Sam Rivera",
    );
    expect(resolveAnswer(answers, "first+last")).toBe("Sam Rivera");
  });

  it("keeps the part that was answered, and is null when neither was", () => {
    const fields = { ...base, nameFieldId: "first+last" };
    expect(evaluateSubmission({ c: true, first: " Sam " }, fields).name).toBe("Sam");
    expect(evaluateSubmission({ c: true, last: "Rivera" }, fields).name).toBe("Rivera");
    expect(evaluateSubmission({ c: true, first: "  " }, fields).name).toBeNull();
    expect(evaluateSubmission({ c: true }, fields).name).toBeNull();
  });

  it("reads an id that is itself an answer before splitting it", () => {
    expect(resolveAnswer({ "a+b": "whole", a: "x", b: "y" }, "a+b")).toBe("whole");
    expect(resolveAnswer({ a: "x" }, "a")).toBe("x");
    expect(resolveAnswer({ a: "x" }, "missing")).toBeUndefined();
    expect(resolveAnswer({ a: "x" }, null)).toBeUndefined();
    // Inherited keys are not answers.
    expect(resolveAnswer({}, "constructor")).toBeUndefined();
  });

  it("reads the phone, name and email from hidden fields", () => {
    const answers = {
      c: true,
      "hidden:phone": "07911 123456",
      "hidden:name": "Sam Rivera",
      "hidden:email": "sam@example.com",
    };
    expect(
      evaluateSubmission(answers, {
        phoneFieldId: "hidden:phone",
        checkboxFieldId: "c",
        nameFieldId: "hidden:name",
        emailFieldId: "hidden:email",
        defaultCountry: "GB",
      }),
    ).toEqual({
      status: "call_scheduled",
      phone: "+447911123456",
      rawPhone: "07911 123456",
      name: "Sam Rivera",
      email: "sam@example.com",
    });
  });
});
