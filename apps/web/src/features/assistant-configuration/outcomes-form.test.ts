import type { OutcomeQuestion } from "@ringback/contracts";
import { describe, expect, it } from "vitest";
import {
  describeOutcomeType,
  emptyOutcomeForm,
  exampleOutcomeForm,
  hasOutcomeErrors,
  moveOutcomeForm,
  OUTCOME_EXAMPLES,
  type OutcomeQuestionForm,
  outcomeErrorsFromIssues,
  parseOutcomeForms,
  sameOutcomeQuestions,
  suggestOutcomeKey,
  toOutcomeForms,
  withLabel,
  withType,
} from "./outcomes-form";

const row = (over: Partial<OutcomeQuestionForm>): OutcomeQuestionForm => ({
  ...emptyOutcomeForm(),
  ...over,
});

describe("a question's key, suggested from its label", () => {
  it("is snake_case: lower-case words joined by _", () => {
    expect(suggestOutcomeKey("Qualified?")).toBe("qualified");
    expect(suggestOutcomeKey("Best time for a demo")).toBe("best_time_for_a_demo");
    expect(suggestOutcomeKey("  Budget (USD) ")).toBe("budget_usd");
    expect(suggestOutcomeKey("Année préférée")).toBe("annee_preferee");
    expect(suggestOutcomeKey("e-mail / phone")).toBe("e_mail_phone");
  });

  it("starts with a letter, stays within 40 characters, and is empty without words", () => {
    expect(suggestOutcomeKey("2nd choice")).toBe("q_2nd_choice");
    const long = suggestOutcomeKey("What is the very best time of the day for a demo call");
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long).toMatch(/^[a-z][a-z0-9_]*[a-z0-9]$/);
    expect(suggestOutcomeKey("???")).toBe("");
    expect(suggestOutcomeKey("")).toBe("");
  });

  it("is unlike the keys already taken", () => {
    expect(suggestOutcomeKey("Budget", ["budget"])).toBe("budget_2");
    expect(suggestOutcomeKey("Budget", ["budget", "budget_2"])).toBe("budget_3");
    const taken = ["a".repeat(40)];
    expect(suggestOutcomeKey("a".repeat(45), taken)).toBe(`${"a".repeat(38)}_2`);
  });

  it("follows the label until typed; a saved question's key stays", () => {
    const fresh = row({ id: "a" });
    const other = row({ id: "b", key: "qualified", keyEdited: true });
    let forms = withLabel([fresh, other], "a", "Qualified?");
    expect(forms[0]!.key).toBe("qualified_2");
    forms = withLabel(forms, "a", "Budget");
    expect(forms[0]!.key).toBe("budget");
    const typed = withLabel([row({ id: "a", key: "my_key", keyEdited: true })], "a", "Budget");
    expect(typed[0]!.key).toBe("my_key");
    const saved = toOutcomeForms([{ key: "qualified", label: "Qualified?", type: "boolean" }]);
    expect(withLabel(saved, saved[0]!.id, "Good lead?")[0]!.key).toBe("qualified");
  });
});

