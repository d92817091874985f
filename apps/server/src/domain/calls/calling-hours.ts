import Holidays from "date-holidays";

// The law's hours (the table, lawfulCallingWindow) are the contracts', shared with the wizard.
export {
  type CallingWindow,
  FEDERAL_CALLING_HOURS,
  lawfulCallingWindow,
  NO_LAWFUL_TIME_MESSAGE,
  STATE_CALLING_RULES,
  type StateCallingRule,
  stateRuleFor,
} from "@ringback/contracts";

/** The number's country (ISO 3166-1 alpha-2), or null: the one phone reader's. */
export { countryOfNumber } from "../../lib/phone-number.ts";

// date-holidays builds each country's calendar on demand; the public holidays of a country and
// year are read once per process.
const holidayCache = new Map<string, Set<string> | null>();

/** Whether `day` (yyyy-mm-dd) is a public holiday in `country` (date-holidays' "public" type). */
export function isPublicHoliday(country: string | null, day: string): boolean {
  if (!country) return false;
  const year = Number(day.slice(0, 4));
  const key = `${country}:${year}`;
  let days = holidayCache.get(key);
  if (days === undefined) {
    try {
      const calendar = new Holidays(country);
      const list = calendar.getHolidays(year) || [];
      days = new Set(list.filter((h) => h.type === "public").map((h) => h.date.slice(0, 10)));
    } catch {
      days = null;
    }
    holidayCache.set(key, days);
  }
  return days?.has(day) ?? false;
}
