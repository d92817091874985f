import {
  type CallAttemptItem,
  type CallGroup,
  type CallStatus,
  type EndedReason,
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

/**
 * A group's latest status as its badge shows it: with the latest attempt's ended reason and due
 * time (none when the list's attempts do not include it, or it no longer has that status).
 */
export function latestStatusOf(
  group: Pick<CallGroup, "latestStatus" | "latestCallId" | "attempts">,
): {
  status: CallStatus;
  endedReason: EndedReason | null;
  scheduledFor: string | null;
} {
  const latest = group.attempts.find((a) => a.id === group.latestCallId);
  const same = latest?.status === group.latestStatus;
  return {
    status: group.latestStatus,
    endedReason: same ? latest.endedReason : null,
    scheduledFor: same ? latest.scheduledFor : null,
  };
}
