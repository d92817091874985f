import { describe, expect, it } from "vitest";
import { FormSourceError } from "../form-source.ts";
import { flatten, readBody } from "./body.ts";

describe("readBody", () => {
  it("reads JSON, keeping 64-bit ids exactly as they were sent", () => {
    expect(readBody('{"lead_id":"a","form_id":12345678901234567890}', "application/json")).toEqual({
      lead_id: "a",
      form_id: "12345678901234567890",
    });
    expect(readBody('{"n": 15550000000}', null)).toEqual({ n: 15550000000 });
  });

  it("reads a form, a key sent twice being a list", () => {
    expect(
      readBody(
        "name=Sam+Rivera&phone=%2B14155550123&rooms=Kitchen&rooms=Bath",
        "application/x-www-form-urlencoded; charset=utf-8",
      ),
    ).toEqual({ name: "Sam Rivera", phone: "+14155550123", rooms: ["Kitchen", "Bath"] });
  });

  it("refuses what it cannot read, saying why", () => {
    const refusal = (body: string, type: string | null): [number, string] | null => {
      try {
        readBody(body, type);
      } catch (error) {
        if (error instanceof FormSourceError) return [error.status, error.message];
        throw error;
      }
      return null;
    };
    expect(refusal("", "application/json")).toEqual([
      422,
      "The body is empty: send the lead's fields as JSON or as a form.",
    ]);
    expect(refusal("{nope", "application/json")).toEqual([400, "The body is not valid JSON."]);
    expect(refusal("<lead/>", "application/xml")?.[0]).toBe(415);
  });
});

describe("flatten", () => {
  it("gives every value its dotted path, in the order sent, lists of values staying one field", () => {
    expect(
      flatten({
        name: "Sam",
        data: { phone: 15550000000, consent: true, rooms: ["Kitchen", "Bath"] },
        user_column_data: [{ column_id: "EMAIL", string_value: "sam@example.com" }],
        empty: null,
      }),
    ).toEqual([
      { path: "name", value: "Sam" },
      { path: "data.phone", value: 15550000000 },
      { path: "data.consent", value: true },
      { path: "data.rooms", value: ["Kitchen", "Bath"] },
      { path: "user_column_data.0.column_id", value: "EMAIL" },
      { path: "user_column_data.0.string_value", value: "sam@example.com" },
      { path: "empty", value: null },
    ]);
  });

  it("stops at a depth and a count a lead never needs", () => {
    let deep: unknown = "bottom";
    for (let i = 0; i < 20; i++) deep = { next: deep };
    expect(flatten(deep)).toEqual([]);
    const wide = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`f${i}`, i]));
    expect(flatten(wide)).toHaveLength(500);
  });
});
