/**
 * Calling hours that follow the law (ADR 0014). Not legal advice: a table of the rules
 * Ringback applies, with their sources, so that they can be checked and extended. One table for
 * the call engine (which never dials outside it) and the wizard (which names the states an
 * assistant's window leaves without a lawful hour).
 */

/** 47 CFR § 64.1200(c)(1): no telephone solicitation before 8 a.m. or after 9 p.m. local time. */
export const FEDERAL_CALLING_HOURS = { start: "08:00", end: "21:00" } as const;

export interface StateCallingRule {
  state: string;
  /** The hours allowed, local time at the called party. */
  start: string;
  end: string;
  /** The state's area codes (NANPA's assignments). */
  areaCodes: readonly string[];
  source: string;
}

/**
 * US states whose hours are stricter than the federal rule, recognised by the number's area
 * code (a number keeps its area code when its owner moves, so this is the best a number says).
 */
export const STATE_CALLING_RULES: readonly StateCallingRule[] = [
  {
    state: "Florida",
    start: "08:00",
    end: "20:00",
    // 239 305 321 324 352 386 407 448 561 645 656 689 727 728 754 772 786 813 850 863 904 941 954
    areaCodes: [
      "239",
      "305",
      "321",
      "324",
      "352",
      "386",
      "407",
      "448",
      "561",
      "645",
      "656",
      "689",
      "727",
      "728",
      "754",
      "772",
      "786",
      "813",
      "850",
      "863",
      "904",
      "941",
      "954",
    ],
    source: "Fla. Stat. § 501.616(6)(a) (Florida Telephone Solicitation Act, as amended 2021)",
  },
  {
    state: "Oklahoma",
    start: "08:00",
    end: "20:00",
    areaCodes: ["405", "539", "572", "580", "918"],
    source: "Okla. Stat. tit. 15 § 775C.4 (Oklahoma Telephone Solicitation Act of 2022)",
  },
  {
    state: "Maryland",
    start: "08:00",
    end: "20:00",
    areaCodes: ["227", "240", "301", "410", "443", "667"],
    source: "Md. Code, Com. Law § 14-4503 (Stop the Spam Calls Act of 2023)",
  },
  {
    state: "Washington",
    start: "08:00",
    end: "20:00",
    areaCodes: ["206", "253", "360", "425", "509", "564"],
    source: "Wash. Rev. Code § 80.36.390(2)",
  },
];

const RULE_BY_AREA_CODE = new Map(
  STATE_CALLING_RULES.flatMap((rule) => rule.areaCodes.map((code) => [code, rule] as const)),
);

/** The stricter state rule for a US/NANP number's area code, or null. */
export function stateRuleFor(e164: string): StateCallingRule | null {
  const match = /^\+1(\d{3})\d{7}$/.exec(e164);
  return match ? (RULE_BY_AREA_CODE.get(match[1]!) ?? null) : null;
}

export interface CallingWindow {
  start: string;
  end: string;
}

/**
 * The hours an attempt to this number may be dialled in, local time at the number: the
 * assistant's window inside the law's (08:00–21:00, or the number's state's stricter hours).
 * Null when nothing is left (a 20:00–21:00 window and a Florida number): the business chose
 * hours the law does not allow for this number, so it is not called at all rather than at
 * hours the business never chose.
 */
export function lawfulCallingWindow(window: CallingWindow, e164: string): CallingWindow | null {
  return overlap(window, stateRuleFor(e164) ?? FEDERAL_CALLING_HOURS);
}

function overlap(window: CallingWindow, law: CallingWindow): CallingWindow | null {
  const start = window.start > law.start ? window.start : law.start;
  const end = window.end < law.end ? window.end : law.end;
  return start < end ? { start, end } : null;
}

/**
 * The states of the table whose hours leave no time in the window (HH:MM, local time): their
 * numbers are never called by an assistant with this window. For the wizard's warning.
 */
export function statesWithoutLawfulTime(window: CallingWindow): string[] {
  return STATE_CALLING_RULES.filter((rule) => overlap(window, rule) === null)
    .map((rule) => rule.state)
    .sort((a, b) => a.localeCompare(b));
}

/** Why an attempt was not placed when its assistant's window has no lawful time for the number. */
export const NO_LAWFUL_TIME_MESSAGE =
  "Not called: no lawful time in this assistant's calling window";
