import type {
  AssignFields,
  Assistant,
  AssistantDetail,
  AssistantEndpoint,
  CallSettings,
  FormConnection,
  FormFieldsResponse,
  FormListItem,
  FormProviderId,
  OutcomeQuestion,
  SourceDelivery,
  UpdateScript,
} from "@ringback/contracts";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api, apiRequest } from "@/lib/api-client";
import { assistantQueryKey, assistantsQueryKey, statsQueryKey } from "@/lib/assistants";
import { useFormSource } from "@/lib/integrations";

// The organization-wide reads live in lib/ (the dashboard uses them too); re-exported here so
// the wizard's code keeps one import for its API.
export {
  assistantQueryKey,
  assistantsQueryKey,
  statsQueryKey,
  useAssistants,
  useDashboardStats,
} from "@/lib/assistants";

const organizationPath = (organizationId: string) => `/api/organizations/${organizationId}`;
const assistantPath = (organizationId: string, assistantId: string) =>
  `${organizationPath(organizationId)}/assistants/${assistantId}`;

const connectionQueryKey = (organizationId: string | undefined, provider: FormProviderId) =>
  ["organization", organizationId, "form-connections", provider] as const;

/** GET …/assistants/:assistantId — with 'Total calls'. */
export function useAssistant(organizationId: string | undefined, assistantId: string) {
  return useQuery(
    queryOptions({
      queryKey: assistantQueryKey(organizationId ?? "", assistantId),
      queryFn: ({ signal }) =>
        api.get<AssistantDetail>(assistantPath(organizationId!, assistantId), { signal }),
      enabled: Boolean(organizationId) && Boolean(assistantId),
      retry: false,
      refetchOnWindowFocus: "always",
    }),
  );
}

/** GET …/form-connections/:provider */
export function useConnection(organizationId: string | undefined, provider: FormProviderId) {
  return useQuery({
    queryKey: connectionQueryKey(organizationId, provider),
    queryFn: ({ signal }) =>
      api.get<FormConnection>(`${organizationPath(organizationId!)}/form-connections/${provider}`, {
        signal,
      }),
    enabled: Boolean(organizationId),
  });
}

/** GET …/form-connections/:provider/forms?assistantId= — the account's forms, in-use marked. */
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
        `${organizationPath(organizationId!)}/form-connections/${provider}/forms?assistantId=${encodeURIComponent(assistantId)}`,
        { signal },
      ),
    enabled: Boolean(organizationId) && enabled,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/**
 * The form's fields in response groups: GET …/form-connections/:provider/forms/:formId/fields
 * from a source that reads them from its API; from one that learns them from a sample, GET
 * …/assistants/:id/fields (such an assistant is its own form, so formId is its id).
 */
