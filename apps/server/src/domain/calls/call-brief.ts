import { callContextAnswers, fillScript, storedScriptQuestions } from "@ringback/contracts";
import type { PlaceCallInput } from "../../providers/voice/voice-provider.ts";

/**
 * What the voice provider is asked to say and know for one submission: the assistant's script
 * with its variables filled in (`{name}`, `{answers}`, `{<ref>}`: script-variables in the
 * contracts, which the wizard's preview shares), and the lead's answers as the call's context.
 */
export function callBrief(
  script: string | null,
  submission: { respondentName: string | null; answers: unknown },
): Pick<PlaceCallInput, "task" | "context"> {
  const questions = storedScriptQuestions(submission.answers);
  const respondentName = submission.respondentName?.trim() || null;
  return {
    task: fillScript(script ?? "", { name: respondentName, questions }),
    context: { respondentName, answers: callContextAnswers(questions) },
  };
}
