import type { Invitation } from "@ringback/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { invitationsQueryKey } from "./invitations";

/** DELETE /api/organizations/:organizationId/invitations/:invitationId — cancel (owner, admin). */
export function useCancelInvitation(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      api.delete(`/api/organizations/${organizationId}/invitations/${invitationId}`),
    onSuccess: async (_, invitationId) => {
      queryClient.setQueryData<Invitation[]>(invitationsQueryKey(organizationId), (list) =>
        list?.filter((i) => i.id !== invitationId),
      );
      await queryClient.invalidateQueries({ queryKey: invitationsQueryKey(organizationId) });
    },
  });
}
