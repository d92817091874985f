import type { DashboardStats } from "@ringback/contracts";
import { CheckCircle2, FileStack, Inbox, PhoneIncoming, Repeat } from "lucide-react";
import { Card } from "@/components/ui/card";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import type { LoadState } from "@/lib/load-state";
import { cn } from "@/lib/utils";
import { formatAverageAttempts } from "./stats";

const cards = [
  {
    label: "Completed Calls",
    hint: "Calls that connected: a person or voicemail picked up",
    icon: CheckCircle2,
    value: (s: DashboardStats) => String(s.completedCalls),
  },
  {
    label: "Answered Calls",
    hint: "Calls a person picked up",
    icon: PhoneIncoming,
    value: (s: DashboardStats) => String(s.answeredCalls),
  },
  {
    label: "Unique Forms Called",
    hint: "Form submissions called at least once",
    icon: FileStack,
    value: (s: DashboardStats) => String(s.uniqueFormsCalled),
  },
  {
    label: "Avg. Attempts per Form",
    hint: "Calls per called submission, retries included",
    icon: Repeat,
    value: (s: DashboardStats) => formatAverageAttempts(s.totalAttempts, s.uniqueFormsCalled),
  },
  {
    label: "Total Form Submissions",
    hint: "Everything your forms sent, called or not",
    icon: Inbox,
    value: (s: DashboardStats) => String(s.totalSubmissions),
  },
] as const;

/**
 * SPEC.md §2 stats cards, computed on the server for the current organization. Each keeps
 * SPEC.md's title and says in a sub-line what it counts. A failed read says so, with Retry:
 * never zeros or dashes that look like "no calls yet".
 */
export function StatsCards({
  stats,
  state,
  error,
  retrying,
  onRetry,
}: {
  stats: DashboardStats | undefined;
  state: LoadState;
  error: Error | null;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <section aria-labelledby="call-activity-heading" className="flex flex-col gap-3">
      <h2 id="call-activity-heading" className="text-xl font-semibold">
        Call Activity
      </h2>
      {state === "failed" ? (
        <LoadError
          title="Couldn't load the call numbers."
          message={error?.message}
          onRetry={onRetry}
          retrying={retrying}
          className="py-6"
        />
      ) : (
        <>
          {state === "stale" ? (
            <LoadError
              variant="inline"
              title="Couldn't load the call numbers."
              onRetry={onRetry}
              retrying={retrying}
            />
          ) : null}
          <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
            {cards.map((card, index) => (
              <Card key={card.label} className="gap-2 px-4 py-4 last:col-span-2 lg:last:col-span-1">
                <dt
                  className={cn(
                    "flex items-start justify-between gap-2 text-sm font-medium text-muted-foreground",
                    // Two-line labels keep the numbers in a row; the last card is full-width on phones.
                    index === cards.length - 1 ? "lg:min-h-10" : "min-h-10",
                  )}
                >
                  {card.label}
                  <card.icon className="size-4 shrink-0" aria-hidden="true" />
                </dt>
                <dd className="text-2xl font-semibold tabular-nums">
                  {stats ? card.value(stats) : <Skeleton className="h-8 w-12" />}
                </dd>
                <dd className="text-xs text-muted-foreground">{card.hint}</dd>
              </Card>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}
