import type { Member } from "@ringback/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Not under organizationsQueryKey: renaming the organization need not refetch the team. */
export const membersQueryKey = (organizationId: string) =>
  ["organization", organizationId, "members"] as const;

/** GET /api/organizations/:organizationId/members — the team, in join order. */
export function membersQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: membersQueryKey(organizationId),
    queryFn: ({ signal }) =>
      api.get<Member[]>(`/api/organizations/${organizationId}/members`, { signal }),
  });
}

export function useMembers(organizationId: string) {
  return useQuery(membersQueryOptions(organizationId));
}
