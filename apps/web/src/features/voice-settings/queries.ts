import type {
  UpdateVoiceSettingsInput,
  VoiceSettings,
  VoiceVerifyResult,
} from "@ringback/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

const basePath = (organizationId: string) => `/api/organizations/${organizationId}/voice`;

export const voiceSettingsKey = (organizationId: string) =>
  ["organization", organizationId, "voice"] as const;

/** GET …/voice */
export function useVoiceSettings(organizationId: string) {
  return useQuery({
    queryKey: voiceSettingsKey(organizationId),
    queryFn: ({ signal }) => api.get<VoiceSettings>(basePath(organizationId), { signal }),
  });
}

function useStore(organizationId: string) {
  const queryClient = useQueryClient();
  return async (settings: VoiceSettings) => {
    queryClient.setQueryData(voiceSettingsKey(organizationId), settings);
    // What depends on the provider (the wizard's voice list, under this key) is read again.
    await queryClient.invalidateQueries({
      queryKey: voiceSettingsKey(organizationId),
      predicate: (query) => query.queryKey.length > voiceSettingsKey(organizationId).length,
    });
  };
}

/** PUT …/voice — a new connection replaces the current one. */
export function useSaveVoiceSettings(organizationId: string) {
  const store = useStore(organizationId);
  return useMutation({
    mutationFn: (input: UpdateVoiceSettingsInput) =>
      api.put<VoiceSettings>(basePath(organizationId), input),
    onSuccess: store,
  });
}

/** DELETE …/voice — back to the installation's default. */
export function useResetVoiceSettings(organizationId: string) {
  const store = useStore(organizationId);
  return useMutation({
    mutationFn: () => api.delete<VoiceSettings>(basePath(organizationId)),
    onSuccess: store,
  });
}

/** POST …/voice/verify — the form's settings (unsaved), answered with what was found. */
export function useVerifyVoiceSettings(organizationId: string) {
  return useMutation({
    mutationFn: (input: UpdateVoiceSettingsInput) =>
      api.post<VoiceVerifyResult>(`${basePath(organizationId)}/verify`, input),
  });
}
