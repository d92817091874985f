import { can, type Organization, type OrganizationRole } from "@ringback/contracts";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldError, fieldA11y } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/sonner";
import { serverFieldErrors } from "@/lib/form-errors";
import { organizationNameError } from "@/lib/organization-name";
import { useUpdateOrganization } from "../api/update-organization";

const FIELD_ID = "organization-settings-name";

/**
 * Organization Details: the name, editable by the owner only. It must be
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
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateOrganization(organization.id);
  const trimmed = name.trim();
  const changed = trimmed !== organization.name;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!editable || update.isPending) return;
    const problem = organizationNameError(name);
    if (problem) {
      setError(problem);
      document.getElementById(FIELD_ID)?.focus();
      return;
    }
    try {
      const updated = await update.mutateAsync(trimmed);
      setName(updated.name);
      setError(null);
      toast.success("Organization settings saved");
    } catch (error) {
      const message = error instanceof Error ? error.message : undefined;
      const fieldError = serverFieldErrors(error, ["name"]).name;
      if (fieldError) setError(fieldError);
      toast.error("Failed to update organization", { description: message });
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
        <form onSubmit={onSubmit} className="grid gap-4 sm:max-w-md" noValidate>
          <div className="grid gap-2">
            <Label htmlFor={FIELD_ID}>Organization Name</Label>
            <Input
              id={FIELD_ID}
              name="name"
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setError(null);
              }}
              {...fieldA11y(FIELD_ID, error)}
              readOnly={!editable}
              aria-readonly={!editable}
              maxLength={200}
              autoComplete="organization"
              className={editable ? undefined : "bg-muted/50"}
            />
            <FieldError fieldId={FIELD_ID} error={error} />
          </div>
          {editable ? (
            <div>
              <Button type="submit" disabled={update.isPending || !changed}>
                {update.isPending ? "Saving..." : "Save"}
              </Button>
            </div>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
