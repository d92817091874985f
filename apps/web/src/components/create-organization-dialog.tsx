import type * as React from "react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FieldError, fieldA11y } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/sonner";
import { serverFieldErrors } from "@/lib/form-errors";
import { useCreateOrganization } from "@/lib/organizations";

/**
 * The name must be non-empty after trimming (Create is disabled otherwise), Enter
 * submits, and the button shows 'Creating...'. The new organization becomes current.
 */
export function CreateOrganizationDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opened from a menu item: the menu's trigger, where focus goes back on close. */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
}) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const create = useCreateOrganization();
  const valid = name.trim().length > 0;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || create.isPending) return;
    try {
      const organization = await create.mutateAsync(name.trim());
      toast.success("Organization created", { description: organization.name });
      setName("");
      setError(null);
      onOpenChange(false);
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : undefined;
      const fieldError = serverFieldErrors(failure, ["name"]).name;
      if (fieldError) setError(fieldError);
      toast.error("Failed to create organization", { description: message });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent returnFocusTo={returnFocusTo}>
        <form onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Create Organization</DialogTitle>
            <DialogDescription>
              An organization holds your team, form assistants and call records.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="organization-name">Organization Name</Label>
            <Input
              id="organization-name"
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setError(null);
              }}
              placeholder="Acme Inc."
              maxLength={200}
              autoComplete="organization"
              {...fieldA11y("organization-name", error)}
            />
            <FieldError fieldId="organization-name" error={error} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!valid || create.isPending}>
              {create.isPending ? "Creating..." : "Create"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
