/**
 * IANA time zones, as this runtime's Intl knows them. Every entry point that takes a zone (the
 * call-settings API, the wizard's select) accepts only these: a zone Intl cannot use would make
 * every later calling-window computation throw.
 */
let known: Set<string> | null = null;
function knownZones(): Set<string> {
  if (!known) {
    known = new Set(Intl.supportedValuesOf("timeZone"));
    // ICU lists canonical ids only; UTC is a zone every IANA database has.
    known.add("UTC");
  }
  return known;
}

const checked = new Map<string, boolean>();

/**
 * True for a name from the IANA time zone database that Intl can use: a listed zone, or an
 * alias Intl resolves to one (ICU lists "Asia/Calcutta" where IANA says "Asia/Kolkata"). Offsets
 * ("+05:00") and made-up names ("Mars/Olympus") are refused.
 */
export function isIanaTimeZone(zone: string): boolean {
  const cached = checked.get(zone);
  if (cached !== undefined) return cached;
  let valid = false;
  if (/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(zone) && zone.length <= 64) {
    if (knownZones().has(zone)) valid = true;
    else {
      try {
        const resolved = new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions()
          .timeZone;
        valid = knownZones().has(resolved) || resolved === "UTC" || resolved === "Etc/UTC";
      } catch {
        valid = false;
      }
    }
  }
  // Bounded: only names that passed the shape check are remembered.
  if (checked.size < 2000) checked.set(zone, valid);
  return valid;
}
