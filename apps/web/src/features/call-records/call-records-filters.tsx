import {
  type CallRecordSort,
  type CallStatus,
  callRecordSorts,
  callStatuses,
  leadOutcomeDescriptions,
  leadOutcomeLabels,
  type OutcomeQuestion,
} from "@ringback/contracts";
import { Columns3, Search, SlidersHorizontal, X } from "lucide-react";
import {
  memo,
  type ReactNode,
  type RefObject,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { DayRangeFields } from "@/components/day-range-fields";
import {
  type FilterOption,
  MultiSelectFieldset,
  MultiSelectFilter,
  type MultiSelectFilterProps,
} from "@/components/multi-select-filter";
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
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "@/components/ui/sheet";
import { useAssistants } from "@/lib/assistants";
import { STATUS_LABELS } from "@/lib/call-format";
import {
  activeFilters,
  type CallRecordsParams,
  customRangeError,
  DATE_RANGE_LABELS,
  type DateRange,
  dateRanges,
  type FilterableLeadOutcome,
  filterableLeadOutcomes,
  hasActiveFilters,
  outcomeFilterOptions,
  toggleOutcomeColumn,
} from "./url-state";

export const SORT_LABELS: Record<CallRecordSort, string> = {
  newest: "Newest First",
  oldest: "Oldest First",
  duration: "Duration",
};

const STATUS_OPTIONS: FilterOption<CallStatus>[] = callStatuses.map((status) => ({
  value: status,
  label: STATUS_LABELS[status],
}));

const LEAD_OPTIONS: FilterOption<FilterableLeadOutcome>[] = filterableLeadOutcomes.map(
  (outcome) => ({
    value: outcome,
    label: leadOutcomeLabels[outcome],
    description: leadOutcomeDescriptions[outcome],
  }),
);

const LEAD_OPTIONS_SHORT = LEAD_OPTIONS.map(({ value, label }) => ({ value, label }));

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

interface FiltersProps {
  organizationId: string;
  params: CallRecordsParams;
  searchText: string;
  onSearchText: (text: string) => void;
  onChange: (next: Partial<CallRecordsParams>) => void;
  /** Resets the search and every filter (clearFilters), keeping the sort and the columns. */
  onClear: () => void;
  /** The organization's outcome questions (GET …/call-records/outcome-questions). */
  questions: readonly OutcomeQuestion[];
  questionsLoading: boolean;
  /** Below the md breakpoint: the search, a Filters button opening a sheet, and chips. */
  narrow: boolean;
  searchInputRef: RefObject<HTMLInputElement | null>;
}

/**
 * Search, status, lead outcome, assistant, date range and sort, an outcome's answer and the
 * outcome columns: everything lands in the URL. Wide screens show every control;
 * a phone shows the search, a Filters button (a sheet with the rest) and the filters in force
 * as removable chips, so that the first record starts near the top.
 */
export const CallRecordsFilters = memo(function CallRecordsFilters(props: FiltersProps) {
  const { organizationId, params, searchText, onChange, onClear, questions, narrow } = props;
  const assistants = useAssistants(organizationId);
  const named = (assistants.data ?? []).filter((a) => a.name?.trim());
  const outcomeOptions = outcomeFilterOptions(questions);
  const chips = activeFilters(params, {
    assistant: named.find((a) => a.id === params.assistant)?.name ?? null,
    outcome: outcomeOptions.find((o) => o.value === params.outcome)?.label ?? null,
  });
  const anyActive = hasActiveFilters(params) || searchText.trim() !== "";

  const statusFilter: MultiSelectFilterProps<CallStatus> = {
    label: "Status",
    heading: "Any attempt's status",
    note: "Matches a submission when any of its attempts has one of these, not only the latest.",
    options: STATUS_OPTIONS,
    values: params.status,
    onChange: (status) => onChange({ status, page: 1 }),
    allLabel: "All statuses",
    countLabel: (count) => `${count} statuses`,
    clearLabel: "Clear statuses",
  };
  const leadFilter: MultiSelectFilterProps<FilterableLeadOutcome> = {
    label: "Lead outcome",
    heading: "The lead's outcome, over all its calls",
    options: LEAD_OPTIONS,
    values: params.lead,
    onChange: (lead) => onChange({ lead, page: 1 }),
    allLabel: "All outcomes",
    countLabel: (count) => `${count} outcomes`,
    clearLabel: "Clear outcomes",
  };

  const assistantSelect = (
    <LabelledSelect
      label="Assistant"
      value={params.assistant ?? "all"}
      onValueChange={(value) => onChange({ assistant: value === "all" ? null : value, page: 1 })}
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
  );
  const dateSelect = (
    <LabelledSelect
      label="Date"
      value={params.range ?? "all"}
      onValueChange={(value) =>
        onChange({ range: value === "all" ? null : (value as DateRange), page: 1 })
      }
    >
      <SelectItem value="all">Any time</SelectItem>
      {dateRanges.map((range) => (
        <SelectItem key={range} value={range}>
          {DATE_RANGE_LABELS[range]}
        </SelectItem>
      ))}
    </LabelledSelect>
  );
  const sortSelect = (
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
  );
  const showOutcomeFilter = outcomeOptions.length > 0 || params.outcome !== null;
  const outcomeSelect = showOutcomeFilter ? (
    <LabelledSelect
      label="Outcome"
      className="md:w-80"
      value={params.outcome ?? "any"}
      onValueChange={(value) => onChange({ outcome: value === "any" ? null : value, page: 1 })}
    >
      <SelectItem value="any">Any</SelectItem>
      {outcomeOptions.map((option) => (
        <SelectItem key={option.value} value={option.value}>
          {option.label}
        </SelectItem>
      ))}
      {params.outcome && !outcomeOptions.some((o) => o.value === params.outcome) ? (
        // A link to an answer no question offers (any more) still says what it filters by.
        <SelectItem value={params.outcome}>
          {props.questionsLoading ? "Loading…" : params.outcome.replace(":", ": ")}
        </SelectItem>
      ) : null}
    </LabelledSelect>
  ) : null;
  const customRange =
    params.range === "custom" ? <CustomRange params={params} onChange={onChange} /> : null;

  if (narrow) {
    return (
      <NarrowFilters
        {...props}
        chips={chips}
        anyActive={anyActive}
        fields={
          <>
            <MultiSelectFieldset {...statusFilter} columns={2} />
            {/* Two columns and the labels only: the sheet stays short. */}
            <MultiSelectFieldset {...leadFilter} options={LEAD_OPTIONS_SHORT} columns={2} />
            {assistantSelect}
            {dateSelect}
            {customRange}
            {outcomeSelect}
            {sortSelect}
          </>
        }
      />
    );
  }

  const clear = () => {
    onClear();
    props.searchInputRef.current?.focus();
  };
  return (
    <div className="flex flex-col gap-3">
      <SearchBox {...props} />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3 2xl:grid-cols-5">
        <MultiSelectFilter {...statusFilter} />
        <MultiSelectFilter {...leadFilter} />
        {assistantSelect}
        {dateSelect}
        {sortSelect}
      </div>
      {outcomeSelect || questions.length > 0 || anyActive ? (
        <div className="flex flex-wrap items-center gap-3">
          {outcomeSelect}
          {questions.length > 0 ? (
            <ColumnsMenu params={params} questions={questions} onChange={onChange} />
          ) : null}
          {anyActive ? (
            <Button variant="ghost" className="ml-auto" onClick={clear}>
              <X aria-hidden="true" />
              Clear filters
            </Button>
          ) : null}
        </div>
      ) : null}
      {customRange}
    </div>
  );
});

/** The search box and its hint; `action` sits beside the box (the phone's Filters button). */
function SearchBox({
  searchText,
  onSearchText,
  searchInputRef,
  narrow,
  action,
}: Pick<FiltersProps, "searchText" | "onSearchText" | "searchInputRef" | "narrow"> & {
  action?: ReactNode;
}) {
  const searchId = useId();
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <div className="relative min-w-0 flex-1">
          <label htmlFor={searchId} className="sr-only">
            Search by name, email or form title
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            ref={searchInputRef}
            id={searchId}
            type="search"
            className="pl-9"
            // Beside the Filters button a phone has room for one word; the hint says the rest.
            placeholder={narrow ? "Search" : "Search by name, email or form title"}
            aria-describedby={hintId}
            value={searchText}
            maxLength={200}
            onChange={(e) => onSearchText(e.target.value)}
          />
        </div>
        {action}
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {narrow
          ? "Names, emails, form titles, phone numbers in any format and the words of the answers."
          : "Phone numbers in any format and the words of the answers are found too."}
      </p>
    </div>
  );
}

