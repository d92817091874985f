import { ClipboardList, FileSpreadsheet, Handshake } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

const providers = [
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
 * SPEC.md §2: three provider cards, one working and two coming soon. Connecting Typeform is
 * wired by the form-providers work (issue 4); until then its button says it is not ready.
 */
export function ProviderCards() {
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
            <Button
              className="w-full"
              disabled
              variant={provider.available ? "default" : "outline"}
            >
              {provider.available ? "Connect" : "Coming soon"}
            </Button>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
