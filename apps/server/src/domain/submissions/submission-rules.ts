import { FORM_CONSENT_TEXT_FIELD, isYes } from "@ringback/contracts";
import type { SubmissionStatus } from "../../db/schema/index.ts";
import { readPhoneNumber } from "../../lib/phone-number.ts";
import { type AnswerValue, JOINED_FIELD_SEPARATOR } from "../../providers/forms/form-source.ts";

/**
 * A respondent said they are available: a ticked yes/no or legal box, or a "yes" choice in any
 * language of the yes table ("Sí", "Oui", "はい"…).
 */
export function isAvailable(answer: AnswerValue | undefined): boolean {
  if (answer === true || answer === 1) return true;
  if (typeof answer === "string") return isYes(answer) || answer.trim() === "1";
  if (Array.isArray(answer)) return answer.some(isYes);
  return false;
}

/** Where a number typed without a country code may be from, most specific first. */
export interface PhoneCountries {
  /** The phone field's own default (Typeform's default_country_code). */
  field?: string | null;
  /** The assistant's default country (from the organization's phone number unless changed). */
  assistant?: string | null;
}

/**
 * E.164 or null: the one phone reader (lib/phone-number.ts) in the phone field's
 * default country, then the assistant's. Only numbers libphonenumber considers valid are called.
 */
export function toE164(
  answer: AnswerValue | undefined,
  countries: PhoneCountries = {},
): string | null {
  return readPhoneNumber(answer, [countries.field, countries.assistant]);
}

function text(answer: AnswerValue | undefined): string | null {
  if (typeof answer === "string") return answer.trim() || null;
  if (Array.isArray(answer)) return answer.join(", ").trim() || null;
  return null;
}

/**
 * The answer a chosen field id stands for: the field's own answer (hidden fields are answers
 * under `hidden:<name>`), or, for ids joined by `+` (a contact block's first + last name), the
 * parts' answers joined with a space, skipping unanswered ones.
 */
export function resolveAnswer(
  answers: Record<string, AnswerValue>,
  fieldId: string | null,
): AnswerValue | undefined {
  if (!fieldId) return undefined;
  if (Object.hasOwn(answers, fieldId)) return answers[fieldId];
  if (!fieldId.includes(JOINED_FIELD_SEPARATOR)) return undefined;
  const parts = fieldId
    .split(JOINED_FIELD_SEPARATOR)
    .map((id) => (Object.hasOwn(answers, id) ? text(answers[id]) : null))
    .filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(" ") : null;
}

export interface AssistantFields {
  phoneFieldId: string | null;
  checkboxFieldId: string | null;
  nameFieldId: string | null;
  emailFieldId: string | null;
  phoneDefaultCountry?: string | null;
  defaultCountry?: string | null;
}

/** Who is called, and why not (a phone number, consent and a lawful time: ADR 0014). */
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
  const answer = (fieldId: string | null) => resolveAnswer(answers, fieldId);
  const rawPhone = text(answer(fields.phoneFieldId));
  const phone = fields.phoneFieldId
    ? toE164(answer(fields.phoneFieldId), {
        field: fields.phoneDefaultCountry,
        assistant: fields.defaultCountry,
      })
    : null;
  // The form's own consent text: submitting the form that shows it is the agreement.
  const available =
    fields.checkboxFieldId === FORM_CONSENT_TEXT_FIELD ||
    (fields.checkboxFieldId ? isAvailable(answer(fields.checkboxFieldId)) : false);
  const status: SubmissionStatus = !available
    ? "not_available"
    : phone === null
      ? "invalid_phone"
      : "call_scheduled";
  return {
    status,
    phone,
    rawPhone,
    name: text(answer(fields.nameFieldId)),
    email: text(answer(fields.emailFieldId)),
  };
}
