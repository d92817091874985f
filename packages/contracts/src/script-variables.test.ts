import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  answersText,
  callContextAnswers,
  fillScript,
  greetingName,
  optOutPageAddress,
  readableAnswer,
  readableQuestion,
  SCRIPT_VARIABLE_LIMITS,
  type ScriptQuestion,
  scriptVariables,
  storedScriptQuestions,
  unknownScriptVariables,
  usedScriptVariables,
} from "./script-variables.ts";

/** A submission of the sandbox's "Website enquiry" form, as ingest stores its questions. */
const questions: ScriptQuestion[] = [
  { ref: "name", title: "What's your name?", type: "short_text", value: "Sam Rivera" },
  { ref: "email", title: "What's your email address?", type: "email", value: "sam@example.com" },
  { ref: "enquiry", title: "How can we help?", type: "long_text", value: "Kitchen\nrenovation " },
  { ref: "rooms", title: "Which rooms?", type: "multiple_choice", value: ["Kitchen", "Bath"] },
  { ref: "company_size", title: "How many people?", type: "number", value: 12 },
  { ref: "call_consent", title: "Can we call you?", type: "yes_no", value: true },
  { ref: "skipped", title: "Anything else?", type: "long_text", value: null },
  { ref: "utm_source", title: "utm_source", type: "hidden", value: "newsletter" },
];

describe("readableAnswer", () => {
  it.each([
    [
      "a string, trimmed and on one line",
      "  Kitchen\n\n renovation ",
      "short_text",
      "Kitchen renovation",
    ],
    ["a list, joined", ["Kitchen", "", "Bath"], "multiple_choice", "Kitchen, Bath"],
    ["true", true, "yes_no", "Yes"],
    ["false", false, "legal", "No"],
    ["a number", 12.5, "number", "12.5"],
    ["zero", 0, "rating", "0"],
    ["a file's link", "https://files.example/abc.pdf", "file_upload", "File uploaded"],
  ])("reads %s", (_, value, type, expected) => {
    expect(readableAnswer(value, type)).toBe(expected);
  });

  it.each([
    ["null", null],
    ["undefined", undefined],
    ["an empty string", "   "],
    ["an empty list", []],
    ["NaN", Number.NaN],
    ["an object", { amount: 10 }],
  ])("has nothing to say for %s", (_, value) => {
    expect(readableAnswer(value, "short_text")).toBeNull();
  });

  it("cuts a long answer with an ellipsis", () => {
    const answer = readableAnswer("word ".repeat(200), "long_text")!;
    expect(answer.length).toBeLessThanOrEqual(SCRIPT_VARIABLE_LIMITS.answerChars);
    expect(answer.endsWith("…")).toBe(true);
  });
});

describe("readableQuestion", () => {
  it("reads a title on one line and drops a placeholder a source left in double braces", () => {
    expect(readableQuestion("What is\n  your   budget?")).toBe("What is your budget?");
    expect(readableQuestion("Hello {{field:missing}}, how are you?")).toBe("Hello, how are you?");
    expect(readableQuestion("Thanks, {{answer_60906475}}! Where do you live?")).toBe(
      "Thanks! Where do you live?",
    );
  });

  it("cuts a long title", () => {
    const title = readableQuestion("Why? ".repeat(100));
    expect(title.length).toBeLessThanOrEqual(SCRIPT_VARIABLE_LIMITS.questionChars);
  });
});

describe("callContextAnswers", () => {
  it("keeps the answered questions in form order, readable, without hidden fields", () => {
    expect(callContextAnswers(questions)).toEqual([
      { question: "What's your name?", answer: "Sam Rivera" },
      { question: "What's your email address?", answer: "sam@example.com" },
      { question: "How can we help?", answer: "Kitchen renovation" },
      { question: "Which rooms?", answer: "Kitchen, Bath" },
      { question: "How many people?", answer: "12" },
      { question: "Can we call you?", answer: "Yes" },
    ]);
  });

  it("stays within its bounds however many answers there are", () => {
    const many = Array.from({ length: 100 }, (_, i) => ({
      ref: `q${i}`,
      title: `Question ${i} ${"x".repeat(300)}`,
      type: "long_text",
      value: "y".repeat(1000),
    }));
    const context = callContextAnswers(many);
    expect(context.length).toBeGreaterThan(0);
    expect(context.length).toBeLessThanOrEqual(SCRIPT_VARIABLE_LIMITS.answers);
    expect(answersText(context).length).toBeLessThanOrEqual(SCRIPT_VARIABLE_LIMITS.listChars);
    for (const item of context) {
      expect(item.question.length).toBeLessThanOrEqual(SCRIPT_VARIABLE_LIMITS.questionChars);
      expect(item.answer.length).toBeLessThanOrEqual(SCRIPT_VARIABLE_LIMITS.answerChars);
    }
    // The first answers are the ones kept.
    expect(context[0]!.question).toMatch(/^Question 0 /);
  });

  it("names a question without a title by its ref", () => {
    expect(
      callContextAnswers([{ ref: "budget", title: "  ", type: "short_text", value: "$5k" }]),
    ).toEqual([{ question: "budget", answer: "$5k" }]);
  });
});

