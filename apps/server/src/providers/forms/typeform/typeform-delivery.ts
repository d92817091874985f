import { z } from "zod";
import {
  type AnswerValue,
  FormProviderError,
  type NormalizedSubmission,
} from "../form-provider.ts";

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
    throw new FormProviderError("The body is not JSON", { status: 400, code: "malformed_body" });
  }
  const parsed = deliverySchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new FormProviderError(
      `Not a Typeform form_response: ${issue ? `${issue.path.join(".")} ${issue.message}` : "invalid"}`,
      { status: 400, code: "malformed_body" },
    );
  }
  const { event_type: eventType, form_response: response } = parsed.data;
  if (eventType !== "form_response") {
    throw new FormProviderError(`Unsupported event type ${eventType}`, {
      status: 400,
      code: "unsupported_event",
    });
  }
  const answers: Record<string, AnswerValue> = {};
  for (const answer of response.answers ?? []) answers[answer.field.id] = answerValue(answer);
  const hidden: Record<string, string> = {};
  for (const [key, value] of Object.entries(response.hidden ?? {})) {
    if (value != null) hidden[key] = String(value);
  }
  const submittedAt = response.submitted_at ? new Date(response.submitted_at) : null;
  return {
    responseId: response.token,
    formId: response.form_id,
    submittedAt: submittedAt && !Number.isNaN(submittedAt.getTime()) ? submittedAt : null,
    answers,
    hidden,
    raw: json,
  };
}
