/**
 * Tests only: a fixed-offset zone (Etc/GMT±N) where it is between 12:00 and 13:00 at `now`, so a
 * test run's calls fall inside the law's hours whenever it runs (RESPONDENT_TIME_ZONE_FOR_TESTS).
 */
export function middayTimeZone(now: Date): string {
  const offset = 12 - now.getUTCHours(); // −11 … +12
  if (offset === 0) return "Etc/GMT";
  // Etc/GMT's signs are POSIX's: Etc/GMT-3 is three hours ahead of UTC.
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}
