import type { PlannedFormSource } from "@ringback/contracts";
import type { FormSourceModule } from "./source-module.ts";
import { typeform } from "./typeform/index.ts";
import { webhook } from "./webhook/index.ts";

/**
 * Every form source Ringback offers, one folder each (providers/forms/<id>/). Adding a source
 * is its folder and a line here: the server builds its adapter, mounts its sandbox, runs its
 * sandbox's jobs and serves its manifest (GET /api/integrations) from this list (ADR 0027).
 */
export const formSourceModules: readonly FormSourceModule[] = [typeform, webhook];

/** The variables the registered sources read, for the entry points to hand to loadConfig. */
export const integrationSettings = formSourceModules.flatMap((source) =>
  source.settings ? [source.settings] : [],
);

/** Sources on the way: the dashboard shows each as a card that says "Coming soon". */
export const plannedFormSources: readonly PlannedFormSource[] = [
  {
    id: "google-forms",
    name: "Google Forms",
    icon: "spreadsheet",
    description: "Forms from your Google Workspace.",
  },
  {
    id: "hubspot-forms",
    name: "HubSpot Forms",
    icon: "handshake",
    description: "Forms from your HubSpot CRM.",
  },
];
