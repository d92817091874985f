import { type ContactPart, isYes, nameLabelKind } from "@ringback/contracts";
import { isSupportedCountry } from "libphonenumber-js";
import {
  type FormField,
  type FormFields,
  HIDDEN_FIELD_PREFIX,
  JOINED_FIELD_SEPARATOR,
} from "../form-source.ts";
import { typeformTitle } from "./typeform-titles.ts";

/** The subset of Typeform's form definition we read. */
export interface TypeformFieldDefinition {
  id: string;
  title?: string;
  ref?: string;
  type: string;
  /** Marks a part of a contact_info block: first_name, last_name, phone_number, email, company. */
  subfield_key?: string;
  properties?: {
    fields?: TypeformFieldDefinition[];
    choices?: { id?: string; label?: string; ref?: string }[];
    allow_multiple_selection?: boolean;
    /** A phone_number field's country for numbers typed without one ("GB", or "gb"). */
    default_country_code?: string;
    /** The text under the question's title. */
    description?: string;
  };
}

export interface TypeformFormDefinition {
  id: string;
  title?: string;
  fields?: TypeformFieldDefinition[];
  /** Hidden field names: values the form's link carries (`?phone=…&name=…`). */
  hidden?: string[];
  /** When the form was last changed (ISO 8601); read when present. */
  last_updated_at?: string;
  _links?: { display?: string };
}

/** Types whose properties.fields hold more fields (question groups and the contact block). */
const CONTAINER_TYPES = new Set(["group", "inline_group", "contact_info"]);

/** A field in form order, with the part of a contact_info block it is (null outside one). */
export interface FlatTypeformField {
  field: TypeformFieldDefinition;
  inContactInfo: boolean;
  contact: ContactPart | null;
  /** The contact_info block it belongs to. */
  blockId: string | null;
}

/** Typeform's subfield keys (and the sandbox's older "phone"). */
const SUBFIELD_KEYS: Record<string, ContactPart> = {
  first_name: "first_name",
  last_name: "last_name",
  phone_number: "phone_number",
  phone: "phone_number",
  email: "email",
  company: "company",
};

/**
 * Which part of a contact_info block a field is: its subfield_key, as Typeform marks them;
 * without one (an older or hand-made definition), its type for the email and phone, and its
 * ref or title for the first and last name ("First name", "Nachname"…).
 */
function contactPartOf(field: TypeformFieldDefinition): ContactPart | null {
  const key = field.subfield_key ?? field.ref ?? "";
  if (Object.hasOwn(SUBFIELD_KEYS, key)) return SUBFIELD_KEYS[key]!;
  if (field.type === "email") return "email";
  if (field.type === "phone_number") return "phone_number";
  for (const label of [field.ref, field.title]) {
    const kind = nameLabelKind(label);
    if (kind === "first") return "first_name";
    if (kind === "last") return "last_name";
  }
  return null;
}

