import { type ConsentEvidence, readableAnswer } from "@ringback/contracts";
import type { NormalizedSubmission } from "../../providers/forms/form-source.ts";

/**
 * What the person agreed to, as stored with their submission once and never changed
 * (a trigger refuses it): the availability question as the delivery showed it (its title; its
 * description from the form as Ringback last read it, since Typeform's webhook definition carries
 * none) and the answer as given; the form's id and last-updated time as last read; the
 * provider's response id with its landing and submit times; the number as typed and as read.
 * Null when the assistant has no availability field or the delivery does not carry it.
 */
export function consentEvidence(
  submission: Pick<
    NormalizedSubmission,
    "responseId" | "formId" | "submittedAt" | "landedAt" | "questions"
  >,
  assistant: {
    checkboxFieldId: string | null;
    formLastUpdatedAt?: Date | null;
    availabilityQuestion?: { title: string; description: string | null } | null;
  },
  phone: { typed: string | null; normalized: string | null },
  now: Date = new Date(),
): ConsentEvidence | null {
  const question = assistant.checkboxFieldId
    ? submission.questions.find((q) => q.id === assistant.checkboxFieldId)
    : undefined;
  if (!question) return null;
  return {
    question: {
      id: question.id,
      title: question.title,
      description: assistant.availabilityQuestion?.description ?? null,
    },
    answer: readableAnswer(question.value, question.type) ?? "No answer",
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
  };
}
