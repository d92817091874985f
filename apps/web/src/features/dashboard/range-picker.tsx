import { useId } from "react";
import { Input } from "@/components/ui/input";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import {
  addDays,
  CUSTOM_RANGE_LABEL,
  customRange,
  type DashboardRange,
  dashboardRanges,
  localToday,
} from "./range";

/** The dashboard's range: a preset, or "Custom range" (starting as the last 7 days). */
export function RangeSelect({
  range,
  onChange,
}: {
  range: DashboardRange;
  onChange: (range: DashboardRange) => void;
}) {
  const choose = (id: string) => {
    if (id === "custom") {
      const today = localToday();
      onChange(customRange(addDays(today, -6), today, today));
    } else {
      onChange(dashboardRanges.find((r) => r.id === id) ?? dashboardRanges[2]);
    }
  };
  return (
    <Select value={range.id} onValueChange={choose}>
      <SelectTrigger aria-label="Date range" className="w-40">
        <SelectValue>{range.id === "custom" ? CUSTOM_RANGE_LABEL : range.label}</SelectValue>
      </SelectTrigger>
      <SelectContent>
        {dashboardRanges.map((r) => (
          <SelectItem key={r.id} value={r.id}>
            {r.label}
          </SelectItem>
        ))}
        <SelectItem value="custom">{CUSTOM_RANGE_LABEL}</SelectItem>
      </SelectContent>
    </Select>
  );
}

/**
 * A custom range's first and last day. Picking a first day after the last (or the other way
 * round) moves the other one with it, so the range is never backwards.
 */
export function CustomRangeFields({
  range,
  onChange,
}: {
  range: Extract<DashboardRange, { id: "custom" }>;
  onChange: (range: DashboardRange) => void;
}) {
  const fromId = useId();
  const toId = useId();
  const today = localToday();
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">Custom date range</legend>
      <div className="flex flex-col gap-1">
        <label htmlFor={fromId} className="text-sm font-medium">
          From
        </label>
        <Input
          id={fromId}
          type="date"
          className="w-40"
          value={range.from}
          max={today}
          onChange={(e) => {
            const from = e.target.value;
            if (from) onChange(customRange(from, from > range.to ? from : range.to, today));
          }}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={toId} className="text-sm font-medium">
          To
        </label>
        <Input
          id={toId}
          type="date"
          className="w-40"
          value={range.to}
          max={today}
          onChange={(e) => {
            const to = e.target.value;
            if (to) onChange(customRange(to < range.from ? to : range.from, to, today));
          }}
        />
      </div>
      <p className="basis-full text-xs text-muted-foreground">
        Days in your time zone, both included.
      </p>
    </fieldset>
  );
}
