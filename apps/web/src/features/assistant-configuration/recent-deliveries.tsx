import {
  type DeliveryResult,
  deliveryResultLabels,
  RECENT_DELIVERIES,
  refusedDeliveryResults,
  type SourceDelivery,
} from "@ringback/contracts";
import { ChevronRight } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { useDeliveries } from "./api/assistant";
import { errorMessage } from "./messages";

const timeFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
});

function variantOf(result: DeliveryResult) {
  if (refusedDeliveryResults.includes(result)) return "danger" as const;
  if (result === "accepted") return "success" as const;
  if (result === "test-lead" || result === "sample") return "info" as const;
  return "muted" as const;
}

/**
 * "Recent deliveries": the last requests to the assistant's webhook URL, newest first, with what
 * Ringback made of each, a link to the call it led to, and its body (secrets redacted) for a
 * week — so that a business can debug its tool without asking anyone.
 */
export function RecentDeliveries({
  organizationId,
  assistantId,
}: {
  organizationId: string;
  assistantId: string;
}) {
  const deliveries = useDeliveries(organizationId, assistantId);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h3 id={headingId} className="font-semibold">
          Recent deliveries
        </h3>
        <p className="text-sm text-muted-foreground">
          The last {RECENT_DELIVERIES} requests to this assistant's URL, with what Ringback made of
          each. Bodies are kept for 7 days, with secrets removed.
        </p>
      </div>
      {deliveries.isLoading ? (
        <div role="status" aria-label="Loading recent deliveries" className="grid gap-2">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
        </div>
      ) : deliveries.error && !deliveries.data ? (
        <LoadError
          title="Couldn't load the recent deliveries."
          message={errorMessage(deliveries.error)}
          onRetry={() => void deliveries.refetch()}
          retrying={deliveries.isFetching}
        />
      ) : (deliveries.data ?? []).length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          No requests yet. Each request to the URL is listed here as it arrives.
        </p>
      ) : (
        <ul className="flex flex-col divide-y rounded-lg border">
          {deliveries.data!.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DeliveryRow({ delivery }: { delivery: SourceDelivery }) {
  return (
    <li className="flex flex-col gap-1 px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <time dateTime={delivery.receivedAt} className="text-muted-foreground tabular-nums">
          {timeFormat.format(new Date(delivery.receivedAt))}
        </time>
        <Badge variant={variantOf(delivery.result)}>{deliveryResultLabels[delivery.result]}</Badge>
        <span className="text-xs text-muted-foreground">HTTP {delivery.httpStatus}</span>
        {delivery.callRecordId ? (
          <Link
            to={`/admin/call-records/${delivery.callRecordId}`}
            className="ml-auto inline-flex min-h-6 items-center text-primary underline-offset-4 hover:underline"
          >
            View call
          </Link>
        ) : null}
      </div>
      {delivery.detail ? <p className="text-muted-foreground">{delivery.detail}</p> : null}
      {delivery.body !== null ? (
        <details className="group">
          <summary className="inline-flex min-h-6 cursor-pointer list-none items-center gap-1 text-muted-foreground hover:text-foreground">
            <ChevronRight
              className="size-4 transition-transform group-open:rotate-90"
              aria-hidden="true"
            />
            Body ({delivery.contentType ?? "no content type"}, {delivery.bodyBytes} bytes)
          </summary>
          <pre className="mt-1 max-h-64 overflow-auto rounded-md bg-muted p-2 font-mono text-xs whitespace-pre-wrap break-all">
            {delivery.body}
          </pre>
        </details>
      ) : delivery.bodyBytes > 0 ? (
        <p className="text-xs text-muted-foreground">Body no longer kept (older than 7 days).</p>
      ) : null}
    </li>
  );
}