/** Every answerable field, depth first, with the contact-info block's parts marked. */
export function flattenTypeformFields(
  fields: TypeformFieldDefinition[] | undefined,
  block: TypeformFieldDefinition | null = null,
): FlatTypeformField[] {
  const out: FlatTypeformField[] = [];
  for (const field of fields ?? []) {
    if (CONTAINER_TYPES.has(field.type)) {
      out.push(
        ...flattenTypeformFields(
          field.properties?.fields,
          field.type === "contact_info" ? field : block,
        ),
      );
    } else {
      out.push({
        field,
        inContactInfo: block !== null,
        contact: block ? contactPartOf(field) : null,
        blockId: block?.id ?? null,
      });
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

/** A phone field's default_country_code, upper-cased, when libphonenumber knows the country. */
function defaultCountryOf(field: TypeformFieldDefinition): string | null {
  const code = field.properties?.default_country_code?.trim().toUpperCase();
  return code && isSupportedCountry(code) ? code : null;
}

/** The question types whose answers are their choices' labels. */
const CHOICE_TYPES = new Set(["multiple_choice", "dropdown", "picture_choice", "ranking"]);

function toField({ field, contact }: FlatTypeformField): FormField {
  const choices = CHOICE_TYPES.has(field.type)
    ? (field.properties?.choices ?? [])
        .map((choice) => choice.label?.trim() ?? "")
        .filter((label) => label !== "")
    : [];
  return {
    id: field.id,
    title: typeformTitle(field.title ?? "") || field.ref || field.type,
    type: field.type,
    ref: field.ref ?? null,
    contact,
    defaultCountry: field.type === "phone_number" ? defaultCountryOf(field) : null,
    ...(choices.length > 0 ? { choices } : {}),
    ...(field.properties?.description?.trim()
      ? { description: field.properties.description.trim() }
      : {}),
  };
}

/** A hidden field (`?phone=…` in the form's link) as a field to choose. */
function hiddenField(name: string): FormField {
  return {
    id: `${HIDDEN_FIELD_PREFIX}${name}`,
    title: `${name} (hidden field)`,
    type: "hidden",
    ref: name,
    contact: null,
    defaultCountry: null,
  };
}

/**
 * A contact_info block's first and last name as one choice for the name: its id joins theirs
 * (`<firstId>+<lastId>`), and the answers are joined with a space when a submission is read.
 */
function joinedNames(flat: FlatTypeformField[]): Map<string, FormField> {
  const byFirst = new Map<string, FormField>();
  const blocks = new Set(flat.map((f) => f.blockId).filter((id): id is string => id !== null));
  for (const blockId of blocks) {
    const parts = flat.filter((f) => f.blockId === blockId);
    const first = parts.find((f) => f.contact === "first_name")?.field;
    const last = parts.find((f) => f.contact === "last_name")?.field;
    if (!first || !last) continue;
    const title = (f: TypeformFieldDefinition, fallback: string) => f.title?.trim() || fallback;
    byFirst.set(first.id, {
      id: `${first.id}${JOINED_FIELD_SEPARATOR}${last.id}`,
      title: `${title(first, "First name")} + ${title(last, "Last name")}`,
      type: "contact_info",
      ref: null,
      contact: "full_name",
      defaultCountry: null,
    });
  }
  return byFirst;
}

/**
 * The response groups: all; phone (phone_number); checkbox (yes_no, legal, a single
 * "yes" choice); text (short_text, text/long_text, plus contact-info parts, with a contact-info
 * block's first + last name joined as one choice before them); email (email, plus contact-info
 * parts). And hidden (Typeform's `hidden`): a form's link can carry a known contact's number,
 * name or address, so they are offered after the questions for the phone, name and email.
 */
export function groupTypeformFields(
  form: TypeformFormDefinition,
  links: { editUrl: string | null },
): FormFields {
  const flat = flattenTypeformFields(form.fields);
  const hidden = [...new Set(form.hidden ?? [])].filter(Boolean).map(hiddenField);
  const joined = joinedNames(flat);
  const pick = (predicate: (f: TypeformFieldDefinition, inContact: boolean) => boolean) =>
    flat.filter(({ field, inContactInfo }) => predicate(field, inContactInfo)).map(toField);
  const text = flat
    .filter(
      ({ field: f, inContactInfo }) =>
        f.type === "short_text" ||
        f.type === "long_text" ||
        f.type === "text" ||
        (inContactInfo && f.type !== "email" && f.type !== "phone_number"),
    )
    .flatMap((part) => {
      const both = joined.get(part.field.id);
      return both ? [both, toField(part)] : [toField(part)];
    });
  return {
    formId: form.id,
    title: form.title ?? "",
    lastUpdatedAt:
      form.last_updated_at && !Number.isNaN(Date.parse(form.last_updated_at))
        ? new Date(form.last_updated_at).toISOString()
        : null,
    displayUrl: form._links?.display ?? null,
    editUrl: links.editUrl,
    all: flat.map(toField),
    phone: pick((f) => f.type === "phone_number"),
    checkbox: pick((f) => f.type === "yes_no" || f.type === "legal" || isYesChoice(f)),
    text,
    email: pick((f) => f.type === "email"),
    hidden,
  };
}
