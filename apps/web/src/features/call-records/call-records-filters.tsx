import {
  type CallRecordSort,
  type CallStatus,
  callRecordSorts,
  callStatuses,
  type OutcomeQuestion,
} from "@ringback/contracts";
import { Columns3, Search } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Input } from "@/components/ui/input";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { useAssistants } from "@/lib/assistants";
import { STATUS_LABELS } from "./format";
import {
  type CallRecordsParams,
  customRangeError,
  DATE_RANGE_LABELS,
  type DateRange,
  dateRanges,
  outcomeFilterOptions,
  toggleOutcomeColumn,
} from "./url-state";

export const SORT_LABELS: Record<CallRecordSort, string> = {
  newest: "Newest First",
  oldest: "Oldest First",
  duration: "Duration",
};

/**
 * A select whose visible label sits inside its trigger ("Status All"): the label is the
 * accessible name, so what a person sees is what voice control and screen readers call it
 * (WCAG 2.5.3), and the value is read as the value.
 */
function LabelledSelect({
  label,
  value,
  onValueChange,
  className,
  children,
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  className?: string;
  children: ReactNode;
}) {
  const labelId = useId();
  return (
    <Select value={value} onValueChange={onValueChange}>
      <SelectTrigger className={className} aria-labelledby={labelId}>
        <span className="flex min-w-0 flex-1 items-center gap-2">
          <span id={labelId} className="shrink-0 text-muted-foreground">
            {label}
          </span>
          <SelectValue />
        </span>
      </SelectTrigger>
      <SelectContent>{children}</SelectContent>
    </Select>
  );
}

/**
 * Search, status, assistant, date range and sort, and (issue 14) an outcome's answer and the
 * outcome columns: everything lands in the URL.
 */
export function CallRecordsFilters({
  organizationId,
  params,
  searchText,
  onSearchText,
  onChange,
  questions,
  questionsLoading,
}: {
  organizationId: string;
  params: CallRecordsParams;
  searchText: string;
  onSearchText: (text: string) => void;
  onChange: (next: Partial<CallRecordsParams>) => void;
  /** The organization's outcome questions (GET …/call-records/outcome-questions). */
  questions: readonly OutcomeQuestion[];
  questionsLoading: boolean;
}) {
  const searchId = useId();
  const hintId = useId();
  const fromId = useId();
  const toId = useId();
  const rangeErrorId = useId();
  const assistants = useAssistants(organizationId);
  const named = (assistants.data ?? []).filter((a) => a.name?.trim());
  const rangeError = params.range === "custom" ? customRangeError(params) : null;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <div className="relative">
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
              aria-describedby={hintId}
              value={searchText}
              maxLength={200}
              onChange={(e) => onSearchText(e.target.value)}
            />
          </div>
          <p id={hintId} className="text-xs text-muted-foreground">
            Phone numbers in any format and the words of the answers are found too.
          </p>
        </div>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <LabelledSelect
            label="Status"
            value={params.status ?? "all"}
            onValueChange={(value) =>
              onChange({ status: value === "all" ? null : (value as CallStatus), page: 1 })
            }
          >
            <SelectItem value="all">All</SelectItem>
            {callStatuses.map((status) => (
              <SelectItem key={status} value={status}>
                {STATUS_LABELS[status]}
              </SelectItem>
            ))}
          </LabelledSelect>
          <LabelledSelect
            label="Assistant"
            value={params.assistant ?? "all"}
            onValueChange={(value) =>
              onChange({ assistant: value === "all" ? null : value, page: 1 })
            }
          >
            <SelectItem value="all">All</SelectItem>
            {named.map((assistant) => (
              <SelectItem key={assistant.id} value={assistant.id}>
                {assistant.name}
              </SelectItem>
            ))}
            {params.assistant && !named.some((a) => a.id === params.assistant) ? (
              // A link to an assistant this list does not (or not yet) hold still says so.
              <SelectItem value={params.assistant}>
                {assistants.isLoading ? "Loading…" : "Another assistant"}
              </SelectItem>
            ) : null}
          </LabelledSelect>
          <LabelledSelect
            label="Date"
            value={params.range ?? "all"}
            onValueChange={(value) =>
              onChange({
                range: value === "all" ? null : (value as DateRange),
                page: 1,
              })
            }
          >
            <SelectItem value="all">Any time</SelectItem>
            {dateRanges.map((range) => (
              <SelectItem key={range} value={range}>
                {DATE_RANGE_LABELS[range]}
              </SelectItem>
            ))}
          </LabelledSelect>
          <LabelledSelect
            label="Sort"
            value={params.sort}
            onValueChange={(value) => onChange({ sort: value as CallRecordSort, page: 1 })}
          >
            {callRecordSorts.map((sort) => (
              <SelectItem key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </SelectItem>
            ))}
          </LabelledSelect>
        </div>
      </div>
      <OutcomeControls
        params={params}
        questions={questions}
        loading={questionsLoading}
        onChange={onChange}
      />
      {params.range === "custom" ? (
        <fieldset className="flex flex-col gap-1">
          <legend className="sr-only">Custom date range</legend>
          <div className="flex flex-wrap items-end gap-3">
            <div className="flex flex-col gap-1">
              <label htmlFor={fromId} className="text-sm font-medium">
                From
              </label>
              <Input
                id={fromId}
                type="date"
                className="w-44"
                value={params.from ?? ""}
                max={params.to ?? undefined}
                aria-invalid={rangeError ? true : undefined}
                aria-describedby={rangeError ? rangeErrorId : undefined}
                onChange={(e) => onChange({ from: e.target.value || null, page: 1 })}
              />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={toId} className="text-sm font-medium">
                To
              </label>
              <Input
                id={toId}
                type="date"
                className="w-44"
                value={params.to ?? ""}
                min={params.from ?? undefined}
                aria-invalid={rangeError ? true : undefined}
                aria-describedby={rangeError ? rangeErrorId : undefined}
                onChange={(e) => onChange({ to: e.target.value || null, page: 1 })}
              />
            </div>
          </div>
          {rangeError ? (
            <p id={rangeErrorId} className="text-sm text-destructive">
              {rangeError}
            </p>
          ) : (
            <p className="text-xs text-muted-foreground">Days in your time zone, both included.</p>
          )}
        </fieldset>
      ) : null}
    </div>
  );
}

