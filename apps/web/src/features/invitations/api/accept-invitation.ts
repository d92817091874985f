import type { Organization } from "@ringback/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { organizationsQueryKey, rememberOrganization } from "@/lib/organizations";
import { invitationPreviewQueryKey } from "./invitation-preview";

/**
 * POST /api/invitations/:token/accept — join with the invited role (signed in). The organization
 * joined becomes the current one.
 */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<{ organization: Organization }>(
        `/api/invitations/${encodeURIComponent(token)}/accept`,
      ),
    onSuccess: async ({ organization }) => {
      rememberOrganization(organization.id);
      await queryClient.invalidateQueries({ queryKey: organizationsQueryKey });
    },
    // Expired, cancelled or used meanwhile: the preview shows the new state.
    onError: () => queryClient.invalidateQueries({ queryKey: invitationPreviewQueryKey(token) }),
  });
}
