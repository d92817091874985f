import { z } from "zod";

/**
 * A short-lived, signed same-origin link for what a browser fetches without a bearer token:
 * GET …/call-records/:id/recording-link (an <audio> element's src) and …/call-records/export-link
 * (a CSV download).
 */
export interface SignedLink {
  /** Same-origin path with its signature in the query. */
  url: string;
  /** ISO time; ask for a new link after it. */
  expiresAt: string;
}

/** SPEC.md §9: call records page size (groups per page). */
export const CALL_RECORDS_PAGE_SIZE = 10;

/** SPEC.md §4 call statuses. */
export const callStatuses = [
  "answered",
  "completed",
  "in-progress",
  "failed",
  "busy",
  "no-answer",
] as const;
export type CallStatus = (typeof callStatuses)[number];

/** SPEC.md §2's sort menu: Newest First, Oldest First, Duration (longest total first). */
export const callRecordSorts = ["newest", "oldest", "duration"] as const;
export type CallRecordSort = (typeof callRecordSorts)[number];

/**
 * GET …/call-records query: everything the page keeps in its URL. Lenient on purpose (a shared
 * or hand-edited URL never breaks the page): an unknown status means All, an unknown sort
 * Newest First, a page below 1 the first page.
 */
export const callRecordsQuerySchema = z.object({
  /** Substring of the respondent's name or email, or the form title (case-insensitive). */
  search: z.string().trim().max(200, "The search is too long (at most 200 characters).").optional(),
  /** The latest attempt's status; absent for All. */
  status: z.enum(callStatuses).optional().catch(undefined),
  sort: z.enum(callRecordSorts).optional().catch(undefined),
  /** 1-based. */
  page: z.coerce.number().int().min(1).max(1_000_000).optional().catch(undefined),
});
export type CallRecordsQuery = z.infer<typeof callRecordsQuerySchema>;

/** One attempt as the list shows it (details come from GET …/call-records/:id). */
export interface CallAttemptItem {
  id: string;
  callAttempt: number;
  status: CallStatus;
  /** Seconds; null when unknown. */
  duration: number | null;
  createdAt: string;
  /** A recording is stored and can be played (ask for a SignedLink). */
  hasRecording: boolean;
}

/** A submission's attempts (or a call record without a submission, alone). */
export interface CallGroup {
  id: string;
  submissionId: string | null;
  formTitle: string | null;
  assistantName: string | null;
  respondent: { name: string | null; email: string | null; phone: string | null };
  latestStatus: CallStatus;
  latestCallId: string;
  latestCallAt: string;
  /** Seconds over all attempts. */
  totalDuration: number;
  /** Sorted by callAttempt. */
  attempts: CallAttemptItem[];
}

export interface CallGroupPage {
  groups: CallGroup[];
  /** Groups matching the search and filter, over all pages. */
  total: number;
  page: number;
  pageSize: number;
}

/** GET …/call-records/:id — one attempt with its summary and transcript (the side panel). */
export interface CallRecordDetails extends CallAttemptItem {
  groupId: string;
  summary: string | null;
  /** As stored: any of the shapes SPEC.md §3 accepts (the web app parses them). */
  transcript: unknown;
  formTitle: string | null;
  respondent: { name: string | null; email: string | null; phone: string | null };
}
