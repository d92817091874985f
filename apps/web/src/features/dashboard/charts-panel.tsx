import {
  type ChartStatus,
  chartStatuses,
  chartStatusLabels,
  type DashboardCharts,
} from "@ringback/contracts";
import { useMemo, useState } from "react";
import { Card } from "@/components/ui/card";
import {
  type ChartConfig,
  ChartContainer,
  ChartLegend,
  ChartTooltipBox,
} from "@/components/ui/chart";
import { StackedBarChart } from "@/components/ui/stacked-bar-chart";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import {
  type DayRow,
  dayRows,
  formatDuration,
  formatRate,
  perDaySummary,
  plural,
  windowPhrase,
} from "./charts";
import type { DashboardRange } from "./range";

/**
 * The dashboard's charts (calls per day as an SVG stacked bar chart, the rest as
 * HTML). This module is imported lazily by charts-section.tsx: only the dashboard loads it.
 */
const statusColors: Record<ChartStatus, string> = {
  answered: "var(--success)",
  // Amber: a machine picked up, not a person (never the answered green).
  voicemail: "var(--warning)",
  "no-answer": "var(--chart-no-answer)",
  busy: "var(--chart-busy)",
  failed: "var(--destructive)",
  "not-called": "var(--chart-not-called)",
};

/** Each status's legend label (the contracts' words) and colour, in the bars' order. */
const statusConfig = Object.fromEntries(
  chartStatuses.map((status) => [
    status,
    { label: chartStatusLabels[status], color: statusColors[status] },
  ]),
) as Record<ChartStatus, { label: string; color: string }> satisfies ChartConfig;

export default function ChartsPanel({
  charts,
  range,
}: {
  charts: DashboardCharts;
  range: DashboardRange;
}) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <CallsPerDay charts={charts} range={range} />
      <AnswerRate charts={charts} range={range} />
      <SpeedToLead charts={charts} range={range} />
      <ByAssistant charts={charts} range={range} />
    </div>
  );
}

function FigureCard({
  title,
  description,
  className,
  children,
}: {
  title: string;
  description: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Card className={`min-w-0 gap-4 px-4 py-4 sm:px-5 ${className ?? ""}`}>
      <div>
        <h3 className="font-semibold">{title}</h3>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </Card>
  );
}

function CallsPerDay({ charts, range }: { charts: DashboardCharts; range: DashboardRange }) {
  const rows = useMemo(() => dayRows(charts.perDay), [charts.perDay]);
  const empty = rows.every((row) => row.total === 0);
  const summary = perDaySummary(charts, range);
  // The table is built when first opened: thirty rows a phone need not lay out on every load.
  const [tableShown, setTableShown] = useState(false);
  return (
    <FigureCard
      title="Calls per Day"
      description="Finished calls by how they ended, per day in your time zone."
      className="lg:col-span-3"
    >
      <ChartLegend config={statusConfig} />
      <div className="relative">
        {/* The chart is a picture of the table below; its name says what it shows. */}
        <div role="img" aria-label={summary}>
          <ChartContainer config={statusConfig} className="h-56 sm:h-64">
            <StackedBarChart
              data={rows}
              series={chartStatuses}
              tooltip={empty ? undefined : (row) => <DayTooltip row={row} />}
            />
          </ChartContainer>
        </div>
        {empty ? (
          <p className="absolute inset-x-0 top-1/3 mx-auto w-fit max-w-[80%] rounded-md border bg-card px-3 py-2 text-center text-sm text-muted-foreground shadow-xs">
            No finished calls {windowPhrase(range)} yet. They appear here as your assistants call.
          </p>
        ) : null}
      </div>
      {empty ? null : (
        <details
          className="text-sm"
          onToggle={(event) => {
            if (event.currentTarget.open) setTableShown(true);
          }}
        >
          <summary className="inline-flex min-h-6 cursor-pointer items-center text-muted-foreground hover:text-foreground">
            Show as a table
          </summary>
          {tableShown ? (
            <Table className="mt-2">
              <TableHeader>
                <TableRow>
                  <TableHead>Day</TableHead>
                  {chartStatuses.map((status) => (
                    <TableHead key={status} className="text-right">
                      {statusConfig[status].label}
                    </TableHead>
                  ))}
                  <TableHead className="text-right">Total</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows
                  .filter((row) => row.total > 0)
                  .map((row) => (
                    <TableRow key={row.day}>
                      <TableCell className="whitespace-nowrap">{row.label}</TableCell>
                      {chartStatuses.map((status) => (
                        <TableCell key={status} className="text-right tabular-nums">
                          {row[status]}
                        </TableCell>
                      ))}
                      <TableCell className="text-right font-medium tabular-nums">
                        {row.total}
                      </TableCell>
                    </TableRow>
                  ))}
              </TableBody>
            </Table>
          ) : null}
        </details>
      )}
    </FigureCard>
  );
}

function DayTooltip({ row }: { row: DayRow }) {
  return (
    <ChartTooltipBox
      title={row.label}
      rows={chartStatuses
        .filter((status) => row[status] > 0)
        .reverse()
        .map((status) => ({
          key: status,
          label: statusConfig[status].label,
          color: statusConfig[status].color,
          value: row[status].toLocaleString("en-US"),
        }))}
      footer={`${plural(row.total, "call")} in all`}
    />
  );
}

