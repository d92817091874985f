import { callContextAnswers, fillScript, storedScriptQuestions } from "@ringback/contracts";
import type { PlaceCallInput } from "../../providers/voice/voice-provider.ts";

/**
 * What the voice provider is asked to say and know for one submission: the assistant's script
 * with its variables filled in (`{name}`, `{answers}`, `{<ref>}`: script-variables in the
 * contracts, which the wizard's preview shares), and the lead's answers as the call's context.
 */
export function callBrief(
  assistant: CallBriefAssistant,
  submission: { respondentName: string | null; answers: unknown },
): Pick<PlaceCallInput, "task" | "context" | "firstSentence"> {
  const questions = storedScriptQuestions(submission.answers);
  const respondentName = submission.respondentName?.trim() || null;
  return {
    task: fillScript(assistant.assistantScript ?? "", { name: respondentName, questions }),
    // Issue 13 §7 fills in the disclosure's {name}, {company}, {assistant} and {form}.
    firstSentence: null,
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
