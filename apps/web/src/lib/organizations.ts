import type { Organization } from "@ringback/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import { api } from "./api-client";
import { useUser } from "./session";

/**
 * The user's organizations and the current one (SPEC.md §4): the last used one if still
 * available, else the first. lastOrganizationId is kept locally (SPEC.md §3).
 */
export const LAST_ORGANIZATION_KEY = "lastOrganizationId";
export const organizationsQueryKey = ["organizations"] as const;

const listeners = new Set<() => void>();
function readLast(): string | null {
  try {
    return localStorage.getItem(LAST_ORGANIZATION_KEY);
  } catch {
    return null;
  }
}
function writeLast(id: string): void {
  try {
    localStorage.setItem(LAST_ORGANIZATION_KEY, id);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === LAST_ORGANIZATION_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Picks the current organization from the list and the remembered id. */
export function pickCurrentOrganization(
  organizations: readonly Organization[],
  lastId: string | null,
): Organization | null {
  return organizations.find((o) => o.id === lastId) ?? organizations[0] ?? null;
}

export function useOrganizations() {
  const user = useUser();
  return useQuery({
    queryKey: organizationsQueryKey,
    queryFn: ({ signal }) => api.get<Organization[]>("/api/organizations", { signal }),
    enabled: user !== null,
  });
}

export function useCurrentOrganization() {
  const query = useOrganizations();
  const lastId = useSyncExternalStore(subscribe, readLast, () => null);
  const organizations = query.data ?? [];
  const current = pickCurrentOrganization(organizations, lastId);
  const select = useCallback((id: string) => writeLast(id), []);
  return {
    organizations,
    current,
    /** The user's role in the current organization (read from membership, SPEC.md §6). */
    role: current?.role ?? null,
    isLoading: query.isLoading,
    // A getter: TanStack Query re-renders a component for the fields it reads, so only the pages
    // that show a retry in progress follow every refetch of the organizations.
    get isFetching() {
      return query.isFetching;
    },
    error: query.error,
    refetch: query.refetch,
    select,
  };
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post<Organization>("/api/organizations", { name }),
    onSuccess: async (organization) => {
      queryClient.setQueryData<Organization[]>(organizationsQueryKey, (list) => [
        ...(list ?? []),
        organization,
      ]);
      writeLast(organization.id);
      await queryClient.invalidateQueries({ queryKey: organizationsQueryKey });
    },
  });
}

/** Remembers an organization as current (after sign-up or accepting an invitation). */
export function rememberOrganization(id: string): void {
  writeLast(id);
}
