import { normalizePhone } from "@ringback/contracts";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import type { SubmissionStatus } from "../../db/schema/index.ts";
import type { AnswerValue } from "../../providers/forms/form-provider.ts";

/** A respondent said they are available: a ticked yes/no or legal box, or a "yes" choice. */
export function isAvailable(answer: AnswerValue | undefined): boolean {
  if (answer === true) return true;
  if (typeof answer === "string") return /^\s*(yes|true|y|1)\b/i.test(answer);
  if (Array.isArray(answer)) return answer.some((a) => /^\s*yes\b/i.test(a));
  return false;
}

/**
 * E.164 or null. Numbers with a country code are parsed as given; others get SPEC.md §5's +1
 * fallback. Only numbers libphonenumber considers valid are called.
 */
export function toE164(answer: AnswerValue | undefined): string | null {
  if (typeof answer !== "string" && typeof answer !== "number") return null;
  const raw = String(answer).trim();
  if (!raw) return null;
  const parsed = parsePhoneNumberFromString(raw.startsWith("+") ? raw : normalizePhone(raw));
  return parsed?.isValid() ? parsed.number : null;
}

function text(answer: AnswerValue | undefined): string | null {
  if (typeof answer === "string") return answer.trim() || null;
  if (Array.isArray(answer)) return answer.join(", ").trim() || null;
  return null;
}

export interface AssistantFields {
  phoneFieldId: string | null;
  checkboxFieldId: string | null;
  nameFieldId: string | null;
  emailFieldId: string | null;
}

/** PRODUCT.md "how calls are placed" step 2: who is called, and why not. */
export function evaluateSubmission(
  answers: Record<string, AnswerValue>,
  fields: AssistantFields,
): {
  status: SubmissionStatus;
  phone: string | null;
  rawPhone: string | null;
  name: string | null;
  email: string | null;
} {
  const rawPhone = fields.phoneFieldId ? text(answers[fields.phoneFieldId]) : null;
  const phone = fields.phoneFieldId ? toE164(answers[fields.phoneFieldId]) : null;
  const available = fields.checkboxFieldId ? isAvailable(answers[fields.checkboxFieldId]) : false;
  const status: SubmissionStatus = !available
    ? "not_available"
    : phone === null
      ? "invalid_phone"
      : "call_scheduled";
  return {
    status,
    phone,
    rawPhone,
    name: fields.nameFieldId ? text(answers[fields.nameFieldId]) : null,
    email: fields.emailFieldId ? text(answers[fields.emailFieldId]) : null,
  };
}
