import { OPT_OUT_PATH } from "./opt-out.ts";

/**
 * Script variables and the lead's answers as the voice AI reads them. One module
 * for the server, which fills the script and builds the call's context, and for the wizard's
 * preview, which must show exactly what the server will send.
 *
 * - `{name}` is the respondent's name from the assistant's Name field ("there" when unknown).
 * - `{answers}` is every answer the respondent typed, one "Question: answer" per line.
 * - `{<ref>}` is the answer to the field with that ref (the form's own name for it, a hidden field's name),
 *   e.g. `{company_size}`; exact first, else ignoring case. A ref with no answer — an optional
 *   question left blank, a typo — becomes empty text: the lead never hears a raw `{ref}`, and
 *   the wizard warns about variables that match no field of the form.
 * - `{{ref}}` (the double braces voice platforms use) reads the same. `name` and `answers` are reserved: a field
 *   whose ref is `name` is reached through the Name field.
 *
 * Answers read as speech: lists joined with commas, booleans as Yes/No, whitespace collapsed,
 * long answers cut. Hidden fields (values the form's link carried, often tracking ids such as
 * `utm_source`) are not what the lead wrote: they stay out of `{answers}` and the call's context,
 * and reach the script only when it names them.
 */

/** One submitted question (form_submissions.answers.questions), as loosely as it is stored. */
export interface ScriptQuestion {
  ref: string | null;
  title: string;
  /** The provider's field type; `hidden` for hidden fields. */
  type: string;
  value: unknown;
}

/** One answer the voice AI is told about. */
export interface CallContextAnswer {
  question: string;
  answer: string;
}

/** Bounds on what a lead's answers add to a call: a prompt is not a database. */
export const SCRIPT_VARIABLE_LIMITS = {
  /** Characters of one answer (longer ones end with "…"). */
  answerChars: 300,
  /** Characters of one question's title. */
  questionChars: 150,
  /** Answers in the context and in `{answers}`. */
  answers: 30,
  /** Characters of all answers together, as `{answers}` lines. */
  listChars: 3000,
} as const;

export const NAME_VARIABLE = "name";
export const ANSWERS_VARIABLE = "answers";
/** What `{name}` reads when the respondent's name is unknown. */
export const UNKNOWN_NAME = "there";

/** A variable's name: a field's ref (letters, digits, `_`, `-`; `.` for good measure). */
const NAME = "[A-Za-z0-9_][A-Za-z0-9_.-]{0,254}";
const VARIABLE = new RegExp(`\\{\\{\\s*(${NAME})\\s*\\}\\}|\\{\\s*(${NAME})\\s*\\}`, "g");
const IS_NAME = new RegExp(`^${NAME}$`);
/**
 * Who is calling: `{company}` the organization's name, `{assistant}` the
 * assistant's, `{form}` the form's title; and `{opt_out_url}` where the person can stop calls
 * (this installation's public opt-out page, as optOutPageAddress says it). They are
 * the caller's words, so they take precedence over a form field with the same ref. (Lower case:
 * variables are matched ignoring case.)
 */
export const CALLER_VARIABLES = {
  company: "Your organization’s name",
  assistant: "The assistant’s name",
  form: "The form’s title",
  opt_out_url: "Where to stop calls: the opt-out page’s address",
} as const;
export type CallerVariable = keyof typeof CALLER_VARIABLES;
/** The caller's values of CALLER_VARIABLES (an unknown one reads as empty). */
export type CallerContext = Partial<Record<CallerVariable, string | null>>;
const isCallerVariable = (name: string): name is CallerVariable =>
  Object.hasOwn(CALLER_VARIABLES, name);

/**
 * `{opt_out_url}`: the opt-out page's address as an assistant says it — the installation's public
 * URL (PUBLIC_URL, or the page's own origin in the wizard's preview) without its `https://` and
 * trailing slashes, then /opt-out: "https://ringback.example.com/" → "ringback.example.com/opt-out".
 */
