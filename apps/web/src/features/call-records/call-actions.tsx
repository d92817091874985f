import {
  type CallRecordDetails,
  can,
  isPendingStatus,
  type OrganizationRole,
} from "@ringback/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Ban, PhoneForwarded, PhoneOff } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/sonner";
import { api } from "@/lib/api-client";
import { formatCallDate } from "@/lib/call-format";

const callsPath = (organizationId: string) => `/api/organizations/${organizationId}/call-records`;

/**
 * What a team member does with a lead from Call Details: call it again now, cancel a call that
 * waits for its time, or put the number on the do-not-call list. Each says what happened; the
 * list and the details follow (the live updates, and a refetch here).
 */
export function CallActions({
  organizationId,
  role,
  call,
}: {
  organizationId: string;
  role: OrganizationRole | null;
  call: CallRecordDetails;
}) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: ["organization", organizationId, "call-records"] });
  const callAgain = useMutation({
    mutationFn: () =>
      api.post<{ callRecordId: string; scheduledFor: string }>(
        `${callsPath(organizationId)}/${call.id}/call-again`,
      ),
    onSuccess: (placed) => {
      const soon = Date.parse(placed.scheduledFor) <= Date.now() + 60_000;
      toast.success(
        soon
          ? "Calling again now."
          : `Scheduled for ${formatCallDate(placed.scheduledFor)}: the first lawful time in the assistant's calling window.`,
      );
      void refresh();
    },
    onError: (error: Error) => toast.error(error.message),
  });
  const cancel = useMutation({
    mutationFn: () => api.post<void>(`${callsPath(organizationId)}/${call.id}/cancel`),
    onSuccess: () => {
      toast.success("Scheduled call canceled.");
      void refresh();
    },
    onError: (error: Error) => toast.error(error.message),
  });
  const doNotCall = useMutation({
    mutationFn: () =>
      api.post(`/api/organizations/${organizationId}/do-not-call`, {
        phoneNumber: call.respondent.phone,
        reason: "Added from Call Details",
      }),
    onSuccess: () => {
      toast.success("Added to the Do Not Call list. No call will be placed to this number.");
      setConfirming(false);
      void refresh();
    },
    onError: (error: Error) => toast.error(error.message),
  });

  const manage = can(role, "calls:manage") && call.groupId !== call.id && !call.isTest;
  const listing = can(role, "doNotCall:manage") && Boolean(call.respondent.phone);
  if (!manage && !listing) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-call-actions>
      {manage && call.status === "scheduled" ? (
        <Button
          variant="outline"
          size="sm"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate()}
        >
          <PhoneOff aria-hidden="true" />
          Cancel scheduled call
        </Button>
      ) : null}
      {manage && !isPendingStatus(call.status) ? (
        <Button size="sm" disabled={callAgain.isPending} onClick={() => callAgain.mutate()}>
          <PhoneForwarded aria-hidden="true" />
          Call again now
        </Button>
      ) : null}
      {listing && call.leadOutcome !== "opted-out" ? (
        confirming ? (
          <fieldset className="flex flex-wrap items-center gap-2 text-sm">
            <legend className="sr-only">Add to Do Not Call</legend>
            <span>Never call {call.respondent.phoneDisplay ?? "this number"} again?</span>
            <Button
              variant="destructive"
              size="sm"
              disabled={doNotCall.isPending}
              onClick={() => doNotCall.mutate()}
            >
              Add to Do Not Call
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
              Keep calling
            </Button>
          </fieldset>
        ) : (
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
            <Ban aria-hidden="true" />
            Add to Do Not Call
          </Button>
        )
      ) : null}
    </div>
  );
}
