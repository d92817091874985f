import { can, type WebhookEndpoint } from "@ringback/contracts";
import { Pencil, Plus, Power, RefreshCw, Send, Trash2, TriangleAlert, Webhook } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { TableSkeleton } from "@/components/table-skeleton";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { LoadError } from "@/components/ui/load-error";
import { toast } from "@/components/ui/sonner";
import { loadState } from "@/lib/load-state";
import { useCurrentOrganization } from "@/lib/organizations";
import { DeliveryLog, formatDeliveryTime } from "./delivery-log";
import { EndpointDialog } from "./endpoint-dialog";
import {
  useDeleteWebhookEndpoint,
  useRotateWebhookSecret,
  useSendTestEvent,
  useUpdateWebhookEndpoint,
  useWebhookEndpoints,
} from "./queries";
import { SecretDialog } from "./secret-dialog";

function Heading() {
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight">Webhooks</h1>
      <p className="mt-1 max-w-2xl text-muted-foreground">
        Send submissions, calls and opt-outs to your own systems as they happen. Each endpoint gets
        signed JSON (Standard Webhooks), retried for about 3 days until it answers with a 2xx.
      </p>
    </div>
  );
}

/** Settings → Webhooks, for owners and admins. */
export function WebhooksPage() {
  const { current, role, isLoading, error, refetch, isFetching } = useCurrentOrganization();
  const frame = (content: ReactNode) => (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <Heading />
      {content}
    </div>
  );
  if (isLoading) return frame(<TableSkeleton label="Loading webhooks" columns={3} />);
  if (error && !current) {
    return frame(
      <LoadError
        title="Failed to load organization data"
        message={error.message}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />,
    );
  }
  if (!current) {
    return frame(
      <p className="text-muted-foreground">
        Create an organization or select one in the header to set up its webhooks.
      </p>,
    );
  }
  if (!can(role, "webhooks:manage")) {
    return frame(
      <p className="rounded-lg border bg-card px-4 py-6 text-muted-foreground">
        Only owners and admins can see and change webhooks: they send your organization's data to
        other systems. Ask an owner or admin of {current.name} if you need one.
      </p>,
    );
  }
  return <Endpoints key={current.id} organizationId={current.id} />;
}

