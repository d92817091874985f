import { Building2, Check, ChevronsUpDown, Plus } from "lucide-react";
import { useState } from "react";
import { CreateOrganizationDialog } from "@/components/create-organization-dialog";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useCurrentOrganization } from "@/lib/organizations";

/**
 * SPEC.md §2: with one organization or fewer only its name shows; otherwise a dropdown lists
 * them with a 'Create Organization' entry that opens a dialog.
 */
export function OrganizationSwitcher() {
  const { organizations, current, select } = useCurrentOrganization();
  const [creating, setCreating] = useState(false);

  if (organizations.length <= 1) {
    return current ? (
      <span
        className="flex min-w-0 items-center gap-2 truncate text-sm font-medium"
        data-testid="organization-name"
      >
        <Building2 className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="sr-only max-w-48 truncate sm:not-sr-only">{current.name}</span>
      </span>
    ) : null;
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="outline"
            className="max-w-56 justify-between gap-2 px-2 sm:px-3"
            aria-label="Switch organization"
          >
            <Building2 className="size-4 text-muted-foreground" aria-hidden="true" />
            {/* Phones show the icon only; the button's label still names it. */}
            <span className="hidden truncate sm:inline">
              {current?.name ?? "Select organization"}
            </span>
            <ChevronsUpDown
              className="hidden size-4 text-muted-foreground sm:block"
              aria-hidden="true"
            />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-64">
          <DropdownMenuLabel>Organizations</DropdownMenuLabel>
          {organizations.map((organization) => (
            <DropdownMenuItem key={organization.id} onSelect={() => select(organization.id)}>
              <span className="flex-1 truncate">{organization.name}</span>
              {organization.id === current?.id ? (
                <Check className="size-4" aria-label="Current organization" />
              ) : null}
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden="true" />
            Create Organization
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <CreateOrganizationDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
