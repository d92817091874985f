import {
  CALL_RECORDS_PAGE_SIZE,
  CALL_RECORDS_PAGE_SIZES,
  type CallRecordSort,
  type CallStatus,
  callRecordSorts,
  callStatuses,
  callStatusLabels,
  type LeadOutcome,
  leadOutcomeLabels,
  leadOutcomes,
  MAX_OUTCOME_QUESTIONS,
  OUTCOME_KEY_PATTERN,
  type OutcomeQuestion,
} from "@ringback/contracts";
import { addDays, startOfDay } from "date-fns";
import { monthDay } from "@/lib/english-format";

/** The date-range filter's presets, and Custom (from and to days). */
export const dateRanges = ["today", "7d", "30d", "custom"] as const;
export type DateRange = (typeof dateRanges)[number];

export const DATE_RANGE_LABELS: Record<DateRange, string> = {
  today: "Today",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  custom: "Custom range",
};

/** The lead outcomes the Lead outcome filter offers: all but "meeting-booked", which nothing sets yet. */
export const filterableLeadOutcomes = leadOutcomes.filter(
  (outcome): outcome is Exclude<LeadOutcome, "meeting-booked"> => outcome !== "meeting-booked",
);
export type FilterableLeadOutcome = (typeof filterableLeadOutcomes)[number];

/** The groups a page holds: 10 (the default), 25, 50 or 100. */
export type CallRecordsPageSize = (typeof CALL_RECORDS_PAGE_SIZES)[number];

/** Everything Call Records keeps in its URL: shareable, kept on reload, and Back works. */
export interface CallRecordsParams {
  search: string;
  /**
   * Groups with any attempt (not only the latest) in one of these statuses, in the statuses'
   * own order (`status=voicemail,no-answer`); empty for all.
   */
  status: CallStatus[];
  /** Groups whose lead outcome is one of these, in their own order (`lead=reached`); empty for all. */
  lead: FilterableLeadOutcome[];
  sort: CallRecordSort;
  page: number;
  pageSize: CallRecordsPageSize;
  /** An assistant's id, or null for all. */
  assistant: string | null;
  /** A preset or custom range, or null for all dates. */
  range: DateRange | null;
  /** Custom range: the first and last day (yyyy-MM-dd, inclusive), each optional. */
  from: string | null;
  to: string | null;
  /**
   * An outcome's answer: `key:yes` / `key:no` for a yes/no question, `key:Option`
   * for one of a list; or null for any.
   */
  outcome: string | null;
  /** The outcome questions shown as columns, by key (kept in the URL as `cols=a,b`). */
  cols: string[];
}

