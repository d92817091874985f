import {
  FORM_CONSENT_TEXT_FIELD,
  type FormField,
  type FormFieldsResponse,
} from "@ringback/contracts";
import { describe, expect, it } from "vitest";
import {
  canAssignFields,
  fieldOptions,
  fieldTitle,
  preselectFields,
  savedSelection,
  scriptUsesName,
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
    hidden: all.filter((f) => f.type === "hidden"),
  };
}

describe("field pre-selection", () => {
  const form = groups([phone1, phone2, yes, box, name, email, contact]);

  it("takes the first phone and checkbox field, and the name and email the form makes obvious", () => {
    expect(preselectFields(form, {})).toEqual({
      phoneFieldId: "p1",
      checkboxFieldId: "c1",
      nameFieldId: "n1",
      emailFieldId: "e1",
    });
  });

  it("leaves the name and email on None when nothing is obvious", () => {
    const vague = groups([phone1, yes, field("t", "short_text", "Company name")]);
    expect(preselectFields(vague, {})).toMatchObject({ nameFieldId: null, emailFieldId: null });
    const twoEmails = groups([phone1, yes, email, field("e2", "email", "Work email")]);
    expect(preselectFields(twoEmails, {}).emailFieldId).toBeNull();
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

  it("keeps a None that was chosen or saved", () => {
    expect(preselectFields(form, { nameFieldId: null, emailFieldId: null })).toMatchObject({
      nameFieldId: null,
      emailFieldId: null,
    });
  });

  it("replaces saved choices the form no longer has", () => {
    expect(
      preselectFields(groups([phone2, box, email]), {
        phoneFieldId: "p1",
        checkboxFieldId: "c1",
        nameFieldId: "n1",
        emailFieldId: "gone",
      }),
    ).toEqual({ phoneFieldId: "p2", checkboxFieldId: "c2", nameFieldId: null, emailFieldId: "e1" });
  });

  it("offers only fields of the right kind (a phone id is not a name)", () => {
    expect(
      preselectFields(groups([phone1, yes]), { nameFieldId: "p1", emailFieldId: "p1" }),
    ).toMatchObject({ nameFieldId: null, emailFieldId: null });
  });

  it("prefers a contact block's first + last name, and its email", () => {
    const first = { ...field("f", "short_text", "First name"), contact: "first_name" as const };
    const joined = {
      ...field("f+l", "contact_info", "First name + Last name"),
      contact: "full_name" as const,
    };
    const contactEmail = { ...field("ce", "email", "Email"), contact: "email" as const };
    const form2: FormFieldsResponse["fields"] = {
      all: [name, first, email, contactEmail, phone1, yes],
      phone: [phone1],
      checkbox: [yes],
      text: [name, joined, first],
      email: [email, contactEmail],
      hidden: [],
    };
    expect(preselectFields(form2, {})).toMatchObject({ nameFieldId: "f+l", emailFieldId: "ce" });
    expect(fieldTitle(form2, "f+l")).toBe("First name + Last name");
  });

  it("offers hidden fields after the questions for phone, name and email, never as a tick box", () => {
    const hidden = (n: string) => ({
      ...field(`hidden:${n}`, "hidden", `${n} (hidden field)`),
      ref: n,
    });
    const form3 = groups([phone1, yes, name, email, hidden("utm_source"), hidden("phone")]);
    const options = fieldOptions(form3);
    expect(options.phone.map((f) => f.id)).toEqual(["p1", "hidden:utm_source", "hidden:phone"]);
    expect(options.name.map((f) => f.id)).toEqual(["n1", "hidden:utm_source", "hidden:phone"]);
    expect(options.email.map((f) => f.id)).toEqual(["e1", "hidden:utm_source", "hidden:phone"]);
    // The form's own consent text is always a choice, after the form's own fields.
    expect(options.checkbox.map((f) => f.id)).toEqual(["c1", FORM_CONSENT_TEXT_FIELD]);
    // A phone question comes first, as today; a hidden name or email is never guessed.
    expect(preselectFields(form3, {})).toMatchObject({ phoneFieldId: "p1", nameFieldId: "n1" });
    const chosen = {
      phoneFieldId: "hidden:phone",
      checkboxFieldId: "c1",
      nameFieldId: "hidden:utm_source",
      emailFieldId: "hidden:phone",
    };
    expect(preselectFields(form3, chosen)).toEqual(chosen);
    expect(validateFieldSelection(form3, chosen)).toEqual({
      ok: true,
      value: { ...chosen, consentText: null },
    });
    expect(fieldTitle(form3, "hidden:phone")).toBe("phone (hidden field)");
  });

  it("without a phone question, pre-selects a hidden field named like a phone, and no other", () => {
    const hidden = (n: string) => ({ ...field(`hidden:${n}`, "hidden"), ref: n });
    expect(preselectFields(groups([yes, hidden("utm_source"), hidden("phone")]), {})).toMatchObject(
      { phoneFieldId: "hidden:phone", nameFieldId: null, emailFieldId: null },
    );
    expect(preselectFields(groups([yes, hidden("utm_source")]), {}).phoneFieldId).toBeNull();
  });

  it("leaves the required choices empty when the form has no such field", () => {
    const selection = preselectFields(groups([name, email]), {});
    expect(selection).toEqual({
      phoneFieldId: null,
      checkboxFieldId: null,
      nameFieldId: "n1",
      emailFieldId: "e1",
    });
    expect(canAssignFields(selection)).toBe(false);
  });
});

describe("saved choices as step 2's starting point", () => {
  const assistant = {
    phone_field_id: null,
    checkbox_field_id: null,
    name_field_id: null,
    email_field_id: null,
  };

  it("suggests a name and email until step 2 is saved", () => {
    expect(savedSelection(assistant)).toEqual({
      phoneFieldId: null,
      checkboxFieldId: null,
      nameFieldId: undefined,
      emailFieldId: undefined,
    });
  });

  it("then keeps what was saved, None included", () => {
    expect(savedSelection({ ...assistant, phone_field_id: "p1", checkbox_field_id: "c1" })).toEqual(
      {
        phoneFieldId: "p1",
        checkboxFieldId: "c1",
        nameFieldId: null,
        emailFieldId: null,
      },
    );
  });
});

describe("the {name} check of Finalize", () => {
  it("sees {name} anywhere in the script", () => {
    expect(scriptUsesName("Hi {name}, this is Acme.")).toBe(true);
    expect(scriptUsesName("Hello, this is Acme.")).toBe(false);
    expect(scriptUsesName("Hi {Name}")).toBe(false);
    expect(scriptUsesName(null)).toBe(false);
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
      value: {
        phoneFieldId: "p1",
        checkboxFieldId: "c1",
        nameFieldId: "n1",
        emailFieldId: null,
        consentText: null,
      },
    });
  });

  it("needs the consent text when the form's own consent text is the availability choice", () => {
    const chosen = {
      phoneFieldId: "p1",
      checkboxFieldId: FORM_CONSENT_TEXT_FIELD,
      nameFieldId: null,
      emailFieldId: null,
    };
    expect(validateFieldSelection(form, chosen, "  ")).toEqual({
      ok: false,
      message: "Paste the consent text your form shows",
    });
    expect(validateFieldSelection(form, chosen, " By submitting, you agree to a call. ")).toEqual({
      ok: true,
      value: { ...chosen, consentText: "By submitting, you agree to a call." },
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
