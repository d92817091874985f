import {
  can,
  type DataRetention,
  type Organization,
  type OrganizationRole,
  RETENTION_DAY_CHOICES,
} from "@ringback/contracts";
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { LoadError } from "@/components/ui/load-error";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/sonner";
import { useDataRetention, useUpdateDataRetention } from "../api/compliance";
import { retentionLabel, retentionSummary } from "../retention";

const FOREVER = "forever";

const toValue = (days: number | null) => (days === null ? FOREVER : String(days));
const fromValue = (value: string) => (value === FOREVER ? null : Number(value));

/**
 * How long the organization keeps its calls' recordings and transcripts (default:
 * recordings 90 days, transcripts forever). Owners and admins choose; everyone sees what applies.
 */
export function DataRetentionCard({
  organization,
  role,
}: {
  organization: Organization;
  role: OrganizationRole | null;
}) {
  const editable = can(role, "assistants:manage");
  const retention = useDataRetention(organization.id);
  const update = useUpdateDataRetention(organization.id);
  const [draft, setDraft] = useState<DataRetention | null>(null);
  const [error, setError] = useState<string | null>(null);
  const saved = retention.data;
  useEffect(() => {
    if (saved) setDraft(saved);
  }, [saved]);

  const changed =
    draft !== null &&
    saved !== undefined &&
    (draft.recordingDays !== saved.recordingDays || draft.transcriptDays !== saved.transcriptDays);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    try {
      await update.mutateAsync(draft);
      setError(null);
      toast.success("Organization settings saved");
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Could not save.");
    }
  };

  const field = (id: string, label: string, key: keyof DataRetention) => {
    const current = draft?.[key] ?? null;
    // A period set over the API that the list does not offer is shown as it is.
    const choices: (number | null)[] = [...RETENTION_DAY_CHOICES, null];
    if (!choices.includes(current)) choices.unshift(current);
    return (
      <div className="grid gap-2">
        <Label htmlFor={id}>{label}</Label>
        <Select
          value={toValue(current)}
          disabled={!editable}
          onValueChange={(value) => {
            setDraft((d) => (d ? { ...d, [key]: fromValue(value) } : d));
            setError(null);
          }}
        >
          <SelectTrigger id={id} className="w-36">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {choices.map((days) => (
              <SelectItem key={toValue(days)} value={toValue(days)}>
                {retentionLabel(days)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Data Retention</h2>
        </CardTitle>
        <CardDescription>
          How long Ringback keeps each call's recording and transcript, counted from the end of the
          call. Past that, they are deleted for good, from wherever they are stored. Call records,
          summaries and answers are kept.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {retention.isError && !saved ? (
          <LoadError
            title="Couldn't load the retention settings."
            message={retention.error.message}
            onRetry={() => void retention.refetch()}
            retrying={retention.isFetching}
          />
        ) : !saved || !draft ? (
          <Skeleton className="h-16 w-full max-w-md" />
        ) : (
          <>
            <p className="text-sm" data-testid="retention-summary">
              {retentionSummary(saved)}
            </p>
            <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3" noValidate>
              {field("recording-retention", "Keep recordings", "recordingDays")}
              {field("transcript-retention", "Keep transcripts", "transcriptDays")}
              {editable ? (
                <Button type="submit" disabled={update.isPending || !changed}>
                  {update.isPending ? "Updating..." : "Update Retention"}
                </Button>
              ) : null}
              <div className="basis-full">
                <FieldError fieldId="recording-retention" error={error} />
              </div>
            </form>
          </>
        )}
      </CardContent>
    </Card>
  );
}
