import type {
  AddDoNotCallInput,
  DoNotCallEntry,
  DoNotCallImportReport,
  DoNotCallPage,
  SignedLink,
} from "@ringback/contracts";
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { api } from "@/lib/api-client";

const basePath = (organizationId: string) => `/api/organizations/${organizationId}/do-not-call`;

export const doNotCallKey = (organizationId: string) =>
  ["organization", organizationId, "do-not-call"] as const;

/** GET …/do-not-call — one page of the list for a search (server-side, paged). */
export function doNotCallQueryOptions(organizationId: string, search: string, page: number) {
  const query = new URLSearchParams();
  if (search.trim()) query.set("search", search.trim());
  if (page > 1) query.set("page", String(page));
  const suffix = query.toString();
  return queryOptions({
    queryKey: [...doNotCallKey(organizationId), { search: search.trim(), page }] as const,
    queryFn: ({ signal }) =>
      api.get<DoNotCallPage>(`${basePath(organizationId)}${suffix ? `?${suffix}` : ""}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useDoNotCallList(organizationId: string, search: string, page: number) {
  return useQuery(doNotCallQueryOptions(organizationId, search, page));
}

function useRefreshList(organizationId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: doNotCallKey(organizationId) });
}

/** POST …/do-not-call — add one number (any format) with a reason. */
export function useAddDoNotCall(organizationId: string) {
  const refresh = useRefreshList(organizationId);
  return useMutation({
    mutationFn: (input: AddDoNotCallInput) =>
      api.post<{ entry: DoNotCallEntry; added: boolean; canceledAttempts: number }>(
        basePath(organizationId),
        input,
      ),
    onSuccess: refresh,
  });
}

/** DELETE …/do-not-call/:id */
export function useRemoveDoNotCall(organizationId: string) {
  const refresh = useRefreshList(organizationId);
  return useMutation({
    mutationFn: (entryId: string) => api.delete(`${basePath(organizationId)}/${entryId}`),
    onSuccess: refresh,
  });
}

/** POST …/do-not-call/import — a preview (dryRun) or the import itself, with a per-row report. */
export function useImportDoNotCall(organizationId: string) {
  const refresh = useRefreshList(organizationId);
  return useMutation({
    mutationFn: (input: { csv: string; dryRun: boolean }) =>
      api.post<DoNotCallImportReport>(`${basePath(organizationId)}/import`, input),
    onSuccess: (report) => (report.dryRun ? undefined : refresh()),
  });
}

export function doNotCallExportLink(organizationId: string) {
  return api.get<SignedLink>(`${basePath(organizationId)}/export-link`);
}
