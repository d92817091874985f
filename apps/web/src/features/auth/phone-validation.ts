import { PHONE_FORMAT_MESSAGE, typedPhoneProblem } from "@ringback/contracts";

/**
 * A phone number as typed, checked as the contracts' typedPhoneSchema checks it, without zod, so
 * that the sign-in page does not load it (its bundle budget: ADR 0019). Which number it is, the server reads
 * (ADR 0024): here only whether there is one with as many digits as a number can have.
 */
export function phoneError(input: string): string | null {
  if (input.trim().length > 64) return PHONE_FORMAT_MESSAGE;
  return typedPhoneProblem(input);
}
