import type { VoicePlatformModule } from "../platform-module.ts";
import { SIMULATOR_FROM_NUMBER } from "../simulator/call.ts";
import { createBlandProvider } from "./bland-provider.ts";
import { blandManifest } from "./manifest.ts";
import { callSimulatorRoutes } from "./sandbox/routes.ts";

/** Bland: the adapter, and the call simulator in Bland's dialect (also the Simulator choice). */
export const bland: VoicePlatformModule = {
  manifest: blandManifest,
  create: createBlandProvider,
  sandbox: {
    path: "/sandbox/bland",
    routes: callSimulatorRoutes,
    // Bland dials from the number itself.
    callerNumber: SIMULATOR_FROM_NUMBER,
  },
};
