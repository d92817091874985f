import { suggestEmailField, suggestNameField } from "@ringback/contracts";
import { describe, expect, it } from "vitest";
import { groupTypeformFields, type TypeformFormDefinition } from "./typeform-fields.ts";

/**
 * The wizard reads the form for you. Each row is a form definition as Typeform's
 * GET /forms/{id} returns it (generated refs, contact_info parts marked by subfield_key,
 * groups, hidden fields, several languages) and what the wizard should pre-select from the
 * response groups built from it.
 */
const q = (
  id: string,
  type: string,
  title: string,
  extra: Record<string, unknown> = {},
): NonNullable<TypeformFormDefinition["fields"]>[number] => ({
  id,
  type,
  title,
  ref: `${id.toLowerCase()}-0c4b-4f53-9e6a-2f1d5a7b8c9d`,
  ...extra,
});

const contactInfo = (
  id: string,
  title: string,
  parts: [key: string, type: string, title: string, id: string][],
  extra: Record<string, unknown> = {},
) =>
  q(id, "contact_info", title, {
    properties: {
      fields: parts.map(([key, type, partTitle, partId]) =>
        q(partId, type, partTitle, {
          subfield_key: key,
          ...(type === "phone_number" ? { properties: { default_country_code: "gb" } } : {}),
          ...extra,
        }),
      ),
    },
  });

const yesNo = (id: string, title: string) => q(id, "yes_no", title);

interface Row {
  name: string;
  form: TypeformFormDefinition;
  expected: { name: string | null; email: string | null; phone: string[] };
}

const ROWS: Row[] = [
  {
    name: "English contact_info block: first + last name, its email and phone",
    form: {
      id: "ENci0001",
      title: "Book a viewing",
      fields: [
        contactInfo("CI1", "How can we reach you?", [
          ["first_name", "short_text", "First name", "CIfirst"],
          ["last_name", "short_text", "Last name", "CIlast"],
          ["phone_number", "phone_number", "Phone number", "CIphone"],
          ["email", "email", "Email", "CIemail"],
          ["company", "short_text", "Company", "CIcompany"],
        ]),
        q("MSG", "long_text", "Anything else we should know?"),
        yesNo("OK", "Can we call you?"),
      ],
    },
    expected: { name: "CIfirst+CIlast", email: "CIemail", phone: ["CIphone"] },
  },
  {
    name: "contact_info block without subfield keys (read by type and title)",
    form: {
      id: "ENci0002",
      fields: [
        q("CI2", "contact_info", "Your details", {
          properties: {
            fields: [
              q("F", "short_text", "Vorname"),
              q("L", "short_text", "Nachname"),
              q("E", "email", "E-Mail"),
            ],
          },
        }),
        q("E2", "email", "Rechnungs-E-Mail"),
      ],
    },
    expected: { name: "F+L", email: "E", phone: [] },
  },
  {
    name: "a contact_info block with a first name only",
    form: {
      id: "ENci0003",
      fields: [
        contactInfo("CI3", "Who are you?", [["first_name", "short_text", "First name", "Only"]]),
      ],
    },
    expected: { name: "Only", email: null, phone: [] },
  },
  {
    name: "English: a group, a company name before the person's, one email",
    form: {
      id: "ENgrp001",
      fields: [
        q("CO", "short_text", "Company name"),
        q("G", "group", "About you", {
          properties: {
            fields: [
              q("NM", "short_text", "What's your name?"),
              q("PH", "phone_number", "Best number to reach you"),
              q("EM", "email", "Work email"),
            ],
          },
        }),
        q("PR", "short_text", "Product name"),
      ],
    },
    expected: { name: "NM", email: "EM", phone: ["PH"] },
  },
  {
    name: "Typeform's own example: 'What is your first name?' after a long text",
    form: {
      id: "lT4Z3j",
      fields: [
        q("DlXFaesGBpoF", "long_text", "Thanks! What's it like where you live?"),
        q("SMEUb7VJz92Q", "email", "Please give us your email address."),
        q("JwWggjAKtOkA", "short_text", "What is your first name?"),
      ],
    },
    expected: { name: "JwWggjAKtOkA", email: "SMEUb7VJz92Q", phone: [] },
  },
  {
    name: "Spanish: the company's name is not the person's",
    form: {
      id: "ESform01",
      fields: [
        q("EMP", "short_text", "Nombre de la empresa"),
        q("NOM", "short_text", "¿Cuál es tu nombre?"),
        q("COR", "email", "Correo electrónico"),
        q("TEL", "phone_number", "Teléfono"),
        q("OKC", "multiple_choice", "¿Podemos llamarte?", {
          properties: { choices: [{ label: "Sí" }, { label: "No" }] },
        }),
      ],
    },
    expected: { name: "NOM", email: "COR", phone: ["TEL"] },
  },
  {
    name: "French: Prénom before Nom, two email questions (the person chooses)",
    form: {
      id: "FRform01",
      fields: [
        q("ENT", "short_text", "Nom de l'entreprise"),
        q("NOM", "short_text", "Nom"),
        q("PRE", "short_text", "Prénom"),
        q("EM1", "email", "Adresse e-mail professionnelle"),
        q("EM2", "email", "Adresse e-mail personnelle"),
      ],
    },
    expected: { name: "PRE", email: null, phone: [] },
  },
  {
    name: "German: Firmenname and Nachname are never the greeting",
    form: {
      id: "DEform01",
      fields: [
        q("FIR", "short_text", "Firmenname"),
        q("NAC", "short_text", "Nachname"),
        q("VOR", "short_text", "Vorname"),
        q("MAI", "email", "E-Mail-Adresse"),
      ],
    },
    expected: { name: "VOR", email: "MAI", phone: [] },
  },
  {
    name: "Portuguese: Nome completo",
    form: {
      id: "PTform01",
      fields: [
        q("EMP", "short_text", "Nome da empresa"),
        q("NOM", "short_text", "Nome completo"),
        q("TEL", "phone_number", "Telefone", { properties: { default_country_code: "br" } }),
      ],
    },
    expected: { name: "NOM", email: null, phone: ["TEL"] },
  },
  {
    name: "Italian: Nome e cognome, by its ref when the title is a question",
    form: {
      id: "ITform01",
      fields: [
        q("AZ", "short_text", "Nome dell'azienda"),
        { id: "NC", type: "short_text", title: "Chi sei?", ref: "nome_e_cognome" },
        q("EM", "email", "La tua email"),
      ],
    },
    expected: { name: "NC", email: "EM", phone: [] },
  },
  {
    name: "only hidden fields carry the contact: choosable, never guessed",
    form: {
      id: "HIDform1",
      hidden: ["phone", "name", "email"],
      fields: [yesNo("OK", "Can we call you back?"), q("WHY", "long_text", "What is it about?")],
    },
    expected: { name: null, email: null, phone: [] },
  },
];

