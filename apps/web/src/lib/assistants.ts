import type { Assistant, DashboardStats } from "@ringback/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "./api-client";

/**
 * An organization's assistants and dashboard stats: read by the dashboard and the wizard, and
 * refetched by live updates (lib/live-updates.ts) when calls change.
 */
const organizationPath = (organizationId: string) => `/api/organizations/${organizationId}`;

export const assistantsQueryKey = (organizationId: string) =>
  ["organization", organizationId, "assistants"] as const;
export const assistantQueryKey = (organizationId: string, assistantId: string) =>
  [...assistantsQueryKey(organizationId), assistantId] as const;
export const statsQueryKey = (organizationId: string) =>
  ["organization", organizationId, "stats"] as const;
/** GET …/assistants — newest first. Refetched on focus until realtime lands. */
export function useAssistants(organizationId: string | undefined) {
  return useQuery({
    queryKey: assistantsQueryKey(organizationId ?? ""),
    queryFn: ({ signal }) =>
      api.get<Assistant[]>(`${organizationPath(organizationId!)}/assistants`, { signal }),
    enabled: Boolean(organizationId),
    staleTime: 0,
    refetchOnWindowFocus: "always",
  });
}

/** GET …/stats — SPEC.md §2 dashboard stats, computed on the server. */
export function useDashboardStats(organizationId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: statsQueryKey(organizationId ?? ""),
    queryFn: ({ signal }) =>
      api.get<DashboardStats>(`${organizationPath(organizationId!)}/stats`, { signal }),
    enabled: Boolean(organizationId) && enabled,
    staleTime: 0,
    refetchOnWindowFocus: "always",
  });
}
