import { type ReactNode, useId } from "react";
import { Input } from "@/components/ui/input";

/**
 * A range of whole days: From and To date fields, then an error under them or the note that the
 * days are the user's own and both are included. `trailing` sits at the end of the fields' row
 * (a Clear filters button). What an empty field or a backwards range means is the caller's.
 */
export function DayRangeFields({
  from,
  to,
  onFrom,
  onTo,
  max,
  error = null,
  trailing = null,
}: {
  from: string | null;
  to: string | null;
  onFrom: (day: string | null) => void;
  onTo: (day: string | null) => void;
  /** The latest day either field offers (today, say). */
  max?: string;
  error?: string | null;
  trailing?: ReactNode;
}) {
  const fromId = useId();
  const toId = useId();
  const noteId = useId();
  const field = (
    id: string,
    label: string,
    value: string | null,
    onValue: (day: string | null) => void,
    bounds: { min?: string; max?: string },
  ) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input
        id={id}
        type="date"
        className="w-40 sm:w-44"
        value={value ?? ""}
        min={bounds.min}
        max={bounds.max}
        aria-invalid={error ? true : undefined}
        aria-describedby={noteId}
        onChange={(e) => onValue(e.target.value || null)}
      />
    </div>
  );
  const earliest = (a: string | undefined, b: string | undefined) =>
    a && b ? (a < b ? a : b) : (a ?? b);
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="sr-only">Dates</legend>
      <div className="flex flex-wrap items-end gap-3">
        {field(fromId, "From", from, onFrom, { max: earliest(to ?? undefined, max) })}
        {field(toId, "To", to, onTo, { min: from ?? undefined, max })}
        {trailing}
      </div>
      {error ? (
        <p id={noteId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        <p id={noteId} className="text-xs text-muted-foreground">
          Days in your time zone, both included.
        </p>
      )}
    </fieldset>
  );
}
