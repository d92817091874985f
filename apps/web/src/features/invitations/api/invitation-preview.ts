import type { InvitationPreview } from "@ringback/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiRequestError, api } from "@/lib/api-client";

export const invitationPreviewQueryKey = (token: string) => ["invitation", token] as const;

/** GET /api/invitations/:token — public: what the invitation is for, before signing in. */
export function invitationPreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: invitationPreviewQueryKey(token),
    queryFn: ({ signal }) =>
      api.get<InvitationPreview>(`/api/invitations/${encodeURIComponent(token)}`, {
        signal,
        auth: false,
      }),
    // An unknown link stays unknown; only a network or server failure is worth a retry.
    retry: (failures, error) => {
      const permanent =
        error instanceof ApiRequestError && error.status >= 400 && error.status < 500;
      return !permanent && failures < 1;
    },
  });
}

export function useInvitationPreview(token: string) {
  return useQuery(invitationPreviewQueryOptions(token));
}
