import type { VoicePlatformModule } from "../platform-module.ts";
import { SIMULATOR_FROM_NUMBER } from "../simulator/call.ts";
import { retellManifest } from "./manifest.ts";
import { createRetellProvider } from "./retell-provider.ts";
import { retellSimulatorRoutes } from "./sandbox/routes.ts";

/** Retell: the adapter, and the call simulator in Retell's dialect. */
export const retell: VoicePlatformModule = {
  manifest: retellManifest,
  create: createRetellProvider,
  sandbox: {
    path: "/sandbox/retell",
    routes: retellSimulatorRoutes,
    // Retell dials from the number itself.
    callerNumber: SIMULATOR_FROM_NUMBER,
  },
};
