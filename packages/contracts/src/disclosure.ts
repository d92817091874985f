import { z } from "zod";
import { usedScriptVariables } from "./script-variables.ts";

/**
 * Every call opens with the assistant's first sentence, and Finalize refuses an
 * assistant whose first sentence neither names the company calling nor says that the caller is
 * an AI assistant. One rule for the server (which refuses to activate) and the wizard (which
 * says why before anyone clicks Activate).
 */

/** At most this many characters: one sentence, said before the script. */
export const FIRST_SENTENCE_MAX = 500;

export const FIRST_SENTENCE_REQUIRED =
  "Write the first sentence the assistant says when the call is answered.";

export const DISCLOSURE_REQUIRED =
  "The first sentence must say which company is calling or that this is an AI assistant.";

export const firstSentenceSchema = z
  .string()
  .trim()
  .min(1, FIRST_SENTENCE_REQUIRED)
  .max(FIRST_SENTENCE_MAX, `Use at most ${FIRST_SENTENCE_MAX} characters`);

/** A pattern that matches as whole words only (letters of any script count as word letters). */
const words = (pattern: string, flags = "i") =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${pattern})(?![\\p{L}\\p{N}])`, `${flags}u`);

/**
 * Ways of saying "this is an AI" in the languages the opt-out phrases cover (English, Spanish,
 * French, German). The abbreviations are matched in capitals only ("AI", "IA", "KI"), so the
 * Portuguese or French word "ai" ("j'ai") does not count.
 */
const AI_DISCLOSURES: readonly RegExp[] = [
  // AI, A.I., IA (es/fr), KI (de), as a word.
  words("A\\.?I\\.?|I\\.?A\\.?|K\\.?I\\.?", ""),
  // "an ai assistant" typed in lower case.
  words("ai[\\s-]+(?:assistant|agent|voice|caller|system|bot|powered)"),
  words("artificial(?:ly)?[\\s-]+intelligen(?:t|ce)|artificial[\\s-]+voice"),
  words("virtual[\\s-]+(?:assistant|agent|receptionist|caller)|digital[\\s-]+assistant"),
  words("automated|computer[\\s-]+generated|robot|(?:chat|voice|ro)?bot"),
  // es
  words("inteligencia[\\s-]+artificial|asistente[\\s-]+virtual|automatizad[ao]s?"),
  // fr
  words("intelligence[\\s-]+artificielle|assistante?[\\s-]+virtuelle?|automatis[ée]e?s?"),
  // de
  words(
    "künstliche[rn]?[\\s-]+intelligenz|virtuelle[rn]?[\\s-]+assistent(?:in)?|automatisiert(?:e[rsnm]?)?",
  ),
];

/** True when the sentence says the caller is an AI (or automated) assistant. */
export function saysItIsAnAi(sentence: string): boolean {
  return AI_DISCLOSURES.some((pattern) => pattern.test(sentence));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * True when the sentence names the company calling: the `{company}` variable, or the
 * organization's name itself (case and spacing aside, as whole words).
 */
export function namesTheCompany(sentence: string, companyName: string | null | undefined) {
  if (usedScriptVariables(sentence).some((name) => name.toLowerCase() === "company")) return true;
  const name = companyName?.trim();
  if (!name) return false;
  const pattern = name.split(/\s+/).map(escapeRegExp).join("\\s+");
  return words(pattern).test(sentence);
}

/**
 * Why this first sentence may not open a call, or null when it may: it must not be empty, and
 * it must name the company calling or say that this is an AI assistant.
 */
export function disclosureProblem(
  firstSentence: string | null | undefined,
  companyName: string | null | undefined,
): string | null {
  const sentence = firstSentence?.trim() ?? "";
  if (!sentence) return FIRST_SENTENCE_REQUIRED;
  if (namesTheCompany(sentence, companyName) || saysItIsAnAi(sentence)) return null;
  return DISCLOSURE_REQUIRED;
}
