import { readableAnswer } from "@ringback/contracts";
import type { SubmittedAnswer } from "../form-source.ts";

/**
 * Typeform's recall placeholders: `{{field:<ref>}}` and `{{hidden:<name>}}` (a question's or a
 * hidden field's answer), `{{var:<name>}}` (a calculated variable), and, in older payloads,
 * `{{answer_<field id>}}`.
 */
const RECALL = /\{\{\s*(?:(field|hidden|var):([^}\s]+)|answer_([^}\s]+))\s*\}\}/g;

/**
 * A question's title as a person reads it: Typeform's recall placeholders filled from the lead's
 * answers (or dropped where there is none, and always for variables), its *bold* marks removed,
 * and no punctuation left dangling where a placeholder was ("Thanks, {{field:name}}!" with no
 * name reads "Thanks!"). Without answers (a form's fields read for the wizard) every placeholder
 * is dropped. The result is what Ringback stores and shows, and what the voice AI is told.
 */
export function typeformTitle(
  title: string,
  answers: readonly Pick<SubmittedAnswer, "id" | "ref" | "type" | "value">[] = [],
): string {
  const recalled = title.replace(RECALL, (_match, kind, ref, fieldId) => {
    if (kind === "var") return "";
    const candidates =
      kind === "hidden" ? answers.filter((item) => item.type === "hidden") : answers;
    const answer = fieldId
      ? candidates.find((item) => item.id === fieldId)
      : (candidates.find((item) => item.ref === ref) ??
        candidates.find((item) => item.ref?.toLowerCase() === ref.toLowerCase()));
    return answer ? (readableAnswer(answer.value, answer.type) ?? "") : "";
  });
  return recalled
    .replace(/\*([^*\n]+)\*/g, "$1")
    .replace(/[ \t]+([?.!,:;])/g, "$1")
    .replace(/,([?.!;:])/g, "$1")
    .replace(/[ \t]{2,}/g, " ")
    .trim();
}
