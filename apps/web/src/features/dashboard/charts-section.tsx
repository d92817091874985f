import { lazy, Suspense } from "react";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { loadState } from "@/lib/load-state";
import { useDashboardCharts } from "./api/dashboard-charts";
import { type DashboardRange, rangeQuery } from "./range";

// The charts come with this module only: the dashboard loads it, no other page does.
const ChartsPanel = lazy(() => import("./charts-panel"));

/**
 * What happened over the dashboard's range — calls per day by status, the answer rate,
 * speed to lead and each assistant's calls and outcomes — from the server's aggregates. Loading
 * shows skeletons of the charts; a failed read says so with Retry (never an empty chart that
 * looks like "no calls").
 */
export function ChartsSection({
  organizationId,
  range,
}: {
  organizationId: string;
  range: DashboardRange;
}) {
  const charts = useDashboardCharts(organizationId, true, rangeQuery(range));
  const state = loadState(charts);
  return (
    <section aria-labelledby="charts-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="charts-heading" className="text-xl font-semibold">
          {range.heading}
        </h2>
        {charts.data ? (
          <p className="text-xs text-muted-foreground">
            Days in your time zone ({charts.data.timeZone.replaceAll("_", " ")})
          </p>
        ) : null}
      </div>
      {state === "failed" ? (
        <LoadError
          title="Couldn't load the charts."
          message={charts.error?.message}
          onRetry={() => void charts.refetch()}
          retrying={charts.isFetching}
          className="py-6"
        />
      ) : state === "loading" ? (
        <ChartsSkeleton />
      ) : (
        <>
          {state === "stale" ? (
            <LoadError
              variant="inline"
              title="Couldn't load the charts."
              onRetry={() => void charts.refetch()}
              retrying={charts.isFetching}
            />
          ) : null}
          <Suspense fallback={<ChartsSkeleton />}>
            {charts.data ? <ChartsPanel charts={charts.data} range={range} /> : null}
          </Suspense>
        </>
      )}
    </section>
  );
}

function ChartsSkeleton() {
  return (
    <div className="grid gap-4 lg:grid-cols-3" role="status" aria-label="Loading the charts">
      <Skeleton className="h-80 lg:col-span-3" />
      <Skeleton className="h-40" />
      <Skeleton className="h-40 lg:col-span-2" />
      <Skeleton className="h-48 lg:col-span-3" />
    </div>
  );
}
