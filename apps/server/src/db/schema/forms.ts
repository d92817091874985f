import {
  DEFAULT_FIRST_SENTENCE,
  defaultCallSettings,
  type OutcomeQuestion,
} from "@ringback/contracts";
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

/** A connected form-provider account, per organization and provider. Tokens are encrypted. */
export const formCredentials = pgTable(
  "form_credentials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenant(),
    provider: text("provider").notNull().default("typeform"),
    accessTokenEncrypted: text("access_token_encrypted").notNull(),
    refreshTokenEncrypted: text("refresh_token_encrypted"),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    accountLabel: text("account_label"),
    /** Tokens from Ringback's built-in Typeform sandbox, not the real service. */
    sandbox: boolean("sandbox").notNull().default(false),
    connectedBy: text("connected_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("form_credentials_org_provider_idx").on(t.organizationId, t.provider)],
);

/** The fields a sample submission showed, grouped as a source's API would group them. */
export interface SampleFields {
  title: string;
  all: SampleField[];
  phone: SampleField[];
  checkbox: SampleField[];
  text: SampleField[];
  email: SampleField[];
  hidden: SampleField[];
}
export interface SampleField {
  id: string;
  title: string;
  type: string;
  ref: string | null;
  choices?: string[];
}

export const formAssistants = pgTable(
  "form_assistants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenant(),
    /** The user who created the assistant. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    formCredentialId: uuid("form_credential_id").references(() => formCredentials.id, {
      onDelete: "set null",
    }),
    provider: text("provider").notNull().default("typeform"),
    name: text("name"),
    formId: text("form_id"),
    formTitle: text("form_title"),
    /** The form's public page ('Use Form') and editor ('Edit Form'). */
    formPublicUrl: text("form_public_url"),
    formEditUrl: text("form_edit_url"),
    phoneFieldId: text("phone_field_id"),
    checkboxFieldId: text("checkbox_field_id"),
    /**
     * The consent wording the form shows, where `checkbox_field_id` is the form's own consent
     * text (a form with no checkbox for a call): kept with each submission as its evidence.
     */
    consentText: text("consent_text"),
    nameFieldId: text("name_field_id"),
    emailFieldId: text("email_field_id"),
    /** Legacy single-field column, kept; superseded by the four field ids. */
    fieldId: text("field_id"),
    assistantScript: text("assistant_script"),
    isActive: boolean("is_active").notNull().default(false),
    webhookId: text("webhook_id"),
    webhookUrl: text("webhook_url"),
    webhookSecretEncrypted: text("webhook_secret_encrypted"),
    // Call settings; the call engine applies them.
    maxAttempts: integer("max_attempts").notNull().default(defaultCallSettings.maxAttempts),
    retryDelayMinutes: integer("retry_delay_minutes")
      .notNull()
      .default(defaultCallSettings.retryDelayMinutes),
    callingWindowStart: text("calling_window_start")
      .notNull()
      .default(defaultCallSettings.callingWindowStart),
    callingWindowEnd: text("calling_window_end")
      .notNull()
      .default(defaultCallSettings.callingWindowEnd),
    defaultTimeZone: text("default_time_zone")
      .notNull()
      .default(defaultCallSettings.defaultTimeZone),
    /**
     * ISO 3166 country for numbers typed without a country code when the phone field names none
     *. Set from the creating user's phone number; US for assistants from before.
     */
    defaultCountry: text("default_country").notNull().default(defaultCallSettings.defaultCountry),
    /** The phone field's own default country (Typeform's default_country_code), when it has one. */
    phoneDefaultCountry: text("phone_default_country"),
    voicemailAction: text("voicemail_action")
      .$type<"hang_up" | "leave_message">()
      .notNull()
      .default(defaultCallSettings.voicemailAction),
    voicemailMessage: text("voicemail_message"),
    /**
     * The Advanced voice options. The voice is the platform's own id, kept with the
     * platform it was chosen from (another platform's calls use their default voice); null
     * language: the platform's default (English).
     */
    voiceProvider: text("voice_provider"),
    voiceId: text("voice_id"),
    voiceName: text("voice_name"),
    language: text("language"),
    maxCallMinutes: integer("max_call_minutes").notNull().default(10),
    /** E.164: where the call is transferred when the person asks for a human (null: never). */
    transferNumber: text("transfer_number"),
    /**
     * The backfill of a source with a Responses API: responses submitted before `backfill_from`
     * (the activation) are never read back; each run reads from the newest one seen
     * (`backfilled_through`), less an overlap.
     */
    backfillFrom: timestamp("backfill_from", { withTimezone: true }),
    backfilledThrough: timestamp("backfilled_through", { withTimezone: true }),
    /** "Call leads up to N hours old": older leads are stored and not called. */
    maxLeadAgeHours: integer("max_lead_age_hours")
      .notNull()
      .default(defaultCallSettings.maxLeadAgeHours),
    /**
     * Spoken before the script: the disclosure. Accepts {name}, {company},
     * {assistant} and {form}; new assistants get DEFAULT_FIRST_SENTENCE.
     */
    firstSentence: text("first_sentence").notNull().default(DEFAULT_FIRST_SENTENCE),
    /** No calls on Sundays / on public holidays, in the respondent's local time. */
    skipSundays: boolean("skip_sundays").notNull().default(false),
    skipHolidays: boolean("skip_holidays").notNull().default(false),
    /**
     * The form as last read for this assistant (fields assigned, activation): its last-updated
     * time and the availability question's title and description, for the consent evidence.
     */
    formLastUpdatedAt: timestamp("form_last_updated_at", { withTimezone: true }),
    /** The questions each call should answer (at most 10; OutcomeQuestion). */
    outcomeQuestions: jsonb("outcome_questions").$type<OutcomeQuestion[]>().notNull().default([]),
    availabilityQuestion: jsonb("availability_question").$type<{
      title: string;
      description: string | null;
    }>(),
    /**
     * A source without an API to read fields from (a URL and a secret) learns them from a
     * sample submission sent to the assistant's URL before it is activated: the last one's.
     */
    sampleFields: jsonb("sample_fields").$type<SampleFields>(),
    sampleReceivedAt: timestamp("sample_received_at", { withTimezone: true }),
    /**
     * What the assistant set for its source, as the source's own schema reads it (how a URL-and-
     * secret source's deliveries are authenticated, say); null: the source's defaults.
     */
    sourceSettings: jsonb("source_settings").$type<Record<string, unknown>>(),
    /**
     * The signing secret a rotation replaced, still accepted until the time beside it, so that a
     * sender can be moved to the new one without losing a lead meanwhile.
     */
    previousWebhookSecretEncrypted: text("previous_webhook_secret_encrypted"),
    previousWebhookSecretUntil: timestamp("previous_webhook_secret_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("form_assistants_org_created_idx").on(t.organizationId, t.createdAt.desc()),
    // One form backs at most one assistant in an organization (the wizard marks it "in use").
    uniqueIndex("form_assistants_org_form_idx")
      .on(t.organizationId, t.provider, t.formId)
      .where(sql`${t.formId} is not null`),
  ],
);

/**
 * "Recent deliveries": each request to an assistant's webhook URL that reached it, with what
 * Ringback made of it (`result`, a DeliveryResult), for a business to debug its tool. The last
 * 100 per assistant are kept; bodies (their secrets redacted) for 7 days
 * (domain/submissions/delivery-log.ts).
 */
export const sourceDeliveries = pgTable(
  "source_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: tenant(),
    assistantId: uuid("assistant_id")
      .notNull()
      .references(() => formAssistants.id, { onDelete: "cascade" }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    result: text("result").notNull(),
    /** The reason in words, as the sender was answered (a refused body's error). */
    detail: text("detail"),
    httpStatus: integer("http_status").notNull(),
    /** The lead it stored, or the one it repeated. */
    submissionId: uuid("submission_id"),
    contentType: text("content_type"),
    /** Null after 7 days, or where the request had none. */
    body: text("body"),
    bodyBytes: integer("body_bytes").notNull().default(0),
  },
  (t) => [
    index("source_deliveries_assistant_idx").on(t.assistantId, t.receivedAt.desc(), t.id.desc()),
    // The 7-day sweep of bodies.
    index("source_deliveries_body_idx").on(t.receivedAt).where(sql`${t.body} is not null`),
  ],
);
