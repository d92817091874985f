import type { InvitationPreview, InvitationRole } from "@ringback/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiRequestError, api } from "./api-client";

/**
 * GET /api/invitations/:token — public: what an invitation is for, before signing in. Read by the
 * invitation page and by sign-up from an invitation link, so it lives here.
 */
export const invitationPreviewQueryKey = (token: string) => ["invitation", token] as const;

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

export function useInvitationPreview(token: string | null) {
  return useQuery({ ...invitationPreviewQueryOptions(token ?? ""), enabled: Boolean(token) });
}

export function roleWithArticle(role: InvitationRole): string {
  return role === "admin" ? "an admin" : "a member";
}

/** Where sign-up from an invitation starts: the token travels in the URL, surviving a reload. */
export function signupFromInvitationPath(token: string): string {
  return `/signup?invitation=${encodeURIComponent(token)}`;
}

/** The invitation a sign-up is for: `?invitation=` or, coming back from its page, `from`. */
export function invitationTokenFrom(search: string, from: string | undefined): string | null {
  const fromQuery = new URLSearchParams(search).get("invitation");
  if (fromQuery && /^[0-9a-f]{64}$/.test(fromQuery)) return fromQuery;
  const fromPage = from?.match(/^\/invitations\/([0-9a-f]{64})$/)?.[1];
  return fromPage ?? null;
}
