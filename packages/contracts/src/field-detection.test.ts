import { describe, expect, it } from "vitest";
import type { FormField } from "./assistants.ts";
import {
  NAME_LABELS,
  type NameLabelKind,
  nameFieldRank,
  nameLabelKind,
  suggestEmailField,
  suggestNameField,
  suggestPhoneField,
} from "./field-detection.ts";

/** [language, label, what it says]: titles as forms word them, and refs as people write them. */
const LABELS: [string, string, NameLabelKind | null][] = [
  ["English", "What's your name?", "full"],
  ["English", "What’s your full name?", "full"],
  ["English", "Your name", "full"],
  ["English", "Name", "name"],
  ["English", "Name *", "name"],
  ["English", "First name", "first"],
  ["English", "Please enter your first name", "first"],
  ["English", "Last name", "last"],
  ["English", "Surname", "last"],
  ["English", "Company name", "not_a_person"],
  ["English", "Name of your company", "not_a_person"],
  ["English", "Product name", "not_a_person"],
  ["English", "Your pet's name", "not_a_person"],
  ["English", "Username", "not_a_person"],
  ["English", "Emergency contact name", "not_a_person"],
  ["English", "How can we help?", null],
  ["English", "Your phone number", null],
  ["English", "Rename", null],
  ["Spanish", "¿Cuál es tu nombre?", "full"],
  ["Spanish", "Nombre completo", "full"],
  ["Spanish", "Nombre y apellidos", "full"],
  ["Spanish", "¿Cómo te llamas?", "full"],
  ["Spanish", "Nombre", "name"],
  ["Spanish", "Apellido", "last"],
  ["Spanish", "Nombre de la empresa", "not_a_person"],
  ["Spanish", "Nombre del producto", "not_a_person"],
  ["French", "Quel est votre nom ?", "full"],
  ["French", "Nom complet", "full"],
  ["French", "Nom et prénom", "full"],
  ["French", "Comment vous appelez-vous ?", "full"],
  ["French", "Prénom", "first"],
  ["French", "Nom", "name"],
  ["French", "Nom de famille", "last"],
  ["French", "Nom de l'entreprise", "not_a_person"],
  ["French", "Nom de la société", "not_a_person"],
  ["German", "Vollständiger Name", "full"],
  ["German", "Wie heißen Sie?", "full"],
  ["German", "Vor- und Nachname", "full"],
  ["German", "Ihr Name", "full"],
  ["German", "Vorname", "first"],
  ["German", "Name", "name"],
  ["German", "Nachname", "last"],
  ["German", "Firmenname", "not_a_person"],
  ["German", "Name des Unternehmens", "not_a_person"],
  ["German", "Produktname", "not_a_person"],
  ["Portuguese", "Qual é o seu nome?", "full"],
  ["Portuguese", "Nome completo", "full"],
  ["Portuguese", "Nome e sobrenome", "full"],
  ["Portuguese", "Primeiro nome", "first"],
  ["Portuguese", "Nome", "name"],
  ["Portuguese", "Sobrenome", "last"],
  ["Portuguese", "Nome da empresa", "not_a_person"],
  ["Italian", "Come ti chiami?", "full"],
  ["Italian", "Nome e cognome", "full"],
  ["Italian", "Il tuo nome", "full"],
  ["Italian", "Nome", "name"],
  ["Italian", "Cognome", "last"],
  ["Italian", "Nome dell'azienda", "not_a_person"],
  ["Dutch", "Volledige naam", "full"],
  ["Dutch", "Voornaam", "first"],
  ["Dutch", "Bedrijfsnaam", "not_a_person"],
  ["ref", "full_name", "full"],
  ["ref", "firstName", "first"],
  ["ref", "customer_name", "name"],
  ["ref", "company_name", "not_a_person"],
  ["ref", "last_name", "last"],
  ["ref", "a1b2c3d4-5e6f", null],
];

describe("what a label says about a person's name", () => {
  it.each(LABELS)("%s: %j is %s", (_language, label, kind) => {
    expect(nameLabelKind(label)).toBe(kind);
  });

  it("covers at least English, Spanish, French, German, Portuguese and Italian", () => {
    for (const language of ["English", "Spanish", "French", "German", "Portuguese", "Italian"]) {
      expect(NAME_LABELS[language]?.full.length, language).toBeGreaterThan(0);
      expect(LABELS.some(([l, , kind]) => l === language && kind === "full")).toBe(true);
      expect(LABELS.some(([l, , kind]) => l === language && kind === "not_a_person")).toBe(true);
    }
  });

  it("says nothing about an empty label", () => {
    expect(nameLabelKind("")).toBeNull();
    expect(nameLabelKind(null)).toBeNull();
    expect(nameLabelKind("  ?  ")).toBeNull();
  });
});

