import type { CreateInvitation, Invitation } from "@ringback/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { invitationsQueryKey } from "./invitations";

export interface CreatedInvitation {
  invitation: Invitation;
  /** The accept link, to share whatever happened to the email. */
  link: string;
  emailSent: boolean;
}

/** POST /api/organizations/:organizationId/invitations — invite by email (owner, admin). */
export function useCreateInvitation(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInvitation) =>
      api.post<CreatedInvitation>(`/api/organizations/${organizationId}/invitations`, input),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: invitationsQueryKey(organizationId) }),
  });
}
