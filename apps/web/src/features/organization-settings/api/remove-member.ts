import type { InvitationRole, Member } from "@ringback/contracts";
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
      // Their API keys were revoked with them: the key list changes too.
      await queryClient.invalidateQueries({ queryKey: ["organization", organizationId] });
    },
  });
}

/** PATCH /api/organizations/:organizationId/members/:memberId — owner, never their own role. */
export function useChangeMemberRole(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { memberId: string; role: InvitationRole }) =>
      api.patch<Member>(`/api/organizations/${organizationId}/members/${input.memberId}`, {
        role: input.role,
      }),
    onSuccess: async (changed) => {
      queryClient.setQueryData<Member[]>(membersQueryKey(organizationId), (list) =>
        list?.map((m) => (m.id === changed.id ? changed : m)),
      );
      // Keys made by an admin who became a member were revoked: the key list changes too.
      await queryClient.invalidateQueries({ queryKey: ["organization", organizationId] });
    },
  });
}
