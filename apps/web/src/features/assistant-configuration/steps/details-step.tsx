import type { FormConnection } from "@ringback/contracts";
import { useMutation } from "@tanstack/react-query";
import { CheckCircle2, FlaskConical, Pencil, Trash2 } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Separator } from "@/components/ui/separator";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/sonner";
import { useFormSource } from "@/lib/integrations";
import { assistantApi } from "../api/assistant";
import { errorMessage } from "../messages";
import type { StepProps } from "./step-props";

interface DetailsStepProps extends StepProps {
  connection: { data: FormConnection | undefined; isLoading: boolean };
  canConnect: boolean;
  connecting: boolean;
  onConnect: (reconnect: boolean) => void;
  onDelete: () => void;
}

/**
 * Step 0: the name (a read-only heading with an edit button; an input when there is no name
 * or while editing; Enter saves) and the form source's connection. Owners and admins can delete
 * the assistant here.
 */
export function DetailsStep(props: DetailsStepProps) {
  const { assistant, canManage } = props;
  return (
    <div className="flex flex-col gap-6">
      <AssistantName {...props} />
      <Separator />
      <Connection {...props} />
      {canManage ? (
        <>
          <Separator />
          <section aria-labelledby="delete-assistant-heading" className="flex flex-col gap-3">
            <div>
              <h3 id="delete-assistant-heading" className="font-semibold">
                Danger zone
              </h3>
              <p className="text-sm text-muted-foreground">
                Deleting {assistant.name?.trim() ? `“${assistant.name.trim()}”` : "this assistant"}{" "}
                removes its webhook from the form and stops its calls. This cannot be undone.
              </p>
            </div>
            <Button
              variant="outline"
              className="w-fit border-destructive/40 text-destructive hover:bg-destructive/10 hover:text-destructive"
              onClick={props.onDelete}
            >
              <Trash2 aria-hidden="true" />
              Delete assistant
            </Button>
          </section>
        </>
      ) : null}
    </div>
  );
}

function AssistantName({ assistant, organizationId, canManage, store, goTo }: DetailsStepProps) {
  const savedName = assistant.name?.trim() ?? "";
  const [editing, setEditing] = useState(savedName === "");
  const [draft, setDraft] = useState(savedName);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // Focus the input when the person clicked the edit button (not on first load).
  const focusOnEdit = useRef(false);
  useEffect(() => {
    if (editing && focusOnEdit.current) {
      focusOnEdit.current = false;
      inputRef.current?.focus();
    }
  }, [editing]);

  const rename = useMutation({
    mutationFn: (name: string) => assistantApi.rename(organizationId, assistant.id, name),
    onSuccess: (saved) => {
      store(saved);
      toast.success("Assistant name updated");
      setEditing(false);
      goTo(1);
    },
    onError: (e) => toast.error(`Failed to update assistant name: ${errorMessage(e)}`),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const name = draft.trim();
    if (!name) {
      setError("Please enter a name for your assistant");
      return;
    }
    setError(null);
    rename.mutate(name);
  };

  if (!canManage || (!editing && savedName)) {
    return (
      <div className="flex flex-col gap-1">
        <p className="text-sm font-medium text-muted-foreground">Assistant name</p>
        <div className="flex items-center gap-2">
          <h3 className="min-w-0 text-xl font-semibold break-words">
            {savedName || "Unnamed assistant"}
          </h3>
          {canManage ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label="Edit name"
              onClick={() => {
                setDraft(savedName);
                focusOnEdit.current = true;
                setEditing(true);
              }}
            >
              <Pencil aria-hidden="true" />
            </Button>
          ) : null}
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <Label htmlFor={inputId}>Assistant name</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          ref={inputRef}
          value={draft}
          maxLength={120}
          placeholder="e.g. Website enquiries caller"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            if (error) setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === "Escape" && savedName) {
              setEditing(false);
              setError(null);
            }
          }}
        />
        <div className="flex gap-2">
          <Button type="submit" disabled={rename.isPending}>
            {rename.isPending ? "Saving..." : "Save Name"}
          </Button>
          {savedName ? (
            <Button
              type="button"
              variant="outline"
              disabled={rename.isPending}
              onClick={() => {
                setEditing(false);
                setError(null);
              }}
            >
              Cancel
            </Button>
          ) : null}
        </div>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        <p className="text-xs text-muted-foreground">Press Enter to save.</p>
      )}
    </form>
  );
}

function Connection({
  assistant,
  connection,
  canConnect,
  connecting,
  onConnect,
}: DetailsStepProps) {
  const connected = connection.data?.connected === true;
  const { name, capabilities } = useFormSource(assistant.provider);
  // A source with no account to connect (a URL and a secret) is set up in the next step.
  if (!capabilities.connect) return null;
  return (
    <section aria-labelledby="connection-heading" className="flex flex-col gap-3">
      <div>
        <h3 id="connection-heading" className="font-semibold">
          Form provider
        </h3>
        <p className="text-sm text-muted-foreground">
          The {name} account this assistant reads forms from.
        </p>
      </div>
      <div className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between">
        {connection.isLoading ? (
          <Skeleton className="h-6 w-48" />
        ) : connected ? (
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
            <CheckCircle2 className="size-5 text-success" aria-hidden="true" />
            Connected to {name}
            {connection.data?.sandbox ? (
              <Badge variant="secondary" className="gap-1">
                <FlaskConical aria-hidden="true" />
                Sandbox
              </Badge>
            ) : null}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">
            {name} is not linked yet. Connect your account to choose a form.
          </p>
        )}
        {canConnect && !connection.isLoading ? (
          <Button
            variant={connected ? "outline" : "default"}
            disabled={connecting}
            onClick={() => onConnect(connected)}
          >
            {connecting ? "Connecting..." : connected ? "Reconnect" : "Connect"}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
