import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../../../db/database.ts";
import { simulatorObjects } from "../../../../db/schema/call-simulator.ts";

/**
 * The Retell dialect's LLMs and agents (call_simulator.objects): shared by every web process and
 * kept across restarts, like Retell's own. Every read and write is scoped to the account (the
 * hash of its API key): another account's id is as unknown as one never made.
 */
export type RetellObjectKind = "retell-llm" | "agent";

/** The field that carries each kind's id in its body. */
const ID_FIELD = { "retell-llm": "llm_id", agent: "agent_id" } as const;

/** What an update never changes, whatever the request body says. */
const FIXED_FIELDS = ["llm_id", "agent_id", "version"] as const;

export interface RetellObjectBody {
  version: number;
  is_published: boolean;
  last_modification_timestamp: number;
  [field: string]: unknown;
}

export function retellObjects(db: Database) {
  const own = (kind: RetellObjectKind, keyHash: string, id: string) =>
    and(
      eq(simulatorObjects.id, id),
      eq(simulatorObjects.dialect, "retell"),
      eq(simulatorObjects.apiKeyHash, keyHash),
      eq(simulatorObjects.kind, kind),
    );

  return {
    /** The account's object of this kind, as the API returns it; null when it has none. */
    async get(kind: RetellObjectKind, keyHash: string, id: string) {
      const [row] = await db
        .select({ body: simulatorObjects.body })
        .from(simulatorObjects)
        .where(own(kind, keyHash, id))
        .limit(1);
      return (row?.body as RetellObjectBody | undefined) ?? null;
    },

    /** Stores a new object under `id` (already in `body`) for the account and returns it. */
    async create(kind: RetellObjectKind, keyHash: string, id: string, body: RetellObjectBody) {
      const stored = { ...body, [ID_FIELD[kind]]: id };
      await db.insert(simulatorObjects).values({
        id,
        dialect: "retell",
        apiKeyHash: keyHash,
        kind,
        body: stored,
      });
      return stored;
    },

    /**
     * Merges the request's fields into the account's object (top-level fields replaced, as
     * Retell's PATCH does) in one statement, so that concurrent updates from several processes
     * never lose one another's fields. Null when the account has no such object.
     */
    async update(
      kind: RetellObjectKind,
      keyHash: string,
      id: string,
      fields: Record<string, unknown>,
    ) {
      const patch: Record<string, unknown> = { ...fields };
      for (const field of FIXED_FIELDS) delete patch[field];
      patch.is_published = false;
      patch.last_modification_timestamp = Date.now();
      const [row] = await db
        .update(simulatorObjects)
        .set({
          body: sql`${simulatorObjects.body} || ${JSON.stringify(patch)}::jsonb`,
          updatedAt: new Date(),
        })
        .where(own(kind, keyHash, id))
        .returning({ body: simulatorObjects.body });
      return (row?.body as RetellObjectBody | undefined) ?? null;
    },
  };
}
