import {
  type AssignFields,
  CONSENT_TEXT_REQUIRED,
  FORM_CONSENT_TEXT_FIELD,
  FORM_CONSENT_TEXT_LABEL,
  type FormFieldsResponse,
  suggestEmailField,
  suggestNameField,
  suggestPhoneField,
} from "@ringback/contracts";

/** The four choices of step 2; null is 'None' (or nothing chosen yet for the required two). */
export interface FieldSelection {
  phoneFieldId: string | null;
  checkboxFieldId: string | null;
  nameFieldId: string | null;
  emailFieldId: string | null;
}

/**
 * Choices made before: an id, null for 'None' chosen (or saved), undefined for no choice yet
 * (then the wizard suggests one).
 */
export type PreviousSelection = { [K in keyof FieldSelection]?: string | null };

type Groups = FormFieldsResponse["fields"];

const present = (list: readonly { id: string }[], id: string | null | undefined) =>
  id != null && list.some((field) => field.id === id);

/**
 * The fields offered for each choice: name from the text list (with a contact block's first +
 * last name as one choice), email from the email list; hidden fields (`?phone=…` in the form's
 * link) after the questions for the phone, name and email.
 */
export function fieldOptions(groups: Groups) {
  const hidden = groups.hidden;
  // A form with no checkbox for a call can stand on its own consent text (the source may
  // already list it, where it fits best).
  const consentText = { id: FORM_CONSENT_TEXT_FIELD, title: FORM_CONSENT_TEXT_LABEL };
  return {
    phone: [...groups.phone, ...hidden],
    checkbox: groups.checkbox.some((field) => field.id === FORM_CONSENT_TEXT_FIELD)
      ? groups.checkbox
      : [...groups.checkbox, { ...consentText, type: "consent_text", ref: null }],
    name: [...groups.text, ...hidden],
    email: [...groups.email, ...hidden],
  };
}

/**
 * What step 2 starts from, read from the form. A previous choice is kept
 * while the form still has that field. Otherwise: the first phone question (without one, a
 * hidden field named like a phone) and the first availability field; for the name, a contact block's first + last name, else a short text whose title or ref says
 * name in one of several languages (never a company's or product's name); for the email, the
 * contact block's email, else the form's only email question. A 'None' already chosen or saved
 * stays None.
 */
export function preselectFields(groups: Groups, previous: PreviousSelection): FieldSelection {
  const options = fieldOptions(groups);
  const keep = (
    list: readonly { id: string }[],
    id: string | null | undefined,
    otherwise: () => string | null,
  ) => (present(list, id) ? id! : otherwise());
  const optional = (
    list: readonly { id: string }[],
    id: string | null | undefined,
    suggest: () => string | null,
  ) => (id === null ? null : keep(list, id, suggest));
  return {
    phoneFieldId: keep(
      options.phone,
      previous.phoneFieldId,
      () => suggestPhoneField(groups.phone, groups.hidden)?.id ?? null,
    ),
    // The source's first choice: the form's own consent text only where the source offers it
    // first (a form with no field like a consent answer); never for a form that lacks a box.
    checkboxFieldId: keep(
      options.checkbox,
      previous.checkboxFieldId,
      () => groups.checkbox[0]?.id ?? null,
    ),
    nameFieldId: optional(
      options.name,
      previous.nameFieldId,
      () => suggestNameField(options.name)?.id ?? null,
    ),
    emailFieldId: optional(
      options.email,
      previous.emailFieldId,
      () => suggestEmailField(options.email)?.id ?? null,
    ),
  };
}

/**
 * The saved choices of an assistant as step 2's starting point: its name and email count as
 * chosen (None included) once step 2 has been saved, which always sets the phone field.
 */
export function savedSelection(assistant: {
  phone_field_id: string | null;
  checkbox_field_id: string | null;
  name_field_id: string | null;
  email_field_id: string | null;
}): PreviousSelection {
  const saved = assistant.phone_field_id !== null;
  return {
    phoneFieldId: assistant.phone_field_id,
    checkboxFieldId: assistant.checkbox_field_id,
    nameFieldId: saved ? assistant.name_field_id : undefined,
    emailFieldId: saved ? assistant.email_field_id : undefined,
  };
}

/** Submit stays disabled until both required fields are chosen. */
export function canAssignFields(selection: FieldSelection): boolean {
  return Boolean(selection.phoneFieldId && selection.checkboxFieldId);
}

/**
 * The field messages, phone first: 'Please select a phone number field' when the form has
 * phone fields and none is chosen, then the same for the availability field. Returns the
 * request body when the selection can be saved.
 */
export function validateFieldSelection(
  groups: Groups,
  selection: FieldSelection,
  consentText = "",
): { ok: true; value: AssignFields } | { ok: false; message: string } {
  const options = fieldOptions(groups);
  if (!selection.phoneFieldId || !present(options.phone, selection.phoneFieldId)) {
    return { ok: false, message: "Please select a phone number field" };
  }
  if (!selection.checkboxFieldId || !present(options.checkbox, selection.checkboxFieldId)) {
    return { ok: false, message: "Please select a call availability field" };
  }
  const ownText = selection.checkboxFieldId === FORM_CONSENT_TEXT_FIELD;
  if (ownText && consentText.trim().length < 10) {
    return { ok: false, message: CONSENT_TEXT_REQUIRED };
  }
  return {
    ok: true,
    value: {
      phoneFieldId: selection.phoneFieldId,
      checkboxFieldId: selection.checkboxFieldId,
      nameFieldId: selection.nameFieldId,
      emailFieldId: selection.emailFieldId,
      consentText: ownText ? consentText.trim() : null,
    },
  };
}

/** A field's title for the review summary; the id when the form no longer has it. */
export function fieldTitle(groups: Groups | undefined, id: string | null): string | null {
  if (!id) return null;
  const lists = groups ? [groups.all, groups.text, groups.hidden] : [];
  for (const list of lists) {
    const title = list.find((field) => field.id === id)?.title;
    if (title) return title;
  }
  return id;
}

/** True when the script greets the respondent by name ('Hi {name}'). */
export function scriptUsesName(script: string | null | undefined): boolean {
  return (script ?? "").includes("{name}");
}
