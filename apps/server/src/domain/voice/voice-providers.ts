import type { VoicePlatformId, VoiceProviderChoice } from "@ringback/contracts";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { voiceConnections } from "../../db/schema/index.ts";
import type { OutboundClient } from "../../lib/outbound-http.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import type { VoiceAdapterFactory } from "../../providers/voice/platform-module.ts";
import type { VoiceAgentStore, VoiceProvider } from "../../providers/voice/voice-provider.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type VoiceConnectionRow = typeof voiceConnections.$inferSelect;

export type { VoiceAdapterFactory };

/** Where a connection's calls send their webhooks: the provider and whose secret checks them. */
export function voiceWebhookUrl(
  publicUrl: string,
  platform: VoicePlatformId,
  connectionId: string | null,
): string {
  return `${publicUrl.replace(/\/+$/, "")}/api/voice-webhooks/${platform}/${connectionId ?? "default"}`;
}

/** A connection's provider, ready to place calls and read their news. */
export interface ResolvedVoice {
  /** voice_connections.id; null: the installation's default. */
  connectionId: string | null;
  organizationId: string | null;
  provider: VoiceProvider;
  /** The choice on the Voice page (simulator, bland, vapi or retell). */
  choice: VoiceProviderChoice;
  /** Played by the call simulator: no real phone is called. */
  simulated: boolean;
  webhookUrl: string;
}

/** What a connection is made of, saved or not (Verify checks settings before they are saved). */
export interface VoiceAccount {
  choice: VoiceProviderChoice;
  simulated: boolean;
  apiKey: string;
  webhookSecret: string | null;
  callerNumber: string | null;
}

export interface VoiceProviders {
  /**
   * The provider an organization's next call goes through: its current connection, else the
   * installation's default; null when there is neither (no BLAND_* keys and no sandbox).
   */
  forOrganization(db: Database | Tx, organizationId: string): Promise<ResolvedVoice | null>;
  /** A connection's provider (null: the installation default); null when it does not exist. */
  forConnection(connectionId: string | null): Promise<ResolvedVoice | null>;
  /** An adapter for an account that is not saved (Verify, the caller-number list). */
  build(
    account: VoiceAccount,
    scope: { organizationId: string; connectionId: string | null },
  ): ResolvedVoice;
  /** What organizations that choose nothing get. */
  readonly installationDefault: VoiceProviderChoice | null;
  /** Whether organizations may pick simulated platforms (sandbox installations). */
  readonly simulatorAvailable: boolean;
  /** The simulator's account for an organization that picks a simulated platform. */
  simulatedAccount: VoiceSimulator["account"];
}

/**
 * The call simulator as the registry needs it (built in services.ts from the voice platforms'
 * folders): where each dialect's API is, the installation's own account, and an organization's.
 */
export interface VoiceSimulator {
  apiUrl(platform: VoicePlatformId): string;
  installationAccount: { apiKey: string; webhookSecret: string };
  /** An organization's simulated account: its key, webhook secret and the caller number. */
  account(
    platform: VoicePlatformId,
    organizationId: string,
  ): { apiKey: string; webhookSecret: string; callerNumber: string };
}

export interface VoiceProvidersOptions {
  db: Database;
  box: SecretBox;
  publicUrl: string;
  simulator: VoiceSimulator;
  adapters: Record<VoicePlatformId, VoiceAdapterFactory>;
  /** Each platform's real API base (config.voiceApiUrls). */
  apiUrls: Record<VoicePlatformId, string>;
  /** The installation's Bland account (BLAND_* variables; its API base is apiUrls.bland). */
  bland: { apiKey: string; webhookSecret: string } | null;
  simulatorAvailable: boolean;
  timeoutMs: number;
  /** Keeps a platform's agents per assistant (Retell): voice_agents. */
  agentStore: (scope: { connectionId: string; organizationId: string }) => VoiceAgentStore;
  fetch?: typeof fetch;
  /** The guarded client recording URLs are fetched with. */
  outbound: OutboundClient;
}

/** The platform a choice speaks: the Simulator choice is the simulator in Bland's dialect. */
export const platformOf = (choice: VoiceProviderChoice): VoicePlatformId =>
  choice === "simulator" ? "bland" : choice;

