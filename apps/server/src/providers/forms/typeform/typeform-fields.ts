import { isYes } from "@ringback/contracts";
import type { FormField, FormFields } from "../form-provider.ts";

/** The subset of Typeform's form definition we read. */
export interface TypeformFieldDefinition {
  id: string;
  title?: string;
  ref?: string;
  type: string;
  properties?: {
    fields?: TypeformFieldDefinition[];
    choices?: { id?: string; label?: string; ref?: string }[];
    allow_multiple_selection?: boolean;
  };
}

export interface TypeformFormDefinition {
  id: string;
  title?: string;
  fields?: TypeformFieldDefinition[];
  _links?: { display?: string };
}

/** Types whose properties.fields hold more fields (question groups and the contact block). */
const CONTAINER_TYPES = new Set(["group", "inline_group", "contact_info"]);

/** Every answerable field, depth first, with the contact-info block's parts marked. */
export function flattenTypeformFields(
  fields: TypeformFieldDefinition[] | undefined,
  inContactInfo = false,
): { field: TypeformFieldDefinition; inContactInfo: boolean }[] {
  const out: { field: TypeformFieldDefinition; inContactInfo: boolean }[] = [];
  for (const field of fields ?? []) {
    if (CONTAINER_TYPES.has(field.type)) {
      out.push(
        ...flattenTypeformFields(
          field.properties?.fields,
          inContactInfo || field.type === "contact_info",
        ),
      );
    } else {
      out.push({ field, inContactInfo });
    }
  }
  return out;
}

/**
 * A choice question that asks "may we call?": its only choice is a yes (a tick box), or it has
 * exactly two choices and the first is a yes ("Sí / No", "Oui / Non"), in any language of the
 * yes table.
 */
export function isYesChoice(field: TypeformFieldDefinition): boolean {
  if (field.type !== "multiple_choice" && field.type !== "dropdown") return false;
  const choices = field.properties?.choices ?? [];
  return (choices.length === 1 || choices.length === 2) && isYes(choices[0]?.label ?? "");
}

function toField(field: TypeformFieldDefinition): FormField {
  return {
    id: field.id,
    title: field.title?.trim() || field.ref || field.type,
    type: field.type,
    ref: field.ref ?? null,
  };
}

/**
 * SPEC.md §3 response groups: all; phone (phone_number); checkbox (yes_no, legal, a single
 * "yes" choice); text (short_text, text/long_text, plus contact-info parts); email (email, plus
 * contact-info parts).
 */
export function groupTypeformFields(
  form: TypeformFormDefinition,
  links: { editUrl: string | null },
): FormFields {
  const flat = flattenTypeformFields(form.fields);
  const all = flat.map(({ field }) => toField(field));
  const pick = (predicate: (f: TypeformFieldDefinition, inContact: boolean) => boolean) =>
    flat
      .filter(({ field, inContactInfo }) => predicate(field, inContactInfo))
      .map(({ field }) => toField(field));
  return {
    formId: form.id,
    title: form.title ?? "",
    displayUrl: form._links?.display ?? null,
    editUrl: links.editUrl,
    all,
    phone: pick((f) => f.type === "phone_number"),
    checkbox: pick((f) => f.type === "yes_no" || f.type === "legal" || isYesChoice(f)),
    text: pick(
      (f, inContact) =>
        f.type === "short_text" ||
        f.type === "long_text" ||
        f.type === "text" ||
        (inContact && f.type !== "email" && f.type !== "phone_number"),
    ),
    email: pick((f) => f.type === "email"),
  };
}
