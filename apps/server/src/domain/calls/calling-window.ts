import { parsePhoneNumberFromString } from "libphonenumber-js";

/**
 * Countries with a single time zone: a number's country is enough to know the respondent's
 * local time. Countries spanning several zones (US, CA, MX, BR, AU, RU, …) fall back to the
 * assistant's default time zone — deriving North American zones from area codes is left to a
 * later change.
 */
const SINGLE_ZONE_COUNTRIES: Record<string, string> = {
  GB: "Europe/London",
  IE: "Europe/Dublin",
  FR: "Europe/Paris",
  DE: "Europe/Berlin",
  IT: "Europe/Rome",
  NL: "Europe/Amsterdam",
  BE: "Europe/Brussels",
  CH: "Europe/Zurich",
  AT: "Europe/Vienna",
  SE: "Europe/Stockholm",
  NO: "Europe/Oslo",
  DK: "Europe/Copenhagen",
  FI: "Europe/Helsinki",
  PL: "Europe/Warsaw",
  CZ: "Europe/Prague",
  GR: "Europe/Athens",
  RO: "Europe/Bucharest",
  HU: "Europe/Budapest",
  IL: "Asia/Jerusalem",
  AE: "Asia/Dubai",
  IN: "Asia/Kolkata",
  SG: "Asia/Singapore",
  HK: "Asia/Hong_Kong",
  JP: "Asia/Tokyo",
  KR: "Asia/Seoul",
  PH: "Asia/Manila",
  ZA: "Africa/Johannesburg",
  NG: "Africa/Lagos",
  KE: "Africa/Nairobi",
};

/** The respondent's time zone from their number where it is certain, else the fallback. */
export function timeZoneForNumber(e164: string, fallback: string): string {
  const country = parsePhoneNumberFromString(e164)?.country;
  return (country && SINGLE_ZONE_COUNTRIES[country]) || fallback;
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

// Building an Intl.DateTimeFormat is costly (it is on every delivery's path): one per zone.
const formats = new Map<string, Intl.DateTimeFormat>();
function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    formats.set(timeZone, format);
  }
  return format;
}

function wallTime(at: Date, timeZone: string): WallTime {
  const parts = formatFor(timeZone).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
  };
}

/** The instant at which the wall clock in `timeZone` shows the given time (DST-aware). */
function instantOf(wall: WallTime, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  let guess = asUtc;
  // Two passes settle the offset, including across a DST change.
  for (let i = 0; i < 2; i++) {
    const seen = wallTime(new Date(guess), timeZone);
    const seenUtc = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute);
    guess += asUtc - seenUtc;
  }
  return new Date(guess);
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * The earliest moment at or after `now` inside the daily calling window [start, end) of the
 * respondent's local time: `now` itself when the window is open, else the next opening.
 */
export function nextCallTime(
  now: Date,
  window: { start: string; end: string },
  timeZone: string,
): Date {
  const local = wallTime(now, timeZone);
  const current = local.hour * 60 + local.minute;
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  if (current >= start && current < end) return now;
  const opening: WallTime = {
    ...local,
    hour: Math.floor(start / 60),
    minute: start % 60,
  };
  if (current >= end) {
    // Tomorrow's opening: step the calendar date in UTC terms, then read it back.
    const tomorrow = new Date(Date.UTC(local.year, local.month - 1, local.day + 1));
    opening.year = tomorrow.getUTCFullYear();
    opening.month = tomorrow.getUTCMonth() + 1;
    opening.day = tomorrow.getUTCDate();
  }
  return instantOf(opening, timeZone);
}
