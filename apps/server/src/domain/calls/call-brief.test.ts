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

const here = { publicUrl: "http://localhost:3000" };

describe("the call's prompt and context", () => {
  it("fills {name} everywhere, and says 'there' without a name", () => {
    const brief = (name: string | null) =>
      callBrief(
        withScript("Hi {name}! {name}, is now good?"),
        {
          respondentName: name,
          answers: stored,
        },
        here,
      ).task;
    expect(brief("Ana")).toBe("Hi Ana! Ana, is now good?");
    expect(brief(null)).toBe("Hi there! there, is now good?");
    expect(brief("  ")).toBe("Hi there! there, is now good?");
  });

  it("fills the fields' refs and {answers} from the stored questions", () => {
    const { task } = callBrief(
      withScript("About {enquiry} ({utm_source}).\n{answers}"),
      {
        respondentName: "Sam Rivera",
        answers: stored,
      },
      here,
    );
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
      callBrief(withScript("Hi"), { respondentName: " Sam Rivera ", answers: stored }, here)
        .context,
    ).toEqual({
      respondentName: "Sam Rivera",
      answers: [
        { question: "What's your name?", answer: "Sam Rivera" },
        { question: "How can we help?", answer: "Kitchen renovation" },
        { question: "Can we call you?", answer: "Yes" },
      ],
    });
  });

  it("fills {opt_out_url} with the installation's opt-out page, in the script and the first sentence", () => {
    const assistant = {
      ...withScript("If you'd rather not hear from us, go to {opt_out_url}."),
      firstSentence: "Hi {name}, this is {company}. To stop calls, visit {opt_out_url}.",
    };
    const submission = { respondentName: "Sam", answers: stored };
    const brief = callBrief(assistant, submission, {
      publicUrl: "https://ringback.example.com/",
    });
    expect(brief.task).toBe(
      "If you'd rather not hear from us, go to ringback.example.com/opt-out.",
    );
    expect(brief.firstSentence).toBe(
      "Hi Sam, this is Northwind Realty. To stop calls, visit ringback.example.com/opt-out.",
    );
    // Without a public URL there is no address to give: it reads as empty.
    expect(callBrief(assistant, submission, { publicUrl: null }).task).toBe(
      "If you'd rather not hear from us, go to .",
    );
  });

  it("copes with a submission stored before questions were kept, and with no script", () => {
    expect(
      callBrief(
        withScript(null),
        { respondentName: null, answers: { answers: { f1: "x" } } },
        here,
      ),
    ).toEqual({
      task: "",
      // No first sentence of its own: the default disclosure, filled in.
      firstSentence:
        "Hi there, this is Front desk, an AI assistant calling from Northwind Realty about the form you filled in. This call may be recorded.",
      context: { respondentName: null, answers: [] },
    });
  });
});
