import { AsyncLocalStorage } from "node:async_hooks";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { voiceAgents } from "../../db/schema/index.ts";
import type { StoredVoiceAgent, VoiceAgentStore } from "../../providers/voice/voice-provider.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * The agents a platform keeps per assistant (Retell's LLM and agent) for one voice
 * connection, in voice_agents.
 *
 * withLock runs fn inside a short transaction holding a transaction-scoped advisory lock on
 * `voice_agent:<connection>:<assistant>`, so that two workers placing the assistant's first calls
 * at once create one agent, not two. The lock is held across the adapter's HTTP requests to the
 * platform: it is per assistant, so only that assistant's concurrent calls wait. While fn runs,
 * get and save go through the lock's own transaction (an AsyncLocalStorage scope), never a
 * second pool connection: a full pool of lock holders each waiting for another connection would
 * otherwise deadlock. A save is committed when fn returns, and undone if fn throws.
 */
export function createVoiceAgentStore(
  db: Database,
  scope: { connectionId: string; organizationId: string },
): VoiceAgentStore {
  const locked = new AsyncLocalStorage<{ tx: Tx; assistantId: string }>();
  const executor = (assistantId: string): Tx | Database => {
    const held = locked.getStore();
    return held && held.assistantId === assistantId ? held.tx : db;
  };

  return {
    async get(assistantId) {
      const [row] = await executor(assistantId)
        .select({
          agentId: voiceAgents.agentId,
          llmId: voiceAgents.llmId,
          settingsHash: voiceAgents.settingsHash,
        })
        .from(voiceAgents)
        .where(
          and(
            eq(voiceAgents.connectionId, scope.connectionId),
            eq(voiceAgents.assistantId, assistantId),
            eq(voiceAgents.organizationId, scope.organizationId),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async save(assistantId, agent: StoredVoiceAgent) {
      await executor(assistantId)
        .insert(voiceAgents)
        .values({
          connectionId: scope.connectionId,
          assistantId,
          organizationId: scope.organizationId,
          agentId: agent.agentId,
          llmId: agent.llmId,
          settingsHash: agent.settingsHash,
        })
        .onConflictDoUpdate({
          target: [voiceAgents.connectionId, voiceAgents.assistantId],
          set: {
            agentId: agent.agentId,
            llmId: agent.llmId,
            settingsHash: agent.settingsHash,
            updatedAt: sql`now()`,
          },
          // Never across organizations, whatever ids a caller passes.
          setWhere: eq(voiceAgents.organizationId, scope.organizationId),
        });
    },

    async withLock(assistantId, fn) {
      const held = locked.getStore();
      // Re-entrant for the same assistant (already locked by this flow).
      if (held && held.assistantId === assistantId) return fn();
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`voice_agent:${scope.connectionId}:${assistantId}`}, 0))`,
        );
        return locked.run({ tx, assistantId }, fn);
      });
    },
  };
}
