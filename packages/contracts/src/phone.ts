/**
 * Phone normalization: a value starting with + is kept (spaces and punctuation
 * removed); otherwise only digits are kept and prefixed with +1 (the default country code).
 */
export function normalizePhone(input: string): string {
  const trimmed = input.trim();
  if (trimmed === "") return "";
  const digits = trimmed.replace(/\D/g, "");
  return trimmed.startsWith("+") ? `+${digits}` : `+1${digits}`;
}

/**
 * The installation's default country (ISO 3166-1 alpha-2): where a number typed without a
 * country code is read when nothing more specific is known, and a new assistant's Default
 * country. Here, without zod, for the sign-in pages' country select.
 */
export const DEFAULT_COUNTRY = "US";

/** A phone number as stored: E.164, a + and 7 to 15 digits (accounts.ts phoneSchema). */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;
export const PHONE_FORMAT_MESSAGE =
  "Enter a phone number with its country code, e.g. +1 415 555 0123";

/**
 * What a page can say about a typed number before the server reads it (the server's one phone
 * reader decides): that there is one, and that it has as many digits as a number can have.
 */
export function typedPhoneProblem(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === "") return "Enter your phone number";
  const digits = trimmed.replace(/\D/g, "").replace(/^00/, "");
  return digits.length >= 7 && digits.length <= 17 ? null : PHONE_FORMAT_MESSAGE;
}

/** Verification codes are 6 digits, numeric only. */
export const VERIFICATION_CODE_LENGTH = 6;

export function isCompleteCode(code: string): boolean {
  return new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`).test(code);
}
