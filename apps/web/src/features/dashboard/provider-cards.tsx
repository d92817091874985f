import { type AvailableFormSource, can, type IntegrationIcon } from "@ringback/contracts";
import { ClipboardList, FileSpreadsheet, Handshake, Megaphone, Webhook } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/sonner";
import { connectionErrorToast, startProviderConnection } from "@/lib/form-connections";
import { useIntegrations } from "@/lib/integrations";
import { useCurrentOrganization } from "@/lib/organizations";

const icons = {
  form: ClipboardList,
  spreadsheet: FileSpreadsheet,
  handshake: Handshake,
  webhook: Webhook,
  megaphone: Megaphone,
} satisfies Record<IntegrationIcon, unknown>;

/** A source's picture, from the manifest's icon name. */
export function integrationIcon(icon: IntegrationIcon, className?: string) {
  const Icon = icons[icon] ?? ClipboardList;
  return <Icon className={className} aria-hidden="true" />;
}

/**
 * A card per form source the installation offers, then those coming soon, from the server's
 * manifests (GET /api/integrations). Connect creates a new assistant and goes to the source's
 * consent page ('Connecting...' meanwhile); it needs a selected organization, and the right to
 * connect (owners and admins). A source with no account to connect opens the wizard instead.
 */
export function ProviderCards() {
  const { current, role } = useCurrentOrganization();
  const navigate = useNavigate();
  const integrations = useIntegrations();
  const [connecting, setConnecting] = useState<string | null>(null);
  const allowed = can(role, "connections:manage");

  const onConnect = async (source: AvailableFormSource) => {
    if (!current) {
      toast.error("No organization selected. Please select an organization first.");
      return;
    }
    if (!source.capabilities.connect) {
      navigate(`/admin/assistant-configuration?source=${encodeURIComponent(source.id)}`);
      return;
    }
    setConnecting(source.id);
    try {
      await startProviderConnection({ organizationId: current.id, provider: source.id });
    } catch (error) {
      toast.error(connectionErrorToast(source.name, error));
      setConnecting(null);
    }
  };

  if (integrations.isError) {
    return (
      <LoadError
        title="Couldn't load the form sources."
        message={integrations.error.message}
        onRetry={() => void integrations.refetch()}
        retrying={integrations.isFetching}
      />
    );
  }
  if (!integrations.data) {
    return (
      <div className="grid gap-4 md:grid-cols-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-52 rounded-xl" />
        ))}
      </div>
    );
  }
  const providers = [
    ...integrations.data.formSources.map((source) => ({ ...source, available: true as const })),
    ...integrations.data.comingSoon.map((source) => ({ ...source, available: false as const })),
  ];
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {providers.map((provider) => (
        <Card key={provider.id} className="flex flex-col">
          <CardHeader>
            <div className="flex items-center justify-between gap-2">
              <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                {integrationIcon(provider.icon, "size-5")}
              </span>
              {provider.available ? null : <Badge variant="secondary">Coming soon</Badge>}
            </div>
            <CardTitle>
              <h3 className="pt-2 text-lg">{provider.name}</h3>
            </CardTitle>
            <CardDescription>{provider.description}</CardDescription>
          </CardHeader>
          <CardContent className="mt-auto">
            {provider.available ? (
              <>
                <Button
                  className="w-full"
                  disabled={connecting !== null || !allowed}
                  onClick={() => void onConnect(provider)}
                >
                  {connecting === provider.id
                    ? "Connecting..."
                    : provider.capabilities.connect
                      ? "Connect"
                      : "Set Up"}
                </Button>
                {allowed ? null : (
                  <p className="mt-2 text-xs text-muted-foreground">
                    Ask an owner or admin of your organization to connect it.
                  </p>
                )}
              </>
            ) : (
              <Button className="w-full" disabled variant="outline">
                Coming soon
              </Button>
            )}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
