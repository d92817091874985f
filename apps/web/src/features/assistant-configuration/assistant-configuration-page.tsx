import { can } from "@ringback/contracts";
import { ArrowLeft, CheckCircle2, ExternalLink, FlaskConical, RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { ApiRequestError } from "@/lib/api-client";
import { connectionErrorToast, startProviderConnection } from "@/lib/form-connections";
import { useCurrentOrganization } from "@/lib/organizations";
import { useAssistant, useConnection, useForms } from "./api/assistant";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/**
 * An assistant's configuration: its connection to the form provider and the account's forms.
 * The rest of SPEC.md's five-step wizard (fields, script, activation) is issue 5.
 */
export function AssistantConfigurationPage() {
  const { assistantId = "" } = useParams();
  const navigate = useNavigate();
  const { current, role, isLoading: organizationsLoading } = useCurrentOrganization();
  const assistant = useAssistant(current?.id, assistantId);
  const provider = assistant.data?.provider ?? "typeform";
  const connection = useConnection(current?.id, provider);
  const forms = useForms(current?.id, provider, assistantId, connection.data?.connected === true);
  const [reconnecting, setReconnecting] = useState(false);
  const canConnect = can(role, "connections:manage");

  useEffect(() => {
    if (assistant.error) {
      const notFound = assistant.error instanceof ApiRequestError && assistant.error.status === 404;
      toast.error(notFound ? "Assistant not found" : "Failed to load assistant configuration");
      navigate("/admin/dashboard", { replace: true });
    }
  }, [assistant.error, navigate]);

  if (organizationsLoading || assistant.isLoading || !assistant.data) {
    return <Spinner className="py-24" />;
  }

  const onConnect = async (reconnect: boolean) => {
    if (!current) return;
    setReconnecting(true);
    try {
      await startProviderConnection({
        organizationId: current.id,
        provider,
        assistantId,
        reconnect,
      });
    } catch (error) {
      toast.error(connectionErrorToast(provider, error));
      setReconnecting(false);
    }
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link
          to="/admin/dashboard"
          className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Dashboard
        </Link>
        <h1 className="text-3xl font-semibold tracking-tight">
          {assistant.data.name?.trim() || "New assistant"}
        </h1>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-lg">Assistant Details</h2>
          </CardTitle>
          <CardDescription>The Typeform account this assistant reads forms from.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          {connection.isLoading ? (
            <Skeleton className="h-6 w-48" />
          ) : connection.data?.connected ? (
            <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
              <CheckCircle2 className="size-5 text-success" aria-hidden="true" />
              Connected to Typeform
              {connection.data.sandbox ? (
                <Badge variant="secondary" className="gap-1">
                  <FlaskConical className="size-3" aria-hidden="true" />
                  Sandbox
                </Badge>
              ) : null}
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">Not connected to Typeform.</p>
          )}
          {canConnect ? (
            <Button
              variant={connection.data?.connected ? "outline" : "default"}
              disabled={reconnecting}
              onClick={() => void onConnect(connection.data?.connected === true)}
            >
              {reconnecting
                ? "Connecting..."
                : connection.data?.connected
                  ? "Reconnect"
                  : "Connect Typeform"}
            </Button>
          ) : null}
        </CardContent>
      </Card>

      {connection.data?.connected ? (
        <Card>
          <CardHeader className="flex flex-row items-start justify-between gap-4">
            <div className="grid gap-1.5">
              <CardTitle>
                <h2 className="text-lg">Select Form</h2>
              </CardTitle>
              <CardDescription>Your Typeform forms. A form can back one assistant.</CardDescription>
            </div>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void forms.refetch()}
              disabled={forms.isFetching}
            >
              <RefreshCw
                className={forms.isFetching ? "animate-spin" : undefined}
                aria-hidden="true"
              />
              Refresh
            </Button>
          </CardHeader>
          <CardContent>
            {forms.isLoading ? (
              <div className="grid gap-2" role="status" aria-label="Loading forms">
                <Skeleton className="h-12 w-full" />
                <Skeleton className="h-12 w-full" />
              </div>
            ) : forms.error ? (
              <p role="alert" className="text-sm text-destructive">
                Could not retrieve your forms. {forms.error.message}
              </p>
            ) : (forms.data ?? []).length === 0 ? (
              <p className="text-sm text-muted-foreground">This account has no forms yet.</p>
            ) : (
              <ul className="divide-y rounded-lg border" aria-label="Forms">
                {(forms.data ?? []).map((form) => (
                  <li key={form.id} className="flex items-center justify-between gap-4 p-3">
                    <div className="min-w-0">
                      <p className="truncate font-medium">{form.title}</p>
                      <p className="text-xs text-muted-foreground">
                        {form.last_updated_at
                          ? `Last updated ${dateFormat.format(new Date(form.last_updated_at))}`
                          : "Never updated"}
                      </p>
                    </div>
                    <div className="flex shrink-0 items-center gap-2">
                      {form.isInUse ? (
                        <Badge variant="secondary">In use by {form.associatedAssistantName}</Badge>
                      ) : null}
                      {form.public_url ? (
                        <Button asChild variant="ghost" size="sm">
                          <a href={form.public_url} target="_blank" rel="noreferrer">
                            Use Form
                            <ExternalLink aria-hidden="true" />
                          </a>
                        </Button>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
