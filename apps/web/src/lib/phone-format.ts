import { parsePhoneNumberFromString } from "libphonenumber-js";

/**
 * A stored phone number as people read it (+1 415 555 0123); anything unparsable as stored.
 * For numbers the app has only as stored (the do-not-call list, the audit trail); Call Records
 * get theirs formatted by the server (respondent.phoneDisplay), without this library.
 */
export function formatPhone(phone: string | null | undefined): string | null {
  const value = phone?.trim();
  if (!value) return null;
  const parsed = parsePhoneNumberFromString(value);
  return parsed?.isValid() ? parsed.formatInternational() : value;
}
