import { z } from "zod";
import {
  CALL_RECORDS_PAGE_SIZES,
  type CallStatus,
  callRecordSorts,
  callStatuses,
  type LeadOutcome,
  leadOutcomes,
} from "./calls.ts";

// GET …/call-records as the server reads it. Apart from calls.ts (the records' constants and
// shapes), so that Call Records does not load zod.

/** An instant as ISO 8601 with a zone (e.g. 2026-11-03T04:00:00.000Z), between 1970 and 9999. */
const instant = z.iso
  .datetime({ offset: true })
  .refine((value) => {
    const time = Date.parse(value);
    return time >= 0 && time < Date.UTC(10_000, 0, 1);
  })
  .optional()
  .catch(undefined);

/**
 * A comma-separated list of known values ("voicemail,no-answer"), each once, in the list's own
 * order; unknown values are left out, and a list with none is no filter.
 */
function valueList<T extends string>(known: readonly T[]) {
  return z
    .string()
    .transform((value) => {
      const given = new Set(value.split(",").map((v) => v.trim()));
      const kept = known.filter((k) => given.has(k));
      return kept.length > 0 ? kept : undefined;
    })
    .optional()
    .catch(undefined);
}

/**
 * GET …/call-records query: everything the page keeps in its URL. Lenient on purpose (a shared
 * or hand-edited URL never breaks the page): an unknown status means All, an unknown sort
 * Newest First, a page below 1 the first page, an assistant or date that is not one is no filter.
 */
export const callRecordsQuerySchema = z.object({
  /**
   * Substring of the respondent's name or email, the form title or the answers'
   * text (case-insensitive); a number in any format matches the phone's digits.
   */
  search: z.string().trim().max(200, "The search is too long (at most 200 characters).").optional(),
  /** Groups with an attempt in any of these statuses (not only the latest); absent for All. */
  status: valueList<CallStatus>(callStatuses),
  /** Groups whose lead outcome is any of these; absent for All. */
  lead: valueList<LeadOutcome>(leadOutcomes),
  sort: z.enum(callRecordSorts).optional().catch(undefined),
  /** 1-based. */
  page: z.coerce.number().int().min(1).max(1_000_000).optional().catch(undefined),
  /** Groups a page: 10 (the default), 25, 50 or 100. */
  pageSize: z.coerce
    .number()
    .refine((n) => (CALL_RECORDS_PAGE_SIZES as readonly number[]).includes(n))
    .optional()
    .catch(undefined),
  /** The group's assistant (the one of its first call). */
  assistant: z.guid().optional().catch(undefined),
  /**
   * The latest call from this instant on (inclusive). The browser sends midnight in the user's
   * time zone for a day.
   */
  from: instant,
  /** The latest call before this instant (exclusive): the midnight after the last day. */
  to: instant,
  /**
   * An outcome's answer: `key:yes` / `key:no` for a yes/no question, `key:Option`
   * for one of a list. Matches the group's latest answered call.
   */
  outcome: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,39}:.{1,60}$/)
    .optional()
    .catch(undefined),
});
export type CallRecordsQuery = z.infer<typeof callRecordsQuerySchema>;
