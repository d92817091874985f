import type { FormField } from "./assistants.ts";

/**
 * Which field of a form holds the respondent's name, read from its title or ref (the
 * wizard pre-selects what is obvious). A table per language, not one regex: each phrase
 * is matched as whole words in the label, with accents, case and punctuation ignored.
 *
 * - `full`: the whole name ("Full name", "What's your name?", "Nombre completo", "Wie heißen
 *   Sie?"), the best greeting;
 * - `first`: a first name ("First name", "Prénom", "Vorname");
 * - `name`: just "name" ("Name", "Nombre", "Nom", "Nome"), which some forms use for the
 *   surname next to a first-name field, so a first-name field beats it;
 * - `last`: a surname ("Last name", "Apellido", "Nachname"): a person's name, but not one to
 *   greet them by, so never pre-selected on its own.
 */
export const NAME_LABELS: Readonly<
  Record<string, { full: string[]; first: string[]; name: string[]; last: string[] }>
> = {
  English: {
    full: [
      "full name",
      "your name",
      "complete name",
      "contact name",
      "first and last name",
      "first name and last name",
      "name and surname",
    ],
    first: ["first name", "firstname", "given name", "forename", "fname"],
    name: ["name"],
    last: ["last name", "lastname", "surname", "family name", "lname"],
  },
  Spanish: {
    full: [
      "nombre completo",
      "tu nombre",
      "su nombre",
      "nombre y apellido",
      "nombre y apellidos",
      "como te llamas",
      "como se llama",
    ],
    first: ["primer nombre", "nombre de pila"],
    name: ["nombre"],
    last: ["apellido", "apellidos"],
  },
  French: {
    full: [
      "nom complet",
      "votre nom",
      "ton nom",
      "nom et prenom",
      "prenom et nom",
      "nom prenom",
      "prenom nom",
      "comment vous appelez vous",
      "comment t appelles tu",
    ],
    first: ["prenom", "votre prenom"],
    name: ["nom"],
    last: ["nom de famille"],
  },
  German: {
    full: [
      "vollstandiger name",
      "ihr name",
      "dein name",
      "vor und nachname",
      "vor und zuname",
      "vorname und nachname",
      "wie heissen sie",
      "wie heisst du",
    ],
    first: ["vorname", "rufname"],
    name: ["name"],
    last: ["nachname", "familienname", "zuname"],
  },
  Portuguese: {
    full: [
      "nome completo",
      "seu nome",
      "teu nome",
      "nome e sobrenome",
      "nome e apelido",
      "como se chama",
      "como voce se chama",
    ],
    first: ["primeiro nome", "nome proprio"],
    name: ["nome"],
    last: ["sobrenome", "apelido", "ultimo nome"],
  },
  Italian: {
    full: [
      "nome completo",
      "nome e cognome",
      "il tuo nome",
      "il suo nome",
      "come ti chiami",
      "come si chiama",
    ],
    first: ["nome di battesimo"],
    name: ["nome"],
    last: ["cognome"],
  },
  Dutch: {
    full: ["volledige naam", "uw naam", "je naam", "jouw naam", "voor en achternaam"],
    first: ["voornaam", "roepnaam"],
    name: ["naam"],
    last: ["achternaam"],
  },
};

/**
 * Words that make a "name" something other than a person's ("Company name", "Nom de
 * l'entreprise", "Nombre del producto", "Name of your dog"). German and Dutch compounds
 * ("Firmenname", "Produktname") never match "name" in the first place; they are listed so the
 * table says so.
 */
export const NOT_A_PERSON_WORDS: Readonly<Record<string, string[]>> = {
  English: [
    "company",
    "business",
    "organization",
    "organisation",
    "employer",
    "firm",
    "agency",
    "product",
    "brand",
    "project",
    "event",
    "team",
    "school",
    "university",
    "college",
    "store",
    "shop",
    "street",
    "city",
    "town",
    "country",
    "domain",
    "website",
    "site",
    "app",
    "user",
    "username",
    "account",
    "file",
    "campaign",
    "course",
    "property",
    "venue",
    "pet",
    "dog",
    "cat",
    "child",
    "baby",
    "spouse",
    "partner",
    "referrer",
    "referred",
    "emergency",
  ],
  Spanish: [
    "empresa",
    "compania",
    "negocio",
    "organizacion",
    "producto",
    "marca",
    "proyecto",
    "evento",
    "equipo",
    "escuela",
    "colegio",
    "universidad",
    "tienda",
    "calle",
    "ciudad",
    "usuario",
    "archivo",
    "mascota",
    "perro",
    "gato",
    "hijo",
    "hija",
  ],
  French: [
    "entreprise",
    "societe",
    "organisation",
    "etablissement",
    "produit",
    "marque",
    "projet",
    "evenement",
    "equipe",
    "ecole",
    "universite",
    "magasin",
    "boutique",
    "rue",
    "ville",
    "utilisateur",
    "fichier",
    "animal",
    "chien",
    "chat",
    "enfant",
  ],
  German: [
    "firma",
    "firmenname",
    "unternehmen",
    "unternehmens",
    "unternehmensname",
    "organisation",
    "produkt",
    "produkts",
    "produktname",
    "marke",
    "markenname",
    "projekt",
    "projekts",
    "projektname",
    "veranstaltung",
    "schule",
    "geschaft",
    "strasse",
    "stadt",
    "benutzer",
    "benutzername",
    "datei",
    "haustier",
    "hund",
    "katze",
    "kind",
  ],
  Portuguese: [
    "empresa",
    "companhia",
    "negocio",
    "organizacao",
    "produto",
    "marca",
    "projeto",
    "evento",
    "equipe",
    "equipa",
    "escola",
    "universidade",
    "loja",
    "rua",
    "cidade",
    "usuario",
    "utilizador",
    "arquivo",
    "ficheiro",
    "cachorro",
    "cao",
    "gato",
    "filho",
    "filha",
  ],
  Italian: [
    "azienda",
    "societa",
    "impresa",
    "ditta",
    "organizzazione",
    "prodotto",
    "marchio",
    "progetto",
    "evento",
    "squadra",
    "scuola",
    "negozio",
    "via",
    "citta",
    "utente",
    "file",
    "animale",
    "cane",
    "gatto",
    "figlio",
    "figlia",
  ],
  Dutch: [
    "bedrijf",
    "bedrijfsnaam",
    "organisatie",
    "merk",
    "evenement",
    "winkel",
    "straat",
    "stad",
    "gebruiker",
    "gebruikersnaam",
    "huisdier",
  ],
};

