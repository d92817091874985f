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
    definition:
      "Leads with a call that connected — a person or voicemail picked up. Call Records with status Answered or Voicemail, for the same dates.",
    icon: CheckCircle2,
    value: (s: DashboardStats) => String(s.completedCalls),
  },
  {
    label: "Answered Calls",
    hint: "Calls a person picked up",
    definition:
      "Leads a person answered for (a voicemail is not an answer). Call Records with status Answered, for the same dates.",
    icon: PhoneIncoming,
    value: (s: DashboardStats) => String(s.answeredCalls),
  },
  {
    label: "Unique Forms Called",
    hint: "Form submissions called at least once",
    definition:
      "Leads called at least once whose latest call falls in the range: what Call Records lists for the same dates, without those only scheduled, canceled or not called.",
    icon: FileStack,
    value: (s: DashboardStats) => String(s.uniqueFormsCalled),
  },
  {
    label: "Avg. Attempts per Form",
    hint: "Calls per called submission, retries included",
    definition: "All calls made to those leads, retries included, per lead.",
    icon: Repeat,
    value: (s: DashboardStats) => formatAverageAttempts(s.totalAttempts, s.uniqueFormsCalled),
  },
  {
    label: "Total Form Submissions",
    hint: "Everything your forms sent, called or not",
    definition: "Form submissions received in the range, whether they asked for a call or not.",
    icon: Inbox,
    value: (s: DashboardStats) => String(s.totalSubmissions),
  },
] as const;

/**
 * The stats cards, computed on the server for the current organization. Each keeps
 * its given title and says in a sub-line what it counts. A failed read says so, with Retry:
 * never zeros or dashes that look like "no calls yet".
 */
export function StatsCards({
  rangeLabel,
  stats,
  state,
  error,
  retrying,
  onRetry,
}: {
  /** The dashboard's date range, in words ("Last 30 days"). */
  rangeLabel: string;
  stats: DashboardStats | undefined;
  state: LoadState;
  error: Error | null;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <section aria-labelledby="call-activity-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="call-activity-heading" className="text-xl font-semibold">
          Call Activity
        </h2>
        <p className="text-xs text-muted-foreground">{rangeLabel}</p>
      </div>
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
              <Card
                key={card.label}
                title={card.definition}
                className="gap-2 px-4 py-4 last:col-span-2 lg:last:col-span-1"
              >
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