/** A store for connections that keep no agents (the installation default: Bland only). */
const noAgents: VoiceAgentStore = {
  get: async () => null,
  save: async () => {
    throw new Error("This connection keeps no agents");
  },
  withLock: (_assistantId, fn) => fn(),
};

/**
 * The one place that turns connections into adapters: the organization's own account,
 * or the installation's default. Connections are never edited (a change saves a new one), so an
 * adapter is built once per connection and kept (a bounded cache).
 */
export function createVoiceProviders(options: VoiceProvidersOptions): VoiceProviders {
  const { db, box, publicUrl } = options;
  const cache = new Map<string, ResolvedVoice>();
  const MAX_CACHED = 500;

  function build(
    account: VoiceAccount,
    scope: { organizationId: string | null; connectionId: string | null },
  ): ResolvedVoice {
    const platform = platformOf(account.choice);
    const simulated = account.choice === "simulator" || account.simulated;
    const webhookUrl = voiceWebhookUrl(publicUrl, platform, scope.connectionId);
    const provider = options.adapters[platform]({
      apiKey: account.apiKey,
      apiUrl: simulated ? options.simulator.apiUrl(platform) : options.apiUrls[platform],
      webhookSecret: account.webhookSecret,
      callerNumber: account.callerNumber,
      simulator: simulated,
      timeoutMs: options.timeoutMs,
      fetch: options.fetch,
      outbound: options.outbound,
      agents:
        scope.connectionId && scope.organizationId
          ? options.agentStore({
              connectionId: scope.connectionId,
              organizationId: scope.organizationId,
            })
          : noAgents,
    });
    return {
      connectionId: scope.connectionId,
      organizationId: scope.organizationId,
      provider,
      choice: account.choice,
      simulated,
      webhookUrl,
    };
  }

  const installationDefault: VoiceProviderChoice | null = options.bland
    ? "bland"
    : options.simulatorAvailable
      ? "simulator"
      : null;
  let defaultVoice: ResolvedVoice | null | undefined;
  function fromDefault(): ResolvedVoice | null {
    if (defaultVoice !== undefined) return defaultVoice;
    if (options.bland) {
      defaultVoice = build(
        {
          choice: "bland",
          simulated: false,
          apiKey: options.bland.apiKey,
          webhookSecret: options.bland.webhookSecret,
          callerNumber: null,
        },
        { organizationId: null, connectionId: null },
      );
    } else if (options.simulatorAvailable) {
      const simulator = options.simulator.installationAccount;
      defaultVoice = build(
        {
          choice: "simulator",
          simulated: true,
          apiKey: simulator.apiKey,
          webhookSecret: simulator.webhookSecret,
          callerNumber: null,
        },
        { organizationId: null, connectionId: null },
      );
    } else {
      defaultVoice = null;
    }
    return defaultVoice;
  }

  function fromRow(row: VoiceConnectionRow): ResolvedVoice | null {
    const cached = cache.get(row.id);
    if (cached) return cached;
    // A retired connection whose keys were forgotten (forgetRetiredVoiceKeys): nothing to use.
    if (!row.apiKeyEncrypted) return null;
    const resolved = build(
      {
        choice: row.provider,
        simulated: row.simulated,
        apiKey: box.decrypt(row.apiKeyEncrypted),
        webhookSecret: row.webhookSecretEncrypted ? box.decrypt(row.webhookSecretEncrypted) : null,
        callerNumber: row.callerNumber,
      },
      { organizationId: row.organizationId, connectionId: row.id },
    );
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(row.id, resolved);
    return resolved;
  }

  return {
    installationDefault,
    simulatorAvailable: options.simulatorAvailable,
    simulatedAccount: (platform, organizationId) =>
      options.simulator.account(platform, organizationId),
    build: (account, scope) => build(account, scope),
    async forOrganization(dbOrTx, organizationId) {
      const [row] = await dbOrTx
        .select()
        .from(voiceConnections)
        .where(
          and(
            eq(voiceConnections.organizationId, organizationId),
            isNull(voiceConnections.retiredAt),
          ),
        );
      return row ? (fromRow(row) ?? fromDefault()) : fromDefault();
    },
    async forConnection(connectionId) {
      if (connectionId === null) return fromDefault();
      const cached = cache.get(connectionId);
      if (cached) return cached;
      const [row] = await db
        .select()
        .from(voiceConnections)
        .where(eq(voiceConnections.id, connectionId));
      return row ? fromRow(row) : null;
    },
  };
}
