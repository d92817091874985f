import {
  CALL_RECORDS_PAGE_SIZES,
  type CallGroup,
  formatOutcomeValue,
  type LeadOutcome,
  type OutcomeQuestion,
} from "@ringback/contracts";
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronDown, Download, RotateCw, X } from "lucide-react";
import {
  Fragment,
  lazy,
  memo,
  type ReactNode,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { Pagination } from "@/components/pagination";
import { LeadOutcomeBadge, StatusBadge } from "@/components/status-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { toast } from "@/components/ui/sonner";
import { Spinner, SpinnerIcon } from "@/components/ui/spinner";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { useIsMobile } from "@/hooks/use-mobile";
import { useStableCallback } from "@/hooks/use-stable-callback";
import { formatCallDate, formatDuration } from "@/lib/call-format";
import { FIRST_VIEW_HEADINGS } from "@/lib/first-view";
import { useCurrentOrganization } from "@/lib/organizations";
import { cn } from "@/lib/utils";
import { CallDetailsSheet } from "./call-details-sheet-lazy";
import { CallRecordCards } from "./call-record-cards";
import { CallRecordsFilters } from "./call-records-filters";
import { latestStatusOf } from "./card-content";
import { type DetailsHandler, DetailsOpener } from "./details-opener";
import { useHeldRows } from "./held-rows";
import { PlaybackControls, RecordingProgress } from "./playback-controls";
import { exportLink, useCallGroups, useCallGroupsCount, useOutcomeQuestions } from "./queries";
import { RecordingPlayerProvider, useRecordingPlayer } from "./recording-player";
import { RespondentHoverCard } from "./respondent-hover-card";
import {
  activeFilters,
  type CallRecordsPageSize,
  type CallRecordsParams,
  callRecordsSearch,
  clearFilters,
  nextHeaderSort,
  outcomeColumns,
  parseCallRecordsParams,
  parsePageSize,
  type SortableColumn,
  sortDirection,
} from "./url-state";

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

/** Shown only to an organization with no calls yet, so it is not in the list's own code. */
const FirstCallsGuide = lazy(() =>
  import("./first-calls-guide").then((m) => ({ default: m.FirstCallsGuide })),
);

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
  const sortHeader = (column: SortableColumn, label: string, className?: string) => (
    <SortableHead
      label={label}
      direction={sortDirection(params.sort, column)}
      onSort={() => apply({ sort: nextHeaderSort(params.sort, column), page: 1 })}
      className={className}
    />
  );

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

      {stale ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm"
        >
          <p>
            <span className="font-medium">Couldn't load call records.</span>{" "}
            <span className="text-muted-foreground">These may be out of date.</span>
          </p>
          <RetryButton onRetry={retry} busy={groups.isFetching} />
        </div>
      ) : null}

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
          <div role="alert" className="flex flex-col items-center gap-3 px-4 py-16 text-center">
            <p className="font-medium">Couldn't load call records.</p>
            <p className="max-w-md text-sm text-muted-foreground">
              {groups.error?.message ?? "The server did not answer."} Your search and filters are
              kept.
            </p>
            <RetryButton onRetry={retry} busy={groups.isFetching} />
          </div>
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
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead className="w-10">
                  <span className="sr-only">Expand</span>
                </TableHead>
                <TableHead>Form</TableHead>
                <TableHead>Respondent</TableHead>
                <TableHead>Attempts</TableHead>
                <TableHead>
                  Latest Status <span className="block text-xs font-normal">and lead outcome</span>
                </TableHead>
                {sortHeader("date", "Last Called")}
                {sortHeader("duration", "Total Duration")}
                {columns.map((question) => (
                  <TableHead key={question.key} data-outcome-column={question.key}>
                    <span className="block max-w-40 truncate" title={question.label}>
                      {question.label}
                    </span>
                  </TableHead>
                ))}
                <TableHead className={STICKY_ACTIONS}>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.groups.map((group) => (
                <GroupRows
                  key={group.id}
                  group={group}
                  open={expanded.has(group.id)}
                  onToggle={toggle}
                  onDetails={openDetails}
                  columns={columns}
                />
              ))}
            </TableBody>
          </Table>
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

/**
 * No records: for a search or filters, that none match them, with Clear filters; otherwise how
 * calls arrive and the next step towards the first one.
 */
