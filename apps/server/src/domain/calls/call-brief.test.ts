import { describe, expect, it } from "vitest";
import { callBrief } from "./call-brief.ts";

const withScript = (assistantScript: string | null) => ({
  assistantScript,
  firstSentence: null,
  name: "Front desk",
  formTitle: "Website enquiry",
  companyName: "Northwind Realty",
});

/** form_submissions.answers as ingest stores it (see ingest-delivery.ts). */
const stored = {
  answers: { f1: "Sam Rivera", f2: "Kitchen renovation" },
  hidden: { utm_source: "newsletter" },
  questions: [
    { id: "f1", ref: "name", title: "What's your name?", type: "short_text", value: "Sam Rivera" },
    {
      id: "f2",
      ref: "enquiry",
      title: "How can we help?",
      type: "long_text",
      value: "Kitchen renovation",
    },
    { id: "f3", ref: "call_consent", title: "Can we call you?", type: "yes_no", value: true },
    {
      id: "hidden:utm_source",
      ref: "utm_source",
      title: "utm_source",
      type: "hidden",
      value: "newsletter",
    },
  ],
  landedAt: null,
  raw: {},
};

describe("the call's prompt and context", () => {
  it("fills {name} everywhere, and says 'there' without a name", () => {
    const brief = (name: string | null) =>
      callBrief(withScript("Hi {name}! {name}, is now good?"), {
        respondentName: name,
        answers: stored,
      }).task;
    expect(brief("Ana")).toBe("Hi Ana! Ana, is now good?");
    expect(brief(null)).toBe("Hi there! there, is now good?");
    expect(brief("  ")).toBe("Hi there! there, is now good?");
  });

  it("fills the fields' refs and {answers} from the stored questions", () => {
    const { task } = callBrief(withScript("About {enquiry} ({utm_source}).\n{answers}"), {
      respondentName: "Sam Rivera",
      answers: stored,
    });
    expect(task).toBe(
      [
        "About Kitchen renovation (newsletter).",
        "What's your name?: Sam Rivera",
        "How can we help?: Kitchen renovation",
        "Can we call you?: Yes",
      ].join("\n"),
    );
  });

  it("hands the lead's name and readable answers, without hidden fields, as the context", () => {
    expect(
      callBrief(withScript("Hi"), { respondentName: " Sam Rivera ", answers: stored }).context,
    ).toEqual({
      respondentName: "Sam Rivera",
      answers: [
        { question: "What's your name?", answer: "Sam Rivera" },
        { question: "How can we help?", answer: "Kitchen renovation" },
        { question: "Can we call you?", answer: "Yes" },
      ],
    });
  });

  it("copes with a submission stored before questions were kept, and with no script", () => {
    expect(
      callBrief(withScript(null), { respondentName: null, answers: { answers: { f1: "x" } } }),
    ).toEqual({
      task: "",
      // No first sentence of its own: the default disclosure, filled in.
      firstSentence:
        "Hi there, this is Front desk, an AI assistant calling from Northwind Realty about the form you filled in. This call may be recorded.",
      context: { respondentName: null, answers: [] },
    });
  });
});
