import type { Organization } from "@ringback/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { organizationsQueryKey } from "@/lib/organizations";

/** PATCH /api/organizations/:organizationId — rename (owner only). */
export function useUpdateOrganization(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api.patch<Organization>(`/api/organizations/${organizationId}`, { name }),
    onSuccess: async (updated) => {
      // The header and switcher read the list: show the new name at once, then refetch.
      queryClient.setQueryData<Organization[]>(organizationsQueryKey, (list) =>
        list?.map((o) => (o.id === updated.id ? { ...o, name: updated.name } : o)),
      );
      await queryClient.invalidateQueries({ queryKey: organizationsQueryKey });
    },
  });
}