describe("what the wizard reads from real Typeform definitions", () => {
  it.each(ROWS)("$name", ({ form, expected }) => {
    const groups = groupTypeformFields(form, { editUrl: null });
    // What the wizard offers: the questions, then the hidden fields.
    expect(suggestNameField([...groups.text, ...groups.hidden])?.id ?? null).toBe(expected.name);
    expect(suggestEmailField([...groups.email, ...groups.hidden])?.id ?? null).toBe(expected.email);
    expect(groups.phone.map((f) => f.id)).toEqual(expected.phone);
  });

  it("offers a contact block's first + last name as one choice, before its parts", () => {
    const groups = groupTypeformFields(ROWS[0]!.form, { editUrl: null });
    expect(groups.text.map((f) => [f.id, f.title])).toEqual([
      ["CIfirst+CIlast", "First name + Last name"],
      ["CIfirst", "First name"],
      ["CIlast", "Last name"],
      ["CIcompany", "Company"],
      ["MSG", "Anything else we should know?"],
    ]);
    expect(groups.text[0]).toMatchObject({ type: "contact_info", contact: "full_name" });
    // The joined choice is not a field of the form: it is not in `all`.
    expect(groups.all.map((f) => f.id)).not.toContain("CIfirst+CIlast");
    expect(groups.all.find((f) => f.id === "CIcompany")?.contact).toBe("company");
  });

  it("carries a phone field's default country, upper-cased, when libphonenumber knows it", () => {
    expect(groupTypeformFields(ROWS[0]!.form, { editUrl: null }).phone[0]?.defaultCountry).toBe(
      "GB",
    );
    const odd = groupTypeformFields(
      {
        id: "x",
        fields: [
          q("A", "phone_number", "Phone", { properties: { default_country_code: "zz" } }),
          q("B", "phone_number", "Phone"),
        ],
      },
      { editUrl: null },
    );
    expect(odd.phone.map((f) => f.defaultCountry)).toEqual([null, null]);
  });

  it("carries a choice question's option labels, in form order, for the script preview", () => {
    const choices = (...labels: string[]) => ({
      properties: { choices: labels.map((label, i) => ({ id: `c${i}`, label })) },
    });
    const groups = groupTypeformFields(
      {
        id: "x",
        fields: [
          q("MC", "multiple_choice", "Which service?", choices("Kitchen", " Bathroom ", "")),
          q("DD", "dropdown", "Budget", choices("Under $5k", "$5k–$20k")),
          q("RK", "ranking", "Rank these", choices("Price", "Speed", "Quality")),
          q("TXT", "short_text", "Company", choices("ignored")),
        ],
      },
      { editUrl: null },
    );
    expect(groups.all.map((f) => f.choices ?? null)).toEqual([
      ["Kitchen", "Bathroom"],
      ["Under $5k", "$5k–$20k"],
      ["Price", "Speed", "Quality"],
      null,
    ]);
  });

  it("offers hidden fields apart from the questions, never as a tick box", () => {
    const groups = groupTypeformFields(
      {
        id: "HIDform2",
        hidden: ["phone", "name", "phone"],
        fields: [
          q("PH", "phone_number", "Phone"),
          q("NM", "short_text", "Name"),
          q("EM", "email", "Email"),
          yesNo("OK", "Call me?"),
        ],
      },
      { editUrl: null },
    );
    expect(groups.hidden).toEqual([
      {
        id: "hidden:phone",
        title: "phone (hidden field)",
        type: "hidden",
        ref: "phone",
        contact: null,
        defaultCountry: null,
      },
      {
        id: "hidden:name",
        title: "name (hidden field)",
        type: "hidden",
        ref: "name",
        contact: null,
        defaultCountry: null,
      },
    ]);
    // The questions' groups (and the form's warnings) are about questions only.
    for (const list of [groups.all, groups.phone, groups.text, groups.email, groups.checkbox]) {
      expect(list.some((f) => f.type === "hidden")).toBe(false);
    }
    // A real field still wins the guesses.
    expect(suggestNameField([...groups.text, ...groups.hidden])?.id).toBe("NM");
    expect(suggestEmailField([...groups.email, ...groups.hidden])?.id).toBe("EM");
  });
});