export type NameLabelKind = "full" | "first" | "name" | "last" | "not_a_person";

/** Lower case, accents off (ß as ss), camelCase and snake_case split, words only. */
function words(label: string): string[] {
  return label
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLocaleLowerCase("en")
    .replaceAll("ß", "ss")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const phrases = (kind: "full" | "first" | "name" | "last") =>
  [...new Set(Object.values(NAME_LABELS).flatMap((language) => language[kind]))].map(words);
const PHRASES = {
  full: phrases("full"),
  first: phrases("first"),
  name: phrases("name"),
  last: phrases("last"),
};
const NOT_A_PERSON = new Set(Object.values(NOT_A_PERSON_WORDS).flat().flatMap(words));

/** True when `phrase` occurs in `tokens` as consecutive whole words. */
function contains(tokens: string[], phrase: string[]): boolean {
  for (let i = 0; i + phrase.length <= tokens.length; i++) {
    if (phrase.every((word, j) => tokens[i + j] === word)) return true;
  }
  return false;
}

/**
 * What a field's title or ref says about a person's name, or null when it says nothing.
 * "What's your name?" → full; "Prénom" → first; "Nom" → name; "Nachname" → last;
 * "Company name", "Nom de l'entreprise", "Firmenname" → not_a_person (or null).
 */
export function nameLabelKind(label: string | null | undefined): NameLabelKind | null {
  const tokens = words(label ?? "");
  if (tokens.length === 0) return null;
  if (tokens.some((token) => NOT_A_PERSON.has(token))) return "not_a_person";
  const has = (kind: keyof typeof PHRASES) =>
    PHRASES[kind].some((phrase) => contains(tokens, phrase));
  if (has("full")) return "full";
  // "Last name" also holds "name", "Nom de famille" holds "nom": the surname decides.
  if (has("last")) return "last";
  if (has("first")) return "first";
  if (has("name")) return "name";
  return null;
}

const RANK: Record<NameLabelKind, number> = {
  full: 3,
  first: 2,
  name: 1,
  last: 0,
  not_a_person: 0,
};

/**
 * How good a greeting name a field is (0: not one). A contact-info block's first + last name
 * comes first; then a short-text field by what its title or ref says, unless either says it is
 * something else (a company, a surname). Hidden fields and long texts are never guessed, only
 * chosen.
 */
export function nameFieldRank(field: FormField): number {
  if (field.contact === "full_name") return 4;
  if (field.contact === "first_name") return 2;
  if (field.contact) return 0;
  // A short text question (Typeform's), or a text value a webhook sent.
  if (field.type !== "short_text" && field.type !== "text") return 0;
  const kinds = [nameLabelKind(field.title), nameLabelKind(field.ref)];
  // Either saying "company" or "surname" is enough to rule it out.
  if (kinds.some((kind) => kind === "not_a_person" || kind === "last")) return 0;
  return Math.max(...kinds.map((kind) => (kind ? RANK[kind] : 0)));
}

/** The field the wizard pre-selects as the name: the best ranked, the first of equals. */
export function suggestNameField(fields: readonly FormField[]): FormField | null {
  let best: FormField | null = null;
  let bestRank = 0;
  for (const field of fields) {
    const rank = nameFieldRank(field);
    if (rank > bestRank) {
      best = field;
      bestRank = rank;
    }
  }
  return best;
}

/**
 * The field the wizard pre-selects as the email: a contact-info block's email, else the form's
 * only email question (with several, the person chooses). Hidden fields are only chosen.
 */
export function suggestEmailField(fields: readonly FormField[]): FormField | null {
  const contact = fields.find((field) => field.contact === "email");
  if (contact) return contact;
  const questions = fields.filter((field) => field.type === "email");
  return questions.length === 1 ? questions[0]! : null;
}

/** What a hidden field carrying a phone number is called (`?phone=…`, `?tel=…`, `?movil=…`). */
export const PHONE_NAMES: readonly string[] = [
  "phone",
  "phone number",
  "telephone",
  "tel",
  "mobile",
  "cell",
  "cellphone",
  "telefono",
  "movil",
  "celular",
  "portable",
  "telefon",
  "handy",
  "mobil",
  "telefone",
  "telemovel",
  "cellulare",
];
const PHONE_PHRASES = PHONE_NAMES.map(words);

/**
 * The phone the wizard pre-selects: the first phone question; without one, a hidden field
 * whose name says phone (`?phone=…`). A hidden `utm_source` is only ever chosen.
 */
export function suggestPhoneField(
  questions: readonly FormField[],
  hidden: readonly FormField[] = [],
): FormField | null {
  return (
    questions[0] ??
    hidden.find((field) => {
      const tokens = words(field.ref ?? field.title);
      return PHONE_PHRASES.some((phrase) => contains(tokens, phrase));
    }) ??
    null
  );
}
