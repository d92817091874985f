import {
  callContextAnswers,
  DEFAULT_FIRST_SENTENCE,
  fillScript,
  storedScriptQuestions,
} from "@ringback/contracts";
import type { PlaceCallInput } from "../../providers/voice/voice-provider.ts";

/**
 * What the voice provider is asked to say and know for one submission: the assistant's first
 * sentence (the disclosure: who is calling, that it is an AI assistant) and script with their
 * variables filled in (`{name}`, `{answers}`, `{company}`, `{assistant}`, `{form}`, `{<ref>}`:
 * script-variables in the contracts, which the wizard's preview shares), and the lead's answers
 * as the call's context.
 */
export function callBrief(
  assistant: CallBriefAssistant,
  submission: { respondentName: string | null; answers: unknown },
): Pick<PlaceCallInput, "task" | "context" | "firstSentence"> {
  const questions = storedScriptQuestions(submission.answers);
  const respondentName = submission.respondentName?.trim() || null;
  const respondent = { name: respondentName, questions };
  const caller = {
    company: assistant.companyName,
    assistant: assistant.name,
    form: assistant.formTitle,
  };
  // Issue 13 §7: the disclosure is spoken first, on every call (an empty one: the default).
  const firstSentence = assistant.firstSentence?.trim() || DEFAULT_FIRST_SENTENCE;
  return {
    task: fillScript(assistant.assistantScript ?? "", respondent, caller),
    firstSentence: fillScript(firstSentence, respondent, caller),
    context: { respondentName, answers: callContextAnswers(questions) },
  };
}

/** What of the assistant (and its organization) a call's words are made from. */
export interface CallBriefAssistant {
  assistantScript: string | null;
  firstSentence: string | null;
  /** The assistant's name ({assistant}). */
  name: string | null;
  /** The form's title ({form}). */
  formTitle: string | null;
  /** The organization's name ({company}). */
  companyName: string;
}
