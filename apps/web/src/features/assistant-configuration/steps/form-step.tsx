import type { FormListItem } from "@ringback/contracts";
import { useMutation } from "@tanstack/react-query";
import { CheckCircle2, ExternalLink, FileText, Loader2, RefreshCw } from "lucide-react";
import { useEffect } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/sonner";
import { useFormSource } from "@/lib/integrations";
import { cn } from "@/lib/utils";
import { assistantApi, useForms } from "../api/assistant";
import { errorMessage } from "../messages";
import { RecentDeliveries } from "../recent-deliveries";
import type { StepProps } from "./step-props";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

interface FormStepProps extends StepProps {
  connected: boolean;
  connectionLoading: boolean;
}

/**
 * Step 1: the account's forms with title and last-updated date and a refresh action. A form
 * used by another assistant shows that assistant's name and cannot be selected; selecting a
 * form saves it and moves to step 2.
 */
export function FormStep({
  assistant,
  organizationId,
  canManage,
  store,
  goTo,
  reportConnectionError,
  connected,
  connectionLoading,
}: FormStepProps) {
  const forms = useForms(organizationId, assistant.provider, assistant.id, connected);
  const { name } = useFormSource(assistant.provider);

  useEffect(() => {
    if (!forms.error) return;
    const message = errorMessage(forms.error);
    toast.error(`Could not retrieve your forms. ${message}`);
    reportConnectionError(message);
  }, [forms.error, reportConnectionError]);

  const select = useMutation({
    mutationFn: (formId: string) => assistantApi.selectForm(organizationId, assistant.id, formId),
    onSuccess: (saved) => {
      store(saved);
      goTo(2);
    },
    onError: (e) => toast.error(`Failed to update assistant: ${errorMessage(e)}`),
  });

  const onSelect = (form: FormListItem) => {
    if (select.isPending || form.isInUse) return;
    if (form.id === assistant.form_id) {
      goTo(2);
      return;
    }
    select.mutate(form.id);
  };

  if (connectionLoading) return <Skeleton className="h-24 w-full" />;
  if (!connected) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed p-6">
        <p className="text-sm text-muted-foreground">
          Connect your {name} account in Assistant Details to see your forms.
        </p>
        <Button variant="outline" onClick={() => goTo(0)}>
          Go to Assistant Details
        </Button>
      </div>
    );
  }

  const list = forms.data ?? [];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          {canManage
            ? "Choose the form whose respondents this assistant calls."
            : "The form this assistant follows up on."}
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void forms.refetch()}
          disabled={forms.isFetching}
        >
          <RefreshCw className={forms.isFetching ? "animate-spin" : undefined} aria-hidden="true" />
          Refresh Forms
        </Button>
      </div>
      {forms.isLoading ? (
        <div className="grid gap-2" role="status" aria-label="Loading forms">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : forms.error ? (
        <LoadError
          title="Couldn't load your forms."
          message={errorMessage(forms.error)}
          onRetry={() => void forms.refetch()}
          retrying={forms.isFetching}
        />
      ) : list.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-sm text-muted-foreground">
          This {name} account has no forms yet. Create one in {name}, then refresh.
        </p>
      ) : (
        <ul aria-label="Forms" className="flex flex-col gap-2">
          {list.map((form) => (
            <FormRow
              key={form.id}
              form={form}
              selected={form.id === assistant.form_id}
              saving={select.isPending && select.variables === form.id}
              selectable={canManage && !form.isInUse && !select.isPending}
              interactive={canManage}
              onSelect={() => onSelect(form)}
            />
          ))}
        </ul>
      )}
      {/* Once the source sends this assistant's form here, what arrived. */}
      {assistant.webhook_url ? (
        <RecentDeliveries organizationId={organizationId} assistantId={assistant.id} />
      ) : null}
    </div>
  );
}

function FormRow({
  form,
  selected,
  saving,
  selectable,
  interactive,
  onSelect,
}: {
  form: FormListItem;
  selected: boolean;
  saving: boolean;
  selectable: boolean;
  interactive: boolean;
  onSelect: () => void;
}) {
  const body = (
    <>
      <span
        aria-hidden="true"
        className={cn(
          "flex size-9 shrink-0 items-center justify-center rounded-lg",
          selected ? "bg-primary text-primary-foreground" : "bg-accent text-accent-foreground",
        )}
      >
        {saving ? <Loader2 className="size-4 animate-spin" /> : <FileText className="size-4" />}
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="font-medium break-words">{form.title}</span>
        <span className="text-xs text-muted-foreground">
          {form.last_updated_at
            ? `Last updated ${dateFormat.format(new Date(form.last_updated_at))}`
            : "Never updated"}
        </span>
      </span>
      {selected ? (
        <Badge variant="success" className="gap-1">
          <CheckCircle2 aria-hidden="true" />
          Selected
        </Badge>
      ) : form.isInUse ? (
        <Badge variant="muted" className="max-w-40 truncate sm:max-w-60">
          In use by {form.associatedAssistantName ?? "another assistant"}
        </Badge>
      ) : saving ? (
        <span className="text-xs text-muted-foreground">Saving...</span>
      ) : null}
    </>
  );
  const rowClass = cn(
    "flex min-w-0 flex-1 items-center gap-3 rounded-lg border p-3 text-left",
    selected && "border-primary bg-accent/40",
  );
  return (
    <li className="flex items-stretch gap-2">
      {interactive ? (
        <button
          type="button"
          onClick={onSelect}
          disabled={!selectable && !selected}
          aria-current={selected ? "true" : undefined}
          className={cn(
            rowClass,
            "outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50",
            selectable && !selected && "hover:bg-muted",
            !selectable && !selected && "cursor-not-allowed bg-muted/40",
          )}
        >
          {body}
        </button>
      ) : (
        <div className={rowClass}>{body}</div>
      )}
      {form.public_url ? (
        <Button asChild variant="ghost" size="icon" className="h-auto self-stretch">
          <a
            href={form.public_url}
            target="_blank"
            rel="noreferrer"
            aria-label={`Open ${form.title} in a new tab`}
          >
            <ExternalLink aria-hidden="true" />
          </a>
        </Button>
      ) : null}
    </li>
  );
}
