import {
  type CallStatus,
  callStatusLabels,
  type EndedReason,
  endedReasonLabels,
  isPendingStatus,
  type LeadOutcome,
  type SubmittedAnswerValue,
} from "@ringback/contracts";
import { clockTime, dateAndTime, isValidDate, monthDay } from "@/lib/english-format";

/**
 * A call's length to the second, as its player shows it: "0:42", "3:05", "1:02:05"; "N/A" when
 * it has none (never dialled, or no one connected). Rounded minutes ("< 1 min") hid the
 * difference between a hang-up after three seconds and a real conversation.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (!seconds || seconds <= 0 || !Number.isFinite(seconds)) return "N/A";
  return formatClock(Math.max(1, Math.round(seconds)));
}

/** An attempt's date, like 'Nov 3, 2026 4:05 PM', in the browser's time zone. */
export function formatCallDate(iso: string): string {
  return instantText(iso, false);
}

/** 'Nov 3, 2026 4:05:09 PM': a webhook delivery's instant, to the second. */
export function formatInstant(iso: string): string {
  return instantText(iso, true);
}

/** An ISO instant as `dateAndTime` writes it; text that is no instant stays as it is. */
function instantText(iso: string, seconds: boolean): string {
  const date = new Date(iso);
  return isValidDate(date) ? dateAndTime(date, { seconds }) : iso;
}

/** What each status reads as (one table with the server's, in the contracts). */
export const STATUS_LABELS: Record<CallStatus, string> = callStatusLabels;

/** A status badge's colour (a Badge variant). */
export type StatusTone = "success" | "info" | "warning" | "danger" | "muted";

/**
 * Answered green; voicemail amber (a machine, not a person: never the answered green); a call
 * not ended yet blue; failed red; the rest (no answer, busy, canceled, not called) grey.
 */
export function statusTone(status: CallStatus): StatusTone {
  if (status === "answered") return "success";
  if (status === "voicemail") return "warning";
  if (isPendingStatus(status)) return "info";
  if (status === "failed") return "danger";
  return "muted";
}

/**
 * When a scheduled attempt is due, in the browser's time zone: "2:05 PM" today, "Nov 3, 2:05 PM"
 * another day; null for a time that cannot be read.
 */
export function formatScheduledTime(iso: string, now: Date = new Date()): string | null {
  const due = new Date(iso);
  if (!isValidDate(due)) return null;
  const today =
    due.getFullYear() === now.getFullYear() &&
    due.getMonth() === now.getMonth() &&
    due.getDate() === now.getDate();
  return today ? clockTime(due) : `${monthDay(due)}, ${clockTime(due)}`;
}

/** A status badge's words: its label, or "Scheduled for 2:05 PM" when a scheduled time is known. */
export function statusLabel(
  status: CallStatus,
  scheduledFor: string | null = null,
  now: Date = new Date(),
): string {
  const due =
    status === "scheduled" && scheduledFor ? formatScheduledTime(scheduledFor, now) : null;
  return due ? `Scheduled for ${due}` : STATUS_LABELS[status];
}

/**
 * The ended reason shown beside a status ("Carrier error"): none while the attempt has not
 * ended, without a reason, or when the reason only repeats the status ("Busy · Line busy").
 */
export function endedReasonText(
  status: CallStatus,
  endedReason: EndedReason | null | undefined,
): string | null {
  if (!endedReason || isPendingStatus(status)) return null;
  if (status === "busy" && endedReason === "busy") return null;
  return (
    (status === "voicemail" ? BESIDE_VOICEMAIL[endedReason] : null) ??
    endedReasonLabels[endedReason]
  );
}

/** Reasons that say voicemail again, in the words they take beside a Voicemail badge. */
const BESIDE_VOICEMAIL: Partial<Record<EndedReason, string>> = {
  "voicemail-message-left": "Message left",
  "voicemail-no-message": "No message left",
};

/** An attempt's status in words, with its reason: "Failed · Carrier error". */
export function statusText(
  attempt: { status: CallStatus; endedReason?: EndedReason | null; scheduledFor?: string | null },
  now: Date = new Date(),
): string {
  const label = statusLabel(attempt.status, attempt.scheduledFor ?? null, now);
  const reason = endedReasonText(attempt.status, attempt.endedReason);
  return reason ? `${label} · ${reason}` : label;
}

/** A lead outcome badge's colour (a Badge variant). */
export type LeadOutcomeTone = "danger" | "default" | "success" | "outline";

/**
 * What a business acts on stands out: an opted-out lead (never call again) in red, a call
 * transferred to a person in the solid primary colour, a booked meeting in green; the other
 * outcomes are outlined, apart from the filled status badges beside them.
 */
export function leadOutcomeTone(outcome: LeadOutcome): LeadOutcomeTone {
  if (outcome === "opted-out") return "danger";
  if (outcome === "transferred") return "default";
  if (outcome === "meeting-booked") return "success";
  return "outline";
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
