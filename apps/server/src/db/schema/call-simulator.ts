import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSchema,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * The built-in call simulator (apps/server/src/providers/voice/simulator) keeps its own data in a separate
 * PostgreSQL schema: it plays the part of the voice provider's servers (Bland's API), so none of
 * it belongs to an organization and Ringback's own tables never reference it.
 */
export const callSimulatorSchema = pgSchema("call_simulator");

/** Raw bytes (PostgreSQL bytea) as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => "bytea",
});

/**
 * queued (ringing included) → in-progress (answered by a person or a voicemail box) →
 * completed; or, never connected: busy, no-answer, failed.
 */
export const simulatorCallStatuses = [
  "queued",
  "in-progress",
  "completed",
  "busy",
  "no-answer",
  "failed",
] as const;
export type SimulatorCallStatus = (typeof simulatorCallStatuses)[number];
export type SimulatorFinalStatus = Exclude<SimulatorCallStatus, "queued" | "in-progress">;

export const simulatorDialects = ["bland", "vapi", "retell"] as const;
export type SimulatorDialect = (typeof simulatorDialects)[number];

/** One webhook a simulated call sends, with its exact bytes and headers. */
export interface SimulatorWebhook {
  at: "answer" | "end";
  url: string;
  body: string;
  headers: Record<string, string>;
}

/** One line of a call's transcript, in Bland's shape. */
export interface SimulatorTranscriptEntry {
  id: number;
  user: "user" | "assistant" | "agent-action";
  text: string;
  created_at: string;
}

/**
 * Every POST /v1/calls the simulator accepted (it counts dials from these rows). The outcome is
 * planned when the call is placed: `outcome`, `answered_by`, `call_length`, `transcripts`,
 * `summary`, `error_message` and the signed `webhook_body` describe the call as it will have
 * ended, and the API shows them only once `status` has reached `outcome`.
 */
export const simulatorCalls = callSimulatorSchema.table(
  "calls",
  {
    callId: uuid("call_id").primaryKey().defaultRandom(),
    /**
     * Whose API the call was placed through: bland, vapi or retell. The API and
     * webhooks show the call in that platform's shapes.
     */
    dialect: text("dialect").$type<SimulatorDialect>().notNull().default("bland"),
    /** The placing request's body as received (the dialect's own fields: agent, voice…). */
    request: jsonb("request").$type<Record<string, unknown>>(),
    /**
     * The dialect's webhooks, made (and signed) when the call is placed, in the order they are
     * sent: `at` "answer" when the call connects (or ends unconnected), "end" once it has ended.
     * Null for calls from before: webhook_body is then the one post-call webhook.
     */
    webhooks: jsonb("webhooks").$type<SimulatorWebhook[]>(),
    /** How many of `webhooks` have been delivered (they go one at a time, in order). */
    webhooksSent: integer("webhooks_sent").notNull().default(0),
    /** SHA-256 (hex) of the API key the call was placed with; null when none was needed. */
    apiKeyHash: text("api_key_hash"),
    /** The number called (E.164) and the number the call appears to come from. */
    phoneNumber: text("phone_number").notNull(),
    fromNumber: text("from_number").notNull(),
    task: text("task"),
    firstSentence: text("first_sentence"),
    /** Bland's `record`: recordings are made only when asked for. */
    record: boolean("record").notNull().default(false),
    requestData: jsonb("request_data").$type<Record<string, unknown>>(),
    /** Bland's `analysis_schema`: the questions the call's `analysis` answers. */
    analysisSchema: jsonb("analysis_schema").$type<Record<string, unknown>>(),
    /** Echoed in the webhook and the API; `attempt_id` and `attempt` have meaning here. */
    metadata: jsonb("metadata").$type<Record<string, unknown>>(),
    webhookUrl: text("webhook_url"),
    status: text("status").$type<SimulatorCallStatus>().notNull().default("queued"),
    outcome: text("outcome").$type<SimulatorFinalStatus>().notNull(),
    answeredBy: text("answered_by").$type<"human" | "voicemail" | "unknown">(),
    /** Minutes, fractional (Bland's unit). */
    callLength: doublePrecision("call_length").notNull().default(0),
    transcripts: jsonb("transcripts").$type<SimulatorTranscriptEntry[]>().notNull().default([]),
    summary: text("summary"),
    errorMessage: text("error_message"),
    /** The absolute URL the recording is served at (null: no recording for this call). */
    recordingUrl: text("recording_url"),
    /** A 16-bit PCM mono 8 kHz WAV file, written when the call ends. */
    recording: bytea("recording"),
    /** When the ringing stops (the outcome is known) and when the conversation ends. */
    answerAt: timestamp("answer_at", { withTimezone: true }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true }).notNull(),
    /** The post-call webhook body, serialized once so that retries send the same bytes. */
    webhookBody: text("webhook_body"),
    /** Hex HMAC-SHA256 of webhook_body with the simulator's webhook secret. */
    webhookSignature: text("webhook_signature"),
    webhookAttempts: integer("webhook_attempts").notNull().default(0),
    webhookDeliveredAt: timestamp("webhook_delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("calls_created_idx").on(t.createdAt.desc()),
    /** Dials per attempt: GET /v1/calls?attempt_id=… */
    index("calls_attempt_id_idx").on(sql`(${t.metadata}->>'attempt_id')`, t.createdAt.desc()),
  ],
);

/**
 * What a dialect keeps beside calls: Retell's LLMs and agents, created and updated
 * through its API and referenced by later calls. Per account (api_key_hash), like calls.
 */
export const simulatorObjects = callSimulatorSchema.table(
  "objects",
  {
    id: text("id").primaryKey(),
    dialect: text("dialect").$type<SimulatorDialect>().notNull(),
    apiKeyHash: text("api_key_hash").notNull(),
    /** e.g. "retell-llm", "agent". */
    kind: text("kind").notNull(),
    /** The object as the dialect's API returns it. */
    body: jsonb("body").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("objects_account_kind_idx").on(t.apiKeyHash, t.kind, t.createdAt.desc())],
);
