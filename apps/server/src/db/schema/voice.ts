import type { VoiceProviderChoice } from "@ringback/contracts";
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { formAssistants } from "./forms.ts";
import { tenant } from "./organizations.ts";

/**
 * An organization's voice platform account — the provider, its API key and webhook
 * secret (encrypted with the SecretBox, never shown again) and the caller number. A connection
 * is never edited: a change saves a new one and retires the old (retired_at), so that every call
 * attempt keeps the provider and credentials it was placed with (call_records.voice_connection_id)
 * for its webhooks, reconciliation and recording. At most one is current per organization; none
 * means the installation's default (BLAND_* variables, or the simulator).
 */
export const voiceConnections = pgTable(
  "voice_connections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenant(),
    /** simulator (the simulator in Bland's dialect), bland, vapi or retell. */
    provider: text("provider").$type<VoiceProviderChoice>().notNull(),
    /** Bland, Vapi or Retell played by the call simulator (sandbox installations only). */
    simulated: boolean("simulated").notNull().default(false),
    /**
     * Null once the connection is retired and no call needs it any more (forgetRetiredVoiceKeys):
     * an account the organization left is not kept.
     */
    apiKeyEncrypted: text("api_key_encrypted"),
    /** The key's last four characters, to recognise it on the Voice page. */
    apiKeyHint: text("api_key_hint"),
    /** Bland's signing secret, Vapi's server secret; null for Retell (it signs with the key). */
    webhookSecretEncrypted: text("webhook_secret_encrypted"),
    /** The `from` number (E.164), or Vapi's phone-number id. */
    callerNumber: text("caller_number"),
    createdByUserId: text("created_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When a newer choice replaced it (or the organization went back to the default). */
    retiredAt: timestamp("retired_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("voice_connections_current_idx")
      .on(t.organizationId)
      .where(sql`${t.retiredAt} is null`),
    index("voice_connections_org_created_idx").on(t.organizationId, t.createdAt.desc()),
  ],
);

/**
 * The agent a platform keeps for an assistant (Retell's LLM and agent), per
 * connection: created on the first call, updated when the assistant's settings change (the
 * hash of what was sent).
 */
export const voiceAgents = pgTable(
  "voice_agents",
  {
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => voiceConnections.id, { onDelete: "cascade" }),
    assistantId: uuid("assistant_id")
      .notNull()
      .references(() => formAssistants.id, { onDelete: "cascade" }),
    organizationId: tenant(),
    agentId: text("agent_id").notNull(),
    /** Retell's LLM (response engine) behind the agent. */
    llmId: text("llm_id"),
    /** SHA-256 of the LLM and agent settings last sent: unchanged settings are not sent again. */
    settingsHash: text("settings_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.assistantId] })],
);
