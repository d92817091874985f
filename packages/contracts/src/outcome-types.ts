/** The kinds of answer an outcome question takes, and its limits (no zod: pages load this). */
export const outcomeTypes = ["boolean", "number", "text", "choice", "date"] as const;
export type OutcomeType = (typeof outcomeTypes)[number];

export const MAX_OUTCOME_QUESTIONS = 10;
export const OUTCOME_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
