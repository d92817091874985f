import { can } from "@ringback/contracts";
import { ClipboardList, FileSpreadsheet, Handshake } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/sonner";
import { connectionErrorToast, startProviderConnection } from "@/lib/form-connections";
import { useCurrentOrganization } from "@/lib/organizations";

export const providers = [
  {
    id: "typeform",
    name: "Typeform",
    description: "Call everyone who fills in one of your Typeforms and asks to be called.",
    icon: ClipboardList,
    available: true,
  },
  {
    id: "google-forms",
    name: "Google Forms",
    description: "Forms from your Google Workspace.",
    icon: FileSpreadsheet,
    available: false,
  },
  {
    id: "hubspot-forms",
    name: "HubSpot Forms",
    description: "Forms from your HubSpot CRM.",
    icon: Handshake,
    available: false,
  },
] as const;

/**
 * Three provider cards, one working and two coming soon. Connect creates a new
 * assistant and goes to the provider's consent page ('Connecting...' meanwhile); it needs a
 * selected organization, and the right to connect (owners and admins).
 */
export function ProviderCards() {
  const { current, role } = useCurrentOrganization();
  const [connecting, setConnecting] = useState(false);
  const allowed = can(role, "connections:manage");

  const onConnect = async () => {
    if (!current) {
      toast.error("No organization selected. Please select an organization first.");
      return;
    }
    setConnecting(true);
    try {
      await startProviderConnection({ organizationId: current.id, provider: "typeform" });
    } catch (error) {
      toast.error(connectionErrorToast("typeform", error));
      setConnecting(false);
    }
  };

  return (
    <div className="grid gap-4 md:grid-cols-3">
      {providers.map((provider) => (
        <Card key={provider.id} className="flex flex-col">
          <CardHeader>
            <div className="flex items-center justify-between gap-2">
              <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <provider.icon className="size-5" aria-hidden="true" />
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
                  disabled={connecting || !allowed}
                  onClick={() => void onConnect()}
                >
                  {connecting ? "Connecting..." : "Connect"}
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