describe("fillScript", () => {
  const fill = (script: string, name: string | null = "Sam Rivera") =>
    fillScript(script, { name, questions });

  it("fills {name}, and 'there' when the name is unknown", () => {
    expect(fill("Hi {name}! {name}, is now good?")).toBe("Hi Sam Rivera! Sam Rivera, is now good?");
    expect(fill("Hi {name}!", null)).toBe("Hi there!");
    expect(fill("Hi {name}!", "  ")).toBe("Hi there!");
    expect(greetingName(" Ana ")).toBe("Ana");
  });

  it("fills any field by its ref, in any case and in Bland's double braces", () => {
    expect(fill("You asked about {enquiry} for {rooms} ({company_size} people).")).toBe(
      "You asked about Kitchen renovation for Kitchen, Bath (12 people).",
    );
    expect(fill("{ENQUIRY} / {{ enquiry }} / { Name }")).toBe(
      "Kitchen renovation / Kitchen renovation / Sam Rivera",
    );
    expect(fill("Consent: {call_consent}")).toBe("Consent: Yes");
  });

  it("reaches hidden fields only when the script names them", () => {
    expect(fill("Source: {utm_source}")).toBe("Source: newsletter");
    expect(fill("{answers}")).not.toContain("newsletter");
  });

  it("inserts every answer, one 'Question: answer' per line, for {answers}", () => {
    expect(fill("They wrote:\n{answers}\nEnd.")).toBe(
      [
        "They wrote:",
        "What's your name?: Sam Rivera",
        "What's your email address?: sam@example.com",
        "How can we help?: Kitchen renovation",
        "Which rooms?: Kitchen, Bath",
        "How many people?: 12",
        "Can we call you?: Yes",
        "End.",
      ].join("\n"),
    );
  });

  it("reads an unanswered question or an unknown ref as empty text", () => {
    expect(fill("Also: {skipped}. Typo: {compnay}.")).toBe("Also: . Typo: .");
  });

  it("leaves text that is not a variable as written", () => {
    const script = "Hi [Your Company] {Your Company} { } {{field:name}} {a b} {}";
    expect(fill(script)).toBe(script);
  });

  it("fills in one pass: an answer holding a variable stays as typed", () => {
    const sneaky: ScriptQuestion[] = [
      { ref: "note", title: "Note", type: "short_text", value: "{name} {answers}" },
    ];
    expect(fillScript("Note: {note}", { name: "Sam", questions: sneaky })).toBe(
      "Note: {name} {answers}",
    );
  });

  it("never leaves a variable behind (property)", () => {
    const ref = fc.stringMatching(/^[a-z_][a-z0-9_]{0,8}$/);
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string({ maxLength: 8 }),
            ref.map((r) => `{${r}}`),
          ),
        ),
        fc.array(fc.record({ ref, value: fc.oneof(fc.string(), fc.integer(), fc.boolean()) })),
        (parts, answers) => {
          const script = parts.join(" ");
          const filled = fillScript(script, {
            name: "Sam",
            questions: answers.map((a) => ({ ...a, title: a.ref, type: "short_text" })),
          });
          const leftover = usedScriptVariables(filled).filter((v) => parts.includes(`{${v}}`));
          // Only variables that an answer itself spelled out may remain.
          for (const variable of leftover) {
            expect(answers.some((a) => String(a.value).includes(`{${variable}}`))).toBe(true);
          }
        },
      ),
    );
  });
});

