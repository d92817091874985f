import { ChevronDown } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { selectionSummary, toggleValue } from "@/lib/selection";
import { cn } from "@/lib/utils";

/** One choice of a multi-select filter. */
export interface FilterOption<T extends string> {
  value: T;
  label: string;
  /** Said under the label and read with it (aria-describedby). */
  description?: string;
}

/** What a multi-select filter shows and sends; `values` in the order the URL keeps them. */
export interface MultiSelectFilterProps<T extends string> {
  /** The control's label: "Status". */
  label: string;
  /** The popover's heading, and the group's name: "Any attempt's status". */
  heading: string;
  /** A line under the heading, also the trigger's accessible description. */
  note?: string;
  options: readonly FilterOption<T>[];
  values: readonly T[];
  onChange: (values: T[]) => void;
  /** The trigger with nothing chosen: "All statuses". */
  allLabel: string;
  /** The trigger with several chosen: "3 statuses". */
  countLabel: (count: number) => string;
  /** Its Clear button: "Clear statuses". */
  clearLabel: string;
}

/**
 * The values as ticked, at once: the URL they go to changes in a transition (React Router's),
 * and until it lands a controlled checkbox would show its old state, and a second tick would
 * build on the first one's old list. A new list from the URL (Back, a chip removed) wins.
 */
function useTicked<T extends string>(
  values: readonly T[],
  onChange: (values: T[]) => void,
): [readonly T[], (values: T[]) => void] {
  const key = values.join(",");
  const [state, setState] = useState({ key, ticked: values });
  let ticked = state.ticked;
  if (state.key !== key) {
    setState({ key, ticked: values });
    ticked = values;
  }
  const change = (next: T[]) => {
    setState({ key, ticked: next });
    onChange(next);
  };
  return [ticked, change];
}

/** The choices as checkboxes, each ticked or unticked on its own. */
function CheckboxList<T extends string>({
  options,
  values,
  onChange,
  className,
}: {
  options: readonly FilterOption<T>[];
  values: readonly T[];
  onChange: (values: T[]) => void;
  className?: string;
}) {
  const baseId = useId();
  const known = options.map((o) => o.value);
  return (
    <div className={className}>
      {options.map((option) => {
        const id = `${baseId}-${option.value}`;
        const descriptionId = option.description ? `${id}-description` : undefined;
        return (
          <div key={option.value} className="flex items-start gap-2 rounded-sm hover:bg-accent">
            <Checkbox
              id={id}
              className="mt-2.5 ml-2"
              checked={values.includes(option.value)}
              aria-describedby={descriptionId}
              onChange={() => onChange(toggleValue(known, values, option.value))}
            />
            {/* The whole row's text takes the tap: at least 32 px high (WCAG 2.5.8). */}
            <label htmlFor={id} className="min-h-8 flex-1 cursor-pointer py-1.5 pr-2 text-sm">
              {option.label}
              {option.description ? (
                <span id={descriptionId} className="block text-xs text-muted-foreground">
                  {option.description}
                </span>
              ) : null}
            </label>
          </div>
        );
      })}
    </div>
  );
}

const TRIGGER =
  "flex min-h-9 w-full items-center justify-between gap-2 rounded-md border border-input bg-card px-3 py-2 text-left text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40";

/**
 * A filter of several values at once, on wide screens: a trigger like the selects beside it
 * ("Status All statuses": the label is in its name, as a person sees it, WCAG 2.5.3) opening a
 * popover of checkboxes. Each tick applies at once; Escape or a click outside closes it.
 */
export function MultiSelectFilter<T extends string>(
  props: MultiSelectFilterProps<T> & { className?: string },
) {
  const { label, heading, note, options, clearLabel, className } = props;
  const [values, onChange] = useTicked(props.values, props.onChange);
  const headingId = useId();
  const noteId = useId();
  const list = useRef<HTMLFieldSetElement>(null);
  return (
    <Popover>
      <PopoverTrigger asChild>
        <button
          type="button"
          className={cn(TRIGGER, className)}
          aria-describedby={note ? noteId : undefined}
        >
          <span className="flex min-w-0 flex-1 items-center gap-2">
            <span className="shrink-0 text-muted-foreground">{label}</span>
            <span className="min-w-0 flex-1 break-words">
              {selectionSummary({ ...props, values })}
            </span>
          </span>
          <ChevronDown className="size-4 shrink-0 opacity-50" aria-hidden="true" />
        </button>
      </PopoverTrigger>
      {note ? (
        <span id={noteId} className="sr-only">
          {note}
        </span>
      ) : null}
      <PopoverContent
        aria-labelledby={headingId}
        aria-describedby={note ? `${noteId}-popover` : undefined}
        className="flex flex-col gap-2 p-2"
      >
        <div className="px-2 pt-1">
          <p id={headingId} className="text-sm font-medium">
            {heading}
          </p>
          {note ? (
            <p id={`${noteId}-popover`} className="text-xs text-muted-foreground">
              {note}
            </p>
          ) : null}
        </div>
        <fieldset ref={list} aria-labelledby={headingId} className="min-w-0">
          <CheckboxList
            options={options}
            values={values}
            onChange={onChange}
            className="flex flex-col"
          />
        </fieldset>
        {values.length > 0 ? (
          <Button
            variant="ghost"
            size="sm"
            className="self-start"
            onClick={() => {
              onChange([]);
              // The button goes with the choices: focus stays in the popover, on the first one.
              list.current?.querySelector("input")?.focus();
            }}
          >
            {clearLabel}
          </Button>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}

/**
 * The same filter laid out in full, for the phone's Filters sheet: its label as the legend and
 * every checkbox in view, with no popover over the sheet.
 */
export function MultiSelectFieldset<T extends string>(
  props: MultiSelectFilterProps<T> & { columns?: 1 | 2 },
) {
  const { label, note, options, columns = 1 } = props;
  const [values, onChange] = useTicked(props.values, props.onChange);
  const noteId = useId();
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={note ? noteId : undefined}>
      <legend className="text-sm font-medium">{label}</legend>
      {note ? (
        <p id={noteId} className="text-xs text-muted-foreground">
          {note}
        </p>
      ) : null}
      <CheckboxList
        options={options}
        values={values}
        onChange={onChange}
        className={cn("-mx-2 grid", columns === 2 ? "grid-cols-2" : "grid-cols-1")}
      />
    </fieldset>
  );
}
