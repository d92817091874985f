import {
  can,
  type Organization,
  type OrganizationRole,
  organizationCallSettingsSchema,
} from "@ringback/contracts";
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldError, fieldA11y } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/sonner";
import { useCallSettings, useUpdateCallSettings } from "../api/compliance";

const FIELD_ID = "max-calls-per-number";

/**
 * The organization's per-number cap — at most N dials to one number in any 24
 * hours, across all its assistants (default 3). Owners and admins change it; everyone sees it.
 */
export function CallLimitsCard({
  organization,
  role,
}: {
  organization: Organization;
  role: OrganizationRole | null;
}) {
  const editable = can(role, "assistants:manage");
  const settings = useCallSettings(organization.id);
  const update = useUpdateCallSettings(organization.id);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const saved = settings.data?.maxCallsPerNumberPerDay;
  useEffect(() => {
    if (saved !== undefined) setValue(String(saved));
  }, [saved]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = organizationCallSettingsSchema.safeParse({ maxCallsPerNumberPerDay: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Enter a number of calls.");
      return;
    }
    try {
      await update.mutateAsync(parsed.data);
      setError(null);
      toast.success("Organization settings saved");
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Could not save.");
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Call Limits</h2>
        </CardTitle>
        <CardDescription>
          However many forms a person submits, Ringback calls one number at most this many times in
          24 hours, across all your assistants. Further attempts are blocked with "Blocked: daily
          limit".
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isError && !settings.data ? (
          <LoadError
            title="Couldn't load the call limits."
            message={settings.error.message}
            onRetry={() => void settings.refetch()}
            retrying={settings.isFetching}
          />
        ) : settings.isLoading ? (
          <Skeleton className="h-16 w-full max-w-md" />
        ) : (
          <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3" noValidate>
            <div className="grid gap-2">
              <Label htmlFor={FIELD_ID}>Calls to one number per 24 hours</Label>
              <Input
                id={FIELD_ID}
                type="number"
                inputMode="numeric"
                min={1}
                max={10}
                className="w-28"
                value={value}
                readOnly={!editable}
                onChange={(e) => {
                  setValue(e.target.value);
                  setError(null);
                }}
                {...fieldA11y(FIELD_ID, error)}
              />
            </div>
            {editable ? (
              <Button type="submit" disabled={update.isPending || value === String(saved ?? "")}>
                {update.isPending ? "Updating..." : "Update Limit"}
              </Button>
            ) : null}
            <div className="basis-full">
              <FieldError fieldId={FIELD_ID} error={error} />
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
