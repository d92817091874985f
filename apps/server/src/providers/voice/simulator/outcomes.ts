import type { SimulatorFinalStatus } from "../../../db/schema/call-simulator.ts";

export type AnsweredBy = "human" | "voicemail" | "unknown";

export interface Outcome {
  status: SimulatorFinalStatus;
  answeredBy: AnsweredBy | null;
  errorMessage: string | null;
  /** The person answers and asks not to be called again (0006). */
  optOut?: boolean;
  /**
   * The person answers and asks to speak to a person (0007): the call is transferred when it has
   * a transfer number, and the assistant says it cannot transfer otherwise.
   */
  asksForPerson?: boolean;
}

/**
 * Outcomes by the number's last four digits (shown on the simulator's page too). 0005 is not
 * answered on the first attempt (metadata.attempt 1 or absent) and answered on any later one.
 */
export const OUTCOME_TABLE: { digits: string; outcome: string }[] = [
  { digits: "0001", outcome: "Busy" },
  { digits: "0002", outcome: "No answer" },
  { digits: "0003", outcome: "Failed (the call could not be connected)" },
  { digits: "0008", outcome: "Invalid number (the platform says the number cannot be called)" },
  { digits: "0004", outcome: "Voicemail (the assistant leaves a short message)" },
  { digits: "0005", outcome: "No answer on the first attempt, answered on later ones" },
  { digits: "0006", outcome: "Answered, and the person asks not to be called again" },
  {
    digits: "0007",
    outcome:
      "Answered, and the person asks to speak to a person: the call is transferred to the call's transfer number (noted in the transcript), or the assistant explains it cannot transfer",
  },
  { digits: "any other", outcome: "Answered: a short conversation with a simulated respondent" },
];

/**
 * The error of a call to a number that cannot be called (0008). Each dialect says it its own
 * way: Bland's error_message, Vapi's misdialed ending, Retell's invalid_destination.
 */
export const INVALID_NUMBER_ERROR = "Invalid phone number: the number dialled does not exist.";

/** A simulated call that ended on an invalid number (0008). */
export const endedOnInvalidNumber = (call: { errorMessage: string | null }) =>
  call.errorMessage === INVALID_NUMBER_ERROR;

const ANSWERED: Outcome = { status: "completed", answeredBy: "human", errorMessage: null };
const NO_ANSWER: Outcome = { status: "no-answer", answeredBy: null, errorMessage: null };

export function outcomeFor(phoneNumber: string, attempt: number): Outcome {
  const lastFour = phoneNumber.replace(/\D/g, "").slice(-4);
  switch (lastFour) {
    case "0001":
      return { status: "busy", answeredBy: null, errorMessage: null };
    case "0002":
      return NO_ANSWER;
    case "0003":
      return {
        status: "failed",
        answeredBy: null,
        errorMessage: "The call could not be connected to the number.",
      };
    case "0008":
      return { status: "failed", answeredBy: null, errorMessage: INVALID_NUMBER_ERROR };
    case "0004":
      return { status: "completed", answeredBy: "voicemail", errorMessage: null };
    case "0005":
      return attempt <= 1 ? NO_ANSWER : ANSWERED;
    case "0006":
      return { ...ANSWERED, optOut: true };
    case "0007":
      return { ...ANSWERED, asksForPerson: true };
    default:
      return ANSWERED;
  }
}

/** metadata.attempt as a whole number (a number or a numeric string); 1 when absent or odd. */
export function attemptNumber(metadata: Record<string, unknown> | null | undefined): number {
  const raw = metadata?.attempt;
  const value = typeof raw === "string" ? Number(raw.trim()) : raw;
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : 1;
}
