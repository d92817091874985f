import type { SimulatorTranscriptEntry } from "../../../db/schema/call-simulator.ts";
import { type FormAnswer, formAnswers } from "./conversation.ts";
import {
  ASKS_FOR_PERSON_REPLY,
  ASKS_FOR_PERSON_STATES,
  DEFAULT_REPLY,
  isYesNoQuestion,
  kindOf,
  OPT_OUT_REPLY,
  OPT_OUT_STATES,
  REPLY_KINDS,
  type Statement,
} from "./replies.ts";

/**
 * The simulator's `analysis`: Bland answers a call's `analysis_schema` after it ends, and so does
 * the simulator — from the evidence only, as a careful model would:
 *
 * 1. what the lead wrote in the form (request_data), under a question that means the same as the
 *    outcome question (they share a meaningful word: `roof_type` ↔ "What type of roof do you
 *    have?", `monthly_budget` ↔ "What's your monthly budget?"): a number read from the answer
 *    ("$240/month" → 240), an option of a one-of list named in it ("Tile roof" → Tile), a yes or
 *    no, a date; or named beside the question's word in any answer ("… tile roof" → Tile);
 * 2. what the respondent said on the call, read from the same table the conversation's replies
 *    come from (replies.ts): the budget they named, their team's size, their timeline;
 * 3. a "qualified"-style yes/no: yes when a need, a budget and a timeline were all stated.
 *
 * Anything else is null ("Unknown"), never made up. Someone who asked not to be called again
 * answers "do not call" yes and "interested" no; a call without a conversation (voicemail, no
 * answer) answers nothing. The same call always answers the same.
 */
export function simulatedAnalysis(
  schema: Record<string, unknown> | null,
  call: {
    answeredBy: string | null;
    transcripts: SimulatorTranscriptEntry[];
    requestData: Record<string, unknown> | null;
    /** The request the call was placed with: where the questions' labels are (Bland, Vapi). */
    request?: Record<string, unknown> | null;
  },
): Record<string, unknown> | null {
  if (!schema || Object.keys(schema).length === 0) return null;
  const said = call.transcripts.filter((t) => t.user === "user");
  // Nobody to ask: voicemail or no conversation. Bland answers what it cannot tell with null.
  const talked = call.answeredBy === "human" && said.length > 0;
  const answers: Record<string, unknown> = {};
  if (!talked) {
    for (const key of Object.keys(schema)) answers[key] = null;
    return answers;
  }
  const evidence = evidenceOf(call);
  const labels = outcomeLabels(call.request);
  for (const [key, hint] of Object.entries(schema)) {
    answers[key] = answer(questionOf(key, hint, labels[key] ?? null), evidence);
  }
  return answers;
}

type ValueType = "boolean" | "number" | "date" | "choice" | "text";

interface Question {
  type: ValueType;
  options: string[];
  /** The key as words, with the label: what a statement's `about` is tested on. */
  text: string;
  words: Words;
}

interface Evidence {
  form: FormAnswer[];
  /** What the respondent said that overrides the form (asking not to be called, for a person). */
  overrides: Statement[];
  /** What their replies stated, in the order said. */
  statements: Statement[];
  /** The kinds of reply they gave (budget, timeline, need …). */
  kinds: Set<string>;
  /** The assistant's yes/no questions the respondent answered yes. */
  yeses: string[];
  optedOut: boolean;
}

function evidenceOf(call: {
  transcripts: SimulatorTranscriptEntry[];
  requestData: Record<string, unknown> | null;
}): Evidence {
  const evidence: Evidence = {
    form: formAnswers(call.requestData),
    overrides: [],
    statements: [],
    kinds: new Set(),
    yeses: [],
    optedOut: false,
  };
  let asked: string | null = null;
  for (const entry of call.transcripts) {
    if (entry.user === "assistant") asked = entry.text;
    if (entry.user !== "user") continue;
    const text = entry.text;
    if (text.includes(OPT_OUT_REPLY)) {
      evidence.optedOut = true;
      evidence.overrides.push(...OPT_OUT_STATES);
    }
    if (text.includes(ASKS_FOR_PERSON_REPLY)) evidence.overrides.push(...ASKS_FOR_PERSON_STATES);
    for (const kind of REPLY_KINDS) {
      if (!text.includes(kind.reply) || evidence.kinds.has(kind.key)) continue;
      evidence.kinds.add(kind.key);
      evidence.statements.push(...kind.states);
    }
    const question = asked?.split(/(?<=[.?!])\s+/).at(-1);
    if (text === DEFAULT_REPLY.reply && question && isYesNoQuestion(question)) {
      evidence.yeses.push(question);
    }
  }
  return evidence;
}

