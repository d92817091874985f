import type { VoiceOptionsResponse } from "@ringback/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The key of the organization's voice list (the Voice settings page may invalidate it). */
export const voiceOptionsQueryKey = (organizationId: string | undefined) =>
  ["organization", organizationId, "voice", "voices"] as const;

/**
 * GET …/voice/voices: the organization's current voice provider, its own list of
 * voices and what it does with each voice option. Read when the Advanced area opens.
 */
export function useVoiceOptions(organizationId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: voiceOptionsQueryKey(organizationId),
    queryFn: ({ signal }) =>
      api.get<VoiceOptionsResponse>(`/api/organizations/${organizationId}/voice/voices`, {
        signal,
      }),
    enabled: Boolean(organizationId) && enabled,
    // A provider's list changes rarely; its errors are shown with Retry rather than retried.
    staleTime: 5 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