export const DEFAULT_PARAMS: CallRecordsParams = {
  search: "",
  status: [],
  lead: [],
  sort: "newest",
  page: 1,
  pageSize: CALL_RECORDS_PAGE_SIZE,
  assistant: null,
  range: null,
  from: null,
  to: null,
  outcome: null,
  cols: [],
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar day typed as yyyy-MM-dd (local midnight), or null when it is not one: 2026-02-30
 * is not. By hand: date-fns's parse brings every format's parser to the page.
 */
export function parseDay(value: string | null | undefined): Date | null {
  const match = value ? DAY.exec(value) : null;
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const day = new Date(year, month - 1, date);
  const exists =
    day.getFullYear() === year && day.getMonth() === month - 1 && day.getDate() === date;
  return exists && year >= 1970 ? day : null;
}

/** The API's own rule for an outcome filter (callRecordsQuerySchema). */
const OUTCOME_FILTER = /^[a-z][a-z0-9_]{0,39}:.{1,60}$/;

/** `key:value` when it is an outcome filter the API takes, else null. */
export function parseOutcomeFilter(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed && OUTCOME_FILTER.test(trimmed) ? trimmed : null;
}

/** `cols=qualified,budget` as keys: well-formed ones, each once, at most ten. */
export function parseOutcomeColumns(value: string | null | undefined): string[] {
  const keys = (value ?? "")
    .split(",")
    .map((key) => key.trim())
    .filter((key) => OUTCOME_KEY_PATTERN.test(key));
  return [...new Set(keys)].slice(0, MAX_OUTCOME_QUESTIONS);
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  (values as readonly string[]).includes(value ?? "") ? (value as T) : null;

/**
 * A comma-separated list of known values (`voicemail,no-answer`, or an old link's single
 * `answered`; repeated keys count too): each once, in the known list's order, unknown ones left
 * out. The API reads it the same way.
 */
export function parseValueList<T extends string>(
  known: readonly T[],
  values: readonly string[],
): T[] {
  const given = new Set(values.flatMap((value) => value.split(",")).map((value) => value.trim()));
  return known.filter((value) => given.has(value));
}

/** `pageSize=25` when it is one of the sizes offered, else the default. */
export function parsePageSize(value: string | null | undefined): CallRecordsPageSize {
  const size = Number(value);
  return (CALL_RECORDS_PAGE_SIZES as readonly number[]).includes(size)
    ? (size as CallRecordsPageSize)
    : CALL_RECORDS_PAGE_SIZE;
}

/**
 * The page's state from its URL. Lenient, like the API: anything unknown or malformed (a
 * hand-edited or old link) is no filter, never a broken page.
 */
export function parseCallRecordsParams(query: URLSearchParams): CallRecordsParams {
  const page = Number(query.get("page") ?? "1");
  const range = oneOf(dateRanges, query.get("range"));
  const assistant = query.get("assistant");
  const day = (key: "from" | "to") => (parseDay(query.get(key)) ? query.get(key) : null);
  return {
    search: query.get("search") ?? "",
    status: parseValueList(callStatuses, query.getAll("status")),
    lead: parseValueList(filterableLeadOutcomes, query.getAll("lead")),
    sort: oneOf(callRecordSorts, query.get("sort")) ?? "newest",
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: parsePageSize(query.get("pageSize")),
    assistant: assistant && UUID.test(assistant) ? assistant : null,
    range,
    from: range === "custom" ? day("from") : null,
    to: range === "custom" ? day("to") : null,
    outcome: parseOutcomeFilter(query.get("outcome")),
    cols: parseOutcomeColumns(query.get("cols")),
  };
}

/** The page's URL query for these params (defaults left out). */
export function callRecordsSearch(params: Partial<CallRecordsParams>): URLSearchParams {
  const query = new URLSearchParams();
  if (params.search?.trim()) query.set("search", params.search.trim());
  if (params.status?.length) query.set("status", params.status.join(","));
  if (params.lead?.length) query.set("lead", params.lead.join(","));
  if (params.assistant) query.set("assistant", params.assistant);
  if (params.range) query.set("range", params.range);
  if (params.range === "custom") {
    if (params.from) query.set("from", params.from);
    if (params.to) query.set("to", params.to);
  }
  const outcome = parseOutcomeFilter(params.outcome);
  if (outcome) query.set("outcome", outcome);
  if (params.cols?.length) query.set("cols", params.cols.join(","));
  if (params.sort && params.sort !== "newest") query.set("sort", params.sort);
  if (params.page && params.page > 1) query.set("page", String(params.page));
  if (params.pageSize && params.pageSize !== CALL_RECORDS_PAGE_SIZE) {
    query.set("pageSize", String(params.pageSize));
  }
  return query;
}

/** The filters "Clear filters" resets; the sort, the columns and the page size stay. */
export function clearFilters(params: CallRecordsParams): CallRecordsParams {
  return {
    ...params,
    search: "",
    status: [],
    lead: [],
    assistant: null,
    range: null,
    from: null,
    to: null,
    outcome: null,
    page: 1,
  };
}

/** Whether anything narrows the list: the search or a filter (not the sort, nor the columns). */
export function hasActiveFilters(params: CallRecordsParams): boolean {
  return params.search.trim() !== "" || activeFilters(params).length > 0;
}

/** One filter in force, as a removable chip says it ("Voicemail"), and the change removing it. */
export interface ActiveFilter {
  /** Unique among the chips. */
  key: string;
  label: string;
  remove: Partial<CallRecordsParams>;
}

/** A custom range in few words: "Nov 1 – Nov 15", "From Nov 1", "Until Nov 15". */
export function customRangeLabel(params: Pick<CallRecordsParams, "from" | "to">): string {
  const from = parseDay(params.from);
  const to = parseDay(params.to);
  if (from && to) return `${monthDay(from)} – ${monthDay(to)}`;
  if (from) return `From ${monthDay(from)}`;
  if (to) return `Until ${monthDay(to)}`;
  return DATE_RANGE_LABELS.custom;
}

/**
 * The filters in force, one per status and lead outcome chosen, then the assistant, the dates
 * and the outcome's answer (the search has its own box). Names the page knows (an assistant's,
 * an answer's) come in `labels`; without one a neutral word stands in.
 */
export function activeFilters(
  params: CallRecordsParams,
  labels: { assistant?: string | null; outcome?: string | null } = {},
): ActiveFilter[] {
  const filters: ActiveFilter[] = [
    ...params.status.map((status) => ({
      key: `status:${status}`,
      label: callStatusLabels[status],
      remove: { status: params.status.filter((s) => s !== status), page: 1 },
    })),
    ...params.lead.map((lead) => ({
      key: `lead:${lead}`,
      label: leadOutcomeLabels[lead],
      remove: { lead: params.lead.filter((l) => l !== lead), page: 1 },
    })),
  ];
  if (params.assistant) {
    filters.push({
      key: "assistant",
      label: labels.assistant?.trim() || "Another assistant",
      remove: { assistant: null, page: 1 },
    });
  }
  if (params.range) {
    filters.push({
      key: "range",
      label: params.range === "custom" ? customRangeLabel(params) : DATE_RANGE_LABELS[params.range],
      remove: { range: null, from: null, to: null, page: 1 },
    });
  }
  if (params.outcome) {
    filters.push({
      key: "outcome",
      label: labels.outcome ?? params.outcome.replace(":", ": "),
      remove: { outcome: null, page: 1 },
    });
  }
  return filters;
}

/**
 * The range as instants, in the browser's time zone (the user's): a day runs from its local
 * midnight to the next. Today and Last N days run from a midnight with no end; Last 7 days is
 * today and the six days before.
 */
export function rangeInstants(
  params: Pick<CallRecordsParams, "range" | "from" | "to">,
  now: Date = new Date(),
): { from?: string; to?: string } {
  const today = startOfDay(now);
  switch (params.range) {
    case "today":
      return { from: today.toISOString() };
    case "7d":
      return { from: addDays(today, -6).toISOString() };
    case "30d":
      return { from: addDays(today, -29).toISOString() };
    case "custom": {
      const from = parseDay(params.from);
      const to = parseDay(params.to);
      return {
        ...(from ? { from: from.toISOString() } : {}),
        ...(to ? { to: addDays(to, 1).toISOString() } : {}),
      };
    }
    default:
      return {};
  }
}

/** The API's query for these params: the same filters, with the dates as instants. */
export function callRecordsApiQuery(
  params: CallRecordsParams,
  now: Date = new Date(),
): URLSearchParams {
  // Columns are the page's own: the API sends every group's answers.
  const query = callRecordsSearch({ ...params, range: null, cols: [] });
  const { from, to } = rangeInstants(params, now);
  if (from) query.set("from", from);
  if (to) query.set("to", to);
  return query;
}

/** A custom range whose last day comes before its first: said under the fields. */
export function customRangeError(params: Pick<CallRecordsParams, "from" | "to">): string | null {
  const from = parseDay(params.from);
  const to = parseDay(params.to);
  return from && to && to < from ? "The end date is before the start date." : null;
}

/** The columns whose headers sort: the latest call's date and the total duration. */
export type SortableColumn = "date" | "duration";

/** What a sortable header's aria-sort says for the current sort (null: not sorted by it). */
export function sortDirection(
  sort: CallRecordSort,
  column: SortableColumn,
): "ascending" | "descending" | null {
  if (column === "date") {
    return sort === "newest" ? "descending" : sort === "oldest" ? "ascending" : null;
  }
  return sort === "duration" ? "descending" : null;
}

/**
 * The sort a header click gives. Last Called turns between newest and oldest first; Total
 * Duration sorts longest first (the one duration sort there is), and a second click goes back
 * to the default, newest first.
 */
export function nextHeaderSort(sort: CallRecordSort, column: SortableColumn): CallRecordSort {
  if (column === "date") return sort === "newest" ? "oldest" : "newest";
  return sort === "duration" ? "newest" : "duration";
}

/** One choice of the Outcome filter: "Qualified?: Yes" sends `qualified:yes`. */
export interface OutcomeFilterOption {
  value: string;
  label: string;
}

/**
 * What the Outcome filter offers: Yes and No of each yes/no question and each option of each
 * "One of a list" question (the API filters those; numbers, text and dates it does not).
 */
export function outcomeFilterOptions(questions: readonly OutcomeQuestion[]): OutcomeFilterOption[] {
  return questions.flatMap((question) => {
    if (question.type === "boolean") {
      return [
        { value: `${question.key}:yes`, label: `${question.label}: Yes` },
        { value: `${question.key}:no`, label: `${question.label}: No` },
      ];
    }
    if (question.type === "choice") {
      return (question.choices ?? [])
        .map((choice) => ({
          value: `${question.key}:${choice}`,
          label: `${question.label}: ${choice}`,
        }))
        .filter((option) => OUTCOME_FILTER.test(option.value));
    }
    return [];
  });
}

/**
 * The columns after ticking or unticking one: in the questions' order (a link lists them the
 * same way whatever order they were picked in), keys no question has any more left out.
 */
export function toggleOutcomeColumn(
  cols: readonly string[],
  key: string,
  questions: readonly OutcomeQuestion[],
): string[] {
  const chosen = new Set(cols);
  if (chosen.has(key)) chosen.delete(key);
  else chosen.add(key);
  return questions.map((q) => q.key).filter((k) => chosen.has(k));
}

/** The chosen columns' questions, in the questions' order (unknown keys are not shown). */
export function outcomeColumns(
  cols: readonly string[],
  questions: readonly OutcomeQuestion[],
): OutcomeQuestion[] {
  return questions.filter((q) => cols.includes(q.key));
}
