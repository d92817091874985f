import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseTypeformDelivery } from "./typeform-delivery.ts";
import { typeformTitle } from "./typeform-titles.ts";

const answers = [
  { id: "f1", ref: "name", type: "short_text", value: "Sam Rivera" },
  { id: "f2", ref: "rooms", type: "multiple_choice", value: ["Kitchen", "Bath"] },
  { id: "hidden:utm_source", ref: "utm_source", type: "hidden", value: "newsletter" },
];

describe("typeformTitle", () => {
  it("fills recall placeholders from the answers and drops bold marks", () => {
    expect(typeformTitle("Nice to meet you, {{field:name}}! *What* is your budget?", answers)).toBe(
      "Nice to meet you, Sam Rivera! What is your budget?",
    );
    expect(typeformTitle("Which of {{field:ROOMS}} first?", answers)).toBe(
      "Which of Kitchen, Bath first?",
    );
    expect(typeformTitle("From {{hidden:utm_source}} {{var:score}}?", answers)).toBe(
      "From newsletter?",
    );
    expect(typeformTitle("Thanks, {{answer_f1}}!", answers)).toBe("Thanks, Sam Rivera!");
  });

  it("drops a placeholder with no answer without leaving punctuation dangling", () => {
    expect(typeformTitle("Hello {{field:missing}}, how are you?", answers)).toBe(
      "Hello, how are you?",
    );
    expect(typeformTitle("Thanks, {{field:name}}! Where do you live?")).toBe(
      "Thanks! Where do you live?",
    );
    // A hidden placeholder reads hidden fields only, not a question with the same ref.
    expect(typeformTitle("Via {{hidden:name}}?", answers)).toBe("Via?");
  });

  it("stores readable titles for Typeform's documented webhook payload", () => {
    const body = readFileSync(
      new URL("./fixtures/docs-example-payload.json", import.meta.url),
      "utf8",
    );
    const { questions } = parseTypeformDelivery(body);
    // The documented title recalls an answer by an id the payload does not carry: it is dropped.
    expect(questions[0]?.title).toBe(
      "Thanks! What's it like where you live? Tell us in a few sentences.",
    );
    expect(questions.every((question) => !question.title.includes("{{"))).toBe(true);
  });
});
