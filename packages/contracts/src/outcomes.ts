/**
 * The questions a call should answer ("Outcomes"), per assistant. The voice
 * provider answers them after the call (Bland `analysis_schema`); the answers are stored with
 * the call, shown in Call Details and Call Records, exported and sent to webhooks.
 */
import {
  MAX_OUTCOME_QUESTIONS,
  OUTCOME_KEY_PATTERN,
  type OutcomeType,
  outcomeTypes,
} from "./outcome-types.ts";

export { MAX_OUTCOME_QUESTIONS, OUTCOME_KEY_PATTERN, type OutcomeType, outcomeTypes };

export const outcomeTypeLabels: Record<OutcomeType, string> = {
  boolean: "Yes / no",
  number: "Number",
  text: "Text",
  choice: "One of a list",
  date: "Date",
};

// The questions' schemas are in outcome-questions.ts: a page that shows answers loads this module
// without zod.
import { formatNumber } from "./english-number.ts";
import type { OutcomeQuestion } from "./outcome-questions.ts";

export type { OutcomeQuestion };

/** An answer: yes/no, a number, text, one of the list, a date (yyyy-mm-dd), or unknown. */
export type OutcomeValue = boolean | number | string | null;
/** A call's answers, by question key. */
export type Outcomes = Record<string, OutcomeValue>;

const TRUE_WORDS = /^(true|yes|y|si|sí|oui|ja|1|qualified|correct)$/i;
const FALSE_WORDS = /^(false|no|n|non|nein|0|not qualified|incorrect)$/i;

/** One answer read as its question's type; null when it cannot be (never a wrong type). */
export function normalizeOutcomeValue(question: OutcomeQuestion, raw: unknown): OutcomeValue {
  if (raw === null || raw === undefined) return null;
  const text = typeof raw === "string" ? raw.trim() : null;
  if (text !== null && (text === "" || /^(null|none|n\/a|unknown)$/i.test(text))) return null;
  switch (question.type) {
    case "boolean":
      if (typeof raw === "boolean") return raw;
      if (text && TRUE_WORDS.test(text)) return true;
      if (text && FALSE_WORDS.test(text)) return false;
      return null;
    case "number": {
      if (typeof raw === "number") return Number.isFinite(raw) ? raw : null;
      // "$25,000", "about 40", "1.5k" read as the first number written.
      const match = text?.replace(/,(?=\d{3}\b)/g, "").match(/-?\d+(\.\d+)?/);
      if (!match) return null;
      const value = Number(match[0]) * (/\d\s*k\b/i.test(text ?? "") ? 1000 : 1);
      return Number.isFinite(value) ? value : null;
    }
    case "date": {
      const value = text ?? (typeof raw === "number" ? new Date(raw).toISOString() : null);
      if (!value) return null;
      const iso = /^(\d{4}-\d{2}-\d{2})/.exec(value);
      if (iso) return iso[1]!;
      const parsed = Date.parse(value);
      return Number.isNaN(parsed) ? null : new Date(parsed).toISOString().slice(0, 10);
    }
    case "choice": {
      const value = text ?? String(raw);
      const match = (question.choices ?? []).find((c) => c.toLowerCase() === value.toLowerCase());
      return match ?? null;
    }
    default:
      return text ?? (typeof raw === "number" || typeof raw === "boolean" ? String(raw) : null);
  }
}

/**
 * The provider's answers read against the assistant's questions: every question's key, its
 * answer in the question's type or null, and nothing else (a key the provider made up is
 * dropped). Null when there are no questions or no answers at all.
 */
export function normalizeOutcomes(
  questions: readonly OutcomeQuestion[],
  raw: unknown,
): Outcomes | null {
  if (questions.length === 0 || raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    return null;
  }
  const answers = raw as Record<string, unknown>;
  const out: Outcomes = {};
  for (const question of questions)
    out[question.key] = normalizeOutcomeValue(question, answers[question.key]);
  return out;
}

/** An answer as people read it: Yes / No, 25,000, the date, the option, or "" when unknown. */
export function formatOutcomeValue(value: OutcomeValue | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return formatNumber(value);
  return value;
}

/**
 * A call's answers with their questions, for reading (Call Details, the API): the assistant's
 * questions in order, then answers to questions since removed, by key. Empty without answers.
 */
export function outcomeAnswers(
  questions: readonly OutcomeQuestion[],
  outcomes: Outcomes | null | undefined,
): { key: string; label: string; type: OutcomeType | null; value: OutcomeValue }[] {
  if (!outcomes) return [];
  const known = new Set(questions.map((q) => q.key));
  return [
    ...questions.map((q) => ({
      key: q.key,
      label: q.label,
      type: q.type,
      value: outcomes[q.key] ?? null,
    })),
    ...Object.entries(outcomes)
      .filter(([key]) => !known.has(key))
      .map(([key, value]) => ({ key, label: key, type: null, value: value ?? null })),
  ];
}
