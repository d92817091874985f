import {
  type CallAttemptItem,
  type CallGroup,
  formatOutcomeValue,
  type OutcomeQuestion,
} from "@ringback/contracts";

/** A card's heading: the respondent's name, else their phone, else "Unknown respondent". */
export function cardTitle(respondent: CallGroup["respondent"]): string {
  return respondent.name?.trim() || respondent.phoneDisplay || "Unknown respondent";
}

/**
 * The attempt a card plays: the latest one with a recording, else the latest attempt (which then
 * says "No recording"); null for a group without attempts.
 */
export function featuredAttempt(attempts: readonly CallAttemptItem[]): CallAttemptItem | null {
  const latestFirst = [...attempts].sort((a, b) => b.callAttempt - a.callAttempt);
  return latestFirst.find((a) => a.hasRecording) ?? latestFirst[0] ?? null;
}

/** The outcome answers a card shows: the questions' order, only those answered. */
export function cardAnswers(
  outcomes: CallGroup["outcomes"],
  questions: readonly OutcomeQuestion[],
): { question: OutcomeQuestion; value: string }[] {
  return questions.flatMap((question) => {
    const value = formatOutcomeValue(outcomes?.[question.key]);
    return value ? [{ question, value }] : [];
  });
}