/**
 * The phone's filters: the search with a Filters button ("Filters (2 active)"), whose sheet
 * holds every filter, the sort and Clear filters; under the search, a chip per filter in force
 * ("Voicemail ×"), whose × removes it. Focus then goes to the next chip, or to Filters when none
 * is left.
 */
function NarrowFilters({
  chips,
  anyActive,
  fields,
  onChange,
  onClear,
  ...search
}: FiltersProps & {
  chips: ReturnType<typeof activeFilters>;
  anyActive: boolean;
  fields: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const doneButton = useRef<HTMLButtonElement>(null);
  const chipList = useRef<HTMLUListElement>(null);
  const refocus = useRef<number | null>(null);
  const count = chips.length;
  useLayoutEffect(() => {
    const index = refocus.current;
    if (index === null) return;
    refocus.current = null;
    const buttons = chipList.current?.querySelectorAll("button") ?? [];
    (count > 0 ? buttons[Math.min(index, count - 1)] : filtersButton.current)?.focus();
  }, [count]);

  return (
    <div className="flex flex-col gap-2">
      <Sheet open={open} onOpenChange={setOpen}>
        <SearchBox
          {...search}
          action={
            <SheetTrigger asChild>
              <Button ref={filtersButton} variant="outline" className="shrink-0">
                <SlidersHorizontal aria-hidden="true" />
                Filters{" "}
                {count > 0 ? (
                  <Badge variant="secondary" className="tabular-nums">
                    <span aria-hidden="true">{count}</span>
                    <span className="sr-only">({count} active)</span>
                  </Badge>
                ) : null}
              </Button>
            </SheetTrigger>
          }
        />
        <SheetContent side="bottom" className="max-h-[90dvh] gap-0 rounded-t-xl">
          <SheetHeader className="border-b pr-12">
            <SheetTitle>Filters</SheetTitle>
            <SheetDescription>Each change applies at once.</SheetDescription>
          </SheetHeader>
          <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-4">{fields}</div>
          <div className="flex items-center justify-between gap-3 border-t p-4">
            <Button
              variant="ghost"
              disabled={!anyActive}
              onClick={() => {
                onClear();
                doneButton.current?.focus();
              }}
            >
              <X aria-hidden="true" />
              Clear filters
            </Button>
            <SheetClose asChild>
              <Button ref={doneButton}>Done</Button>
            </SheetClose>
          </div>
        </SheetContent>
      </Sheet>
      {count > 0 ? (
        <ul ref={chipList} aria-label="Filters in force" className="flex flex-wrap gap-2">
          {chips.map((chip, index) => (
            <li key={chip.key}>
              <button
                type="button"
                aria-label={`Remove filter ${chip.label}`}
                className="inline-flex min-h-8 max-w-full items-center gap-1 rounded-full border bg-secondary py-1 pr-2 pl-3 text-left text-xs font-medium text-secondary-foreground outline-none hover:bg-secondary/80 focus-visible:ring-[3px] focus-visible:ring-ring/50"
                onClick={() => {
                  refocus.current = index;
                  onChange(chip.remove);
                }}
              >
                <span className="min-w-0 break-words">{chip.label}</span>
                <X className="size-3.5 shrink-0" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A custom range's first and last day, said wrong when the last comes before the first. */
function CustomRange({
  params,
  onChange,
}: {
  params: CallRecordsParams;
  onChange: (next: Partial<CallRecordsParams>) => void;
}) {
  return (
    <DayRangeFields
      from={params.from}
      to={params.to}
      onFrom={(from) => onChange({ from, page: 1 })}
      onTo={(to) => onChange({ to, page: 1 })}
      error={customRangeError(params)}
    />
  );
}

/**
 * The "Columns" menu that adds questions' answers to the table (wide screens only: the phone's
 * cards show every answer already).
 */
function ColumnsMenu({
  params,
  questions,
  onChange,
}: {
  params: CallRecordsParams;
  questions: readonly OutcomeQuestion[];
  onChange: (next: Partial<CallRecordsParams>) => void;
}) {
  const shown = questions.filter((q) => params.cols.includes(q.key)).length;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" className="w-fit">
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
  );
}
