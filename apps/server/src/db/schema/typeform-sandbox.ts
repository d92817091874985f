import {
  boolean,
  index,
  jsonb,
  pgSchema,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * The built-in Typeform sandbox (apps/server/src/providers/forms/typeform/sandbox) keeps its own data in a
 * separate PostgreSQL schema: it plays the part of Typeform's servers, so none of it belongs to
 * an organization and Ringback's own tables never reference it.
 */
export const typeformSandboxSchema = pgSchema("typeform_sandbox");

/** A sandbox Typeform account, named freely on the consent page; each has its own sample forms. */
export const sandboxTypeformAccounts = typeformSandboxSchema.table("accounts", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** The account name, trimmed and lower-cased: the key the consent page looks accounts up by. */
  login: text("login").notNull().unique(),
  /** The account name as first typed. */
  alias: text("alias").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A field of a sandbox form, in Typeform's Create API shape (nested fields in properties.fields). */
export interface SandboxTypeformField {
  id: string;
  ref: string;
  title: string;
  type: string;
  /** Marks a part of a contact_info block (first_name, last_name, phone_number, email, company). */
  subfield_key?: string;
  properties?: {
    description?: string;
    fields?: SandboxTypeformField[];
    choices?: { id: string; ref: string; label: string }[];
    allow_multiple_selection?: boolean;
    allow_other_choice?: boolean;
    default_country_code?: string;
    show_button?: boolean;
    button_text?: string;
  };
  validations?: { required?: boolean };
}

/** What the sandbox stores of a form besides its id, title and dates. */
export interface SandboxTypeformDefinition {
  fields: SandboxTypeformField[];
  /** Hidden field names: query-string values the public page passes through. */
  hidden: string[];
}

export const sandboxTypeformForms = typeformSandboxSchema.table(
  "forms",
  {
    /** Typeform-like: 8 random base62 characters. */
    id: text("id").primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => sandboxTypeformAccounts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    definition: jsonb("definition").$type<SandboxTypeformDefinition>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUpdatedAt: timestamp("last_updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("forms_account_created_idx").on(t.accountId, t.createdAt.desc(), t.id)],
);

/** OAuth authorization codes: single use, 10 minutes. Only a SHA-256 hash is stored. */
export const sandboxTypeformAuthCodes = typeformSandboxSchema.table(
  "auth_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => sandboxTypeformAccounts.id, { onDelete: "cascade" }),
    clientId: text("client_id").notNull(),
    redirectUri: text("redirect_uri").notNull(),
    scope: text("scope").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("auth_codes_expires_idx").on(t.expiresAt)],
);

/**
 * Access and refresh tokens, by SHA-256 hash. A refresh token row is deleted when it is used
 * (rotation: the old refresh token stops working).
 */
export const sandboxTypeformTokens = typeformSandboxSchema.table(
  "tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    kind: text("kind").$type<"access" | "refresh">().notNull(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => sandboxTypeformAccounts.id, { onDelete: "cascade" }),
    clientId: text("client_id").notNull(),
    scope: text("scope").notNull(),
    /** Null: does not expire (refresh tokens). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("tokens_expires_idx").on(t.expiresAt)],
);

export const sandboxTypeformWebhooks = typeformSandboxSchema.table(
  "webhooks",
  {
    /** Typeform-like: 10 random base62 characters. */
    id: text("id").primaryKey(),
    formId: text("form_id")
      .notNull()
      .references(() => sandboxTypeformForms.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
    url: text("url").notNull(),
    enabled: boolean("enabled").notNull().default(false),
    /** The signing secret, encrypted with a key derived from the sandbox's client secret. */
    secretEncrypted: text("secret_encrypted"),
    verifySsl: boolean("verify_ssl").notNull().default(false),
    eventTypes: jsonb("event_types").$type<Record<string, boolean>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("webhooks_form_tag_idx").on(t.formId, t.tag)],
);

/** Submitted responses, with the exact webhook body every delivery (and retry) sends. */
export const sandboxTypeformResponses = typeformSandboxSchema.table(
  "responses",
  {
    /** Typeform's response token: 32 hex characters. */
    token: text("token").primaryKey(),
    formId: text("form_id")
      .notNull()
      .references(() => sandboxTypeformForms.id, { onDelete: "cascade" }),
    /** The `form_response` webhook body, serialized once so that retries send the same bytes. */
    payload: text("payload").notNull(),
    landedAt: timestamp("landed_at", { withTimezone: true }).notNull(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("responses_form_submitted_idx").on(t.formId, t.submittedAt.desc())],
);
