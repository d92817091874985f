import type { AssistantDetail, FormConnection } from "@ringback/contracts";
import { ArrowLeft, CircleHelp, ExternalLink, PencilLine } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useFormSource } from "@/lib/integrations";
import { cn } from "@/lib/utils";

interface WizardHeaderProps {
  assistant: AssistantDetail;
  connection: { data: FormConnection | undefined; isLoading: boolean };
  connectionError: string | null;
  onDismissError: () => void;
  showHelp: boolean;
  onToggleHelp: () => void;
  /** Back asks first (a brand-new assistant: discard it or keep it as a draft). */
  onBack?: () => void;
}

/**
 * The wizard's header: back link, Help toggle, and once a form is chosen 'Edit Form' and
 * 'Use Form' (new tabs); the assistant's name and the connection status, which can read
 * 'Error: {text}' with Dismiss.
 */
export function WizardHeader({
  assistant,
  connection,
  connectionError,
  onDismissError,
  showHelp,
  onToggleHelp,
  onBack,
}: WizardHeaderProps) {
  const name = assistant.name?.trim();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link
          to="/admin/dashboard"
          onClick={(event) => {
            if (!onBack) return;
            event.preventDefault();
            onBack();
          }}
          className="inline-flex min-h-6 items-center gap-1 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Dashboard
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          {assistant.form_id && assistant.form_edit_url ? (
            <Button asChild variant="outline" size="sm">
              <a href={assistant.form_edit_url} target="_blank" rel="noreferrer">
                <PencilLine aria-hidden="true" />
                Edit Form
              </a>
            </Button>
          ) : null}
          {assistant.form_id && assistant.form_public_url ? (
            <Button asChild variant="outline" size="sm">
              <a href={assistant.form_public_url} target="_blank" rel="noreferrer">
                <ExternalLink aria-hidden="true" />
                Use Form
              </a>
            </Button>
          ) : null}
          <Button
            variant={showHelp ? "secondary" : "outline"}
            size="sm"
            aria-pressed={showHelp}
            onClick={onToggleHelp}
          >
            <CircleHelp aria-hidden="true" />
            Help
          </Button>
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
          Assistant Configuration
        </h1>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm">
          <span className="min-w-0 font-medium break-words" data-testid="assistant-name">
            {name || "Unnamed assistant"}
          </span>
          <Badge variant={assistant.is_active ? "success" : "muted"}>
            {assistant.is_active ? "Active" : "Inactive"}
          </Badge>
          <ConnectionStatus
            source={assistant.provider}
            connection={connection}
            error={connectionError}
            onDismiss={onDismissError}
          />
        </div>
      </div>
    </div>
  );
}

function ConnectionStatus({
  source: sourceId,
  connection,
  error,
  onDismiss,
}: {
  source: string;
  connection: WizardHeaderProps["connection"];
  error: string | null;
  onDismiss: () => void;
}) {
  const { name, capabilities } = useFormSource(sourceId);
  if (error) {
    return (
      <span role="alert" className="inline-flex flex-wrap items-center gap-2 text-destructive">
        <span className="break-words">Error: {error}</span>
        <Button variant="outline" size="sm" className="h-7" onClick={onDismiss}>
          Dismiss
        </Button>
      </span>
    );
  }
  // A source with no account (a URL and a secret) has no connection to report.
  if (!capabilities.connect) return null;
  const connected = connection.data?.connected === true;
  return (
    <span className="inline-flex items-center gap-1.5 text-muted-foreground">
      <span
        aria-hidden="true"
        className={cn(
          "size-2 rounded-full",
          connection.isLoading ? "bg-muted-foreground/40" : connected ? "bg-success" : "bg-warning",
        )}
      />
      {connection.isLoading
        ? `Checking ${name}…`
        : connected
          ? `${name} connected`
          : `${name} not connected`}
    </span>
  );
}
