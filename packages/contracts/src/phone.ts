/**
 * SPEC.md §5 phone normalization: a value starting with + is kept (spaces and punctuation
 * removed); otherwise only digits are kept and prefixed with +1 (the default country code).
 */
export function normalizePhone(input: string): string {
  const trimmed = input.trim();
  if (trimmed === "") return "";
  const digits = trimmed.replace(/\D/g, "");
  return trimmed.startsWith("+") ? `+${digits}` : `+1${digits}`;
}

/** SPEC.md §5: verification codes are 6 digits, numeric only. */
export const VERIFICATION_CODE_LENGTH = 6;

export function isCompleteCode(code: string): boolean {
  return new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`).test(code);
}
