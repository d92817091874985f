import { Building2, Check, ChevronsUpDown, Plus } from "lucide-react";
import { useRef, useState } from "react";
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
 * With one organization or fewer only its name shows; otherwise a dropdown lists
 * them with a 'Create Organization' entry that opens a dialog.
 */
export function OrganizationSwitcher() {
  const { organizations, current, select } = useCurrentOrganization();
  const [creating, setCreating] = useState(false);
  // The menu item that opened the dialog is gone when it closes: focus goes back to the menu's
  // button instead (WCAG 2.4.3).
  const triggerRef = useRef<HTMLButtonElement>(null);

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
            ref={triggerRef}
            variant="outline"
            className="max-w-56 justify-between gap-2 px-2 sm:px-3"
          >
            <Building2 className="size-4 text-muted-foreground" aria-hidden="true" />
            {/* Phones show the icon only. The name is the button's name too (WCAG 2.5.3). */}
            <span className="sr-only sm:not-sr-only sm:truncate">
              {current?.name ?? "Select organization"}
            </span>{" "}
            <span className="sr-only">Switch organization</span>
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
      <CreateOrganizationDialog
        open={creating}
        onOpenChange={setCreating}
        returnFocusTo={triggerRef}
      />
    </>
  );
}
