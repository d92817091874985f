import { eq } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Database } from "../../db/database.ts";
import { formAssistants } from "../../db/schema/index.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import { isUuid } from "../../lib/uuid.ts";

export type DeliveryAssistant = typeof formAssistants.$inferSelect & {
  /** The decrypted webhook secret, or null when the assistant has none yet. */
  webhookSecret: string | null;
  /** The secret a rotation replaced (accepted until previousWebhookSecretUntil), decrypted. */
  previousWebhookSecret: string | null;
};

export interface DeliveryAssistants {
  /** The assistant a delivery is addressed to (null: no such assistant), at most ttlMs old. */
  get(assistantId: string, options?: { fresh?: boolean }): Promise<DeliveryAssistant | null>;
}

/**
 * Webhook deliveries arrive in bursts for the same few assistants: each process keeps the
 * assistant and its decrypted secret for a couple of seconds instead of reading and decrypting
 * them per delivery. Staleness is bounded and harmless for what matters: the insert itself
 * re-checks that the assistant is still active (deactivation takes effect at once), and a
 * changed field mapping or secret is seen within ttlMs. Concurrent misses share one read.
 */
/** How long a process may deliver with an assistant as it read it (settings changed since). */
export const DELIVERY_ASSISTANT_TTL_MS = 2000;

export function createDeliveryAssistants(
  db: Database,
  box: SecretBox,
  options: { ttlMs?: number; max?: number } = {},
): DeliveryAssistants {
  const cache = new LRUCache<string, { assistant: DeliveryAssistant | null }>({
    max: options.max ?? 10_000,
    ttl: options.ttlMs ?? DELIVERY_ASSISTANT_TTL_MS,
    fetchMethod: async (assistantId) => {
      const [row] = await db
        .select()
        .from(formAssistants)
        .where(eq(formAssistants.id, assistantId));
      if (!row) return { assistant: null };
      const webhookSecret = row.webhookSecretEncrypted
        ? box.decrypt(row.webhookSecretEncrypted)
        : null;
      const previousWebhookSecret = row.previousWebhookSecretEncrypted
        ? box.decrypt(row.previousWebhookSecretEncrypted)
        : null;
      return { assistant: { ...row, webhookSecret, previousWebhookSecret } };
    },
  });
  return {
    async get(assistantId, { fresh = false } = {}) {
      if (!isUuid(assistantId)) return null;
      return (await cache.fetch(assistantId, { forceRefresh: fresh }))?.assistant ?? null;
    },
  };
}