function questionOf(key: string, hint: unknown, label: string | null): Question {
  const type = String(hint ?? "string").trim();
  const text = `${key.replace(/[_-]+/g, " ")} ${label ?? ""}`.trim();
  const question: Question = { type: "text", options: [], text, words: wordsOf(text) };
  if (/^bool/i.test(type)) question.type = "boolean";
  else if (/^(number|int|float|integer|decimal)/i.test(type)) question.type = "number";
  else if (/YYYY-MM-DD/i.test(type) || /^date/i.test(type)) question.type = "date";
  else if (/^one of:/i.test(type)) {
    question.type = "choice";
    question.options = type
      .replace(/^one of:/i, "")
      .split("|")
      .map((o) => o.trim())
      .filter(Boolean);
  }
  return question;
}

function answer(question: Question, evidence: Evidence): unknown {
  return (
    fromStatements(question, evidence.overrides) ??
    fromForm(question, evidence.form) ??
    fromStatements(question, evidence.statements) ??
    fromYeses(question, evidence.yeses) ??
    qualified(question, evidence) ??
    null
  );
}

// --- Words -------------------------------------------------------------------------------------

interface Words {
  /** Words that carry the meaning: "roof", "budget", "demo". */
  strong: Set<string>;
  /** Words too common to match on their own: "type", "date", "number". */
  weak: Set<string>;
}

const STOP_WORDS = new Set(
  (
    "what which who whom whose when where why how the and for are was were have has had does did " +
    "with this that these those there their them they from into about any some would could " +
    "should will can may might like please tell let know you your yours our ours its it's not " +
    "but all also just than then very much many more most per via out get got give want wants " +
    "one ever yet still here too able"
  ).split(" "),
);
const WEAK_WORDS = new Set(
  (
    "type kind number date time name best preferred current main total level size amount " +
    "approximate approximately estimated rough roughly long often new next question answer"
  ).split(" "),
);

