import type {
  AvailableFormSource,
  IntegrationsResponse,
  VoicePlatformId,
  VoicePlatformManifest,
} from "@ringback/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "./api-client";

/**
 * The installation's integrations (GET /api/integrations): each form source's manifest, from its
 * folder on the server. Screens take a source's name, wording and help from here, so that no
 * screen names a vendor itself. It changes only with a deploy: read once per session.
 */
export const integrationsQueryKey = ["integrations"] as const;

export function useIntegrations() {
  return useQuery({
    queryKey: integrationsQueryKey,
    queryFn: ({ signal }) => api.get<IntegrationsResponse>("/api/integrations", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * One form source's manifest, or while it loads (or if it failed) a stand-in with its id as
 * its name, so that wording never waits on it.
 */
export function useFormSource(id: string | undefined | null): AvailableFormSource & {
  loaded: boolean;
} {
  const { data } = useIntegrations();
  const found = data?.formSources.find((source) => source.id === id);
  return found ? { ...found, loaded: true } : { ...standIn(id ?? ""), loaded: false };
}

function standIn(id: string): AvailableFormSource {
  return {
    id,
    name: id.charAt(0).toUpperCase() + id.slice(1),
    icon: "form",
    description: "",
    capabilities: {
      connect: true,
      listForms: true,
      readFields: true,
      manageWebhooks: true,
      sampleFields: false,
      backfill: false,
    },
    formNoun: "form",
    help: {},
    docs: [],
    settings: {},
    sandbox: false,
  };
}

/** The voice platforms' manifests by id, and the simulator's (null until they have loaded). */
export function useVoicePlatforms() {
  const integrations = useIntegrations();
  const data = integrations.data;
  return {
    ...integrations,
    platforms: data
      ? (Object.fromEntries(data.voicePlatforms.map((p) => [p.id, p])) as Record<
          VoicePlatformId,
          VoicePlatformManifest
        >)
      : null,
    simulator: data?.voiceSimulator ?? null,
  };
}