const f = (id: string, type: string, title: string, extra: Partial<FormField> = {}): FormField => ({
  id,
  type,
  title,
  ref: null,
  ...extra,
});

describe("the name and email the wizard pre-selects", () => {
  it("prefers a contact block's first + last name over any question", () => {
    const fields = [
      f("n", "short_text", "What's your name?"),
      f("a+b", "contact_info", "First name + Last name", { contact: "full_name" }),
      f("a", "short_text", "First name", { contact: "first_name" }),
    ];
    expect(suggestNameField(fields)?.id).toBe("a+b");
  });

  it("takes a full name over a first name over a bare 'name', the first of equals", () => {
    expect(
      suggestNameField([f("nom", "short_text", "Nom"), f("pre", "short_text", "Prénom")])?.id,
    ).toBe("pre");
    expect(
      suggestNameField([f("v", "short_text", "Vorname"), f("full", "short_text", "Ihr Name")])?.id,
    ).toBe("full");
    expect(
      suggestNameField([f("a", "short_text", "Name"), f("b", "short_text", "Nombre")])?.id,
    ).toBe("a");
  });

  it("reads the ref when the title says nothing, and never guesses what is not a person", () => {
    expect(
      suggestNameField([f("x", "short_text", "Who are we talking to?", { ref: "full_name" })])?.id,
    ).toBe("x");
    expect(suggestNameField([f("x", "short_text", "Name", { ref: "company_name" })])).toBeNull();
    expect(suggestNameField([f("c", "short_text", "Company name")])).toBeNull();
    expect(suggestNameField([f("l", "short_text", "Last name")])).toBeNull();
    expect(suggestNameField([f("c", "short_text", "Nombre", { contact: "company" })])).toBeNull();
  });

  it("guesses only short texts: never a long text or a hidden field", () => {
    expect(suggestNameField([f("l", "long_text", "Your name and address")])).toBeNull();
    expect(
      suggestNameField([f("hidden:name", "hidden", "name (hidden field)", { ref: "name" })]),
    ).toBeNull();
    expect(nameFieldRank(f("p", "phone_number", "Name"))).toBe(0);
  });

  it("takes the contact block's email, else the only email question", () => {
    const only = [
      f("e", "email", "Your email"),
      f("hidden:email", "hidden", "email (hidden field)"),
    ];
    expect(suggestEmailField(only)?.id).toBe("e");
    const two = [f("e1", "email", "Work email"), f("e2", "email", "Personal email")];
    expect(suggestEmailField(two)).toBeNull();
    expect(suggestEmailField([...two, f("ce", "email", "Email", { contact: "email" })])?.id).toBe(
      "ce",
    );
    expect(suggestEmailField([f("hidden:email", "hidden", "email (hidden field)")])).toBeNull();
  });
});

describe("the phone the wizard pre-selects", () => {
  const hidden = (name: string) =>
    f(`hidden:${name}`, "hidden", `${name} (hidden field)`, { ref: name });

  it("takes the first phone question", () => {
    const questions = [f("p1", "phone_number", "Phone"), f("p2", "phone_number", "Other phone")];
    expect(suggestPhoneField(questions, [hidden("phone")])?.id).toBe("p1");
  });

  it("without one, a hidden field whose name says phone, never another hidden field", () => {
    expect(suggestPhoneField([], [hidden("utm_source"), hidden("phone_number")])?.id).toBe(
      "hidden:phone_number",
    );
    expect(suggestPhoneField([], [hidden("telefono")])?.id).toBe("hidden:telefono");
    expect(suggestPhoneField([], [hidden("mobileNumber")])?.id).toBe("hidden:mobileNumber");
    expect(suggestPhoneField([], [hidden("utm_source"), hidden("campaign")])).toBeNull();
    expect(suggestPhoneField([], [hidden("telegram_id")])).toBeNull();
    expect(suggestPhoneField([])).toBeNull();
  });
});
