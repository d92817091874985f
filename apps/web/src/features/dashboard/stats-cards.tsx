import type { DashboardStats } from "@ringback/contracts";
import { CheckCircle2, FileStack, Inbox, PhoneIncoming, Repeat } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { formatAverageAttempts } from "./stats";

const cards = [
  {
    label: "Completed Calls",
    hint: "Completed or answered",
    icon: CheckCircle2,
    value: (s: DashboardStats) => String(s.completedCalls),
  },
  {
    label: "Answered Calls",
    hint: "Picked up by the respondent",
    icon: PhoneIncoming,
    value: (s: DashboardStats) => String(s.answeredCalls),
  },
  {
    label: "Unique Forms Called",
    hint: "Submissions that got a call",
    icon: FileStack,
    value: (s: DashboardStats) => String(s.uniqueFormsCalled),
  },
  {
    label: "Avg. Attempts per Form",
    hint: "Calls per submission",
    icon: Repeat,
    value: (s: DashboardStats) => formatAverageAttempts(s.totalAttempts, s.uniqueFormsCalled),
  },
  {
    label: "Total Form Submissions",
    hint: "Received from your forms",
    icon: Inbox,
    value: (s: DashboardStats) => String(s.totalSubmissions),
  },
] as const;

/** SPEC.md §2 stats cards, computed on the server for the current organization. */
export function StatsCards({
  stats,
  isLoading,
  failed,
  onRetry,
}: {
  stats: DashboardStats | undefined;
  isLoading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  return (
    <section aria-labelledby="call-activity-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="call-activity-heading" className="text-xl font-semibold">
          Call Activity
        </h2>
        {failed ? (
          <p className="flex items-center gap-2 text-sm text-destructive">
            The numbers could not be loaded.
            <Button variant="outline" size="sm" onClick={onRetry}>
              Try again
            </Button>
          </p>
        ) : null}
      </div>
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
              {isLoading ? <Skeleton className="h-8 w-12" /> : stats ? card.value(stats) : "—"}
            </dd>
            <dd className="text-xs text-muted-foreground">{card.hint}</dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}