export function useFormFields(
  organizationId: string | undefined,
  provider: FormProviderId,
  formId: string | null,
  enabled: boolean,
) {
  const source = useFormSource(provider);
  const fromSample = source.capabilities.sampleFields && !source.capabilities.readFields;
  return useQuery({
    queryKey: ["organization", organizationId, "form-connections", provider, "fields", formId],
    queryFn: ({ signal }) =>
      api.get<FormFieldsResponse>(
        fromSample
          ? `${assistantPath(organizationId!, formId!)}/fields`
          : `${organizationPath(organizationId!)}/form-connections/${provider}/forms/${encodeURIComponent(formId!)}/fields`,
        { signal },
      ),
    enabled: Boolean(organizationId) && Boolean(formId) && enabled && source.loaded,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** GET …/assistants/:assistantId/endpoint — a URL-and-secret source's URL and its settings. */
export function useEndpoint(organizationId: string, assistantId: string, enabled: boolean) {
  return useQuery({
    queryKey: ["organization", organizationId, "assistants", assistantId, "endpoint"],
    queryFn: ({ signal }) =>
      api.get<AssistantEndpoint>(`${assistantPath(organizationId, assistantId)}/endpoint`, {
        signal,
      }),
    enabled,
    retry: false,
    // Until a test submission arrives, the page watches for it.
    refetchInterval: (query) => (query.state.data?.sampleReceivedAt ? false : 3000),
  });
}

/** GET …/assistants/:assistantId/deliveries — "Recent deliveries", watched while shown. */
export function useDeliveries(organizationId: string, assistantId: string) {
  return useQuery({
    queryKey: deliveriesQueryKey(organizationId, assistantId),
    queryFn: ({ signal }) =>
      api.get<SourceDelivery[]>(`${assistantPath(organizationId, assistantId)}/deliveries`, {
        signal,
      }),
    retry: false,
    refetchInterval: 5000,
  });
}

export const deliveriesQueryKey = (organizationId: string, assistantId: string) =>
  ["organization", organizationId, "assistants", assistantId, "deliveries"] as const;

/** What "Send a test submission" made of the request it sent. */
export interface TestSubmissionResult {
  result: SourceDelivery["result"];
  label: string;
  detail: string | null;
}

export const assistantApi = {
  /** Without a source, the server's first registered one. */
  create: (organizationId: string, provider?: FormProviderId) =>
    api.post<Assistant>(
      `${organizationPath(organizationId)}/assistants`,
      provider ? { provider } : {},
    ),
  rename: (organizationId: string, assistantId: string, name: string) =>
    api.patch<Assistant>(`${assistantPath(organizationId, assistantId)}/name`, { name }),
  selectForm: (organizationId: string, assistantId: string, formId: string) =>
    apiRequest<Assistant>(`${assistantPath(organizationId, assistantId)}/form`, {
      method: "PUT",
      json: { formId },
    }),
  assignFields: (organizationId: string, assistantId: string, fields: AssignFields) =>
    apiRequest<Assistant>(`${assistantPath(organizationId, assistantId)}/fields`, {
      method: "PUT",
      json: fields,
    }),
  /** Step 3: the script, and the first sentence the call opens with (left out: kept). */
  saveScript: (organizationId: string, assistantId: string, input: UpdateScript) =>
    apiRequest<Assistant>(`${assistantPath(organizationId, assistantId)}/script`, {
      method: "PUT",
      json: input,
    }),
  saveSettings: (organizationId: string, assistantId: string, settings: CallSettings) =>
    apiRequest<Assistant>(`${assistantPath(organizationId, assistantId)}/settings`, {
      method: "PUT",
      json: settings,
    }),
  /** Step 3 'Outcomes': the questions each call should answer (all of them). */
  saveOutcomes: (organizationId: string, assistantId: string, questions: OutcomeQuestion[]) =>
    apiRequest<Assistant>(`${assistantPath(organizationId, assistantId)}/outcomes`, {
      method: "PUT",
      json: { questions },
    }),
  /** POST …/endpoint: makes the URL and secret (the secret in this answer only). */
  createEndpoint: (organizationId: string, assistantId: string) =>
    api.post<AssistantEndpoint>(`${assistantPath(organizationId, assistantId)}/endpoint`, {}),
  rotateSecret: (organizationId: string, assistantId: string) =>
    api.post<AssistantEndpoint>(
      `${assistantPath(organizationId, assistantId)}/endpoint/rotate-secret`,
      {},
    ),
  learnAgain: (organizationId: string, assistantId: string) =>
    api.post<AssistantEndpoint>(
      `${assistantPath(organizationId, assistantId)}/endpoint/learn-again`,
      {},
    ),
  saveEndpointSettings: (
    organizationId: string,
    assistantId: string,
    settings: Record<string, unknown>,
  ) =>
    api.put<AssistantEndpoint>(
      `${assistantPath(organizationId, assistantId)}/endpoint/settings`,
      settings,
    ),
  /** PUT …/endpoint/secret: the secret the business's tool made. */
  setToolSecret: (organizationId: string, assistantId: string, secret: string) =>
    api.put<AssistantEndpoint>(`${assistantPath(organizationId, assistantId)}/endpoint/secret`, {
      secret,
    }),
  /** POST …/deliveries/test: "Send a test submission" (sandbox mode). */
  sendTestSubmission: (organizationId: string, assistantId: string) =>
    api.post<TestSubmissionResult>(
      `${assistantPath(organizationId, assistantId)}/deliveries/test`,
      {},
    ),
  activate: (organizationId: string, assistantId: string) =>
    api.post<Assistant>(`${assistantPath(organizationId, assistantId)}/activate`),
  deactivate: (organizationId: string, assistantId: string) =>
    api.post<Assistant>(`${assistantPath(organizationId, assistantId)}/deactivate`),
  remove: (organizationId: string, assistantId: string) =>
    api.delete(assistantPath(organizationId, assistantId)),
};

/**
 * Puts an assistant the server has just saved into the cache (keeping 'Total calls', which
 * only the detail read carries) and marks the dashboard's list and stats stale.
 */
export function useStoreAssistant(organizationId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (saved: Assistant) => {
      queryClient.setQueryData<AssistantDetail>(
        assistantQueryKey(organizationId, saved.id),
        (previous) => ({ ...saved, total_calls: previous?.total_calls ?? 0 }),
      );
      void queryClient.invalidateQueries({
        queryKey: assistantsQueryKey(organizationId),
        exact: true,
      });
      void queryClient.invalidateQueries({ queryKey: statsQueryKey(organizationId) });
    },
    [queryClient, organizationId],
  );
}
