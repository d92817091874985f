/**
 * Dates and times in the app's English, from a Date's own local-time getters, without
 * `Intl` or `toLocaleString` (docs/decisions/0026-call-records-first-load-main-thread.md): the first use of
 * either in a page loads the browser's ICU data on the main thread, 45–150 ms here before a
 * phone's slowdown, inside the task that draws Call Records or the dashboard. The texts are the
 * ones `Intl.DateTimeFormat("en-US", …)` assembled from parts gave: "Nov 3", "4:05 PM",
 * "Nov 3, 2026 4:05 PM"; in the browser's time zone. Numbers: `formatNumber` in the contracts.
 */

const MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

const twoDigits = (n: number) => String(n).padStart(2, "0");

/** "Nov 3". */
export function monthDay(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${date.getDate()}`;
}

/** "Nov 3, 2026". */
export function monthDayYear(date: Date): string {
  return `${monthDay(date)}, ${date.getFullYear()}`;
}

/** "4:05 PM", "12:00 AM" at midnight; "4:05:09 PM" with seconds. */
export function clockTime(date: Date, { seconds = false }: { seconds?: boolean } = {}): string {
  const hours = date.getHours();
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  const secs = seconds ? `:${twoDigits(date.getSeconds())}` : "";
  return `${hour}:${twoDigits(date.getMinutes())}${secs} ${hours < 12 ? "AM" : "PM"}`;
}

/** "Nov 3, 2026 4:05 PM" ("Nov 3, 2026 4:05:09 PM" with seconds). */
export function dateAndTime(date: Date, options: { seconds?: boolean } = {}): string {
  return `${monthDayYear(date)} ${clockTime(date, options)}`;
}

/** Whether a Date holds a time (`new Date("nonsense")` does not). */
export function isValidDate(date: Date): boolean {
  return !Number.isNaN(date.getTime());
}
