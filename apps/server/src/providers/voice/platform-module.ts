import type { VoicePlatformManifest } from "@ringback/contracts";
import type { Hono } from "hono";
import type { Logger } from "../../lib/logger.ts";
import type { SimulatedCallDeps } from "./simulator/simulated-calls.ts";
import type { VoiceAdapterOptions, VoiceAgentStore, VoiceProvider } from "./voice-provider.ts";

/** Builds one platform's adapter for one account (one connection's credentials). */
export type VoiceAdapterFactory = (
  options: VoiceAdapterOptions & { agents: VoiceAgentStore },
) => VoiceProvider;

/** What a platform's face of the call simulator is built from. */
export interface VoiceSandboxContext extends SimulatedCallDeps {
  logger: Logger;
}

/**
 * One voice platform as the server registers it (providers/voice/registry.ts): everything about
 * it lives in its folder — the manifest, the adapter, its face of the call simulator and its
 * fixtures (ADR 0027).
 */
export interface VoicePlatformModule {
  manifest: VoicePlatformManifest;
  /** The adapter for one account, real or pointed at the simulator's face of the platform. */
  create: VoiceAdapterFactory;
  /** The call simulator speaking this platform's API, mounted where sandboxes may run. */
  sandbox: {
    /** Where the HTTP app mounts it: /sandbox/<id>. */
    path: string;
    // biome-ignore lint/suspicious/noExplicitAny: each sandbox's app keeps its own variables.
    routes(context: VoiceSandboxContext): Hono<any>;
    /**
     * What an organization's simulated account dials from, in the platform's own terms (the
     * number itself, or one of the platform's phone-number ids).
     */
    callerNumber: string;
  };
}
