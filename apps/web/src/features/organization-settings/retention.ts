import type { DataRetention } from "@ringback/contracts";

/** A retention period on screen: "90 days", "1 year", "2 years", "Forever". */
export function retentionLabel(days: number | null): string {
  if (days === null) return "Forever";
  if (days % 365 === 0) return days === 365 ? "1 year" : `${days / 365} years`;
  return days === 1 ? "1 day" : `${days} days`;
}

/** What is kept and for how long, in a sentence. */
export function retentionSummary(retention: DataRetention): string {
  const part = (what: string, days: number | null) =>
    days === null
      ? `${what} are kept forever.`
      : `${what} are deleted ${retentionLabel(days)} after the call.`;
  return `${part("Recordings", retention.recordingDays)} ${part("Transcripts", retention.transcriptDays)}`;
}