function AnswerRate({ charts, range }: { charts: DashboardCharts; range: DashboardRange }) {
  const { answered, finalCalls, answerRate, inProgress, scheduled } = charts.totals;
  return (
    <FigureCard
      title="Answer Rate"
      description={`Calls a person picked up, of the calls that finished ${windowPhrase(range)}.`}
    >
      <p className="text-3xl font-semibold tabular-nums">{formatRate(answerRate)}</p>
      <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-muted">
        <div
          className="h-full rounded-full bg-success"
          style={{ width: `${Math.round((answerRate ?? 0) * 100)}%` }}
        />
      </div>
      <p className="text-sm text-muted-foreground">
        {finalCalls === 0
          ? "No finished calls yet."
          : `${answered.toLocaleString("en-US")} of ${plural(finalCalls, "finished call")} answered.`}
        {inProgress > 0 ? ` ${inProgress.toLocaleString("en-US")} still in progress.` : ""}
        {scheduled > 0 ? ` ${scheduled.toLocaleString("en-US")} scheduled.` : ""}
      </p>
    </FigureCard>
  );
}

function SpeedToLead({ charts, range }: { charts: DashboardCharts; range: DashboardRange }) {
  const { leads, medianSeconds, p90Seconds, latestOnly } = charts.speedToLead;
  return (
    <FigureCard
      title="Speed to Lead"
      description="From a form submitted to its first call being dialled."
      className="lg:col-span-2"
    >
      <dl className="grid grid-cols-2 gap-4">
        <div>
          <dt className="text-sm text-muted-foreground">Median</dt>
          <dd className="text-3xl font-semibold tabular-nums">{formatDuration(medianSeconds)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">90% within</dt>
          <dd className="text-3xl font-semibold tabular-nums">{formatDuration(p90Seconds)}</dd>
        </div>
      </dl>
      <p className="text-sm text-muted-foreground">
        {leads === 0
          ? `No leads dialled ${windowPhrase(range)} yet.`
          : latestOnly
            ? `Over the latest ${plural(leads, "lead")} ${windowPhrase(range, undefined, "of")}.`
            : `Over ${plural(leads, "lead")} ${windowPhrase(range)}.`}
      </p>
    </FigureCard>
  );
}

function ByAssistant({ charts, range }: { charts: DashboardCharts; range: DashboardRange }) {
  return (
    <FigureCard
      title="By Assistant"
      description={`Finished calls, answered calls and the yes/no outcomes of each lead ${windowPhrase(range)}.`}
      className="lg:col-span-3"
    >
      {charts.assistants.length === 0 ? (
        <p className="text-sm text-muted-foreground">No assistants yet.</p>
      ) : (
        <ul className="flex flex-col divide-y">
          {charts.assistants.map((assistant) => {
            const rate = assistant.calls > 0 ? assistant.answered / assistant.calls : null;
            const name = assistant.id === null ? "Deleted assistant" : assistant.name?.trim();
            return (
              <li
                key={assistant.id ?? "deleted"}
                className="grid gap-3 py-3 first:pt-0 last:pb-0 md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_minmax(0,1.2fr)] md:items-center md:gap-6"
              >
                <p className="min-w-0 font-medium break-words">
                  {name || <span className="text-muted-foreground">Unnamed assistant</span>}
                </p>
                <div className="flex flex-col gap-1.5">
                  <p className="text-sm">
                    {assistant.calls === 0 ? (
                      <span className="text-muted-foreground">No finished calls yet</span>
                    ) : (
                      <>
                        <span className="font-medium tabular-nums">
                          {plural(assistant.calls, "call")}
                        </span>
                        <span className="text-muted-foreground">
                          {" "}
                          · {assistant.answered.toLocaleString("en-US")} answered (
                          {formatRate(rate)})
                        </span>
                      </>
                    )}
                  </p>
                  <Meter
                    parts={[{ value: assistant.answered, className: "bg-success" }]}
                    total={assistant.calls}
                  />
                </div>
                {assistant.outcomes.length === 0 ? (
                  <p className="text-sm text-muted-foreground">No yes/no outcome questions</p>
                ) : (
                  <ul className="flex flex-col gap-2">
                    {assistant.outcomes.map((outcome) => (
                      <li key={outcome.key} className="flex flex-col gap-1">
                        <p className="text-sm">
                          <span className="font-medium">{outcome.label}</span>{" "}
                          <span className="text-muted-foreground tabular-nums">
                            yes {outcome.yes.toLocaleString("en-US")} · no{" "}
                            {outcome.no.toLocaleString("en-US")}
                          </span>
                        </p>
                        <Meter
                          parts={[
                            { value: outcome.yes, className: "bg-success" },
                            { value: outcome.no, className: "bg-muted-foreground/50" },
                          ]}
                          total={outcome.yes + outcome.no}
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </FigureCard>
  );
}

/** A thin bar split into parts (the text beside it says the numbers). */
function Meter({ parts, total }: { parts: { value: number; className: string }[]; total: number }) {
  return (
    <div aria-hidden="true" className="flex h-1.5 overflow-hidden rounded-full bg-muted">
      {total > 0
        ? parts.map((part) => (
            <div
              key={part.className}
              className={part.className}
              style={{ width: `${(part.value / total) * 100}%` }}
            />
          ))
        : null}
    </div>
  );
}
