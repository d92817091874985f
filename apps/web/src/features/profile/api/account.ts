import type { UpdateProfile, User } from "@ringback/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { setUser } from "@/lib/session";

export const accountQueryKey = ["account"] as const;

/** GET /api/account — the signed-in user, fresh; the session store (header, menus) follows it. */
export function useAccount() {
  return useQuery({
    queryKey: accountQueryKey,
    queryFn: async ({ signal }) => {
      const user = await api.get<User>("/api/account", { signal });
      setUser(user);
      return user;
    },
  });
}

/** PATCH /api/account — full name and email. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfile) => api.patch<User>("/api/account", input),
    onSuccess: (user) => {
      setUser(user);
      queryClient.setQueryData(accountQueryKey, user);
    },
  });
}
