import { parsePhoneNumberFromString } from "libphonenumber-js";

/**
 * A stored phone number as people read it (+1 415 555 0123, +44 20 7946 0958); anything that is
 * not a valid number as it is stored, and nothing as null. The API sends this beside the stored
 * number, so the web app's Call Records need not load libphonenumber's metadata.
 */
export function displayPhone(phone: string | null | undefined): string | null {
  const value = phone?.trim();
  if (!value) return null;
  const parsed = parsePhoneNumberFromString(value);
  return parsed?.isValid() ? parsed.formatInternational() : value;
}
