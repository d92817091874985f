import { describe, expect, it } from "vitest";
import { submittedAnswers } from "./call-record-details.ts";
import { searchTerms } from "./call-record-filters.ts";

describe("search terms", () => {
  it("searches the text as typed, lower-cased", () => {
    expect(searchTerms("  Sam RIVERA ")).toEqual(["sam rivera"]);
    expect(searchTerms("")).toEqual([]);
    expect(searchTerms("   ")).toEqual([]);
    expect(searchTerms(undefined)).toEqual([]);
    // Text with digits in it is not a number.
    expect(searchTerms("ana.1234@example.com")).toEqual(["ana.1234@example.com"]);
  });

  it("reads a number in any format as its digits, which is how the phone is stored", () => {
    expect(searchTerms("4155550123")).toEqual(["4155550123"]);
    expect(searchTerms("+1 415-555-0123")).toEqual(["14155550123"]);
    expect(searchTerms("(415) 555-0123")).toEqual(["4155550123"]);
    expect(searchTerms("415.555.0123")).toEqual(["4155550123"]);
    expect(searchTerms("415-555")).toEqual(["415555"]);
  });

  it("drops an international prefix and a national trunk 0, which E.164 numbers do not hold", () => {
    expect(searchTerms("0044 7911 123456")).toEqual(["447911123456"]);
    expect(searchTerms("07911 123456")).toEqual(["7911123456"]);
    // A short tail of a number keeps its 0: it is part of the number.
    expect(searchTerms("0123")).toEqual(["0123"]);
  });

  it("does not turn a couple of digits into a search of every group", () => {
    expect(searchTerms("+1 4")).toEqual(["+1 4"]);
    expect(searchTerms("(41)")).toEqual(["(41)"]);
  });
});

describe("submitted answers", () => {
  it("reads the questions in form order, with titles and hidden fields", () => {
    const stored = {
      answers: { a: "x" },
      questions: [
        { id: "name", ref: "name", title: "What's your name?", type: "short_text", value: "Sam" },
        { id: "ok", ref: null, title: "May we call you?", type: "yes_no", value: true },
        { id: "topics", ref: null, title: "Topics", type: "multiple_choice", value: ["A", "B"] },
        { id: "size", ref: null, title: " ", type: "number", value: 12 },
        { id: "hidden:utm", ref: "utm", title: "utm", type: "hidden", value: "spring" },
        { title: "no id" },
        null,
      ],
    };
    expect(submittedAnswers(stored)).toEqual([
      { id: "name", title: "What's your name?", type: "short_text", value: "Sam" },
      { id: "ok", title: "May we call you?", type: "yes_no", value: true },
      { id: "topics", title: "Topics", type: "multiple_choice", value: ["A", "B"] },
      { id: "size", title: "size", type: "number", value: 12 },
      { id: "hidden:utm", title: "utm", type: "hidden", value: "spring" },
    ]);
  });

  it("reads submissions stored before questions were kept: answers by field id", () => {
    expect(
      submittedAnswers({
        answers: { f1: "Sam", f2: false, f3: { odd: 1 } },
        hidden: { src: "ad" },
      }),
    ).toEqual([
      { id: "f1", title: "f1", type: "unknown", value: "Sam" },
      { id: "f2", title: "f2", type: "unknown", value: false },
      { id: "f3", title: "f3", type: "unknown", value: '{"odd":1}' },
      { id: "hidden:src", title: "src", type: "hidden", value: "ad" },
    ]);
    expect(submittedAnswers({})).toEqual([]);
    expect(submittedAnswers(null)).toEqual([]);
    expect(submittedAnswers("x")).toEqual([]);
  });
});
