import { defaultCallSettings } from "@ringback/contracts";
import {
  type CountryCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from "libphonenumber-js";

/**
 * The one reader of typed phone numbers (ADR 0024): sign-in, leads, the Do Not Call list (added
 * by hand or imported) and the public opt-out page all read a number through it, so a number
 * Ringback would call reads the same wherever it is typed.
 *
 * Where a number typed without a country code is from is the caller's to say, most specific
 * first: a lead's form field's country, then its assistant's default country; Do Not Call, the
 * countries of its organization's assistants; sign-in, sign-up and the opt-out page, the country
 * the person chose on the page (readNumberInChosenCountry).
 */

/**
 * The country numbers without a country code are read in when nothing more specific is known:
 * the default of a new assistant's Default country, and of a page's country when none was sent.
 */
export const DEFAULT_PHONE_COUNTRY = defaultCallSettings.defaultCountry;

type Countries = readonly (string | null | undefined)[];

const valid = (value: string, country?: CountryCode) => {
  const parsed = parsePhoneNumberFromString(value, country);
  return parsed?.isValid() ? parsed.number : null;
};

/** The given countries libphonenumber knows, upper-cased, in order, once each. */
function knownCountries(countries: Countries): CountryCode[] {
  const known: CountryCode[] = [];
  for (const country of countries) {
    const code = country?.trim().toUpperCase();
    if (code && isSupportedCountry(code) && !known.includes(code)) known.push(code);
  }
  return known;
}

/**
 * A number as typed → its readings, E.164 and valid (libphonenumber), at most one per country.
 * With a + (or 00), the one international reading. Without, its reading in each of `countries`
 * that gives a valid number, in their order; when none does, the digits as an international
 * number without its + (447911123456 → +447911123456).
 */
export function phoneReadings(typed: unknown, countries: Countries): string[] {
  if (typeof typed !== "string" && typeof typed !== "number") return [];
  const raw = String(typed).trim();
  if (!raw) return [];
  const digits = raw.replace(/\D/g, "");
  if (!digits) return [];
  const international = (value: string) => {
    const number = valid(value);
    return number ? [number] : [];
  };
  if (raw.startsWith("+")) return international(`+${digits}`);
  if (digits.startsWith("00")) return international(`+${digits.slice(2)}`);
  const readings: string[] = [];
  for (const country of knownCountries(countries)) {
    const number = valid(raw, country);
    if (number && !readings.includes(number)) readings.push(number);
  }
  return readings.length > 0 ? readings : international(`+${digits}`);
}

/** A typed number → E.164, or null when it is not a valid number: the first of its readings. */
export function readPhoneNumber(typed: unknown, countries: Countries): string | null {
  return phoneReadings(typed, countries)[0] ?? null;
}

/**
 * What a person should hear when a number they typed on a page with a country choice reads as no
 * number (sign-up, the opt-out page).
 */
export const NOT_A_NUMBER_IN_COUNTRY =
  "That is not a phone number in the country chosen. Check the number, or choose its country.";

/**
 * A number a person typed on a page where they choose its country (sign-in, sign-up, the public
 * opt-out page): read in `country` (ISO 3166-1 alpha-2, as the page's country select sends it),
 * else in DEFAULT_PHONE_COUNTRY when the request names none. "07911 123456" in GB and
 * "+44 7911 123456" are both +447911123456. Null when it is not a valid number.
 */
export function readNumberInChosenCountry(typed: unknown, country: unknown): string | null {
  const chosen = typeof country === "string" && country.trim() ? country : DEFAULT_PHONE_COUNTRY;
  return readPhoneNumber(typed, [chosen]);
}

/**
 * The country of an E.164 number (ISO 3166-1 alpha-2): "+44 20 7946 0958" → GB; null when
 * libphonenumber cannot tell (not a number, or a non-geographic one such as +800).
 */
export function countryOfNumber(e164: string | null | undefined): string | null {
  return (e164 ? parsePhoneNumberFromString(e164)?.country : undefined) ?? null;
}
