import type { CallGroup, LeadOutcome, OutcomeQuestion } from "@ringback/contracts";
import { Download } from "lucide-react";
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { Pagination } from "@/components/pagination";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/sonner";
import { Spinner, SpinnerIcon } from "@/components/ui/spinner";
import { useIsMobile } from "@/hooks/use-mobile";
import { useStableCallback } from "@/hooks/use-stable-callback";
import { FIRST_VIEW_HEADINGS } from "@/lib/first-view";
import { useCurrentOrganization } from "@/lib/organizations";
import { CallDetailsSheet } from "./call-details-sheet-lazy";
import { CallRecordCards } from "./call-record-cards";
import { CallRecordsFilters } from "./call-records-filters";
import { CallRecordsTable } from "./call-records-table";
import { EmptyState } from "./empty-state";
import { useHeldRows } from "./held-rows";
import { LoadFailed, StaleNote } from "./load-failure";
import { PageSizeSelect } from "./page-size-select";
import { exportLink, useCallGroups, useCallGroupsCount, useOutcomeQuestions } from "./queries";
import { RecordingPlayerProvider } from "./recording-player";
import {
  type CallRecordsPageSize,
  type CallRecordsParams,
  callRecordsSearch,
  clearFilters,
  outcomeColumns,
  parseCallRecordsParams,
} from "./url-state";
import { useScrolledDown } from "./use-scrolled-down";

/** The page's state lives in the URL: shareable, kept on reload, and the back button works. */
function useUrlParams(): [
  CallRecordsParams,
  (next: Partial<CallRecordsParams>, replace?: boolean) => void,
] {
  const [searchParams, setSearchParams] = useSearchParams();
  // One object while the URL stays the same, so the memoized filters and list skip renders.
  const params = useMemo(() => parseCallRecordsParams(searchParams), [searchParams]);
  // React Router's functional update reads the URL of the last render, so two changes before
  // the next render (the search's debounce firing just after a filter was picked) would drop the
  // first. Each change builds on the one before it; a new URL (back button, or ours arriving)
  // becomes the base again.
  const latest = useRef({ seen: searchParams, value: searchParams });
  if (latest.current.seen !== searchParams)
    latest.current = { seen: searchParams, value: searchParams };
  const update = useCallback(
    (next: Partial<CallRecordsParams>, replace = false) => {
      const value = callRecordsSearch({ ...parseCallRecordsParams(latest.current.value), ...next });
      latest.current.value = value;
      setSearchParams(value, { replace });
    },
    [setSearchParams],
  );
  return [params, update];
}

const heading = FIRST_VIEW_HEADINGS["/admin/call-records"];
const NO_QUESTIONS: OutcomeQuestion[] = [];

/** The Call Records page. */
export function CallRecordsPage() {
  const { current, isLoading } = useCurrentOrganization();
  if (isLoading) return <Spinner className="py-24" />;
  if (!current) {
    return (
      <div className="mx-auto max-w-xl py-16 text-center">
        <h1 className="text-2xl font-semibold">Call Records</h1>
        <p className="mt-2 text-muted-foreground">
          Select an organization from the dropdown in the header to see its calls.
        </p>
      </div>
    );
  }
  return (
    <RecordingPlayerProvider organizationId={current.id}>
      <CallRecords organizationId={current.id} />
    </RecordingPlayerProvider>
  );
}

/** The attempt whose Call Details are open, and the control that opened them. */
interface OpenDetails {
  callRecordId: string;
  opener: HTMLElement | null;
  /** Its lead's outcome as the list said when it was opened (the details do not carry it). */
  leadOutcome: LeadOutcome | null;
  /** Opened from this page (Back closes it), not from the address (a link, a reload). */
  fromList?: boolean;
}

/** The lead outcome of the group an attempt belongs to, among the groups shown. */
function leadOutcomeOfAttempt(
  groups: readonly CallGroup[] | undefined,
  callRecordId: string,
): LeadOutcome | null {
  const group = groups?.find((g) => g.attempts.some((a) => a.id === callRecordId));
  return group?.leadOutcome ?? null;
}

