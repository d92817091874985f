import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { formAssistants } from "./forms.ts";
import { organizations } from "./organizations.ts";

/**
 * OAuth `state` for connecting a form provider: single use (used_at), expires after 10 minutes,
 * and bound to the user, organization and assistant that started it. The state string sent to
 * the provider is this row's id, signed with SECRET_KEY.
 */
export const oauthStates = pgTable(
  "oauth_states",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    assistantId: uuid("assistant_id").references(() => formAssistants.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /**
     * SHA-256 of the nonce in the initiating browser's HttpOnly cookie: the callback must come
     * from that browser (a state sent to someone else cannot connect their account).
     */
    browserHash: text("browser_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("oauth_states_expires_idx").on(t.expiresAt)],
);
