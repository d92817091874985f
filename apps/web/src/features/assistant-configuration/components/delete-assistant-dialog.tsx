import type { Assistant } from "@ringback/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { toast } from "@/components/ui/sonner";
import { assistantApi, assistantsQueryKey, statsQueryKey } from "../api/assistant";
import { errorMessage } from "../messages";

/** Confirms deleting an assistant (owners and admins); then back to the dashboard. */
export function DeleteAssistantDialog({
  assistant,
  organizationId,
  open,
  onOpenChange,
}: {
  assistant: Assistant;
  organizationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => assistantApi.remove(organizationId, assistant.id),
    onSuccess: () => {
      queryClient.setQueryData<Assistant[]>(assistantsQueryKey(organizationId), (list) =>
        list?.filter((a) => a.id !== assistant.id),
      );
      void queryClient.invalidateQueries({
        queryKey: assistantsQueryKey(organizationId),
        exact: true,
      });
      void queryClient.invalidateQueries({ queryKey: statsQueryKey(organizationId) });
      toast.success("Assistant deleted");
      navigate("/admin/dashboard", { replace: true });
    },
    onError: (e) => toast.error(`Failed to delete assistant: ${errorMessage(e)}`),
  });
  const name = assistant.name?.trim();

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete this assistant?"
      description={`${name ? `“${name}”` : "This assistant"} will stop calling respondents and its webhook is removed from the form. This cannot be undone.`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={remove.isPending}
      onConfirm={() => remove.mutate()}
    />
  );
}
