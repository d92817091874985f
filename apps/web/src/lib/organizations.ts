import {
  CURRENT_ORGANIZATION_COOKIE,
  type LocatedRecord,
  type LocateRecordQuery,
  type Organization,
  pickCurrentOrganization,
} from "@ringback/contracts";
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useCallback, useEffect, useSyncExternalStore } from "react";
import { api } from "./api-client";
import { getAuthState, subscribeAuth, useUser } from "./session";

/**
 * The user's organizations and the current one: the last used one if still
 * available, else the first. lastOrganizationId is kept locally.
 */
export const LAST_ORGANIZATION_KEY = "lastOrganizationId";
export const organizationsQueryKey = ["organizations"] as const;

const listeners = new Set<() => void>();
function readLast(): string | null {
  try {
    return localStorage.getItem(LAST_ORGANIZATION_KEY) ?? lastFromCookie();
  } catch {
    return lastFromCookie();
  }
}
/** The pick as the server sees it (ADR 0022): the same rule, the same answer. */
function lastFromCookie(): string | null {
  const match = new RegExp(`(?:^|; )${CURRENT_ORGANIZATION_COOKIE}=([^;]*)`).exec(document.cookie);
  return match ? decodeURIComponent(match[1]!) : null;
}
function writeLast(id: string): void {
  try {
    localStorage.setItem(LAST_ORGANIZATION_KEY, id);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: the server reads the pick to write the dashboard's first view (ADR 0022).
  document.cookie = `${CURRENT_ORGANIZATION_COOKIE}=${encodeURIComponent(id)}; path=/; max-age=31536000; samesite=lax`;
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

// A pick remembered before the cookie mirrored it (or a cookie cleared alone) is mirrored again,
// so the server's first view and this tab name the same organization.
try {
  const remembered = localStorage.getItem(LAST_ORGANIZATION_KEY);
  if (remembered && lastFromCookie() !== remembered) writeLast(remembered);
} catch {
  // No storage: nothing remembered to mirror.
}

/** Picks the current organization from the list and the remembered id (shared with the server). */
export { pickCurrentOrganization };

const organizationsQuery = queryOptions({
  queryKey: organizationsQueryKey,
  queryFn: ({ signal }) => api.get<Organization[]>("/api/organizations", { signal }),
});

export function useOrganizations() {
  const user = useUser();
  return useQuery({ ...organizationsQuery, enabled: user !== null });
}

/**
 * On an admin page's first load, the organizations come with the session (GET /api/session lists
 * them): every admin page needs them first (the current organization decides what it loads), and
 * a slow phone saves the round trip and a render. Only then: after a sign-in or sign-up
 * in this tab the frame asks when it mounts, so nothing from before an organization was created
 * is shown; and only the first time, since the session's copy is not kept up to date (the query
 * is). Called once by the admin frame's module.
 */
export function seedOrganizationsOnFirstLoad(client: QueryClient): void {
  const onAdminPage = () => window.location.pathname.startsWith("/admin");
  if (!onAdminPage()) return;
  const seedIfSignedIn = () => {
    const auth = getAuthState();
    if (auth.status !== "signed-in" || !onAdminPage()) return;
    if (client.getQueryData(organizationsQueryKey) !== undefined) return;
    // A server from before the session listed them (a rolling deploy): ask for them at once.
    if (auth.session.organizations) {
      client.setQueryData(organizationsQueryKey, auth.session.organizations);
    } else void client.prefetchQuery(organizationsQuery);
  };
  if (getAuthState().status !== "loading") {
    seedIfSignedIn();
    return;
  }
  const stop = subscribeAuth(() => {
    if (getAuthState().status === "loading") return;
    stop();
    seedIfSignedIn();
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
    /** The user's role in the current organization (read from membership). */
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

/**
 * A record's address opened while another organization is current (an address copied from the
 * browser names the record, not its organization): when the record is `missing` from the current
 * organization, asks which of the user's organizations holds it (GET /api/organizations/locate)
 * and switches there, where the page then finds it. "looking" while it asks or switches,
 * "absent" when none of the user's organizations has it (the page then says it was not found),
 * "idle" when nothing is missing.
 */
export function useOrganizationOfRecord(
  kind: LocateRecordQuery["kind"],
  id: string | null,
  missing: boolean,
): "idle" | "looking" | "absent" {
  const { current, organizations, select } = useCurrentOrganization();
  const located = useQuery({
    queryKey: ["locate", kind, id],
    queryFn: () =>
      api.get<LocatedRecord>(
        `/api/organizations/locate?kind=${kind}&id=${encodeURIComponent(id ?? "")}`,
      ),
    enabled: missing && id !== null,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  const there = located.data?.organizationId;
  const elsewhere =
    there !== undefined && there !== current?.id && organizations.some((o) => o.id === there);
  useEffect(() => {
    if (missing && elsewhere && there) select(there);
  }, [missing, elsewhere, there, select]);
  if (!missing || id === null) return "idle";
  if (located.isPending || elsewhere) return "looking";
  return "absent";
}