describe("the wizard's variables", () => {
  const fields = [
    { title: "What's your name?", type: "short_text", ref: "name" },
    { title: "How can we help?", type: "long_text", ref: "enquiry" },
    { title: "Welcome!", type: "statement", ref: "welcome" },
    { title: "No ref", type: "short_text", ref: null },
    { title: "Spaced", type: "short_text", ref: "has space" },
    { title: "utm_source (hidden field)", type: "hidden", ref: "utm_source" },
  ];

  it("offers {name}, {answers}, then each field with a usable ref", () => {
    expect(scriptVariables(fields)).toEqual([
      { name: "name", label: "The respondent’s name", kind: "name" },
      { name: "answers", label: "Every answer, one per line", kind: "answers" },
      { name: "company", label: "Your organization’s name", kind: "caller" },
      { name: "assistant", label: "The assistant’s name", kind: "caller" },
      { name: "form", label: "The form’s title", kind: "caller" },
      {
        name: "opt_out_url",
        label: "Where to stop calls: the opt-out page’s address",
        kind: "caller",
      },
      { name: "enquiry", label: "How can we help?", kind: "field" },
      { name: "utm_source", label: "utm_source (hidden field)", kind: "hidden" },
    ]);
  });

  it("lists the variables a script uses and those that match no field", () => {
    const script = "Hi {name}, about {enquiry} and {Enquiry}: {budget} {{ budget }} {answers}";
    expect(usedScriptVariables(script)).toEqual([
      "name",
      "enquiry",
      "Enquiry",
      "budget",
      "answers",
    ]);
    expect(unknownScriptVariables(script, scriptVariables(fields))).toEqual(["budget"]);
    expect(unknownScriptVariables("Hi {name} {answers}", [])).toEqual([]);
    expect(unknownScriptVariables("{company} {assistant} {form} {Opt_Out_URL}", [])).toEqual([]);
  });

  it("fills who is calling from the caller, before any field with the same ref", () => {
    const respondent = {
      name: "Sam",
      questions: [{ ref: "company", title: "Company", type: "short_text", value: "Rivera Studio" }],
    };
    expect(
      fillScript("Hi {name}, this is {assistant} from {Company} about {form}.", respondent, {
        company: "Northwind Realty",
        assistant: "Ava",
        form: "Website enquiry",
      }),
    ).toBe("Hi Sam, this is Ava from Northwind Realty about Website enquiry.");
    // Without a caller (nothing known), they read as empty, never as the lead's answer.
    expect(fillScript("from {company}.", respondent)).toBe("from .");
  });

  it("fills {opt_out_url} with the opt-out page's address, as it is said", () => {
    const respondent = {
      name: "Sam",
      questions: [
        { ref: "opt_out_url", title: "Yours?", type: "short_text", value: "evil.example" },
      ],
    };
    const caller = { opt_out_url: optOutPageAddress("https://ringback.example.com") };
    expect(
      fillScript("You can opt out at {opt_out_url}, or {{ OPT_OUT_URL }}.", respondent, caller),
    ).toBe("You can opt out at ringback.example.com/opt-out, or ringback.example.com/opt-out.");
    // Unknown (no public URL): empty, never a form field's answer.
    expect(fillScript("At {opt_out_url}.", respondent)).toBe("At .");
  });
});

describe("optOutPageAddress", () => {
  it("is the public URL without its scheme and trailing slashes, then /opt-out", () => {
    expect(optOutPageAddress("https://ringback.example.com")).toBe("ringback.example.com/opt-out");
    expect(optOutPageAddress(" http://localhost:3000/ ")).toBe("localhost:3000/opt-out");
    expect(optOutPageAddress("HTTPS://calls.example.com/ringback//")).toBe(
      "calls.example.com/ringback/opt-out",
    );
  });
});

describe("storedScriptQuestions", () => {
  it("reads the stored questions, skipping what is not one", () => {
    expect(
      storedScriptQuestions({
        questions: [
          { id: "a", ref: "enquiry", title: "How can we help?", type: "long_text", value: "Hi" },
          null,
          "junk",
          { id: "b", title: 3, value: 5 },
        ],
      }),
    ).toEqual([
      { ref: "enquiry", title: "How can we help?", type: "long_text", value: "Hi" },
      { ref: null, title: "", type: "unknown", value: 5 },
    ]);
  });

  it("gives only the hidden fields of a row stored before questions were kept", () => {
    expect(storedScriptQuestions({ answers: { abc: "x" }, hidden: { source: "ads" } })).toEqual([
      { ref: "source", title: "source", type: "hidden", value: "ads" },
    ]);
    expect(storedScriptQuestions(null)).toEqual([]);
    expect(storedScriptQuestions({})).toEqual([]);
  });
});
