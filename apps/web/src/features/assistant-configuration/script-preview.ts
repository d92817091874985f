import {
  type CallerContext,
  type FormField,
  fillScript,
  nameLabelKind,
  optOutPageAddress,
  type ScriptQuestion,
  scriptVariables,
  unknownScriptVariables,
} from "@ringback/contracts";

/** The made-up respondent the Customize step previews the script with. */
export const SAMPLE_NAME = "Sam Rivera";
const [SAMPLE_FIRST, SAMPLE_LAST] = SAMPLE_NAME.split(" ") as [string, string];

const ID_SEPARATOR = "+";

/** Plausible answers by field type, for a response nobody has sent yet. */
const BY_TYPE: Record<string, unknown> = {
  short_text: "A short answer",
  text: "A short answer",
  long_text: "A quote for a new kitchen, ideally before the summer",
  email: "sam.rivera@example.com",
  phone_number: "+1 415 555 0123",
  yes_no: true,
  legal: true,
  multiple_choice: "The first option",
  dropdown: "The first option",
  picture_choice: "The first option",
  ranking: ["The first option", "The second option"],
  number: 12,
  opinion_scale: 8,
  rating: 4,
  nps: 9,
  date: "2025-06-02",
  website: "https://example.com",
  file_upload: "https://example.com/plan.pdf",
  hidden: "example",
};

/** A short text answer that fits its question: a name where it asks for one. */
function sampleText(field: FormField): string {
  if (field.contact === "first_name") return SAMPLE_FIRST;
  if (field.contact === "last_name") return SAMPLE_LAST;
  if (field.contact === "company") return "Rivera Studio";
  const kinds = [nameLabelKind(field.title), nameLabelKind(field.ref)];
  if (kinds.includes("not_a_person")) return "Rivera Studio";
  if (kinds.includes("first")) return SAMPLE_FIRST;
  if (kinds.includes("last")) return SAMPLE_LAST;
  if (kinds.includes("full") || kinds.includes("name")) return SAMPLE_NAME;
  return String(BY_TYPE.short_text);
}

/** A choice question answered with its own options: the first (a ranking: the first two). */
function sampleChoice(field: FormField): unknown {
  const [first, second] = field.choices ?? [];
  if (!first) return BY_TYPE[field.type];
  if (field.type === "ranking") return second ? [first, second] : [first];
  return first;
}

function sampleValue(field: FormField, nameFieldIds: string[]): unknown {
  if (nameFieldIds.length === 1 && nameFieldIds[0] === field.id) return SAMPLE_NAME;
  if (field.type === "short_text" || field.type === "text") return sampleText(field);
  if (field.choices?.length) return sampleChoice(field);
  if (field.type === "hidden" && nameFieldIds.includes(field.id)) return SAMPLE_NAME;
  return field.type in BY_TYPE ? BY_TYPE[field.type] : String(BY_TYPE.short_text);
}

/**
 * A response from Sam Rivera to this form: every question answered plausibly for its type (a
 * name question with the name), hidden fields last. The name is known only when a Name field is
 * chosen, as on a real call.
 */
export function sampleResponse(
  fields: { all: readonly FormField[]; hidden: readonly FormField[] },
  nameFieldId: string | null,
): { name: string | null; questions: ScriptQuestion[] } {
  const nameFieldIds = nameFieldId ? nameFieldId.split(ID_SEPARATOR) : [];
  const questions = [...fields.all, ...fields.hidden]
    .filter((field) => field.type !== "statement")
    .map((field) => ({
      ref: field.ref,
      title: field.title,
      type: field.type,
      value: sampleValue(field, nameFieldIds),
    }));
  return { name: nameFieldId ? SAMPLE_NAME : null, questions };
}

/**
 * Who is calling, for the preview: the caller's names as given, and `{opt_out_url}` as this
 * page's own origin + /opt-out (the server says its PUBLIC_URL's, which is where this app is
 * served), e.g. "ringback.example.com/opt-out".
 */
export function previewCaller(caller: CallerContext, origin: string): CallerContext {
  return { opt_out_url: origin ? optOutPageAddress(origin) : null, ...caller };
}

/** The script as a call to Sam Rivera would read it, with the form's variables. */
export function scriptPreview(
  script: string,
  fields: { all: readonly FormField[]; hidden: readonly FormField[] },
  nameFieldId: string | null,
  /** Who is calling: the organization's, the assistant's and the form's names. */
  caller: CallerContext = {},
) {
  const variables = scriptVariables([...fields.all, ...fields.hidden]);
  return {
    variables,
    unknown: unknownScriptVariables(script, variables),
    text: fillScript(script, sampleResponse(fields, nameFieldId), caller),
  };
}
