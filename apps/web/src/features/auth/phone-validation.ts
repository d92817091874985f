import { E164_PATTERN, normalizePhone, PHONE_FORMAT_MESSAGE } from "@ringback/contracts";

/**
 * A phone number as typed, checked after SPEC.md §5's normalization: what the contracts'
 * phoneSchema accepts, without zod, so that the sign-in page does not load it (issue 16 §1).
 */
export function phoneError(input: string): string | null {
  if (!input.trim()) return "Enter your phone number";
  return E164_PATTERN.test(normalizePhone(input)) ? null : PHONE_FORMAT_MESSAGE;
}
