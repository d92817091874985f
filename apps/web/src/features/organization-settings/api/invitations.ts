import type { Invitation } from "@ringback/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const invitationsQueryKey = (organizationId: string) =>
  ["organization", organizationId, "invitations"] as const;

/** GET /api/organizations/:organizationId/invitations — pending, unexpired, newest first. */
export function invitationsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: invitationsQueryKey(organizationId),
    queryFn: ({ signal }) =>
      api.get<Invitation[]>(`/api/organizations/${organizationId}/invitations`, { signal }),
  });
}

export function useInvitations(organizationId: string) {
  return useQuery(invitationsQueryOptions(organizationId));
}