/** A word without its plural ending: "roofs" → "roof", "companies" → "company". */
function stem(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith("s") && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

function wordsOf(text: string): Words {
  const words: Words = { strong: new Set(), weak: new Set() };
  for (const raw of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (raw.length < 3 || STOP_WORDS.has(raw) || /^\d+$/.test(raw)) continue;
    const word = stem(raw);
    (WEAK_WORDS.has(raw) || WEAK_WORDS.has(word) ? words.weak : words.strong).add(word);
  }
  return words;
}

/** How well a form question means the outcome question: 0 when it does not. */
function likeness(question: Question, formQuestion: string): number {
  const words = wordsOf(formQuestion);
  let strong = 0;
  let weak = 0;
  for (const word of question.words.strong) if (words.strong.has(word)) strong += 1;
  for (const word of question.words.weak) if (words.weak.has(word)) weak += 1;
  if (strong > 0) return 2 * strong + weak;
  // A key of common words only ("name", "best_time") matches a question with all of them.
  if (question.words.strong.size === 0 && weak > 0 && weak === question.words.weak.size) {
    return weak;
  }
  // The same topic in other words: "budget" ↔ "How much are you looking to spend?".
  const topic = kindOf(question.text);
  return topic && topic.key !== "wrap-up" && kindOf(formQuestion)?.key === topic.key ? 1 : 0;
}

/** Does the text name one of the question's meaningful words ("… tile roof" for roof_type)? */
function mentions(question: Question, text: string): RegExpExecArray | null {
  for (const word of question.words.strong) {
    const found = new RegExp(String.raw`\b${escapeRegExp(word)}(?:e?s)?\b`, "i").exec(text);
    if (found) return found;
  }
  return null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// --- From the form ------------------------------------------------------------------------------

const BUDGET_TOPIC = REPLY_KINDS.find((kind) => kind.key === "budget")!.states[0]!.about;
const CURRENCY_AMOUNT = /[$€£]\s?\d|\d\s?(?:dollars|usd|eur|euros?|pounds|gbp)\b/i;

/** An amount of money written in the text: "$240/month" → 240, "5,000 dollars" → 5000. */
function moneyIn(text: string): number | null {
  const money = new RegExp(
    String.raw`[$€£]\s?(${NUMBER.source})|(${NUMBER.source})\s?(?:dollars|usd|eur|euros?|pounds|gbp)\b`,
    "i",
  ).exec(text);
  return money ? numberIn(money[0].replace(/^[$€£]\s?/, "")) : null;
}

function fromForm(question: Question, form: FormAnswer[]): unknown {
  // The answers to questions that mean the same, the closest first.
  const scored = form
    .map((entry, index) => ({ entry, index, score: likeness(question, entry.question) }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index);
  for (const { entry } of scored) {
    const value = valueIn(question, entry.answer);
    if (value !== null) return value;
  }
  // Named in passing in another answer: "$240 a month, tile roof" under "Your project".
  if (question.type === "number" || question.type === "choice") {
    for (const entry of form) {
      const found = mentions(question, entry.answer);
      if (!found) continue;
      const value =
        question.type === "number"
          ? (numberIn(entry.answer.slice(found.index)) ?? numberIn(entry.answer))
          : optionIn(question.options, entry.answer);
      if (value !== null) return value;
    }
  }
  // An amount of money somewhere in the form, for a budget.
  if (question.type === "number" && BUDGET_TOPIC.test(question.text)) {
    for (const entry of form) {
      const amount = moneyIn(entry.answer);
      if (amount !== null) return amount;
    }
  }
  return null;
}

/** An answer read as the question's type; null when it does not say. */
function valueIn(question: Question, text: string): unknown {
  switch (question.type) {
    case "number":
      return numberIn(text);
    case "choice":
      return optionIn(question.options, text);
    case "boolean":
      return yesOrNo(text);
    case "date":
      return dateIn(text);
    default:
      return text.length > 0 ? text.slice(0, 200) : null;
  }
}

const NUMBER = /(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?:\s*(k|m|thousand|million)\b)?/i;

/** The first number written: "$240/month" → 240, "1,200" → 1200, "$10k–$20k" → 10000. */
function numberIn(text: string): number | null {
  const match = NUMBER.exec(text);
  if (!match) return null;
  const scale = { k: 1e3, thousand: 1e3, m: 1e6, million: 1e6 }[
    (match[3] ?? "").toLowerCase() as "k"
  ];
  const value = Number(`${match[1]!.replaceAll(",", "")}${match[2] ?? ""}`) * (scale ?? 1);
  return Number.isFinite(value) ? value : null;
}

/** The bounds an option states: "11–50", "50+", "Under $500"; null when it states none. */
function rangeOf(option: string): [number, number] | null {
  const numbers = [...option.matchAll(new RegExp(NUMBER.source, "gi"))].map((m) => numberIn(m[0]));
  const [first, second] = numbers;
  if (first === null || first === undefined) return null;
  if (second !== null && second !== undefined && /[-–—]|\bto\b/.test(option)) {
    return [first, second];
  }
  if (numbers.length !== 1) return null;
  if (
    /\+|\bor more\b|\band (?:up|above|over)\b|\bover\b|\bmore than\b|\babove\b|\bat least\b/i.test(
      option,
    )
  ) {
    return [first, Number.POSITIVE_INFINITY];
  }
  if (/\bunder\b|\bless than\b|\bbelow\b|\bup to\b|\bfewer than\b|</i.test(option)) {
    return [Number.NEGATIVE_INFINITY, first];
  }
  return [first, first];
}

/** The option an answer names ("Tile roof" → Tile), or the range its number falls in. */
function optionIn(options: string[], text: string): string | null {
  const exact = options.find((o) => o.toLowerCase() === text.trim().toLowerCase());
  if (exact) return exact;
  const named = options
    .filter((o) => new RegExp(String.raw`(?<![\w])${escapeRegExp(o)}(?![\w])`, "i").test(text))
    .sort((a, b) => b.length - a.length);
  if (named[0]) return named[0];
  const value = numberIn(text);
  return value === null ? null : optionFor(options, value);
}

function optionFor(options: string[], value: number): string | null {
  return (
    options.find((o) => {
      const range = rangeOf(o);
      return range !== null && value >= range[0] && value <= range[1];
    }) ?? null
  );
}

const YES =
  /^(?:yes|y|yeah|yep|yup|sure|true|absolutely|definitely|of course|correct|i do|we do|i am|we are)\b/i;
const NO = /^(?:no|n|nope|nah|false|not|never|i don'?t|we don'?t|i'm not|we're not)\b/i;

function yesOrNo(text: string): boolean | null {
  const answer = text.trim();
  if (YES.test(answer)) return true;
  if (NO.test(answer)) return false;
  return null;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** A date written in the answer (2026-12-01, 12/1/2026, December 1, 2026, 1 Dec 2026). */
function dateIn(text: string): string | null {
  const day = (year: number, month: number, date: number) => {
    const at = new Date(Date.UTC(year, month - 1, date));
    return at.getUTCMonth() === month - 1 && at.getUTCDate() === date
      ? at.toISOString().slice(0, 10)
      : null;
  };
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(text);
  if (iso) return day(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const us = /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/.exec(text);
  if (us) return day(Number(us[3]), Number(us[1]), Number(us[2]));
  const month = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
  const named = /\b([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/i.exec(text) ?? null;
  if (named && month(named[1]!) > 0)
    return day(Number(named[3]), month(named[1]!), Number(named[2]));
  const dayFirst = /\b(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]{3,9})\.?,?\s+(\d{4})\b/i.exec(text);
  if (dayFirst && month(dayFirst[2]!) > 0) {
    return day(Number(dayFirst[3]), month(dayFirst[2]!), Number(dayFirst[1]));
  }
  return null;
}

// --- From the call ------------------------------------------------------------------------------

function fromStatements(question: Question, statements: Statement[]): unknown {
  for (const statement of statements) {
    if (!statement.about.test(question.text)) continue;
    const value = statedValue(question, statement);
    if (value !== null && value !== undefined) return value;
  }
  return null;
}

function statedValue(question: Question, statement: Statement): unknown {
  switch (question.type) {
    case "boolean":
      return statement.yes ?? null;
    case "number":
      return statement.number ?? null;
    case "text":
      return statement.text ?? null;
    case "choice": {
      const { option, number } = statement;
      if (option) return question.options.find((o) => option.test(o)) ?? null;
      return number === undefined ? null : optionFor(question.options, number);
    }
    default:
      // No reply names a day.
      return null;
  }
}

/** A yes/no outcome the respondent answered yes to on the call, asked in the same words. */
function fromYeses(question: Question, yeses: string[]): true | null {
  if (question.type !== "boolean") return null;
  return yeses.some((asked) => {
    const words = wordsOf(asked).strong;
    return [...question.words.strong].some((w) => words.has(w));
  })
    ? true
    : null;
}

const QUALIFIED =
  /\b(qualified|qualifies|qualify|qualification|good fit|fit|sales ready|ready to buy|hot lead)\b/i;

/**
 * "Qualified?": yes when the lead stated a need, a budget and a timeline (on the call or in the
 * form), which is what a qualified lead is; otherwise unknown. Never a no: nobody said so.
 */
function qualified(question: Question, evidence: Evidence): true | null {
  if (question.type !== "boolean" || !QUALIFIED.test(question.text) || evidence.optedOut) {
    return null;
  }
  const wrote = (key: string, test: (answer: string) => boolean) =>
    evidence.form.some((a) => kindOf(a.question)?.key === key && test(a.answer));
  const substantive = (answer: string) =>
    answer.length >= 3 &&
    yesOrNo(answer) === null &&
    !/not sure|no idea|don'?t know|unsure|just (?:looking|browsing)|no rush/i.test(answer);
  const need = evidence.kinds.has("need") || wrote("need", substantive);
  const budget =
    evidence.kinds.has("budget") ||
    wrote("budget", (a) => numberIn(a) !== null) ||
    evidence.form.some(
      (a) =>
        (/\bbudget\b/i.test(a.answer) || CURRENCY_AMOUNT.test(a.answer)) &&
        numberIn(a.answer) !== null,
    );
  const timeline = evidence.kinds.has("timeline") || wrote("timeline", substantive);
  return need && budget && timeline ? true : null;
}

// --- Labels -------------------------------------------------------------------------------------

/**
 * The outcome questions' labels, as the call's request gave them to the platform: Bland's
 * analysis_prompt ("- monthly_budget: Monthly budget (…). Answer as number, …"), Vapi's
 * structuredDataPlan property descriptions ("Monthly budget (…). Leave it out …"). Retell's are
 * with its agent, not the call: there the key alone is read.
 */
export function outcomeLabels(
  request: Record<string, unknown> | null | undefined,
): Record<string, string> {
  const labels: Record<string, string> = {};
  const label = (text: string) => text.replace(/\s*\([^()]*\)\s*$/, "").trim();
  const prompt = request?.analysis_prompt;
  if (typeof prompt === "string") {
    for (const m of prompt.matchAll(/^-\s*([a-z][a-z0-9_]*):\s*(.+?)\.\s*Answer as\b/gm)) {
      labels[m[1]!] = label(m[2]!);
    }
  }
  const assistant = request?.assistant as
    | { analysisPlan?: { structuredDataPlan?: { schema?: { properties?: unknown } } } }
    | undefined;
  const properties = assistant?.analysisPlan?.structuredDataPlan?.schema?.properties;
  if (properties && typeof properties === "object") {
    for (const [key, value] of Object.entries(properties as Record<string, unknown>)) {
      const description = (value as { description?: unknown } | null)?.description;
      if (typeof description !== "string" || labels[key]) continue;
      labels[key] = label(description.replace(/\.\s*Leave it out\b[\s\S]*$/, ""));
    }
  }
  return labels;
}
