import { addDays } from "@ringback/contracts";
import { DayRangeFields } from "@/components/day-range-fields";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import {
  CUSTOM_RANGE_LABEL,
  customRange,
  type DashboardRange,
  DEFAULT_DASHBOARD_RANGE,
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
      onChange(dashboardRanges.find((r) => r.id === id) ?? DEFAULT_DASHBOARD_RANGE);
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
 * round) moves the other one with it, so the range is never backwards; an emptied field keeps
 * its day.
 */
export function CustomRangeFields({
  range,
  onChange,
}: {
  range: Extract<DashboardRange, { id: "custom" }>;
  onChange: (range: DashboardRange) => void;
}) {
  const today = localToday();
  return (
    <DayRangeFields
      from={range.from}
      to={range.to}
      max={today}
      onFrom={(from) => {
        if (from) onChange(customRange(from, from > range.to ? from : range.to, today));
      }}
      onTo={(to) => {
        if (to) onChange(customRange(to < range.from ? to : range.from, to, today));
      }}
    />
  );
}
