import type { CallStatus } from "@ringback/contracts";
import { format } from "date-fns";

/** SPEC.md §9: 'N/A' if 0 or missing, '< 1 min' under a minute, otherwise '{n} min' (rounded). */
export function formatDuration(seconds: number | null | undefined): string {
  if (!seconds || seconds <= 0 || !Number.isFinite(seconds)) return "N/A";
  if (seconds < 60) return "< 1 min";
  return `${Math.round(seconds / 60)} min`;
}

/** SPEC.md §2: an attempt's date, like 'Nov 3, 2026 4:05 PM', in the browser's time zone. */
export function formatCallDate(iso: string): string {
  return format(new Date(iso), "MMM d, yyyy h:mm a");
}

export const STATUS_LABELS: Record<CallStatus, string> = {
  answered: "Answered",
  completed: "Completed",
  "in-progress": "In Progress",
  failed: "Failed",
  busy: "Busy",
  "no-answer": "No Answer",
};

/** SPEC.md §2 status colours: answered and completed green, in progress blue, others grey. */
export function statusTone(status: CallStatus): "success" | "info" | "muted" {
  if (status === "answered" || status === "completed") return "success";
  if (status === "in-progress") return "info";
  return "muted";
}
