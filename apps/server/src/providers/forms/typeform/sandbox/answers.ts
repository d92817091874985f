import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js";
import type { SandboxTypeformField } from "../../../../db/schema/typeform-sandbox.ts";

/** Field types whose properties.fields hold more fields. */
export const CONTAINER_TYPES = new Set(["group", "inline_group", "contact_info"]);

export const isContainer = (field: SandboxTypeformField) => CONTAINER_TYPES.has(field.type);

/** Every answerable field in form order, nested ones in place of their container. */
export function answerableFields(fields: SandboxTypeformField[]): SandboxTypeformField[] {
  return fields.flatMap((field) =>
    isContainer(field) ? answerableFields(field.properties?.fields ?? []) : [field],
  );
}

/** A `form_response` answer, typed as Typeform types it. */
export type TypeformAnswer = { field: { id: string; type: string; ref: string } } & (
  | { type: "text"; text: string }
  | { type: "email"; email: string }
  | { type: "phone_number"; phone_number: string }
  | { type: "boolean"; boolean: boolean }
  | { type: "choice"; choice: { label: string } }
  | { type: "choices"; choices: { labels: string[] } }
);

/** What a person typed or picked, by field id (kept to re-show the form after an error). */
export type SubmittedValues = Record<string, string | string[]>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isMultiSelect = (field: SandboxTypeformField) =>
  field.type === "multiple_choice" && field.properties?.allow_multiple_selection === true;

/**
 * Checks a submission against the form and turns it into Typeform answers: only answered fields
 * appear, in form order. Errors are by field id, worded for the person filling in the form.
 */
export function collectAnswers(
  fields: SandboxTypeformField[],
  values: SubmittedValues,
): { answers: TypeformAnswer[]; errors: Record<string, string> } {
  const answers: TypeformAnswer[] = [];
  const errors: Record<string, string> = {};
  for (const field of answerableFields(fields)) {
    const ref = { id: field.id, type: field.type, ref: field.ref };
    const required = field.validations?.required === true;
    const raw = values[field.id];
    const text = (Array.isArray(raw) ? (raw[0] ?? "") : (raw ?? "")).trim();
    const list = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter((v) => v);
    switch (field.type) {
      case "short_text":
      case "long_text": {
        if (text) answers.push({ type: "text", text, field: ref });
        else if (required) errors[field.id] = "Please fill this in.";
        break;
      }
      case "email": {
        if (text && !EMAIL.test(text)) errors[field.id] = "Please enter a valid email address.";
        else if (text) answers.push({ type: "email", email: text, field: ref });
        else if (required) errors[field.id] = "Please fill this in.";
        break;
      }
      case "phone_number": {
        if (!text) {
          if (required) errors[field.id] = "Please fill this in.";
          break;
        }
        const country = (field.properties?.default_country_code ?? "US") as CountryCode;
        const phone = parsePhoneNumberFromString(text, country);
        if (phone?.isValid()) {
          answers.push({ type: "phone_number", phone_number: phone.number, field: ref });
        } else {
          errors[field.id] = "That phone number doesn't look right. Please check it.";
        }
        break;
      }
      case "yes_no": {
        if (text === "yes" || text === "no") {
          answers.push({ type: "boolean", boolean: text === "yes", field: ref });
        } else if (required) errors[field.id] = "Please choose Yes or No.";
        break;
      }
      case "legal": {
        // A tick box: ticked is "I accept", left empty is "I don't accept".
        const accepted = text === "accept";
        if (!accepted && required) errors[field.id] = "Please accept to continue.";
        else answers.push({ type: "boolean", boolean: accepted, field: ref });
        break;
      }
      case "multiple_choice": {
        const choices = field.properties?.choices ?? [];
        const labels: string[] = [];
        for (const id of list) {
          const choice = choices.find((c) => c.id === id);
          if (choice && !labels.includes(choice.label)) labels.push(choice.label);
        }
        if (labels.length !== new Set(list).size) {
          errors[field.id] = "Please choose one of the options.";
        } else if (labels.length === 0) {
          if (required) errors[field.id] = "Please choose an option.";
        } else if (isMultiSelect(field)) {
          answers.push({ type: "choices", choices: { labels }, field: ref });
        } else if (labels.length > 1) {
          errors[field.id] = "Please choose only one option.";
        } else {
          answers.push({ type: "choice", choice: { label: labels[0]! }, field: ref });
        }
        break;
      }
      default:
        // Statements and types the sandbox does not render take no answer.
        break;
    }
  }
  return { answers, errors };
}

/** `definition.fields` of a webhook payload: the answerable fields, flat, in the webhook's style. */
export function payloadDefinitionFields(fields: SandboxTypeformField[]) {
  return answerableFields(fields).map((field) => ({
    id: field.id,
    title: field.title,
    type: field.type,
    ref: field.ref,
    properties: {},
    allow_multiple_selections: isMultiSelect(field),
    allow_other_choice: false,
    ...(field.properties?.choices ? { choices: field.properties.choices } : {}),
  }));
}

/** The `form_response` webhook body Typeform sends for a completed response. */
export function formResponsePayload(input: {
  eventId: string;
  form: { id: string; title: string; fields: SandboxTypeformField[] };
  token: string;
  landedAt: Date;
  submittedAt: Date;
  answers: TypeformAnswer[];
  hidden: Record<string, string>;
}): string {
  const isoSeconds = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;
  return JSON.stringify({
    event_id: input.eventId,
    event_type: "form_response",
    form_response: {
      form_id: input.form.id,
      token: input.token,
      landed_at: isoSeconds(input.landedAt),
      submitted_at: isoSeconds(input.submittedAt),
      hidden: input.hidden,
      definition: {
        id: input.form.id,
        title: input.form.title,
        fields: payloadDefinitionFields(input.form.fields),
      },
      answers: input.answers,
    },
  });
}
