import { type CallStatus, callStatusLabels, type SubmittedAnswerValue } from "@ringback/contracts";

/** SPEC.md §9: 'N/A' if 0 or missing, '< 1 min' under a minute, otherwise '{n} min' (rounded). */
export function formatDuration(seconds: number | null | undefined): string {
  if (!seconds || seconds <= 0 || !Number.isFinite(seconds)) return "N/A";
  if (seconds < 60) return "< 1 min";
  return `${Math.round(seconds / 60)} min`;
}

/** SPEC.md §2: an attempt's date, like 'Nov 3, 2026 4:05 PM', in the browser's time zone. */
export function formatCallDate(iso: string): string {
  return dateText(CALL_DATE, iso);
}

/** 'Nov 3, 2026 4:05:09 PM': a webhook delivery's instant, to the second. */
export function formatInstant(iso: string): string {
  return dateText(INSTANT, iso);
}

// The browser's own date formatting (no date library on the Call Records page: issue 16), in
// English as the rest of the app, in the browser's time zone; assembled from parts so that the
// text is the same in every engine ("Nov 3, 2026 4:05 PM", without the comma some put after
// the year).
const DATE_AND_TIME = {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
} as const;
const CALL_DATE = new Intl.DateTimeFormat("en-US", DATE_AND_TIME);
const INSTANT = new Intl.DateTimeFormat("en-US", { ...DATE_AND_TIME, second: "2-digit" });

function dateText(format: Intl.DateTimeFormat, iso: string): string {
  const parts = format.formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? "";
  const seconds = part("second") ? `:${part("second")}` : "";
  return `${part("month")} ${part("day")}, ${part("year")} ${part("hour")}:${part("minute")}${seconds} ${part("dayPeriod")}`;
}

/** What each status reads as (one table with the server's, in the contracts). */
export const STATUS_LABELS: Record<CallStatus, string> = callStatusLabels;

/** SPEC.md §2 status colours: answered and completed green, in progress blue, others grey. */
export function statusTone(status: CallStatus): "success" | "info" | "muted" {
  if (status === "answered" || status === "completed") return "success";
  if (status === "in-progress") return "info";
  return "muted";
}

/** An answer as text: a ticked box is Yes or No, choices are listed, nothing is 'No answer'. */
export function formatAnswer(value: SubmittedAnswerValue): string {
  if (value === true) return "Yes";
  if (value === false) return "No";
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.join(", ") || "No answer";
  return value?.trim() || "No answer";
}

/** Seconds as a clock (0:07, 12:30, 1:02:03); unknown (a stream still loading) as --:--. */
export function formatClock(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) {
    return "--:--";
  }
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** The same for screen readers: "1 minute 5 seconds". */
export function spokenDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) {
    return "unknown";
  }
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const part = (n: number, unit: string) => (n > 0 ? [`${n} ${unit}${n === 1 ? "" : "s"}`] : []);
  const parts = [...part(h, "hour"), ...part(m, "minute"), ...part(s, "second")];
  return parts.length > 0 ? parts.join(" ") : "0 seconds";
}
