import { z } from "zod";
import {
  type AnswerValue,
  FormSourceError,
  HIDDEN_FIELD_PREFIX,
  type NormalizedSubmission,
  type SubmittedAnswer,
} from "../form-source.ts";
import { typeformTitle } from "./typeform-titles.ts";

/**
 * Typeform's `form_response` webhook payload, as much of it as we read. Unknown answer types
 * are kept as null rather than refused: a new Typeform question type must not lose a lead.
 */
const answerSchema = z
  .object({
    type: z.string(),
    field: z.object({ id: z.string(), type: z.string().optional(), ref: z.string().optional() }),
    text: z.string().optional(),
    email: z.string().optional(),
    phone_number: z.string().optional(),
    url: z.string().optional(),
    file_url: z.string().optional(),
    date: z.string().optional(),
    number: z.number().optional(),
    boolean: z.boolean().optional(),
    choice: z.object({ label: z.string().optional(), other: z.string().optional() }).optional(),
    choices: z
      .object({ labels: z.array(z.string()).optional(), other: z.string().optional() })
      .optional(),
    payment: z.unknown().optional(),
  })
  .loose();

const deliverySchema = z
  .object({
    event_id: z.string().optional(),
    event_type: z.string(),
    form_response: z
      .object({
        form_id: z.string().min(1),
        token: z.string().min(1),
        submitted_at: z.string().optional(),
        landed_at: z.string().optional(),
        hidden: z.record(z.string(), z.unknown()).optional().nullable(),
        definition: z
          .object({
            fields: z
              .array(
                z
                  .object({
                    id: z.string(),
                    title: z.string().optional(),
                    type: z.string().optional(),
                    ref: z.string().optional(),
                  })
                  .loose(),
              )
              .optional()
              .nullable(),
          })
          .loose()
          .optional()
          .nullable(),
        answers: z.array(answerSchema).optional().nullable(),
      })
      .loose(),
  })
  .loose();

function answerValue(answer: z.infer<typeof answerSchema>): AnswerValue {
  switch (answer.type) {
    case "text":
      return answer.text ?? null;
    case "email":
      return answer.email ?? null;
    case "phone_number":
      return answer.phone_number ?? null;
    case "url":
      return answer.url ?? null;
    case "file_url":
      return answer.file_url ?? null;
    case "date":
      return answer.date ?? null;
    case "number":
      return answer.number ?? null;
    case "boolean":
      return answer.boolean ?? null;
    case "choice":
      return answer.choice?.label ?? answer.choice?.other ?? null;
    case "choices":
      return [
        ...(answer.choices?.labels ?? []),
        ...(answer.choices?.other ? [answer.choices.other] : []),
      ];
    default:
      return null;
  }
}

/** Parses a `form_response` delivery into our normalized submission. */
export function parseTypeformDelivery(rawBody: string): NormalizedSubmission {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new FormSourceError("The body is not JSON", { status: 400, code: "malformed_body" });
  }
  // Typeform sends other events too (form_response_partial): they are acknowledged and ignored,
  // never refused, since Typeform counts a 4xx as a failed delivery.
  const eventType = (json as { event_type?: unknown } | null)?.event_type;
  if (typeof eventType === "string" && eventType !== "form_response") {
    throw new FormSourceError(`Unsupported event type ${eventType}`, {
      status: 400,
      code: "unsupported_event",
    });
  }
  const parsed = deliverySchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new FormSourceError(
      `Not a Typeform form_response: ${issue ? `${issue.path.join(".")} ${issue.message}` : "invalid"}`,
      { status: 400, code: "malformed_body" },
    );
  }
  const { form_response: response } = parsed.data;
  const answers: Record<string, AnswerValue> = {};
  for (const answer of response.answers ?? []) answers[answer.field.id] = answerValue(answer);
  const hidden: Record<string, string> = {};
  for (const [key, value] of Object.entries(response.hidden ?? {})) {
    if (value != null) hidden[key] = String(value);
  }
  return {
    responseId: response.token,
    formId: response.form_id,
    submittedAt: time(response.submitted_at),
    landedAt: time(response.landed_at),
    questions: withReadableTitles(
      questionsOf(response.definition?.fields ?? [], response.answers ?? [], hidden),
    ),
    answers,
    hidden,
    raw: json,
  };
}

function time(value: string | undefined): Date | null {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** Titles with Typeform's recall placeholders filled from the answers (typeformTitle). */
function withReadableTitles(questions: SubmittedAnswer[]): SubmittedAnswer[] {
  return questions.map((question) => ({
    ...question,
    title: typeformTitle(question.title, questions) || question.ref || question.id,
  }));
}

/**
 * The answered questions in form order: the payload's definition gives order, titles and refs;
 * an answer the definition does not list keeps its place after them; hidden fields come last.
 */
function questionsOf(
  definition: { id: string; title?: string; type?: string; ref?: string }[],
  given: z.infer<typeof answerSchema>[],
  hidden: Record<string, string>,
): SubmittedAnswer[] {
  const byId = new Map(given.map((a) => [a.field.id, a]));
  const questions: SubmittedAnswer[] = [];
  const seen = new Set<string>();
  for (const field of definition) {
    const answer = byId.get(field.id);
    if (!answer || seen.has(field.id)) continue;
    seen.add(field.id);
    questions.push({
      id: field.id,
      ref: field.ref ?? answer.field.ref ?? null,
      title: field.title?.trim() || field.ref || field.id,
      type: field.type ?? answer.field.type ?? answer.type,
      value: answerValue(answer),
    });
  }
  for (const answer of given) {
    if (seen.has(answer.field.id)) continue;
    seen.add(answer.field.id);
    questions.push({
      id: answer.field.id,
      ref: answer.field.ref ?? null,
      title: answer.field.ref ?? answer.field.id,
      type: answer.field.type ?? answer.type,
      value: answerValue(answer),
    });
  }
  for (const [name, value] of Object.entries(hidden)) {
    questions.push({
      id: `${HIDDEN_FIELD_PREFIX}${name}`,
      ref: name,
      title: name,
      type: "hidden",
      value,
    });
  }
  return questions;
}
