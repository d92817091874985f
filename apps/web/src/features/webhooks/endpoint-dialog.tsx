import {
  createWebhookEndpointSchema,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_URL_MAX,
  type WebhookEndpoint,
  type WebhookEventType,
  webhookEventDescriptions,
  webhookEventTypes,
} from "@ringback/contracts";
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FieldError, fieldA11y } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/sonner";
import { serverFieldErrors } from "@/lib/form-errors";
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint } from "./queries";

type Field = "url" | "description" | "events";
const FIELD_IDS: Record<Field, string> = {
  url: "webhook-url",
  description: "webhook-description",
  events: "webhook-event-submission.received",
};

/**
 * "Add Endpoint" (and "Edit"): where to send, a note to tell endpoints apart, and which events.
 * A new endpoint's secret is handed to `onCreated`, which shows it once.
 */
export function EndpointDialog({
  organizationId,
  open,
  onOpenChange,
  editing,
  onCreated,
}: {
  organizationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The endpoint to edit; null to add one. */
  editing: WebhookEndpoint | null;
  onCreated: (secret: string, endpoint: WebhookEndpoint) => void;
}) {
  const create = useCreateWebhookEndpoint(organizationId);
  const update = useUpdateWebhookEndpoint(organizationId);
  const pending = create.isPending || update.isPending;
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  // Each opening starts from the endpoint being edited, or from nothing.
  useEffect(() => {
    if (!open) return;
    setUrl(editing?.url ?? "");
    setDescription(editing?.description ?? "");
    setEvents(editing?.events ?? []);
    setErrors({});
  }, [open, editing]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const parsed = createWebhookEndpointSchema.safeParse({ url, description, events });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      const first = (["url", "description", "events"] as const).find((f) => found[f]);
      if (first) document.getElementById(FIELD_IDS[first])?.focus();
      return;
    }
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, ...parsed.data });
        toast.success("Endpoint saved", { description: parsed.data.url });
      } else {
        const created = await create.mutateAsync(parsed.data);
        onCreated(created.secret, created.endpoint);
      }
      onOpenChange(false);
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : "Could not save the endpoint.";
      const fields = serverFieldErrors(failure, ["url", "description", "events"] as const);
      if (fields.url || fields.description || fields.events) setErrors(fields);
      else toast.error("Failed to save the endpoint", { description: message });
    }
  };

  const toggle = (type: WebhookEventType, checked: boolean) => {
    setEvents((current) =>
      checked ? [...current.filter((t) => t !== type), type] : current.filter((t) => t !== type),
    );
    setErrors((current) => ({ ...current, events: undefined }));
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? null : onOpenChange(next))}>
      <DialogContent className="sm:max-w-lg">
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{editing ? "Edit Endpoint" : "Add Endpoint"}</DialogTitle>
            <DialogDescription>
              Ringback POSTs each event as JSON to this URL, signed with the endpoint's secret
              (Standard Webhooks).
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={FIELD_IDS.url}>Endpoint URL</Label>
            <Input
              id={FIELD_IDS.url}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              value={url}
              maxLength={WEBHOOK_URL_MAX}
              placeholder="https://example.com/webhooks/ringback"
              onChange={(e) => {
                setUrl(e.target.value);
                setErrors((current) => ({ ...current, url: undefined }));
              }}
              {...fieldA11y(FIELD_IDS.url, errors.url)}
            />
            <FieldError fieldId={FIELD_IDS.url} error={errors.url} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={FIELD_IDS.description}>Description</Label>
            <Input
              id={FIELD_IDS.description}
              value={description}
              maxLength={WEBHOOK_DESCRIPTION_MAX}
              placeholder="CRM: new leads and call results"
              onChange={(e) => {
                setDescription(e.target.value);
                setErrors((current) => ({ ...current, description: undefined }));
              }}
              {...fieldA11y(FIELD_IDS.description, errors.description)}
            />
            <FieldError fieldId={FIELD_IDS.description} error={errors.description} />
          </div>
          <fieldset
            className="grid gap-2"
            aria-describedby={errors.events ? "webhook-events-error" : undefined}
          >
            <legend className="mb-1 text-sm font-medium">Events</legend>
            {webhookEventTypes.map((type) => {
              const id = `webhook-event-${type}`;
              return (
                <div key={type} className="flex items-start gap-3">
                  <input
                    id={id}
                    type="checkbox"
                    className="mt-0.5 size-5 shrink-0 accent-primary"
                    checked={events.includes(type)}
                    onChange={(e) => toggle(type, e.target.checked)}
                    aria-describedby={`${id}-hint`}
                  />
                  <div className="grid gap-0.5">
                    <Label htmlFor={id} className="font-mono text-sm">
                      {type}
                    </Label>
                    <span id={`${id}-hint`} className="text-xs text-muted-foreground">
                      {webhookEventDescriptions[type]}
                    </span>
                  </div>
                </div>
              );
            })}
            <FieldError fieldId="webhook-events" error={errors.events} />
          </fieldset>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => onOpenChange(false)}
              disabled={pending}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? "Saving..." : editing ? "Save Endpoint" : "Add Endpoint"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