/**
 * Issue 14: filter by a yes/no or list question's answer ("Qualified?: Yes"), and the "Columns"
 * menu that adds questions' answers to the table. Shown once the organization has questions (or
 * a link asks for them).
 */
function OutcomeControls({
  params,
  questions,
  loading,
  onChange,
}: {
  params: CallRecordsParams;
  questions: readonly OutcomeQuestion[];
  loading: boolean;
  onChange: (next: Partial<CallRecordsParams>) => void;
}) {
  const options = outcomeFilterOptions(questions);
  const showFilter = options.length > 0 || params.outcome !== null;
  if (!showFilter && questions.length === 0) return null;
  const shown = questions.filter((q) => params.cols.includes(q.key)).length;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      {showFilter ? (
        <LabelledSelect
          label="Outcome"
          className="sm:w-80"
          value={params.outcome ?? "any"}
          onValueChange={(value) => onChange({ outcome: value === "any" ? null : value, page: 1 })}
        >
          <SelectItem value="any">Any</SelectItem>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
          {params.outcome && !options.some((o) => o.value === params.outcome) ? (
            // A link to an answer no question offers (any more) still says what it filters by.
            <SelectItem value={params.outcome}>
              {loading ? "Loading…" : params.outcome.replace(":", ": ")}
            </SelectItem>
          ) : null}
        </LabelledSelect>
      ) : null}
      {questions.length > 0 ? (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            {/* The table's columns: the narrow screen's cards show every answer already. */}
            <Button variant="outline" className="hidden w-fit md:inline-flex">
              <Columns3 aria-hidden="true" />
              Columns
              {shown > 0 ? (
                <Badge variant="secondary" className="tabular-nums">
                  {shown}
                </Badge>
              ) : null}
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start" className="w-64">
            <DropdownMenuLabel className="text-xs text-muted-foreground">
              Outcome columns
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            {questions.map((question) => (
              <DropdownMenuCheckboxItem
                key={question.key}
                checked={params.cols.includes(question.key)}
                // The menu stays open: several columns in a row.
                onSelect={(event) => event.preventDefault()}
                onCheckedChange={() =>
                  onChange({ cols: toggleOutcomeColumn(params.cols, question.key, questions) })
                }
              >
                <span className="min-w-0 break-words">{question.label}</span>
              </DropdownMenuCheckboxItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}
    </div>
  );
}