describe("the questions as the form holds them", () => {
  it("round-trips saved questions", () => {
    const questions: OutcomeQuestion[] = [
      { key: "qualified", label: "Qualified?", type: "boolean", description: "A good fit?" },
      { key: "plan", label: "Plan", type: "choice", choices: ["Basic", "Pro"] },
    ];
    expect(parseOutcomeForms(toOutcomeForms(questions))).toEqual({ ok: true, value: questions });
    expect(parseOutcomeForms([])).toEqual({ ok: true, value: [] });
  });

  it("trims, leaves out blank options and an empty description, and keeps options to lists", () => {
    const result = parseOutcomeForms([
      row({ label: " Plan ", key: "plan ", type: "choice", choices: ["Basic", " ", "Pro "] }),
      row({ label: "Budget", key: "budget", type: "number", choices: ["left", "over"] }),
    ]);
    expect(result).toEqual({
      ok: true,
      value: [
        { key: "plan", label: "Plan", type: "choice", choices: ["Basic", "Pro"] },
        { key: "budget", label: "Budget", type: "number" },
      ],
    });
  });

  it("says what is wrong under each field, by row, with the contracts' messages", () => {
    const forms = [
      row({ id: "a", label: "", key: "" }),
      row({ id: "b", label: "Plan", key: "Plan", type: "choice", choices: ["Only"] }),
      row({ id: "c", label: "Again", key: "again" }),
      row({ id: "d", label: "Again 2", key: "again" }),
    ];
    const result = parseOutcomeForms(forms);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.questions.a).toEqual({
      label: "Give the question a label.",
      key: "Give the question a key.",
    });
    expect(result.errors.questions.b).toEqual({
      key: "Use lower-case letters, digits and _ (starting with a letter, at most 40).",
      choices: "Give at least two options.",
    });
    expect(result.errors.questions.c).toBeUndefined();
    expect(result.errors.questions.d).toEqual({ key: 'The key "again" is used twice.' });
  });

  it("refuses more than ten questions", () => {
    const forms = Array.from({ length: 11 }, (_, i) => row({ label: `Q${i}`, key: `q${i}` }));
    const result = parseOutcomeForms(forms);
    expect(result.ok ? null : result.errors.list).toBe("At most 10 questions.");
  });

  it("reads the server's issues onto the rows they are about", () => {
    const forms = [row({ id: "a" }), row({ id: "b" })];
    const errors = outcomeErrorsFromIssues(forms, [
      { path: "questions.1.choices.0", message: "An option cannot be empty." },
      { path: "questions.1.choices", message: "Give at least two options." },
      { path: "questions", message: "At most 10 questions." },
    ]);
    expect(errors).toEqual({
      list: "At most 10 questions.",
      questions: { b: { choices: "An option cannot be empty." } },
    });
    expect(hasOutcomeErrors(errors)).toBe(true);
    expect(hasOutcomeErrors({ questions: { a: { key: undefined } } })).toBe(false);
  });

  it("gives a list two options to fill in, and keeps them when the type changes back", () => {
    let forms = withType([row({ id: "a" })], "a", "choice");
    expect(forms[0]!.choices).toEqual(["", ""]);
    forms = withType([{ ...forms[0]!, choices: ["Basic", "Pro", "Team"] }], "a", "text");
    expect(withType(forms, "a", "choice")[0]!.choices).toEqual(["Basic", "Pro", "Team"]);
  });

  it("moves a question up and down, and not past either end", () => {
    const forms = [row({ id: "a" }), row({ id: "b" }), row({ id: "c" })];
    const ids = (list: OutcomeQuestionForm[]) => list.map((f) => f.id).join("");
    expect(ids(moveOutcomeForm(forms, "b", -1))).toBe("bac");
    expect(ids(moveOutcomeForm(forms, "b", 1))).toBe("acb");
    expect(ids(moveOutcomeForm(forms, "a", -1))).toBe("abc");
    expect(ids(moveOutcomeForm(forms, "c", 1))).toBe("abc");
  });

  it("adds an example as it is, with its key made unique if taken", () => {
    const qualified = OUTCOME_EXAMPLES[0]!;
    const first = exampleOutcomeForm(qualified, []);
    expect(first).toMatchObject({ label: "Qualified?", key: "qualified", type: "boolean" });
    expect(exampleOutcomeForm(qualified, [first]).key).toBe("qualified_2");
    expect(parseOutcomeForms(OUTCOME_EXAMPLES.map((e) => exampleOutcomeForm(e, []))).ok).toBe(true);
  });

  it("compares lists whatever the order of each question's fields", () => {
    const saved = [
      { type: "choice", label: "Plan", key: "plan", choices: ["A", "B"] },
    ] as OutcomeQuestion[];
    expect(
      sameOutcomeQuestions(
        [{ key: "plan", label: "Plan", type: "choice", choices: ["A", "B"] }],
        saved,
      ),
    ).toBe(true);
    expect(sameOutcomeQuestions([], undefined)).toBe(true);
    expect(sameOutcomeQuestions([], saved)).toBe(false);
  });

  it("describes a type for the summary", () => {
    expect(describeOutcomeType({ type: "boolean" })).toBe("Yes / no");
    expect(describeOutcomeType({ type: "choice", choices: ["Basic", "Pro"] })).toBe(
      "One of a list: Basic, Pro",
    );
  });
});
