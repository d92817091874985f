import type { AssignFields, FormFieldsResponse } from "@ringback/contracts";

/** The four choices of step 2; null is 'None' (or nothing chosen yet for the required two). */
export interface FieldSelection {
  phoneFieldId: string | null;
  checkboxFieldId: string | null;
  nameFieldId: string | null;
  emailFieldId: string | null;
}

type Groups = FormFieldsResponse["fields"];

const present = (list: readonly { id: string }[], id: string | null | undefined) =>
  id != null && list.some((field) => field.id === id);

/** The fields offered for each choice: name from the text list, email from the email list. */
export function fieldOptions(groups: Groups) {
  return {
    phone: groups.phone,
    checkbox: groups.checkbox,
    name: groups.text,
    email: groups.email,
  };
}

/**
 * SPEC.md §5 pre-selection: a saved (or already made) choice is kept while the form still has
 * that field; otherwise the first phone / checkbox field is taken, and the optional name and
 * email fall back to None.
 */
export function preselectFields(groups: Groups, previous: Partial<FieldSelection>): FieldSelection {
  const options = fieldOptions(groups);
  return {
    phoneFieldId: present(options.phone, previous.phoneFieldId)
      ? previous.phoneFieldId!
      : (options.phone[0]?.id ?? null),
    checkboxFieldId: present(options.checkbox, previous.checkboxFieldId)
      ? previous.checkboxFieldId!
      : (options.checkbox[0]?.id ?? null),
    nameFieldId: present(options.name, previous.nameFieldId) ? previous.nameFieldId! : null,
    emailFieldId: present(options.email, previous.emailFieldId) ? previous.emailFieldId! : null,
  };
}

/** SPEC.md §5: submit stays disabled until both required fields are chosen. */
export function canAssignFields(selection: FieldSelection): boolean {
  return Boolean(selection.phoneFieldId && selection.checkboxFieldId);
}

/**
 * SPEC.md §5 messages, phone first: 'Please select a phone number field' when the form has
 * phone fields and none is chosen, then the same for the availability field. Returns the
 * request body when the selection can be saved.
 */
export function validateFieldSelection(
  groups: Groups,
  selection: FieldSelection,
): { ok: true; value: AssignFields } | { ok: false; message: string } {
  if (!selection.phoneFieldId || !present(groups.phone, selection.phoneFieldId)) {
    return { ok: false, message: "Please select a phone number field" };
  }
  if (!selection.checkboxFieldId || !present(groups.checkbox, selection.checkboxFieldId)) {
    return { ok: false, message: "Please select a call availability field" };
  }
  return {
    ok: true,
    value: {
      phoneFieldId: selection.phoneFieldId,
      checkboxFieldId: selection.checkboxFieldId,
      nameFieldId: selection.nameFieldId,
      emailFieldId: selection.emailFieldId,
    },
  };
}

/** A field's title for the review summary; the id when the form no longer has it. */
export function fieldTitle(groups: Groups | undefined, id: string | null): string | null {
  if (!id) return null;
  return groups?.all.find((field) => field.id === id)?.title ?? id;
}
