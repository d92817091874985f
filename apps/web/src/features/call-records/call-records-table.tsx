import {
  type CallGroup,
  type CallRecordSort,
  formatOutcomeValue,
  type OutcomeQuestion,
} from "@ringback/contracts";
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronDown } from "lucide-react";
import { Fragment, memo, type ReactNode } from "react";
import { LeadOutcomeBadge, StatusBadge } from "@/components/status-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { formatCallDate, formatDuration } from "@/lib/call-format";
import { cn } from "@/lib/utils";
import { latestStatusOf } from "./card-content";
import { type DetailsHandler, DetailsOpener } from "./details-opener";
import { PlaybackControls, RecordingProgress } from "./playback-controls";
import { useRecordingPlayer } from "./recording-player";
import { RespondentHoverCard } from "./respondent-hover-card";
import { nextHeaderSort, type SortableColumn, sortDirection } from "./url-state";

/**
 * The submissions as a table (from the md breakpoint up): a row each, its attempts under it when
 * expanded, the chosen outcome columns, and headers that sort.
 */
export function CallRecordsTable({
  groups,
  columns,
  expanded,
  sort,
  onSort,
  onToggle,
  onDetails,
}: {
  groups: readonly CallGroup[];
  /** The outcome questions shown as columns (after Total Duration). */
  columns: readonly OutcomeQuestion[];
  /** The groups open (their ids). */
  expanded: ReadonlySet<string>;
  sort: CallRecordSort;
  /** A header was clicked: the sort it gives. */
  onSort: (sort: CallRecordSort) => void;
  onToggle: (groupId: string) => void;
  onDetails: DetailsHandler;
}) {
  const sortHeader = (column: SortableColumn, label: string, className?: string) => (
    <SortableHead
      label={label}
      direction={sortDirection(sort, column)}
      onSort={() => onSort(nextHeaderSort(sort, column))}
      className={className}
    />
  );
  return (
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
        {groups.map((group) => (
          <GroupRows
            key={group.id}
            group={group}
            open={expanded.has(group.id)}
            onToggle={onToggle}
            onDetails={onDetails}
            columns={columns}
          />
        ))}
      </TableBody>
    </Table>
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
