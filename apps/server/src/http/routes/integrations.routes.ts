import type { IntegrationsResponse } from "@ringback/contracts";
import { Hono } from "hono";
import type { FormSources } from "../../domain/form-connections/form-sources.ts";
import { plannedFormSources } from "../../providers/forms/registry.ts";
import type { FormSourceModule } from "../../providers/forms/source-module.ts";
import { simulatorManifest, voicePlatformManifests } from "../../providers/voice/registry.ts";

/**
 * GET /api/integrations — each registered integration's manifest, as this installation offers
 * it (a sandbox stands in where no credentials are configured). The web app renders provider
 * cards, wizard wording and help from it. Signed-in callers only: it says how the installation
 * is configured.
 */
export function integrationsRoutes(deps: {
  modules: readonly FormSourceModule[];
  providers: FormSources;
}) {
  const body: IntegrationsResponse = {
    formSources: deps.modules.map((module) => ({
      ...module.manifest,
      sandbox: deps.providers.get(module.manifest.id).sandbox,
    })),
    comingSoon: [...plannedFormSources],
    voicePlatforms: Object.values(voicePlatformManifests),
    voiceSimulator: simulatorManifest,
  };
  return new Hono().get("/", (c) => {
    c.header("Cache-Control", "private, max-age=300");
    return c.json(body);
  });
}
