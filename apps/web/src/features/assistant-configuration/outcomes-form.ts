import {
  MAX_OUTCOME_QUESTIONS,
  OUTCOME_KEY_PATTERN,
  type OutcomeQuestion,
  type OutcomeType,
  outcomeQuestionsSchema,
  outcomeTypeLabels,
} from "@ringback/contracts";

/** One outcome question as the Customize step's inputs hold it. */
export interface OutcomeQuestionForm {
  /** The row's own id (React keys, focus, errors): not sent. */
  id: string;
  label: string;
  key: string;
  /**
   * The key was typed (or saved before): it no longer follows the label. A saved question's key
   * names its answers in the CSV, webhooks and the API, so renaming the label keeps it.
   */
  keyEdited: boolean;
  type: OutcomeType;
  /** The options of "One of a list", as typed (blank ones are dropped when saving). */
  choices: string[];
  description: string;
}

export interface OutcomeQuestionErrors {
  label?: string;
  key?: string;
  type?: string;
  choices?: string;
  description?: string;
}

/** Errors by row id; `list` for the list as a whole (too many questions). */
export interface OutcomeErrors {
  list?: string;
  questions: Record<string, OutcomeQuestionErrors>;
}

export const NO_OUTCOME_ERRORS: OutcomeErrors = { questions: {} };

export const MAX_OUTCOME_CHOICES = 20;
export const OUTCOME_LABEL_MAX = 80;
export const OUTCOME_CHOICE_MAX = 60;
export const OUTCOME_DESCRIPTION_MAX = 300;
const KEY_MAX = 40;

/** The examples the empty section offers, one click each. */
export const OUTCOME_EXAMPLES: readonly OutcomeQuestion[] = [
  {
    key: "qualified",
    label: "Qualified?",
    type: "boolean",
    description: "Is this lead a good fit: a real need, a budget and a wish to buy soon?",
  },
  {
    key: "budget",
    label: "Budget",
    type: "number",
    description: "The budget they mention, in dollars.",
  },
  {
    key: "demo_date",
    label: "Best time for a demo",
    type: "date",
    description: "The day they would like a demo.",
  },
  {
    key: "plan",
    label: "Plan",
    type: "choice",
    choices: ["Starter", "Pro", "Enterprise"],
    description: "The plan they are most interested in.",
  },
];

