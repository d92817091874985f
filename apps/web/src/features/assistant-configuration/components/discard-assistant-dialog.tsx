import type { Assistant } from "@ringback/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toast } from "@/components/ui/sonner";
import { assistantApi, assistantsQueryKey, statsQueryKey } from "../api/assistant";
import { errorMessage } from "../messages";

/**
 * Back from an assistant that was never given a name or a form: discard it, or keep
 * it as a draft on the dashboard. Closing the dialog stays on the page, and focus goes back to
 * the Back link that opened it.
 */
export function DiscardAssistantDialog({
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
  const discard = useMutation({
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
      toast.success("Assistant discarded");
      navigate("/admin/dashboard", { replace: true });
    },
    onError: (e) => toast.error(`Failed to discard assistant: ${errorMessage(e)}`),
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!discard.isPending) onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Discard this assistant?</DialogTitle>
          <DialogDescription>
            It has no name or form yet. Discard it, or keep it as a draft on your dashboard and
            continue setting it up later.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button
            type="button"
            variant="outline"
            disabled={discard.isPending}
            onClick={() => navigate("/admin/dashboard")}
          >
            Keep as draft
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={discard.isPending}
            onClick={() => discard.mutate()}
          >
            {discard.isPending ? "Discarding..." : "Discard"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
