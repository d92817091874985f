import {
  type ConsentEvidence,
  FORM_CONSENT_TEXT_FIELD,
  FORM_CONSENT_TEXT_LABEL,
  readableAnswer,
} from "@ringback/contracts";
import type { NormalizedSubmission } from "../../providers/forms/form-source.ts";

/**
 * What the person agreed to, as stored with their submission once and never changed
 * (a trigger refuses it): the availability question as the delivery showed it (its title; its
 * description from the form as Ringback last read it, since Typeform's webhook definition carries
 * none) and the answer as given; the form's id and last-updated time as last read; the
 * provider's response id with its landing and submit times; the number as typed and as read.
 * Where the form has no checkbox and the business pasted the form's own consent text, that text
 * stands as the question, and submitting the form as the answer. `source` names the form source.
 * Null when the assistant has no availability field or the delivery does not carry it.
 */
export function consentEvidence(
  submission: Pick<
    NormalizedSubmission,
    "responseId" | "formId" | "submittedAt" | "landedAt" | "questions"
  >,
  assistant: {
    checkboxFieldId: string | null;
    consentText?: string | null;
    formLastUpdatedAt?: Date | null;
    availabilityQuestion?: { title: string; description: string | null } | null;
  },
  phone: { typed: string | null; normalized: string | null },
  now: Date = new Date(),
  source?: string,
): ConsentEvidence | null {
  const ownText = assistant.checkboxFieldId === FORM_CONSENT_TEXT_FIELD;
  const question = ownText
    ? {
        id: FORM_CONSENT_TEXT_FIELD,
        title: FORM_CONSENT_TEXT_LABEL,
        value: null,
        type: "consent_text",
      }
    : assistant.checkboxFieldId
      ? submission.questions.find((q) => q.id === assistant.checkboxFieldId)
      : undefined;
  if (!question || (ownText && !assistant.consentText)) return null;
  return {
    question: {
      id: question.id,
      title: question.title,
      description: ownText
        ? assistant.consentText!
        : (assistant.availabilityQuestion?.description ?? null),
    },
    answer: ownText
      ? "Submitted the form, which shows this consent text"
      : (readableAnswer(question.value, question.type) ?? "No answer"),
    form: {
      id: submission.formId,
      lastUpdatedAt: assistant.formLastUpdatedAt?.toISOString() ?? null,
    },
    response: {
      id: submission.responseId,
      landedAt: submission.landedAt?.toISOString() ?? null,
      submittedAt: submission.submittedAt?.toISOString() ?? null,
    },
    phone,
    recordedAt: now.toISOString(),
    ...(source ? { source } : {}),
  };
}
