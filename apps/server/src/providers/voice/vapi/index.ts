import type { VoicePlatformModule } from "../platform-module.ts";
import { vapiManifest } from "./manifest.ts";
import { SIMULATOR_VAPI_PHONE_NUMBER_ID } from "./sandbox/call.ts";
import { vapiSimulatorRoutes } from "./sandbox/routes.ts";
import { createVapiProvider } from "./vapi-provider.ts";

/** Vapi: the adapter, and the call simulator in Vapi's dialect. */
export const vapi: VoicePlatformModule = {
  manifest: vapiManifest,
  create: createVapiProvider,
  sandbox: {
    path: "/sandbox/vapi",
    routes: vapiSimulatorRoutes,
    // Vapi dials from one of the account's phone-number ids.
    callerNumber: SIMULATOR_VAPI_PHONE_NUMBER_ID,
  },
};