function Endpoints({ organizationId }: { organizationId: string }) {
  const endpoints = useWebhookEndpoints(organizationId);
  const update = useUpdateWebhookEndpoint(organizationId);
  const remove = useDeleteWebhookEndpoint(organizationId);
  const rotate = useRotateWebhookSecret(organizationId);
  const [dialog, setDialog] = useState<{ editing: WebhookEndpoint | null } | null>(null);
  const [secret, setSecret] = useState<{ value: string; url: string; rotated: boolean } | null>(
    null,
  );
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const state = loadState(endpoints);
  const list = endpoints.data;

  const onToggle = async (endpoint: WebhookEndpoint) => {
    try {
      await update.mutateAsync({ id: endpoint.id, enabled: !endpoint.enabled });
      toast.success(endpoint.enabled ? "Endpoint disabled" : "Endpoint enabled", {
        description: endpoint.enabled
          ? "No events are sent to it until you enable it again."
          : "New events are sent to it again.",
      });
    } catch (failure) {
      toast.error("Failed to change the endpoint", {
        description: failure instanceof Error ? failure.message : undefined,
      });
    }
  };
  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success("Endpoint deleted", { description: deleting.url });
      setDeleting(null);
    } catch (failure) {
      toast.error("Failed to delete the endpoint", {
        description: failure instanceof Error ? failure.message : undefined,
      });
    }
  };
  const onRotate = async () => {
    if (!rotating) return;
    try {
      const { secret: value } = await rotate.mutateAsync(rotating.id);
      setSecret({ value, url: rotating.url, rotated: true });
      setRotating(null);
    } catch (failure) {
      toast.error("Failed to rotate the secret", {
        description: failure instanceof Error ? failure.message : undefined,
      });
    }
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <Heading />
        <Button onClick={() => setDialog({ editing: null })}>
          <Plus aria-hidden="true" /> Add Endpoint
        </Button>
      </div>
      <h2 ref={headingRef} tabIndex={-1} className="sr-only">
        Endpoints
      </h2>
      {state === "loading" ? (
        <div className="rounded-lg border bg-card p-4">
          <TableSkeleton label="Loading webhook endpoints" columns={3} />
        </div>
      ) : state === "failed" || !list ? (
        <LoadError
          title="Couldn't load the webhook endpoints."
          message={endpoints.error?.message}
          onRetry={() => void endpoints.refetch()}
          retrying={endpoints.isFetching}
        />
      ) : (
        <>
          {state === "stale" ? (
            <LoadError
              variant="inline"
              title="Couldn't load the webhook endpoints."
              onRetry={() => void endpoints.refetch()}
              retrying={endpoints.isFetching}
            />
          ) : null}
          {list.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-lg border bg-card px-4 py-16 text-center">
              <Webhook className="size-8 text-muted-foreground" aria-hidden="true" />
              <p className="font-medium">No webhook endpoints yet.</p>
              <p className="max-w-md text-sm text-muted-foreground">
                Add an endpoint to have Ringback POST new submissions, call results and opt-outs to
                your CRM or automation tool.
              </p>
            </div>
          ) : (
            <ul className="grid grid-cols-1 gap-6" aria-label="Webhook endpoints">
              {list.map((endpoint) => (
                <li key={endpoint.id}>
                  <EndpointCard
                    organizationId={organizationId}
                    endpoint={endpoint}
                    toggling={update.isPending && update.variables?.id === endpoint.id}
                    onEdit={() => setDialog({ editing: endpoint })}
                    onToggle={() => void onToggle(endpoint)}
                    onRotate={() => setRotating(endpoint)}
                    onDelete={() => setDeleting(endpoint)}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}

      <EndpointDialog
        organizationId={organizationId}
        open={dialog !== null}
        onOpenChange={(open) => (open ? null : setDialog(null))}
        editing={dialog?.editing ?? null}
        onCreated={(value, endpoint) => setSecret({ value, url: endpoint.url, rotated: false })}
      />
      <SecretDialog
        secret={secret?.value ?? null}
        url={secret?.url ?? ""}
        rotated={secret?.rotated ?? false}
        onClose={() => setSecret(null)}
      />
      <ConfirmDialog
        open={rotating !== null}
        onOpenChange={(open) => (open ? null : setRotating(null))}
        title="Rotate the signing secret?"
        description={
          <>
            Deliveries to <span className="wrap-anywhere">{rotating?.url}</span> are signed with a
            new secret from now on, and the old one stops verifying at once. Update your endpoint
            with the new secret.
          </>
        }
        confirmLabel="Rotate secret"
        busyLabel="Rotating..."
        busy={rotate.isPending}
        onConfirm={() => void onRotate()}
        returnFocusTo={headingRef}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title="Delete this endpoint?"
        description={
          <>
            <span className="wrap-anywhere">{deleting?.url}</span> gets no more events, and its
            delivery log is deleted. This cannot be undone.
          </>
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => void onDelete()}
        returnFocusTo={headingRef}
      />
    </div>
  );
}

function EndpointCard({
  organizationId,
  endpoint,
  toggling,
  onEdit,
  onToggle,
  onRotate,
  onDelete,
}: {
  organizationId: string;
  endpoint: WebhookEndpoint;
  toggling: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onRotate: () => void;
  onDelete: () => void;
}) {
  const test = useSendTestEvent(organizationId, endpoint.id);
  const onTest = async () => {
    try {
      await test.mutateAsync();
      toast.success("Test event sent", { description: "Its delivery appears in the log below." });
    } catch (failure) {
      toast.error("Failed to send a test event", {
        description: failure instanceof Error ? failure.message : undefined,
      });
    }
  };
  const title = endpoint.description || endpoint.url;
  return (
    <Card className="gap-4" aria-label={`Endpoint ${endpoint.url}`} role="region">
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 gap-1">
            <h3 className="font-semibold wrap-anywhere">{title}</h3>
            {endpoint.description ? (
              <p className="font-mono text-xs wrap-anywhere text-muted-foreground">
                {endpoint.url}
              </p>
            ) : null}
          </div>
          {endpoint.enabled ? (
            endpoint.failingSince ? (
              <Badge variant="warning">
                <TriangleAlert aria-hidden="true" /> Failing
              </Badge>
            ) : (
              <Badge variant="success">Enabled</Badge>
            )
          ) : (
            <Badge variant="muted">Disabled</Badge>
          )}
        </div>
        {!endpoint.enabled && endpoint.disabledReason ? (
          <p className="text-sm text-muted-foreground">
            {endpoint.disabledReason}
            {endpoint.disabledAt ? (
              <>
                {" "}
                on{" "}
                <time dateTime={endpoint.disabledAt}>
                  {formatDeliveryTime(endpoint.disabledAt)}
                </time>
              </>
            ) : null}
            .
          </p>
        ) : null}
        {endpoint.enabled && endpoint.failingSince ? (
          <p className="text-sm text-muted-foreground">
            Deliveries have failed since{" "}
            <time dateTime={endpoint.failingSince}>
              {formatDeliveryTime(endpoint.failingSince)}
            </time>
            . After 5 days of failures the endpoint is disabled and owners are emailed.
          </p>
        ) : null}
        <ul className="flex flex-wrap gap-1.5" aria-label="Events">
          {endpoint.events.map((type) => (
            <li key={type}>
              <Badge variant="outline" className="font-mono">
                {type}
              </Badge>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            onClick={() => void onTest()}
            disabled={!endpoint.enabled || test.isPending}
          >
            <Send aria-hidden="true" /> Send test event
          </Button>
          <Button size="sm" variant="outline" onClick={onToggle} disabled={toggling}>
            <Power aria-hidden="true" /> {endpoint.enabled ? "Disable" : "Enable"}
          </Button>
          <Button size="sm" variant="outline" onClick={onEdit}>
            <Pencil aria-hidden="true" /> Edit
          </Button>
          <Button size="sm" variant="outline" onClick={onRotate}>
            <RefreshCw aria-hidden="true" /> Rotate secret
          </Button>
          <Button
            size="sm"
            variant="outline"
            className="text-destructive hover:text-destructive"
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" /> Delete
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3">
        <h4 className="text-sm font-medium">Delivery log</h4>
        <DeliveryLog
          organizationId={organizationId}
          endpointId={endpoint.id}
          enabled={endpoint.enabled}
          label={`Deliveries to ${endpoint.url}`}
        />
      </CardContent>
    </Card>
  );
}
