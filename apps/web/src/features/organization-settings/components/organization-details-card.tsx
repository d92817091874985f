import { can, type Organization, type OrganizationRole } from "@ringback/contracts";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/sonner";
import { useUpdateOrganization } from "../api/update-organization";

/**
 * SPEC.md §2 Organization Details: the name, editable by the owner only. SPEC.md §5: it must be
 * non-empty after trimming. Mount with `key={organization.id}` so switching resets the field.
 */
export function OrganizationDetailsCard({
  organization,
  role,
}: {
  organization: Organization;
  role: OrganizationRole | null;
}) {
  const editable = can(role, "organization:update");
  const [name, setName] = useState(organization.name);
  const update = useUpdateOrganization(organization.id);
  const trimmed = name.trim();
  const changed = trimmed !== organization.name;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!editable || update.isPending) return;
    if (!trimmed) {
      toast.error("Failed to update organization", {
        description: "Enter an organization name",
      });
      return;
    }
    try {
      const updated = await update.mutateAsync(trimmed);
      setName(updated.name);
      toast.success("Organization settings saved");
    } catch (error) {
      toast.error("Failed to update organization", {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Organization Details</h2>
        </CardTitle>
        <CardDescription>
          {editable
            ? "The name your team sees across Ringback."
            : "Only the owner can change the organization's name."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="grid gap-4 sm:max-w-md">
          <div className="grid gap-2">
            <Label htmlFor="organization-settings-name">Organization Name</Label>
            <Input
              id="organization-settings-name"
              name="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              readOnly={!editable}
              aria-readonly={!editable}
              maxLength={200}
              autoComplete="organization"
              className={editable ? undefined : "bg-muted/50"}
            />
          </div>
          {editable ? (
            <div>
              <Button type="submit" disabled={update.isPending || !trimmed || !changed}>
                {update.isPending ? "Saving..." : "Save"}
              </Button>
            </div>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
