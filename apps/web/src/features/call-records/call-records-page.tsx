import {
  type CallGroup,
  type CallRecordSort,
  type CallStatus,
  callRecordSorts,
  callStatuses,
} from "@ringback/contracts";
import { ChevronDown, ChevronLeft, ChevronRight, Download, Search } from "lucide-react";
import { Fragment, useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { useCurrentOrganization } from "@/lib/organizations";
import { cn } from "@/lib/utils";
import { CallDetailsSheet } from "./call-details-sheet";
import { formatCallDate, formatDuration, STATUS_LABELS, statusTone } from "./format";
import { pageWindow } from "./page-window";
import { PlaybackControls } from "./playback-controls";
import { type CallRecordsParams, callRecordsSearch, exportLink, useCallGroups } from "./queries";
import { RecordingPlayerProvider } from "./recording-player";
import { RespondentHoverCard } from "./respondent-hover-card";

const SORT_LABELS: Record<CallRecordSort, string> = {
  newest: "Newest First",
  oldest: "Oldest First",
  duration: "Duration",
};

/** The page's state lives in the URL: shareable, kept on reload, and the back button works. */
function useUrlParams(): [
  CallRecordsParams,
  (next: Partial<CallRecordsParams>, replace?: boolean) => void,
] {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = searchParams.get("status");
  const sort = searchParams.get("sort");
  const page = Number(searchParams.get("page") ?? "1");
  const params: CallRecordsParams = {
    search: searchParams.get("search") ?? "",
    status: (callStatuses as readonly string[]).includes(status ?? "")
      ? (status as CallStatus)
      : null,
    sort: (callRecordSorts as readonly string[]).includes(sort ?? "")
      ? (sort as CallRecordSort)
      : "newest",
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
  const update = (next: Partial<CallRecordsParams>, replace = false) =>
    setSearchParams(callRecordsSearch({ ...params, ...next }), { replace });
  return [params, update];
}

/** SPEC.md §2 Call Records. */
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

function CallRecords({ organizationId }: { organizationId: string }) {
  const [params, setParams] = useUrlParams();
  const [searchText, setSearchText] = useState(params.search);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [details, setDetails] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const groups = useCallGroups(organizationId, params);
  const searchId = useId();

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

  const data = groups.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const toggle = (id: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

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

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">Call Records</h1>
          <p className="mt-1 text-muted-foreground">
            Every call your assistants made, grouped by submission.
          </p>
        </div>
        <Button variant="outline" onClick={() => void downloadCsv()} disabled={exporting}>
          {exporting ? <Spinner className="size-4" /> : <Download aria-hidden="true" />}
          Export CSV
        </Button>
      </div>

      <div className="flex flex-col gap-3 md:flex-row md:items-center">
        <div className="relative flex-1">
          <label htmlFor={searchId} className="sr-only">
            Search by name, email or form title
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            className="pl-9"
            placeholder="Search by name, email or form title"
            value={searchText}
            maxLength={200}
            onChange={(e) => setSearchText(e.target.value)}
          />
        </div>
        <Select
          value={params.status ?? "all"}
          onValueChange={(value) =>
            setParams({ status: value === "all" ? null : (value as CallStatus), page: 1 })
          }
        >
          <SelectTrigger className="md:w-44" aria-label="Filter by status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All</SelectItem>
            {callStatuses.map((status) => (
              <SelectItem key={status} value={status}>
                {STATUS_LABELS[status]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select
          value={params.sort}
          onValueChange={(value) => setParams({ sort: value as CallRecordSort, page: 1 })}
        >
          <SelectTrigger className="md:w-44" aria-label="Sort">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {callRecordSorts.map((sort) => (
              <SelectItem key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      <div className="rounded-lg border bg-card" aria-busy={groups.isFetching}>
        {groups.isLoading ? (
          <p
            className="flex items-center justify-center gap-2 py-16 text-muted-foreground"
            role="status"
          >
            <Spinner className="size-4" /> Loading call records...
          </p>
        ) : !data || data.groups.length === 0 ? (
          <p className="py-16 text-center text-muted-foreground">No call records found.</p>
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
                <TableHead>Latest Status</TableHead>
                <TableHead>Total Duration</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.groups.map((group) => (
                <GroupRows
                  key={group.id}
                  group={group}
                  open={expanded.has(group.id)}
                  onToggle={() => toggle(group.id)}
                  onDetails={setDetails}
                />
              ))}
            </TableBody>
          </Table>
        )}
      </div>

      {data && data.total > 0 ? (
        <Pagination
          page={params.page}
          pages={pages}
          total={data.total}
          onPage={(page) => setParams({ page })}
        />
      ) : null}

      <CallDetailsSheet
        organizationId={organizationId}
        callRecordId={details}
        onClose={() => setDetails(null)}
      />
    </div>
  );
}

function StatusBadge({ status }: { status: CallStatus }) {
  return <Badge variant={statusTone(status)}>{STATUS_LABELS[status]}</Badge>;
}

function GroupRows({
  group,
  open,
  onToggle,
  onDetails,
}: {
  group: CallGroup;
  open: boolean;
  onToggle: () => void;
  onDetails: (callRecordId: string) => void;
}) {
  const who = group.respondent.name?.trim() || "Unknown respondent";
  return (
    <Fragment>
      <TableRow data-group={group.id}>
        <TableCell>
          <Button
            size="icon"
            variant="ghost"
            aria-expanded={open}
            aria-label={`${open ? "Hide" : "Show"} attempts for ${who}`}
            onClick={onToggle}
          >
            <ChevronDown
              className={cn("transition-transform", open ? "rotate-180" : "")}
              aria-hidden="true"
            />
          </Button>
        </TableCell>
        <TableCell className="max-w-48 truncate">{group.formTitle ?? "Unknown form"}</TableCell>
        <TableCell>
          <RespondentHoverCard respondent={group.respondent} />
        </TableCell>
        <TableCell>{group.attempts.length}</TableCell>
        <TableCell>
          <StatusBadge status={group.latestStatus} />
        </TableCell>
        <TableCell>{formatDuration(group.totalDuration)}</TableCell>
        <TableCell className="text-right">
          <Button
            variant="link"
            className="h-auto p-0"
            onClick={() => onDetails(group.latestCallId)}
          >
            Latest Call
          </Button>
        </TableCell>
      </TableRow>
      {open
        ? group.attempts.map((attempt) => (
            <TableRow key={attempt.id} className="bg-muted/40" data-attempt={attempt.callAttempt}>
              <TableCell />
              <TableCell colSpan={2} className="text-muted-foreground">
                <span className="font-medium text-foreground">Attempt {attempt.callAttempt}</span> ·{" "}
                {formatCallDate(attempt.createdAt)}
              </TableCell>
              <TableCell>
                <PlaybackControls
                  callRecordId={attempt.id}
                  hasRecording={attempt.hasRecording}
                  label={`${who}, attempt ${attempt.callAttempt}`}
                />
              </TableCell>
              <TableCell>
                <StatusBadge status={attempt.status} />
              </TableCell>
              <TableCell>{formatDuration(attempt.duration)}</TableCell>
              <TableCell className="text-right">
                <Button variant="link" className="h-auto p-0" onClick={() => onDetails(attempt.id)}>
                  Details
                </Button>
              </TableCell>
            </TableRow>
          ))
        : null}
    </Fragment>
  );
}

/** SPEC.md §9: previous/next and page numbers with ellipses. */
function Pagination({
  page,
  pages,
  total,
  onPage,
}: {
  page: number;
  pages: number;
  total: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground">
        {total.toLocaleString()} {total === 1 ? "submission" : "submissions"} · page{" "}
        {Math.min(page, pages)} of {pages}
      </p>
      <div className="flex items-center gap-1">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" /> Previous
        </Button>
        {pageWindow(page, pages).map((item) =>
          typeof item === "number" ? (
            <Button
              key={item}
              variant={item === page ? "default" : "ghost"}
              size="sm"
              aria-current={item === page ? "page" : undefined}
              aria-label={`Page ${item}`}
              onClick={() => onPage(item)}
            >
              {item}
            </Button>
          ) : (
            <span key={item} className="px-2 text-muted-foreground" aria-hidden="true">
              …
            </span>
          ),
        )}
        <Button
          variant="outline"
          size="sm"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
