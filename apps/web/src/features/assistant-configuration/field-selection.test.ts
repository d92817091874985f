import type { FormField, FormFieldsResponse } from "@ringback/contracts";
import { describe, expect, it } from "vitest";
import {
  canAssignFields,
  fieldTitle,
  preselectFields,
  validateFieldSelection,
} from "./field-selection";

const field = (id: string, type: string, title = id): FormField => ({ id, title, type, ref: null });
const phone1 = field("p1", "phone_number", "Your phone");
const phone2 = field("p2", "phone_number");
const yes = field("c1", "yes_no", "Can we call you?");
const box = field("c2", "checkbox");
const name = field("n1", "short_text", "Your name");
const email = field("e1", "email", "Your email");
const contact = field("ci", "contact_info");

function groups(all: FormField[]): FormFieldsResponse["fields"] {
  return {
    all,
    phone: all.filter((f) => f.type === "phone_number" || f.type === "contact_info"),
    checkbox: all.filter((f) => f.type === "yes_no" || f.type === "checkbox"),
    text: all.filter((f) => ["short_text", "text", "contact_info"].includes(f.type)),
    email: all.filter((f) => f.type === "email" || f.type === "contact_info"),
  };
}

describe("field pre-selection (SPEC.md §5)", () => {
  const form = groups([phone1, phone2, yes, box, name, email, contact]);

  it("takes the first phone and checkbox field and None for the optional ones", () => {
    expect(preselectFields(form, {})).toEqual({
      phoneFieldId: "p1",
      checkboxFieldId: "c1",
      nameFieldId: null,
      emailFieldId: null,
    });
  });

  it("keeps saved choices the form still has", () => {
    expect(
      preselectFields(form, {
        phoneFieldId: "p2",
        checkboxFieldId: "c2",
        nameFieldId: "n1",
        emailFieldId: "ci",
      }),
    ).toEqual({ phoneFieldId: "p2", checkboxFieldId: "c2", nameFieldId: "n1", emailFieldId: "ci" });
  });

  it("replaces saved choices the form no longer has", () => {
    expect(
      preselectFields(groups([phone2, box, email]), {
        phoneFieldId: "p1",
        checkboxFieldId: "c1",
        nameFieldId: "n1",
        emailFieldId: "gone",
      }),
    ).toEqual({ phoneFieldId: "p2", checkboxFieldId: "c2", nameFieldId: null, emailFieldId: null });
  });

  it("offers only fields of the right kind (a phone id is not a name)", () => {
    expect(preselectFields(form, { nameFieldId: "p1", emailFieldId: "n1" })).toMatchObject({
      nameFieldId: null,
      emailFieldId: null,
    });
  });

  it("leaves the required choices empty when the form has no such field", () => {
    const selection = preselectFields(groups([name, email]), {});
    expect(selection).toEqual({
      phoneFieldId: null,
      checkboxFieldId: null,
      nameFieldId: null,
      emailFieldId: null,
    });
    expect(canAssignFields(selection)).toBe(false);
  });
});

describe("field selection checks", () => {
  const form = groups([phone1, yes, name]);

  it("needs both required fields, phone first", () => {
    const none = {
      phoneFieldId: null,
      checkboxFieldId: null,
      nameFieldId: null,
      emailFieldId: null,
    };
    expect(validateFieldSelection(form, none)).toEqual({
      ok: false,
      message: "Please select a phone number field",
    });
    expect(validateFieldSelection(form, { ...none, phoneFieldId: "p1" })).toEqual({
      ok: false,
      message: "Please select a call availability field",
    });
    expect(canAssignFields({ ...none, phoneFieldId: "p1" })).toBe(false);
    expect(canAssignFields({ ...none, phoneFieldId: "p1", checkboxFieldId: "c1" })).toBe(true);
  });

  it("builds the request body, None as null", () => {
    expect(
      validateFieldSelection(form, {
        phoneFieldId: "p1",
        checkboxFieldId: "c1",
        nameFieldId: "n1",
        emailFieldId: null,
      }),
    ).toEqual({
      ok: true,
      value: { phoneFieldId: "p1", checkboxFieldId: "c1", nameFieldId: "n1", emailFieldId: null },
    });
  });

  it("refuses a field the form no longer has", () => {
    expect(
      validateFieldSelection(form, {
        phoneFieldId: "p2",
        checkboxFieldId: "c1",
        nameFieldId: null,
        emailFieldId: null,
      }),
    ).toMatchObject({ ok: false });
  });

  it("names fields for the summary, falling back to the id", () => {
    expect(fieldTitle(form, "p1")).toBe("Your phone");
    expect(fieldTitle(form, "gone")).toBe("gone");
    expect(fieldTitle(undefined, "p1")).toBe("p1");
    expect(fieldTitle(form, null)).toBeNull();
  });
});
