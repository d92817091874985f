import {
  callContextAnswers,
  DEFAULT_FIRST_SENTENCE,
  fillScript,
  optOutPageAddress,
  storedScriptQuestions,
} from "@ringback/contracts";
import type { PlaceCallInput } from "../../providers/voice/voice-provider.ts";

/**
 * What the voice provider is asked to say and know for one submission: the assistant's first
 * sentence (the disclosure: who is calling, that it is an AI assistant) and script with their
 * variables filled in (`{name}`, `{answers}`, `{company}`, `{assistant}`, `{form}`,
 * `{opt_out_url}`, `{<ref>}`: script-variables in the contracts, which the wizard's preview
 * shares), and the lead's answers as the call's context. `{opt_out_url}` is the installation's
 * opt-out page (PUBLIC_URL + /opt-out, said without https://); empty when no public URL is given.
 */
export function callBrief(
  assistant: CallBriefAssistant,
  submission: { respondentName: string | null; answers: unknown },
  /** Where this Ringback is (the {opt_out_url} variable); required, so no caller forgets it. */
  installation: { publicUrl: string | null },
): Pick<PlaceCallInput, "task" | "context" | "firstSentence"> {
  const questions = storedScriptQuestions(submission.answers);
  const respondentName = submission.respondentName?.trim() || null;
  const respondent = { name: respondentName, questions };
  const caller = {
    company: assistant.companyName,
    assistant: assistant.name,
    form: assistant.formTitle,
    opt_out_url: installation.publicUrl?.trim() ? optOutPageAddress(installation.publicUrl) : null,
  };
  // The disclosure is spoken first, on every call (an empty one: the default).
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
