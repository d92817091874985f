import { describe, expect, it } from "vitest";
import { outcomeQuestionsSchema } from "./outcome-questions.ts";
import {
  formatOutcomeValue,
  normalizeOutcomes,
  normalizeOutcomeValue,
  type OutcomeQuestion,
} from "./outcomes.ts";

const q = (over: Partial<OutcomeQuestion>): OutcomeQuestion => ({
  key: "k",
  label: "K",
  type: "text",
  ...over,
});

describe("outcome questions", () => {
  it("accepts up to 10 questions with unique snake_case keys; a list needs two options", () => {
    const ok = outcomeQuestionsSchema.safeParse([
      { key: "qualified", label: "Qualified?", type: "boolean" },
      { key: "budget", label: "Budget", type: "number", description: "In dollars" },
      { key: "demo_date", label: "Best time for a demo", type: "date" },
      { key: "plan", label: "Plan", type: "choice", choices: ["Basic", "Pro"] },
    ]);
    expect(ok.success).toBe(true);
    const bad = (questions: unknown) => outcomeQuestionsSchema.safeParse(questions).success;
    expect(bad([{ key: "Qualified", label: "x", type: "boolean" }])).toBe(false);
    expect(bad([{ key: "a", label: "", type: "boolean" }])).toBe(false);
    expect(bad([{ key: "plan", label: "Plan", type: "choice", choices: ["One"] }])).toBe(false);
    expect(bad([{ key: "plan", label: "Plan", type: "choice", choices: ["A", "a"] }])).toBe(false);
    expect(bad([{ key: "a", label: "A", type: "colour" }])).toBe(false);
    expect(
      bad([
        { key: "a", label: "A", type: "text" },
        { key: "a", label: "B", type: "text" },
      ]),
    ).toBe(false);
    expect(
      bad(Array.from({ length: 11 }, (_, i) => ({ key: `k${i}`, label: "L", type: "text" }))),
    ).toBe(false);
  });

  it("reads each answer as its question's type, or null — never a wrong type", () => {
    const yesNo = q({ type: "boolean" });
    expect(["true", "Yes", true, "si", "1"].map((v) => normalizeOutcomeValue(yesNo, v))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(["false", "No", false].map((v) => normalizeOutcomeValue(yesNo, v))).toEqual([
      false,
      false,
      false,
    ]);
    expect(normalizeOutcomeValue(yesNo, "maybe")).toBeNull();
    const number = q({ type: "number" });
    expect(normalizeOutcomeValue(number, "$25,000")).toBe(25000);
    expect(normalizeOutcomeValue(number, "about 40")).toBe(40);
    expect(normalizeOutcomeValue(number, "1.5k")).toBe(1500);
    expect(normalizeOutcomeValue(number, 12)).toBe(12);
    expect(normalizeOutcomeValue(number, "none")).toBeNull();
    const date = q({ type: "date" });
    expect(normalizeOutcomeValue(date, "2026-12-03 15:00:00")).toBe("2026-12-03");
    expect(normalizeOutcomeValue(date, "December 3, 2026")).toBe("2026-12-03");
    expect(normalizeOutcomeValue(date, "next week")).toBeNull();
    const choice = q({ type: "choice", choices: ["Basic", "Pro"] });
    expect(normalizeOutcomeValue(choice, "pro")).toBe("Pro");
    expect(normalizeOutcomeValue(choice, "Enterprise")).toBeNull();
    expect(normalizeOutcomeValue(q({}), "  Kitchen  ")).toBe("Kitchen");
    expect(normalizeOutcomeValue(q({}), "null")).toBeNull();
  });

  it("keeps exactly the assistant's keys", () => {
    const questions = [
      q({ key: "qualified", type: "boolean" }),
      q({ key: "budget", type: "number" }),
    ];
    expect(normalizeOutcomes(questions, { qualified: "yes", extra: 1 })).toEqual({
      qualified: true,
      budget: null,
    });
    expect(normalizeOutcomes(questions, null)).toBeNull();
    expect(normalizeOutcomes(questions, [1])).toBeNull();
    expect(normalizeOutcomes([], { a: 1 })).toBeNull();
    expect([true, false, 25000, "Pro", null].map(formatOutcomeValue)).toEqual([
      "Yes",
      "No",
      "25,000",
      "Pro",
      "",
    ]);
  });
});
