import type { WebhookDelivery } from "@ringback/contracts";
import { Inbox, RotateCw } from "lucide-react";
import { TableSkeleton } from "@/components/table-skeleton";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LoadError } from "@/components/ui/load-error";
import { toast } from "@/components/ui/sonner";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { formatInstant } from "@/lib/call-format";
import { useResendDelivery, useWebhookDeliveries } from "./queries";

/** A delivery's time with seconds, in the browser's zone ("Mar 2, 2026 3:04:05 PM"). */
export function formatDeliveryTime(iso: string): string {
  return formatInstant(iso);
}

/** Whether an attempt of the delivery has been answered, or failed without an answer. */
function attempted(delivery: WebhookDelivery): boolean {
  return delivery.responseStatus !== null || delivery.error !== null;
}

/** What the status badge says, and its colour. */
export function deliveryStatus(delivery: WebhookDelivery): {
  label: string;
  tone: "success" | "info" | "warning" | "destructive" | "muted";
} {
  switch (delivery.status) {
    case "succeeded":
      return { label: "Delivered", tone: "success" };
    case "failed":
      return { label: "Failed", tone: "destructive" };
    case "canceled":
      return { label: "Canceled", tone: "muted" };
    default:
      // Retrying once an attempt has failed; until then (the first attempt on its way), sending.
      return attempted(delivery)
        ? { label: "Retrying", tone: "warning" }
        : { label: "Sending", tone: "info" };
  }
}

function Response({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.responseStatus !== null) {
    return (
      <div className="grid min-w-0 gap-0.5">
        <span className="font-mono text-sm tabular-nums">{delivery.responseStatus}</span>
        {delivery.responseBody ? (
          <span
            className="block max-w-56 truncate font-mono text-xs text-muted-foreground sm:max-w-72"
            title={delivery.responseBody}
          >
            {delivery.responseBody}
          </span>
        ) : null}
      </div>
    );
  }
  if (delivery.error) return <span className="text-sm text-destructive">{delivery.error}</span>;
  return <span className="text-sm text-muted-foreground">No response yet</span>;
}

/**
 * An endpoint's deliveries, newest first: event, status, time, the response's code and first
 * bytes (or why there was none), and Resend. Live through the organization's change feed.
 */
export function DeliveryLog({
  organizationId,
  endpointId,
  enabled,
  label,
}: {
  organizationId: string;
  endpointId: string;
  /** A disabled endpoint's deliveries cannot be resent. */
  enabled: boolean;
  /** Names the table for assistive technology ("Deliveries to https://…"). */
  label: string;
}) {
  const log = useWebhookDeliveries(organizationId, endpointId);
  const resend = useResendDelivery(organizationId, endpointId);
  const items = log.data?.pages.flatMap((page) => page.items) ?? [];

  const onResend = async (delivery: WebhookDelivery) => {
    try {
      await resend.mutateAsync(delivery.id);
      toast.success("Delivery resent", {
        description: `${delivery.eventType} · ${delivery.messageId}`,
      });
    } catch (failure) {
      toast.error("Failed to resend", {
        description: failure instanceof Error ? failure.message : undefined,
      });
    }
  };

  if (log.isLoading) return <TableSkeleton label="Loading deliveries" columns={4} rows={2} />;
  if (log.isError && items.length === 0) {
    return (
      <LoadError
        title="Couldn't load the delivery log."
        message={log.error?.message}
        onRetry={() => void log.refetch()}
        retrying={log.isFetching}
      />
    );
  }
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-1 rounded-md border border-dashed px-4 py-6 text-center">
        <Inbox className="size-5 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm font-medium">No deliveries yet</p>
        <p className="max-w-sm text-xs text-muted-foreground">
          Events appear here as they are sent. Send a test event to try the endpoint.
        </p>
      </div>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-3">
      {log.isError ? (
        <LoadError
          variant="inline"
          title="Couldn't refresh the delivery log."
          onRetry={() => void log.refetch()}
          retrying={log.isFetching}
        />
      ) : null}
      <div className="rounded-md border">
        <Table aria-label={label}>
          <TableHeader>
            <TableRow>
              <TableHead>Event</TableHead>
              <TableHead className="hidden sm:table-cell">Status</TableHead>
              <TableHead className="hidden md:table-cell">Time</TableHead>
              <TableHead className="hidden sm:table-cell">Response</TableHead>
              {enabled ? <TableHead className="text-right">Actions</TableHead> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((delivery) => {
              const status = deliveryStatus(delivery);
              const time = delivery.lastAttemptAt ?? delivery.createdAt;
              const attempts =
                delivery.attempts === 1 ? "1 attempt" : `${delivery.attempts} attempts`;
              return (
                <TableRow key={delivery.id}>
                  <TableCell className="align-top">
                    <div className="font-mono text-xs sm:text-sm">{delivery.eventType}</div>
                    <div className="text-xs text-muted-foreground md:hidden">
                      <time dateTime={time}>{formatDeliveryTime(time)}</time>
                    </div>
                    <div className="mt-1 grid gap-1 sm:hidden">
                      <div className="flex flex-wrap items-center gap-2">
                        <Badge variant={status.tone}>{status.label}</Badge>
                        <span className="text-xs text-muted-foreground">{attempts}</span>
                      </div>
                      <Response delivery={delivery} />
                    </div>
                  </TableCell>
                  <TableCell className="hidden align-top sm:table-cell">
                    <Badge variant={status.tone}>{status.label}</Badge>
                    <div className="mt-1 text-xs text-muted-foreground">{attempts}</div>
                    {delivery.status === "pending" &&
                    attempted(delivery) &&
                    delivery.nextAttemptAt ? (
                      <div className="text-xs text-muted-foreground">
                        Next{" "}
                        <time dateTime={delivery.nextAttemptAt}>
                          {formatDeliveryTime(delivery.nextAttemptAt)}
                        </time>
                      </div>
                    ) : null}
                  </TableCell>
                  <TableCell className="hidden align-top whitespace-nowrap text-muted-foreground md:table-cell">
                    <time dateTime={time}>{formatDeliveryTime(time)}</time>
                  </TableCell>
                  <TableCell className="hidden align-top sm:table-cell">
                    <Response delivery={delivery} />
                  </TableCell>
                  {enabled ? (
                    <TableCell className="text-right align-top">
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => void onResend(delivery)}
                        disabled={resend.isPending && resend.variables === delivery.id}
                        aria-label={`Resend ${delivery.eventType} ${delivery.messageId}`}
                      >
                        <RotateCw aria-hidden="true" />
                        Resend
                      </Button>
                    </TableCell>
                  ) : null}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
      {log.hasNextPage ? (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => void log.fetchNextPage()}
          disabled={log.isFetchingNextPage}
        >
          {log.isFetchingNextPage ? "Loading..." : "Show older deliveries"}
        </Button>
      ) : null}
    </div>
  );
}
