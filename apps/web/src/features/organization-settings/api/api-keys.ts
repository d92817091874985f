import type { ApiKeyItem, CreatedApiKey } from "@ringback/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

const apiKeysKey = (organizationId: string) =>
  ["organization", organizationId, "api-keys"] as const;
const auditKey = (organizationId: string) =>
  ["organization", organizationId, "audit-events"] as const;

/** GET …/api-keys — every key, newest first, revoked ones too (owners and admins). */
export function useApiKeys(organizationId: string) {
  return useQuery({
    queryKey: apiKeysKey(organizationId),
    queryFn: ({ signal }) =>
      api.get<ApiKeyItem[]>(`/api/organizations/${organizationId}/api-keys`, { signal }),
  });
}

/** POST …/api-keys — the new key, in full this once; the list and the audit trail refresh. */
export function useCreateApiKey(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api.post<CreatedApiKey>(`/api/organizations/${organizationId}/api-keys`, { name }),
    onSuccess: async (created) => {
      queryClient.setQueryData<ApiKeyItem[]>(apiKeysKey(organizationId), (list) =>
        list ? [created.apiKey, ...list] : list,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: apiKeysKey(organizationId) }),
        queryClient.invalidateQueries({ queryKey: auditKey(organizationId) }),
      ]);
    },
  });
}

/** POST …/api-keys/:id/revoke — refused from now on, still listed as revoked. */
export function useRevokeApiKey(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (apiKeyId: string) =>
      api.post<ApiKeyItem>(`/api/organizations/${organizationId}/api-keys/${apiKeyId}/revoke`),
    onSuccess: async (revoked) => {
      queryClient.setQueryData<ApiKeyItem[]>(apiKeysKey(organizationId), (list) =>
        list?.map((key) => (key.id === revoked.id ? revoked : key)),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: apiKeysKey(organizationId) }),
        queryClient.invalidateQueries({ queryKey: auditKey(organizationId) }),
      ]);
    },
  });
}
