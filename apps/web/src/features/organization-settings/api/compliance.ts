import type { AuditEventPage, DataRetention, OrganizationCallSettings } from "@ringback/contracts";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { type AuditFilters, auditApiQuery } from "../audit";

const callSettingsKey = (organizationId: string) =>
  ["organization", organizationId, "call-settings"] as const;
const auditKey = (organizationId: string) =>
  ["organization", organizationId, "audit-events"] as const;

/** GET …/call-settings — the per-number cap. */
export function useCallSettings(organizationId: string) {
  return useQuery({
    queryKey: callSettingsKey(organizationId),
    queryFn: ({ signal }) =>
      api.get<OrganizationCallSettings>(`/api/organizations/${organizationId}/call-settings`, {
        signal,
      }),
  });
}

/** PUT …/call-settings (owners and admins); the trail shows the change. */
export function useUpdateCallSettings(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: OrganizationCallSettings) =>
      api.put<OrganizationCallSettings>(
        `/api/organizations/${organizationId}/call-settings`,
        settings,
      ),
    onSuccess: async (saved) => {
      queryClient.setQueryData(callSettingsKey(organizationId), saved);
      await queryClient.invalidateQueries({ queryKey: auditKey(organizationId) });
    },
  });
}

/**
 * GET …/audit-events — newest first, a page at a time ("Show older"), filtered by who, kind and
 * days (asked as the instants of the browser's midnights).
 */
export function useAuditEvents(organizationId: string, filters: AuditFilters, enabled = true) {
  const query = auditApiQuery(filters);
  return useInfiniteQuery({
    queryKey: [...auditKey(organizationId), query.toString()],
    enabled,
    // Changes made on other pages (the do-not-call list, an assistant) show when the trail opens.
    staleTime: 0,
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) => {
      const page = new URLSearchParams(query);
      if (pageParam) page.set("cursor", pageParam);
      const search = page.toString();
      return api.get<AuditEventPage>(
        `/api/organizations/${organizationId}/audit-events${search ? `?${search}` : ""}`,
        { signal },
      );
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

const retentionKey = (organizationId: string) =>
  ["organization", organizationId, "retention"] as const;

/** GET …/retention — how long recordings and transcripts are kept. */
export function useDataRetention(organizationId: string) {
  return useQuery({
    queryKey: retentionKey(organizationId),
    queryFn: ({ signal }) =>
      api.get<DataRetention>(`/api/organizations/${organizationId}/retention`, { signal }),
  });
}

/** PUT …/retention (owners and admins); the trail shows the change. */
export function useUpdateDataRetention(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (retention: DataRetention) =>
      api.put<DataRetention>(`/api/organizations/${organizationId}/retention`, retention),
    onSuccess: async (saved) => {
      queryClient.setQueryData(retentionKey(organizationId), saved);
      await queryClient.invalidateQueries({ queryKey: auditKey(organizationId) });
    },
  });
}
