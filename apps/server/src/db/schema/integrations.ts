import type { WebhookEventType } from "@ringback/contracts";
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { tenant } from "./organizations.ts";

/**
 * An organization's outgoing webhook endpoints (Standard Webhooks). Each has its
 * own signing secret (`whsec_…`, encrypted at rest; shown once, rotatable), the events it wants,
 * and a state: enabled, or disabled (by a member, or by Ringback after 5 days of failures).
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenant(),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    /** The event types it receives (WebhookEventType). */
    events: text("events").array().$type<WebhookEventType[]>().notNull(),
    /** The `whsec_…` secret, encrypted with the SecretBox. */
    secretEncrypted: text("secret_encrypted").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    /** Why it is disabled ("Disabled after 5 days of failed deliveries"), when it is. */
    disabledReason: text("disabled_reason"),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** The first failure of the current run of failures (null after any success). */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    createdByUserId: text("created_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_endpoints_org_idx").on(t.organizationId, t.createdAt)],
);

/**
 * One event for one endpoint: the message (its `webhook-id`, type and JSON body, fixed when the
 * event happens, so a resend sends the same bytes with a new timestamp and signature) and how
 * its delivery went. Delivered by the job queue with exponential back-off for about 3 days.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenant(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** Standard Webhooks' `webhook-id` (msg_…): the same for every attempt and resend. */
    messageId: text("message_id").notNull(),
    eventType: text("event_type").$type<WebhookEventType | "webhook.test">().notNull(),
    payload: jsonb("payload").notNull(),
    /** pending (waiting for its next attempt), succeeded, failed (given up), or canceled. */
    status: text("status")
      .$type<"pending" | "succeeded" | "failed" | "canceled">()
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    /** The last attempt's HTTP status, or null when there was no response (a network error). */
    responseStatus: integer("response_status"),
    /** The first bytes of the last response (at most 1 KiB). */
    responseBody: text("response_body"),
    /** Why the last attempt failed without a response ("Connection refused", "Timed out"). */
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The delivery log, newest first, per endpoint.
    index("webhook_deliveries_endpoint_created_idx").on(
      t.endpointId,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // The sweeper's look for deliveries whose job was lost.
    index("webhook_deliveries_pending_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * An organization's API keys for the read API. Only a hash of the key is stored
 * (SHA-256 of the whole key); the prefix identifies it on the settings page.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenant(),
    name: text("name").notNull(),
    /** The key's first characters ("rb_live_3kF9"), to tell keys apart. */
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    createdByUserId: text("created_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("api_keys_hash_idx").on(t.keyHash),
    index("api_keys_org_idx").on(t.organizationId, t.createdAt),
  ],
);