function CallRecords({ organizationId }: { organizationId: string }) {
  const [params, setParams] = useUrlParams();
  const [searchText, setSearchText] = useState(params.search);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  // The open Call Details are the address's (/admin/call-records/<id>): they survive a reload
  // and can be linked to; Back closes them. The control that opened them gets the focus back.
  const { callRecordId: openId = null } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const opened = useRef<OpenDetails | null>(null);
  const details: OpenDetails | null =
    openId === null
      ? null
      : opened.current?.callRecordId === openId
        ? opened.current
        : { callRecordId: openId, opener: null, leadOutcome: null };
  const [exporting, setExporting] = useState(false);
  const searchInput = useRef<HTMLInputElement>(null);
  const groups = useCallGroups(organizationId, params);
  // A search's total comes on its own (a broad search's page has none): asked for at once.
  const counted = useCallGroupsCount(organizationId, params, params.search.trim() !== "");
  // The questions whose answers can be columns and filters.
  const outcomeQuestions = useOutcomeQuestions(organizationId);
  const questions = outcomeQuestions.data ?? NO_QUESTIONS;
  const columns = useMemo(() => outcomeColumns(params.cols, questions), [params.cols, questions]);
  // Below the md breakpoint, a card per submission instead of the table.
  const narrow = useIsMobile();

  // Typing searches after a pause, replacing the URL entry (one back step, not one per key).
  useEffect(() => {
    if (searchText.trim() === params.search.trim()) return;
    const timer = setTimeout(() => setParams({ search: searchText, page: 1 }, true), 300);
    return () => clearTimeout(timer);
  }, [searchText, params.search, setParams]);
  // The back button changes the URL: the box follows it.
  useEffect(() => setSearchText(params.search), [params.search]);

  useEffect(() => {
    if (groups.error)
      toast.error("Failed to load call records", { description: groups.error.message });
  }, [groups.error]);

  // New leads do not push rows down under the reader: while they are scrolled down or pointing
  // at the list, they wait behind "N new calls — Show" (held-rows.ts).
  const [pointing, setPointing] = useState(false);
  const scrolled = useScrolledDown();
  // A page of records arrives from the query cache, an external store whose updates React
  // renders in one blocking pass: the list follows deferred copies of the page, of the query it
  // answers and of whether it is final, rendered in a transition, in slices
  // (docs/decisions/0026-call-records-first-load-main-thread.md). The three change together.
  const arrived = useDeferredValue(groups.data);
  const arrivedQuery = useDeferredValue(JSON.stringify([params, organizationId]));
  const arrivedSettled = useDeferredValue(!groups.isPlaceholderData);
  const held = useHeldRows(arrived?.groups, pointing || scrolled, arrivedQuery, arrivedSettled);
  const data = arrived ? { ...arrived, groups: held.rows } : undefined;
  // A failed load is said, with Retry: never an empty table, and never the previous filter's
  // rows passed off as this one's. Rows already shown for this very filter stay, under a note.
  const failed = groups.isError && (!data || groups.isPlaceholderData);
  const stale = groups.isError && !failed;
  // null while a broad search is still being counted (or its count failed): the page shows
  // without page numbers meanwhile.
  const total = data ? (data.total ?? counted.data?.total ?? null) : null;
  const pages = data && total !== null ? Math.max(1, Math.ceil(total / data.pageSize)) : null;
  // Handlers keep their identity (the memoized list and filters take them).
  const toggle = useCallback(
    (id: string) =>
      setExpanded((open) => {
        const next = new Set(open);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const openDetails = useStableCallback((callRecordId: string, opener: HTMLElement | null) => {
    opened.current = {
      callRecordId,
      opener,
      leadOutcome: leadOutcomeOfAttempt(data?.groups, callRecordId),
      fromList: true,
    };
    navigate(`/admin/call-records/${callRecordId}${location.search}`);
  });
  // Opened from the list: back to it (so that Back does not open them again); from a link or a
  // reload: to the list, in place of the details' address.
  const closeDetails = () => {
    if (details?.fromList) navigate(-1);
    else navigate(`/admin/call-records${location.search}`, { replace: true });
  };
  // Previous and next record: the latest calls of the groups listed, in the list's order.
  const latestIds = data?.groups.map((g) => g.latestCallId) ?? [];
  const at = details
    ? (data?.groups.findIndex((g) => g.attempts.some((a) => a.id === details.callRecordId)) ?? -1)
    : -1;
  const stepTo = (callRecordId: string | undefined) => {
    if (!callRecordId) return;
    opened.current = { ...(details ?? { opener: null }), callRecordId, leadOutcome: null };
    navigate(`/admin/call-records/${callRecordId}${location.search}`, { replace: true });
  };
  const neighbours =
    at < 0
      ? null
      : {
          previous: at > 0 ? () => stepTo(latestIds[at - 1]) : null,
          next: at < latestIds.length - 1 ? () => stepTo(latestIds[at + 1]) : null,
        };
  // Kept up to date while the sheet is open (a live update may change it).
  const detailsOutcome = details
    ? (leadOutcomeOfAttempt(data?.groups, details.callRecordId) ?? details.leadOutcome)
    : null;

  const downloadCsv = async () => {
    setExporting(true);
    try {
      const link = await exportLink(organizationId, params);
      window.location.assign(link.url);
    } catch (error) {
      toast.error("Could not export call records", { description: (error as Error).message });
    } finally {
      setExporting(false);
    }
  };

  // A change of filter, sort or page takes the search box as it reads now, typed but not yet
  // applied or not: what the page shows always matches what its controls say.
  const apply = useStableCallback((next: Partial<CallRecordsParams>) =>
    setParams(
      searchText.trim() === params.search.trim() ? next : { ...next, search: searchText, page: 1 },
    ),
  );
  // The search and every filter, typed or applied; the sort, the columns and the page size stay.
  const clear = useStableCallback(() => {
    setSearchText("");
    setParams(clearFilters(params));
  });
  const changePageSize = useStableCallback((pageSize: CallRecordsPageSize) =>
    apply({ pageSize, page: 1 }),
  );
  const retry = () => void groups.refetch();

  return (
    <div className={heading.columnClass}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        {/* The page's first view shows this heading before any script: same texts, same classes. */}
        <div>
          <h1 className={heading.titleClass}>{heading.title}</h1>
          <p className="mt-1 text-muted-foreground">{heading.description}</p>
        </div>
        <Button variant="outline" onClick={() => void downloadCsv()} disabled={exporting}>
          {exporting ? <SpinnerIcon /> : <Download aria-hidden="true" />}
          Export CSV
        </Button>
      </div>

      <CallRecordsFilters
        organizationId={organizationId}
        params={params}
        searchText={searchText}
        onSearchText={setSearchText}
        onChange={apply}
        onClear={clear}
        questions={questions}
        questionsLoading={outcomeQuestions.isLoading}
        narrow={narrow}
        searchInputRef={searchInput}
      />

      {stale ? <StaleNote onRetry={retry} busy={groups.isFetching} /> : null}

      <div role="status" className="empty:hidden">
        {held.waiting > 0 ? (
          <p className="flex items-center justify-center gap-2 rounded-lg border bg-muted px-4 py-2 text-sm">
            {held.waiting === 1 ? "1 new call" : `${held.waiting} new calls`} —
            <Button variant="link" size="sm" className="h-auto p-0" onClick={held.show}>
              Show
            </Button>
          </p>
        ) : null}
      </div>

      <div
        className="rounded-lg border bg-card"
        aria-busy={groups.isFetching}
        onPointerEnter={() => setPointing(true)}
        onPointerLeave={() => setPointing(false)}
      >
        {failed ? (
          <LoadFailed message={groups.error?.message} onRetry={retry} busy={groups.isFetching} />
        ) : groups.isLoading || !data ? (
          <p
            className="flex items-center justify-center gap-2 py-16 text-muted-foreground"
            role="status"
          >
            <SpinnerIcon /> Loading call records...
          </p>
        ) : data.groups.length === 0 ? (
          <EmptyState
            organizationId={organizationId}
            params={params}
            onClear={() => {
              clear();
              searchInput.current?.focus();
            }}
          />
        ) : narrow ? (
          <CallRecordCards
            groups={data.groups}
            questions={questions}
            expanded={expanded}
            onToggle={toggle}
            onDetails={openDetails}
          />
        ) : (
          <CallRecordsTable
            groups={data.groups}
            columns={columns}
            expanded={expanded}
            sort={params.sort}
            onSort={(sort) => apply({ sort, page: 1 })}
            onToggle={toggle}
            onDetails={openDetails}
          />
        )}
      </div>

      {data && !failed && (total === null ? data.groups.length > 0 : total > 0) ? (
        <Pagination
          unit={["submission", "submissions"]}
          page={params.page}
          pages={pages}
          total={total}
          hasNext={data.groups.length === data.pageSize}
          onPage={(page) => apply({ page })}
        >
          <PageSizeSelect value={params.pageSize} onChange={changePageSize} />
        </Pagination>
      ) : null}

      <CallDetailsSheet
        organizationId={organizationId}
        callRecordId={details?.callRecordId ?? null}
        leadOutcome={detailsOutcome}
        returnFocusTo={details?.opener ?? null}
        onClose={closeDetails}
        neighbours={neighbours}
      />
    </div>
  );
}
