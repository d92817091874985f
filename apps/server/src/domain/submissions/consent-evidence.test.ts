import { describe, expect, it } from "vitest";
import { consentEvidence } from "./consent-evidence.ts";

const submission = {
  responseId: "a1b2c3",
  formId: "lT4Z3j",
  landedAt: new Date("2026-11-24T10:00:00Z"),
  submittedAt: new Date("2026-11-24T10:02:30Z"),
  questions: [
    { id: "PH", ref: "phone", title: "Your phone", type: "phone_number", value: "4155550123" },
    {
      id: "OK",
      ref: "ok",
      title: "May we call you about your quote?",
      type: "yes_no",
      value: true,
    },
    { id: "CH", ref: "ch", title: "¿Podemos llamarle?", type: "multiple_choice", value: "Sí" },
  ],
};
const phone = { typed: "4155550123", normalized: "+14155550123" };
const now = new Date("2026-11-24T10:02:31Z");

describe("consent evidence", () => {
  it("records the question as shown, the answer, the form, the response and the number", () => {
    expect(
      consentEvidence(
        submission,
        {
          checkboxFieldId: "OK",
          formLastUpdatedAt: new Date("2026-11-20T08:00:00Z"),
          availabilityQuestion: {
            title: "May we call you?",
            description: "We call within minutes.",
          },
        },
        phone,
        now,
      ),
    ).toEqual({
      question: {
        id: "OK",
        title: "May we call you about your quote?",
        description: "We call within minutes.",
      },
      answer: "Yes",
      form: { id: "lT4Z3j", lastUpdatedAt: "2026-11-20T08:00:00.000Z" },
      response: {
        id: "a1b2c3",
        landedAt: "2026-11-24T10:00:00.000Z",
        submittedAt: "2026-11-24T10:02:30.000Z",
      },
      phone,
      recordedAt: "2026-11-24T10:02:31.000Z",
    });
  });

  it("keeps a choice's label as given, and knows nothing it was not told", () => {
    const evidence = consentEvidence(submission, { checkboxFieldId: "CH" }, phone, now);
    expect(evidence).toMatchObject({
      answer: "Sí",
      question: { description: null },
      form: { lastUpdatedAt: null },
    });
  });

  it("is null without an availability field or its answer", () => {
    expect(consentEvidence(submission, { checkboxFieldId: null }, phone, now)).toBeNull();
    expect(consentEvidence(submission, { checkboxFieldId: "GONE" }, phone, now)).toBeNull();
  });
});