export function optOutPageAddress(publicUrl: string): string {
  const site = publicUrl
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, "")
    .replace(/\/+$/, "");
  return `${site}${OPT_OUT_PATH}`;
}

const RESERVED = new Set<string>([
  NAME_VARIABLE,
  ANSWERS_VARIABLE,
  ...Object.keys(CALLER_VARIABLES),
]);

const isHidden = (question: Pick<ScriptQuestion, "type">) => question.type === "hidden";

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max - 1).trimEnd()}…`;
}

/** File answers are links that mean nothing said aloud (and are not for the AI to open). */
const FILE_TYPES = new Set(["file_upload", "file_url"]);

/**
 * An answer as a person would say it, on one line and at most answerChars long; null when there
 * is nothing to say (unanswered, empty, or a value Ringback cannot read).
 */
export function readableAnswer(value: unknown, type = ""): string | null {
  let text: string | null = null;
  if (typeof value === "boolean") text = value ? "Yes" : "No";
  else if (typeof value === "number") text = Number.isFinite(value) ? String(value) : null;
  else if (typeof value === "string") text = value;
  else if (Array.isArray(value)) {
    text = value
      .map((item) => readableAnswer(item))
      .filter((item): item is string => item !== null)
      .join(", ");
  }
  const line = text === null ? "" : oneLine(text);
  if (!line) return null;
  if (FILE_TYPES.has(type)) return "File uploaded";
  return cut(line, SCRIPT_VARIABLE_LIMITS.answerChars);
}

/** The question with this ref: the exact ref first, else the same ref in another case. */
function byRef<T extends Pick<ScriptQuestion, "ref">>(questions: readonly T[], ref: string) {
  const exact = questions.find((question) => question.ref === ref);
  if (exact) return exact;
  const lower = ref.toLowerCase();
  return questions.find((question) => question.ref?.toLowerCase() === lower);
}

/**
 * A question's title as the AI reads it: on one line, within its length. A form source fills or
 * drops its own placeholders when it reads a submission (Typeform's recall, in its folder); one
 * still left in double braces (a submission stored before that) is dropped, since a template is
 * not speech.
 */
export function readableQuestion(title: string): string {
  const plain = oneLine(title.replace(/\{\{[^{}]*\}\}/g, ""))
    .replace(/\s+([?.!,:;])/g, "$1")
    .replace(/,([?.!;:])/g, "$1");
  return cut(plain, SCRIPT_VARIABLE_LIMITS.questionChars);
}

/**
 * What the voice AI is told the lead wrote: each answered question but hidden fields, in form
 * order, within SCRIPT_VARIABLE_LIMITS (the first answers are kept when there are too many).
 */
export function callContextAnswers(questions: readonly ScriptQuestion[]): CallContextAnswer[] {
  const items: CallContextAnswer[] = [];
  let chars = 0;
  for (const question of questions) {
    if (isHidden(question)) continue;
    const answer = readableAnswer(question.value, question.type);
    if (!answer) continue;
    const title = readableQuestion(question.title) || question.ref || "Question";
    const size = title.length + answer.length + 3;
    if (items.length >= SCRIPT_VARIABLE_LIMITS.answers) break;
    if (chars + size > SCRIPT_VARIABLE_LIMITS.listChars) break;
    chars += size;
    items.push({ question: title, answer });
  }
  return items;
}

/** `{answers}`: one "Question: answer" per line. */
export function answersText(answers: readonly CallContextAnswer[]): string {
  return answers.map((item) => `${item.question}: ${item.answer}`).join("\n");
}

/** The respondent's name as `{name}` reads it. */
export function greetingName(name: string | null | undefined): string {
  return name?.trim() || UNKNOWN_NAME;
}

/**
 * The script with its variables filled in: what the voice AI is given as its prompt. One pass,
 * so an answer that holds `{name}` stays as typed.
 */
export function fillScript(
  script: string,
  respondent: { name: string | null | undefined; questions: readonly ScriptQuestion[] },
  caller: CallerContext = {},
): string {
  let answers: string | null = null;
  return script.replace(
    VARIABLE,
    (_match, double: string | undefined, single: string | undefined) => {
      const variable = (double ?? single)!;
      const lower = variable.toLowerCase();
      if (lower === NAME_VARIABLE) return greetingName(respondent.name);
      if (isCallerVariable(lower)) return caller[lower]?.trim() ?? "";
      if (lower === ANSWERS_VARIABLE) {
        answers ??= answersText(callContextAnswers(respondent.questions));
        return answers;
      }
      const question = byRef(respondent.questions, variable);
      return question ? (readableAnswer(question.value, question.type) ?? "") : "";
    },
  );
}

/** The variables a script uses, each once, in order of first use. */
export function usedScriptVariables(script: string): string[] {
  const used: string[] = [];
  for (const match of script.matchAll(VARIABLE)) {
    const variable = (match[1] ?? match[2])!;
    if (!used.includes(variable)) used.push(variable);
  }
  return used;
}

/** A field as the wizard knows it (FormField). */
export interface ScriptVariableField {
  title: string;
  type: string;
  ref: string | null;
}

/** One variable the wizard offers. */
export interface ScriptVariable {
  /** What goes between the braces. */
  name: string;
  /** What it inserts, in words: the question's title for a field. */
  label: string;
  kind: "name" | "answers" | "caller" | "field" | "hidden";
}

/** Field types that never hold an answer. */
const NO_ANSWER_TYPES = new Set(["statement", "group", "inline_group", "contact_info"]);

/**
 * The variables a form offers: `{name}`, `{answers}`, then every field with a usable ref in form
 * order (hidden fields last, as the provider lists them).
 */
export function scriptVariables(fields: readonly ScriptVariableField[]): ScriptVariable[] {
  const variables: ScriptVariable[] = [
    { name: NAME_VARIABLE, label: "The respondent’s name", kind: "name" },
    { name: ANSWERS_VARIABLE, label: "Every answer, one per line", kind: "answers" },
    ...Object.entries(CALLER_VARIABLES).map(([name, label]) => ({
      name,
      label,
      kind: "caller" as const,
    })),
  ];
  const seen = new Set<string>(RESERVED);
  for (const field of fields) {
    const ref = field.ref?.trim();
    if (!ref || !IS_NAME.test(ref) || NO_ANSWER_TYPES.has(field.type)) continue;
    if (seen.has(ref.toLowerCase())) continue;
    seen.add(ref.toLowerCase());
    variables.push({
      name: ref,
      label: readableQuestion(field.title) || ref,
      kind: field.type === "hidden" ? "hidden" : "field",
    });
  }
  return variables;
}

/** The variables a script uses that match no variable of the form (they will read as empty). */
export function unknownScriptVariables(
  script: string,
  variables: readonly Pick<ScriptVariable, "name">[],
): string[] {
  const known = new Set(variables.map((variable) => variable.name.toLowerCase()));
  for (const reserved of RESERVED) known.add(reserved);
  return usedScriptVariables(script).filter((variable) => !known.has(variable.toLowerCase()));
}

/**
 * The questions of a stored submission (form_submissions.answers.questions), read defensively:
 * a row stored before questions were kept gives only its hidden fields (by name), whose answers
 * have no titles to speak of.
 */
export function storedScriptQuestions(stored: unknown): ScriptQuestion[] {
  if (!stored || typeof stored !== "object") return [];
  const { questions, hidden } = stored as Record<string, unknown>;
  if (Array.isArray(questions)) {
    return questions.flatMap((item: unknown): ScriptQuestion[] => {
      if (!item || typeof item !== "object") return [];
      const { ref, title, type, value } = item as Record<string, unknown>;
      return [
        {
          ref: typeof ref === "string" && ref ? ref : null,
          title: typeof title === "string" ? title : "",
          type: typeof type === "string" ? type : "unknown",
          value,
        },
      ];
    });
  }
  if (!hidden || typeof hidden !== "object") return [];
  return Object.entries(hidden).map(([name, value]) => ({
    ref: name,
    title: name,
    type: "hidden",
    value,
  }));
}
