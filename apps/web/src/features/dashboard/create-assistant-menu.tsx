import { ChevronDown, Plus } from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useIntegrations } from "@/lib/integrations";
import { integrationIcon } from "./provider-cards";

/** 'Create New Assistant': the installation's form sources, and those coming soon. */
export function CreateAssistantMenu() {
  const navigate = useNavigate();
  const { data } = useIntegrations();
  const providers = [
    ...(data?.formSources ?? []).map((source) => ({ ...source, available: true })),
    ...(data?.comingSoon ?? []).map((source) => ({ ...source, available: false })),
  ];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          Create New Assistant
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="text-xs text-muted-foreground">
          Choose a form provider
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {providers.map((provider) => (
          <DropdownMenuItem
            key={provider.id}
            disabled={!provider.available}
            onSelect={() =>
              navigate(`/admin/assistant-configuration?source=${encodeURIComponent(provider.id)}`)
            }
          >
            {integrationIcon(provider.icon)}
            {provider.name}
            {provider.available ? null : (
              <span className="ml-auto text-xs text-muted-foreground">Coming soon</span>
            )}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
