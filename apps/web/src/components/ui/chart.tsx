import type * as React from "react";
import { cn } from "@/lib/utils";

/**
 * shadcn/ui's chart pattern: a config names each series and gives it a colour, exposed as
 * `--color-<key>` for the chart's fills (stacked-bar-chart.tsx draws the bars; the theme's tokens
 * style its axes and grid). The charts are imported only by lazily loaded modules.
 */
export type ChartConfig = Record<string, { label: string; color: string }>;

export function ChartContainer({
  config,
  className,
  children,
  ...props
}: Omit<React.ComponentProps<"div">, "children"> & {
  config: ChartConfig;
  children: React.ReactNode;
}) {
  const colors = Object.fromEntries(
    Object.entries(config).map(([key, item]) => [`--color-${key}`, item.color]),
  ) as React.CSSProperties;
  return (
    <div data-slot="chart" style={colors} className={cn("w-full text-xs", className)} {...props}>
      {children}
    </div>
  );
}

/** A legend as HTML (it wraps on a phone, unlike an SVG one). */
export function ChartLegend({ config, className }: { config: ChartConfig; className?: string }) {
  return (
    <ul className={cn("flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground", className)}>
      {Object.entries(config).map(([key, item]) => (
        <li key={key} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="size-2.5 shrink-0 rounded-[2px]"
            style={{ background: item.color }}
          />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

/** The tooltip's box: a title and one line per series with a value. */
export function ChartTooltipBox({
  title,
  rows,
  footer,
}: {
  title: string;
  rows: { key: string; label: string; color: string; value: string }[];
  footer?: string;
}) {
  return (
    <div className="grid min-w-32 gap-1.5 rounded-lg border bg-popover px-2.5 py-1.5 text-xs text-popover-foreground shadow-md">
      <p className="font-medium">{title}</p>
      {rows.map((row) => (
        <p key={row.key} className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="size-2.5 shrink-0 rounded-[2px]"
            style={{ background: row.color }}
          />
          <span className="text-muted-foreground">{row.label}</span>
          <span className="ml-auto font-medium tabular-nums">{row.value}</span>
        </p>
      ))}
      {footer ? <p className="border-t pt-1 text-muted-foreground">{footer}</p> : null}
    </div>
  );
}
