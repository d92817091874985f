import type { Assistant, FormConnection, FormListItem, FormProviderId } from "@ringback/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const assistantQueryKey = (organizationId: string, assistantId: string) =>
  ["organization", organizationId, "assistants", assistantId] as const;

/** GET /api/organizations/:organizationId/assistants/:assistantId */
export function useAssistant(organizationId: string | undefined, assistantId: string) {
  return useQuery(
    queryOptions({
      queryKey: assistantQueryKey(organizationId ?? "", assistantId),
      queryFn: ({ signal }) =>
        api.get<Assistant>(`/api/organizations/${organizationId}/assistants/${assistantId}`, {
          signal,
        }),
      enabled: Boolean(organizationId),
      retry: false,
    }),
  );
}

/** GET /api/organizations/:organizationId/form-connections/:provider */
export function useConnection(organizationId: string | undefined, provider: FormProviderId) {
  return useQuery({
    queryKey: ["organization", organizationId, "form-connections", provider],
    queryFn: ({ signal }) =>
      api.get<FormConnection>(`/api/organizations/${organizationId}/form-connections/${provider}`, {
        signal,
      }),
    enabled: Boolean(organizationId),
  });
}

/** GET …/form-connections/:provider/forms — the account's forms, in-use marked. */
export function useForms(
  organizationId: string | undefined,
  provider: FormProviderId,
  assistantId: string,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ["organization", organizationId, "form-connections", provider, "forms", assistantId],
    queryFn: ({ signal }) =>
      api.get<FormListItem[]>(
        `/api/organizations/${organizationId}/form-connections/${provider}/forms?assistantId=${assistantId}`,
        { signal },
      ),
    enabled: Boolean(organizationId) && enabled,
    retry: false,
  });
}