let lastId = 0;
/** A row id unique in this tab (and unlike any kept in a draft from an earlier visit). */
export function newRowId(): string {
  lastId += 1;
  return `q${Date.now().toString(36)}${lastId.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * A snake_case key for a label, unlike the keys already taken: "Qualified?" → "qualified",
 * "Best time for a demo" → "best_time_for_a_demo", "Budget" twice → "budget_2". Accents are
 * dropped ("Année" → "annee"), a label starting with a digit gets "q_" in front, and the key
 * stays within 40 characters. "" for a label with no letters or digits.
 */
export function suggestOutcomeKey(label: string, taken: readonly string[] = []): string {
  const words = label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  if (!words) return "";
  const base = (/^[a-z]/.test(words) ? words : `q_${words}`).slice(0, KEY_MAX).replace(/_+$/, "");
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `_${n}`;
    const key = `${base.slice(0, KEY_MAX - suffix.length).replace(/_+$/, "")}${suffix}`;
    if (!used.has(key)) return key;
  }
}

/** The saved questions as rows (their keys kept as they are). */
export function toOutcomeForms(questions: readonly OutcomeQuestion[] | null | undefined) {
  return (questions ?? []).map(
    (question): OutcomeQuestionForm => ({
      id: newRowId(),
      label: question.label,
      key: question.key,
      keyEdited: true,
      type: question.type,
      choices: question.choices ?? [],
      description: question.description ?? "",
    }),
  );
}

/** A new, empty row: a yes/no question, its key following its label. */
export function emptyOutcomeForm(): OutcomeQuestionForm {
  return {
    id: newRowId(),
    label: "",
    key: "",
    keyEdited: false,
    type: "boolean",
    choices: [],
    description: "",
  };
}

/** An example as a new row, its key made unlike the others' if need be. */
export function exampleOutcomeForm(
  example: OutcomeQuestion,
  forms: readonly OutcomeQuestionForm[],
): OutcomeQuestionForm {
  const taken = forms.map((f) => f.key);
  return {
    id: newRowId(),
    label: example.label,
    key: taken.includes(example.key) ? suggestOutcomeKey(example.key, taken) : example.key,
    keyEdited: false,
    type: example.type,
    choices: [...(example.choices ?? [])],
    description: example.description ?? "",
  };
}

/** A row with a new label: its key follows (unless typed), unlike the other rows' keys. */
export function withLabel(
  forms: readonly OutcomeQuestionForm[],
  id: string,
  label: string,
): OutcomeQuestionForm[] {
  const taken = forms.filter((f) => f.id !== id).map((f) => f.key);
  return forms.map((form) =>
    form.id !== id
      ? form
      : { ...form, label, key: form.keyEdited ? form.key : suggestOutcomeKey(label, taken) },
  );
}

/** A row with a new type: "One of a list" starts with two empty options to fill in. */
export function withType(
  forms: readonly OutcomeQuestionForm[],
  id: string,
  type: OutcomeType,
): OutcomeQuestionForm[] {
  return forms.map((form) =>
    form.id !== id
      ? form
      : {
          ...form,
          type,
          choices:
            type === "choice" && form.choices.length < 2
              ? [...form.choices, ...Array(2 - form.choices.length).fill("")]
              : form.choices,
        },
  );
}

/** Moves a row one place up (-1) or down (+1); unchanged at either end. */
export function moveOutcomeForm(
  forms: readonly OutcomeQuestionForm[],
  id: string,
  by: -1 | 1,
): OutcomeQuestionForm[] {
  const from = forms.findIndex((f) => f.id === id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= forms.length) return [...forms];
  const next = [...forms];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** A row as the PUT body sends it: trimmed, blank options and description left out. */
function toQuestion(form: OutcomeQuestionForm): OutcomeQuestion {
  const description = form.description.trim();
  return {
    key: form.key.trim(),
    label: form.label.trim(),
    type: form.type,
    ...(form.type === "choice"
      ? { choices: form.choices.map((c) => c.trim()).filter(Boolean) }
      : {}),
    ...(description ? { description } : {}),
  };
}

const FIELDS = ["label", "key", "type", "choices", "description"] as const;

/**
 * Errors from zod-style issues, the contracts' own or the server's (`details.issues`, whose
 * paths read "questions.2.key"), by the rows they are about; the first message per field.
 */
export function outcomeErrorsFromIssues(
  forms: readonly OutcomeQuestionForm[],
  issues: readonly { path: string | readonly PropertyKey[]; message: string }[],
): OutcomeErrors {
  const errors: OutcomeErrors = { questions: {} };
  for (const issue of issues) {
    const path = (typeof issue.path === "string" ? issue.path.split(".") : [...issue.path]).map(
      String,
    );
    if (path[0] === "questions") path.shift();
    const index = path[0] !== undefined && /^\d+$/.test(path[0]) ? Number(path[0]) : null;
    const row = index === null ? undefined : forms[index];
    const field = FIELDS.find((f) => f === path[1]);
    if (!row || !field) {
      errors.list ??= issue.message;
      continue;
    }
    const rowErrors = errors.questions[row.id] ?? {};
    rowErrors[field] ??= issue.message;
    errors.questions[row.id] = rowErrors;
  }
  return errors;
}

export function hasOutcomeErrors(errors: OutcomeErrors): boolean {
  return (
    Boolean(errors.list) ||
    Object.values(errors.questions).some((row) => Object.values(row).some(Boolean))
  );
}

/** Checks the rows with the contracts' schema (the server's own rule), then builds the body. */
export function parseOutcomeForms(
  forms: readonly OutcomeQuestionForm[],
): { ok: true; value: OutcomeQuestion[] } | { ok: false; errors: OutcomeErrors } {
  const questions = forms.map(toQuestion);
  const parsed = outcomeQuestionsSchema.safeParse(questions);
  const errors = parsed.success
    ? { questions: {} }
    : outcomeErrorsFromIssues(forms, parsed.error.issues);
  // A blank key says what is missing, not the pattern it breaks.
  questions.forEach((question, index) => {
    const row = forms[index]!;
    if (!question.key) {
      errors.questions[row.id] = { ...errors.questions[row.id], key: "Give the question a key." };
    }
  });
  if (forms.length > MAX_OUTCOME_QUESTIONS) {
    errors.list = `At most ${MAX_OUTCOME_QUESTIONS} questions.`;
  }
  if (hasOutcomeErrors(errors)) return { ok: false, errors };
  return { ok: true, value: parsed.success ? parsed.data : questions };
}

/** Whether a typed key is one the server takes (said as the user types). */
export function isOutcomeKey(key: string): boolean {
  return OUTCOME_KEY_PATTERN.test(key.trim());
}

/** The review summary's words for a question's type: "Yes / no", "One of a list: Basic, Pro". */
export function describeOutcomeType(question: Pick<OutcomeQuestion, "type" | "choices">): string {
  const label = outcomeTypeLabels[question.type];
  return question.type === "choice" && question.choices?.length
    ? `${label}: ${question.choices.join(", ")}`
    : label;
}

/** Whether two lists ask the same (JSONB does not keep the order of an object's keys). */
export function sameOutcomeQuestions(
  a: readonly OutcomeQuestion[],
  b: readonly OutcomeQuestion[] | null | undefined,
): boolean {
  const canonical = (questions: readonly OutcomeQuestion[]) =>
    JSON.stringify(
      questions.map((q) => [q.key, q.label, q.type, q.choices ?? null, q.description ?? null]),
    );
  return canonical(a) === canonical(b ?? []);
}
