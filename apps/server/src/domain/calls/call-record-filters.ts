// Call Records' filters and search as SQL over call_groups: what each filter means, how a search
// is split into terms, and the conditions the counters can answer (plainConditions).
import type { CallRecordSort, CallStatus, LeadOutcome, Outcomes } from "@ringback/contracts";
import { and, eq, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { callGroups } from "../../db/schema/index.ts";

export interface CallGroupFilter {
  search?: string | undefined;
  /** Groups with an attempt in any of these statuses (attempt_statuses, not only the latest). */
  status?: CallStatus[] | undefined;
  /** Groups whose lead outcome is any of these. */
  lead?: LeadOutcome[] | undefined;
  /** Groups a page (CALL_RECORDS_PAGE_SIZES; default CALL_RECORDS_PAGE_SIZE). */
  pageSize?: number | undefined;
  sort?: CallRecordSort | undefined;
  /** The group's assistant. */
  assistant?: string | undefined;
  /** The latest call at or after this instant (ISO 8601). */
  from?: string | undefined;
  /** The latest call before this instant (ISO 8601). */
  to?: string | undefined;
  /** `key:yes`, `key:no` or `key:Option`: the group's latest answers say so. */
  outcome?: string | undefined;
}

/** `qualified:yes` → {"qualified": true}; `plan:Pro` → {"plan": "Pro"}: a containment value. */
export function outcomeContainment(outcome: string | undefined): Outcomes | null {
  const at = outcome?.indexOf(":") ?? -1;
  if (!outcome || at < 1) return null;
  const key = outcome.slice(0, at);
  const raw = outcome.slice(at + 1);
  const value = raw === "yes" ? true : raw === "no" ? false : raw;
  return { [key]: value };
}

/** `%…%` for LIKE, with the user's own % _ and \ taken literally. */
export function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Characters people type in phone numbers: `+1 (415) 555-0123`, `415.555.0123`, `0044 …`. */
const PHONE_LIKE = /^[\d\s()+./-]+$/;

/**
 * What a search looks for in search_text (lower-cased): the text as typed or, when it is a
 * number in any format, its digits, since the phone is stored there as digits only
 * (`+1 415-555-0123` → 14155550123; `415-555` → 415555). An international prefix (00) or a
 * national trunk 0 (`07911 123456`) is not part of the stored number, so it is dropped.
 * (A list, so that more than one reading can be searched at once.)
 */
export function searchTerms(search: string | undefined): string[] {
  const text = search?.trim().toLowerCase() ?? "";
  if (!text) return [];
  if (!PHONE_LIKE.test(text)) return [text];
  let digits = text.replace(/\D/g, "");
  if (digits.startsWith("00")) digits = digits.slice(2);
  else if (digits.startsWith("0") && digits.length >= 6) digits = digits.slice(1);
  // Fewer than three digits make no trigram (that search would read every group): as typed.
  // Otherwise the digits alone: the punctuation and one-digit groups ("+1 (415)…") only add
  // trigrams that nearly every group has, which the index would read for nothing.
  return digits.length >= 3 ? [digits] : [text];
}

const at = (iso: string | undefined) => (iso ? new Date(iso) : undefined);

/** Everything but the search: the conditions the counters can answer. */
export function plainConditions(organizationId: string, filter: CallGroupFilter): SQL[] {
  const conditions: SQL[] = [eq(callGroups.organizationId, organizationId)];
  // Any attempt's status: overlap with the group's statuses (GIN index on attempt_statuses).
  if (filter.status?.length) {
    conditions.push(sql`${callGroups.attemptStatuses} && ${sql.param(filter.status)}::text[]`);
  }
  if (filter.lead?.length) conditions.push(inArray(callGroups.leadOutcome, filter.lead));
  if (filter.assistant) conditions.push(eq(callGroups.assistantId, filter.assistant));
  const from = at(filter.from);
  const to = at(filter.to);
  if (from) conditions.push(gte(callGroups.latestCallAt, from));
  if (to) conditions.push(lt(callGroups.latestCallAt, to));
  // An outcome's answer: containment, which the GIN index on call_groups.outcomes reads.
  const outcome = outcomeContainment(filter.outcome);
  if (outcome) conditions.push(sql`${callGroups.outcomes} @> ${JSON.stringify(outcome)}::jsonb`);
  return conditions;
}

/** The search_text LIKE a term: what the trigram index and the planner's estimate read. */
const contains = (term: string) => sql`${callGroups.searchText} like ${containsPattern(term)}`;

/**
 * A narrow search of several words ("ana.1234@example.com", "sam rivera") is looked up in the
 * index by its words of three or more characters, each a LIKE, and checked whole with strpos
 * (which no index reads). The same groups match; the index reads fewer, rarer trigrams — a LIKE
 * of the whole term also asks for the word boundaries inside it ("  e", " ex"…), which nearly
 * every group has: 28 ms for one email at 1M records, 4 ms this way. A broad search keeps the
 * one LIKE: with tens of thousands of matches, checking each row once is what counts.
 */
export function wordsCondition(term: string): SQL {
  const words = [...new Set(term.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3))];
  if (words.length === 0 || (words.length === 1 && words[0] === term)) return contains(term);
  return and(...words.map(contains), sql`strpos(${callGroups.searchText}, ${term}) > 0`)!;
}

export function filterConditions(
  organizationId: string,
  filter: CallGroupFilter,
  search: (term: string) => SQL = contains,
): SQL {
  const conditions = plainConditions(organizationId, filter);
  const terms = searchTerms(filter.search);
  if (terms.length > 0) conditions.push(or(...terms.map(search))!);
  return and(...conditions)!;
}
