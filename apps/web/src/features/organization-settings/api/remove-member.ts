import type { Member } from "@ringback/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { membersQueryKey } from "./members";

/** DELETE /api/organizations/:organizationId/members/:memberId — owner, never themselves. */
export function useRemoveMember(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) =>
      api.delete(`/api/organizations/${organizationId}/members/${memberId}`),
    onSuccess: async (_, memberId) => {
      queryClient.setQueryData<Member[]>(membersQueryKey(organizationId), (list) =>
        list?.filter((m) => m.id !== memberId),
      );
      await queryClient.invalidateQueries({ queryKey: membersQueryKey(organizationId) });
    },
  });
}
