import type {
  CreatedWebhookEndpoint,
  CreateWebhookEndpointInput,
  UpdateWebhookEndpointInput,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookSecret,
} from "@ringback/contracts";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

const basePath = (organizationId: string) =>
  `/api/organizations/${organizationId}/webhook-endpoints`;

export const webhookEndpointsKey = (organizationId: string) =>
  ["organization", organizationId, "webhook-endpoints"] as const;
export const deliveriesKey = (organizationId: string, endpointId: string) =>
  [...webhookEndpointsKey(organizationId), endpointId, "deliveries"] as const;

/** GET …/webhook-endpoints */
export function useWebhookEndpoints(organizationId: string) {
  return useQuery({
    queryKey: webhookEndpointsKey(organizationId),
    queryFn: ({ signal }) => api.get<WebhookEndpoint[]>(basePath(organizationId), { signal }),
  });
}

function useRefresh(organizationId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookEndpointsKey(organizationId) });
}

/** POST …/webhook-endpoints — the answer carries the secret, shown once. */
export function useCreateWebhookEndpoint(organizationId: string) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: (input: CreateWebhookEndpointInput) =>
      api.post<CreatedWebhookEndpoint>(basePath(organizationId), input),
    onSuccess: refresh,
  });
}

/** PATCH …/webhook-endpoints/:id — url, description, events, enabled. */
export function useUpdateWebhookEndpoint(organizationId: string) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateWebhookEndpointInput & { id: string }) =>
      api.patch<WebhookEndpoint>(`${basePath(organizationId)}/${id}`, input),
    onSuccess: refresh,
  });
}

/** DELETE …/webhook-endpoints/:id */
export function useDeleteWebhookEndpoint(organizationId: string) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: (id: string) => api.delete(`${basePath(organizationId)}/${id}`),
    onSuccess: refresh,
  });
}

/** POST …/webhook-endpoints/:id/rotate-secret — the new secret, shown once. */
export function useRotateWebhookSecret(organizationId: string) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: (id: string) =>
      api.post<WebhookSecret>(`${basePath(organizationId)}/${id}/rotate-secret`),
    onSuccess: refresh,
  });
}

/**
 * GET …/webhook-endpoints/:id/deliveries — newest first, a page at a time ("Show older"). Live:
 * its key extends webhookEndpointsKey, which the organization's change feed refetches whenever
 * one of its webhook deliveries is added or changes status, attempts or answer
 * (lib/live-updates.ts), so a delivery reads as delivered once its endpoint has answered.
 */
export function useWebhookDeliveries(organizationId: string, endpointId: string) {
  return useInfiniteQuery({
    queryKey: deliveriesKey(organizationId, endpointId),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      api.get<WebhookDeliveryPage>(
        `${basePath(organizationId)}/${endpointId}/deliveries${pageParam ? `?before=${pageParam}` : ""}`,
        { signal },
      ),
    getNextPageParam: (last) => last.nextBefore,
  });
}

function useRefreshDeliveries(organizationId: string, endpointId: string) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({ queryKey: deliveriesKey(organizationId, endpointId) });
}

/** POST …/webhook-endpoints/:id/test — a webhook.test message. */
export function useSendTestEvent(organizationId: string, endpointId: string) {
  const refresh = useRefreshDeliveries(organizationId, endpointId);
  return useMutation({
    mutationFn: () => api.post<WebhookDelivery>(`${basePath(organizationId)}/${endpointId}/test`),
    onSuccess: refresh,
  });
}

/** POST …/webhook-endpoints/:id/deliveries/:deliveryId/resend */
export function useResendDelivery(organizationId: string, endpointId: string) {
  const refresh = useRefreshDeliveries(organizationId, endpointId);
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api.post<WebhookDelivery>(
        `${basePath(organizationId)}/${endpointId}/deliveries/${deliveryId}/resend`,
      ),
    onSuccess: refresh,
  });
}