function EmptyState({
  organizationId,
  params,
  onClear,
}: {
  organizationId: string;
  params: CallRecordsParams;
  onClear: () => void;
}) {
  const searched = params.search.trim() !== "";
  const filtered = activeFilters(params).length > 0;
  const what =
    searched && filtered
      ? "this search and these filters"
      : searched
        ? "this search"
        : filtered
          ? "these filters"
          : null;
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-16 text-center">
      <p className="text-muted-foreground">No call records found.</p>
      {what ? (
        <>
          <p className="text-sm text-muted-foreground">No call records match {what}.</p>
          <Button variant="outline" size="sm" onClick={onClear}>
            <X aria-hidden="true" />
            Clear filters
          </Button>
        </>
      ) : (
        <Suspense fallback={null}>
          <FirstCallsGuide organizationId={organizationId} />
        </Suspense>
      )}
    </div>
  );
}

/** "Rows per page": 10, 25, 50 or 100 submissions a page (the server says which applied). */
const PageSizeSelect = memo(function PageSizeSelect({
  value,
  onChange,
}: {
  value: CallRecordsPageSize;
  onChange: (size: CallRecordsPageSize) => void;
}) {
  const labelId = useId();
  return (
    <div className="flex items-center gap-2">
      <span id={labelId} className="text-sm text-muted-foreground">
        Rows per page
      </span>
      <Select value={String(value)} onValueChange={(size) => onChange(parsePageSize(size))}>
        <SelectTrigger aria-labelledby={labelId} className="min-h-8 w-20 py-1">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {CALL_RECORDS_PAGE_SIZES.map((size) => (
            <SelectItem key={size} value={String(size)}>
              {size}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
});

function RetryButton({ onRetry, busy }: { onRetry: () => void; busy: boolean }) {
  return (
    <Button variant="outline" size="sm" onClick={onRetry} disabled={busy}>
      {busy ? <SpinnerIcon /> : <RotateCw aria-hidden="true" />}
      Retry
    </Button>
  );
}

/** A column header that sorts (where a sort exists), saying how with aria-sort. */
function SortableHead({
  label,
  direction,
  onSort,
  className,
}: {
  label: string;
  direction: "ascending" | "descending" | null;
  onSort: () => void;
  className?: string;
}) {
  const Icon: (props: { className?: string }) => ReactNode =
    direction === "ascending" ? ArrowUp : direction === "descending" ? ArrowDown : ArrowUpDown;
  return (
    <TableHead aria-sort={direction ?? undefined} className={className}>
      <button
        type="button"
        onClick={onSort}
        className="-mx-1.5 inline-flex min-h-6 items-center gap-1 rounded-sm px-1.5 py-1 font-medium outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {label}
        <Icon
          className={cn("size-3.5", direction ? "text-foreground" : "text-muted-foreground/70")}
          aria-hidden="true"
        />
      </button>
    </TableHead>
  );
}

/** The table's columns without outcome columns. */
const COLUMNS = 8;

/**
 * The Actions column stays in view when added outcome columns (or a phone's width) make the table
 * scroll sideways: Latest Call and Details are always one tap away.
 */
const STICKY_ACTIONS =
  "sticky right-0 z-[1] bg-card text-right shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.15)]";
const NO_QUESTIONS: OutcomeQuestion[] = [];

/** A group's answer to an outcome question, as people read it; "—" when there is none. */
function OutcomeCell({ group, question }: { group: CallGroup; question: OutcomeQuestion }) {
  const value = formatOutcomeValue(group.outcomes?.[question.key]);
  return (
    <TableCell data-outcome={question.key} className="max-w-48 truncate">
      {value ? (
        <span title={value}>{value}</span>
      ) : (
        <span className="text-muted-foreground">—</span>
      )}
    </TableCell>
  );
}

/** A submission's rows; memoized: a live update renders only the groups that changed. */
const GroupRows = memo(function GroupRows({
  group,
  open,
  onToggle,
  onDetails,
  columns,
}: {
  group: CallGroup;
  open: boolean;
  /** Opens or closes the group (its id). */
  onToggle: (groupId: string) => void;
  onDetails: DetailsHandler;
  /** The outcome questions shown as columns (after Total Duration). */
  columns: readonly OutcomeQuestion[];
}) {
  const player = useRecordingPlayer();
  const who = group.respondent.name?.trim() || "Unknown respondent";
  const phone = group.respondent.phoneDisplay;
  return (
    <Fragment>
      <TableRow data-group={group.id}>
        <TableCell>
          <Button
            size="icon"
            variant="ghost"
            aria-expanded={open}
            aria-label={`${open ? "Hide" : "Show"} attempts for ${who}`}
            onClick={() => onToggle(group.id)}
          >
            <ChevronDown
              className={cn("transition-transform", open ? "rotate-180" : "")}
              aria-hidden="true"
            />
          </Button>
        </TableCell>
        <TableCell className="max-w-48 truncate">{group.formTitle ?? "Unknown form"}</TableCell>
        <TableCell>
          <div className="flex flex-col items-start">
            <RespondentHoverCard respondent={group.respondent} />
            {phone ? (
              <span className="text-xs whitespace-nowrap text-muted-foreground tabular-nums">
                {phone}
              </span>
            ) : null}
            {/* A "Call me now" test call to a team member's own phone, not a lead. */}
            {group.isTest ? (
              <Badge variant="secondary" className="mt-1" data-test-call-badge>
                Test call
              </Badge>
            ) : null}
          </div>
        </TableCell>
        <TableCell>{group.attempts.length}</TableCell>
        <TableCell>
          <div className="flex max-w-44 flex-col items-start gap-1.5">
            <StatusBadge {...latestStatusOf(group)} />
            <LeadOutcomeBadge outcome={group.leadOutcome} />
          </div>
        </TableCell>
        <TableCell className="whitespace-nowrap text-muted-foreground">
          {formatCallDate(group.latestCallAt)}
        </TableCell>
        <TableCell>{formatDuration(group.totalDuration)}</TableCell>
        {columns.map((question) => (
          <OutcomeCell key={question.key} group={group} question={question} />
        ))}
        <TableCell className={STICKY_ACTIONS}>
          <DetailsOpener callRecordId={group.latestCallId} onDetails={onDetails}>
            Latest Call
          </DetailsOpener>
        </TableCell>
      </TableRow>
      {open
        ? group.attempts.map((attempt) => {
            const label = `${who}, attempt ${attempt.callAttempt}`;
            return (
              <Fragment key={attempt.id}>
                <TableRow className="bg-muted/40" data-attempt={attempt.callAttempt}>
                  <TableCell />
                  <TableCell colSpan={2} className="text-muted-foreground">
                    <span className="font-medium text-foreground">
                      Attempt {attempt.callAttempt}
                    </span>{" "}
                    · {formatCallDate(attempt.createdAt)}
                  </TableCell>
                  <TableCell>
                    <PlaybackControls
                      callRecordId={attempt.id}
                      hasRecording={attempt.hasRecording}
                      label={label}
                    />
                  </TableCell>
                  <TableCell>
                    <StatusBadge
                      status={attempt.status}
                      endedReason={attempt.endedReason}
                      scheduledFor={attempt.scheduledFor}
                      className="max-w-44"
                    />
                  </TableCell>
                  <TableCell />
                  <TableCell>{formatDuration(attempt.duration)}</TableCell>
                  {columns.map((question) => (
                    <TableCell key={question.key} />
                  ))}
                  <TableCell className={cn(STICKY_ACTIONS, "bg-muted")}>
                    <DetailsOpener callRecordId={attempt.id} onDetails={onDetails}>
                      Details
                    </DetailsOpener>
                  </TableCell>
                </TableRow>
                {player.current === attempt.id ? (
                  <TableRow className="bg-muted/40 hover:bg-muted/40" data-player={attempt.id}>
                    <TableCell />
                    <TableCell colSpan={COLUMNS + columns.length - 1}>
                      {/* Held in view while a narrow screen scrolls the table sideways. */}
                      <RecordingProgress
                        callRecordId={attempt.id}
                        label={label}
                        knownDuration={attempt.duration}
                        className="sticky left-4 w-[calc(100vw-8rem)] max-w-2xl md:w-auto"
                      />
                    </TableCell>
                  </TableRow>
                ) : null}
              </Fragment>
            );
          })
        : null}
    </Fragment>
  );
});

/**
 * Previous/next and page numbers with ellipses. While a broad search is being
 * counted (total and pages null), previous/next only: the next page exists if this one is full.
 */

/** Whether the page is scrolled down from its top (the reader is somewhere in the list). */
function useScrolledDown(): boolean {
  const [down, setDown] = useState(false);
  useEffect(() => {
    const read = () => setDown(window.scrollY > 48);
    // First read in the next frame, not now: reading the scroll position lays the page out, and
    // the first render's effects are no place for that (it would lengthen their task on a phone).
    const frame = requestAnimationFrame(read);
    window.addEventListener("scroll", read, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", read);
    };
  }, []);
  return down;
}
