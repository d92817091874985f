import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isIanaTimeZone } from "@ringback/contracts";
import { z } from "zod";
import { type RecordingStoreName, recordingStoreNames } from "../db/schema/recordings.ts";
import { middayTimeZone } from "../lib/midday-time-zone.ts";
import { type AllowedNetworks, parseAllowedNetworks } from "../lib/outbound-addresses.ts";
import type { S3StoreOptions } from "../providers/storage/s3-recording-store.ts";

/**
 * Every variable Ringback reads, in one schema. Start-up fails with one message that names
 * each bad variable; nothing else in the server reads process.env.
 */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const postgresUrl = z
  .string()
  .trim()
  .refine((v) => /^postgres(ql)?:\/\/.+/.test(v), "must be a postgres:// or postgresql:// URL");

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
  .transform((v) => v.replace(/\/+$/, ""));

const positiveInt = z.coerce
  .number({ error: "must be a whole number of at least 1" })
  .int({ error: "must be a whole number of at least 1" })
  .min(1, { error: "must be a whole number of at least 1" });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: "must be a port number (0-65535)" })
    .int({ error: "must be a port number (0-65535)" })
    .min(0, { error: "must be a port number (0-65535)" })
    .max(65535, { error: "must be a port number (0-65535)" })
    .default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: z.preprocess((v) => (v === "" ? undefined : v), postgresUrl.optional()),
  PUBLIC_URL: z.preprocess((v) => (v === "" ? undefined : v), httpUrl.optional()),
  SECRET_KEY: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().min(32, "must be at least 32 characters").optional(),
  ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  BLAND_API_KEY: optionalString,
  BLAND_API_URL: httpUrl.default("https://api.bland.ai"),
  // The vendors' API bases (for tests and proxies); organizations' keys go to these.
  VAPI_API_URL: httpUrl.default("https://api.vapi.ai"),
  RETELL_API_URL: httpUrl.default("https://api.retellai.com"),
  BLAND_WEBHOOK_SECRET: optionalString,
  VOICE_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  INGEST_DEADLINE_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  CALL_SIMULATOR_RING_MS: z.coerce.number().int().min(0).max(120_000).default(4000),
  CALL_SIMULATOR_TURN_MS: z.coerce.number().int().min(0).max(60_000).default(2500),
  // Tests only (NODE_ENV=test): every respondent is in this zone ("midday": one where it is
  // about noon at start-up), so that calls are placed whatever the hour the tests run at.
  RESPONDENT_TIME_ZONE_FOR_TESTS: optionalString,
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM_NUMBER: optionalString,
  TWILIO_API_URL: httpUrl.default("https://api.twilio.com"),
  SMTP_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .trim()
      .refine((v) => /^smtps?:\/\/.+/.test(v), "must be an smtp:// or smtps:// URL")
      .optional(),
  ),
  EMAIL_FROM: z.string().trim().min(3).default("Ringback <no-reply@ringback.local>"),
  CODE_SENDS_PER_PHONE: positiveInt.default(5),
  CODE_SENDS_PER_PHONE_TOTAL: positiveInt.default(15),
  CODE_SENDS_PER_IP: positiveInt.default(20),
  API_KEY_REQUESTS_PER_MINUTE: positiveInt.default(120),
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0"], { error: "must be true or false" })
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  // Networks outbound requests (recordings, webhooks) may reach although not public, e.g. an
  // internal CRM: "10.1.2.0/24, fd00::/8". Empty: public addresses only (the SSRF guard).
  OUTBOUND_ALLOWED_NETWORKS: z
    .string()
    .default("")
    .superRefine((value, ctx) => {
      try {
        parseAllowedNetworks(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
      }
    }),
  // Where recordings are kept (see recordingStoreFrom).
  RECORDING_STORE: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(recordingStoreNames, { error: "must be local, postgres or s3" }).optional(),
  ),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_ENDPOINT: z.preprocess((v) => (v === "" ? undefined : v), httpUrl.optional()),
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false", "1", "0"], { error: "must be true or false" })
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PREFIX: z
    .string()
    .trim()
    .regex(/^([A-Za-z0-9_.-]+\/)*$/, "must be empty or a path ending in /, e.g. recordings/")
    .default(""),
  SANDBOX: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .enum(["true", "false", "1", "0"], { error: "must be true or false" })
      .optional()
      .transform((v) => (v === undefined ? undefined : v === "true" || v === "1")),
  ),
});

/** SANDBOX when set, else on outside production and off in production. */
function sandboxAllowed(source: Record<string, string | undefined>): boolean {
  const value = (source.SANDBOX ?? "").trim();
  if (value === "true" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  return source.NODE_ENV !== "production";
}

/**
 * Rules across variables. They read the raw source, so they are reported together with any
 * per-variable errors (zod skips refinements of an object whose fields failed).
 */
function crossVariableProblems(
  source: Record<string, string | undefined>,
  integrations: readonly IntegrationSettings[],
): string[] {
  const has = (name: string) => (source[name] ?? "").trim() !== "";
  const problems: string[] = [];
  const together = (names: string[], what: string) => {
    if (names.some(has)) {
      for (const n of names.filter((n) => !has(n)))
        problems.push(`${n} is required when ${what} is set`);
    }
  };
  for (const integration of integrations) {
    together([...integration.credentials], integration.name);
  }
  together(["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM_NUMBER"], "Twilio");
  together(["BLAND_API_KEY", "BLAND_WEBHOOK_SECRET"], "Bland");
  together(["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"], "an S3 access key");
  if ((source.RECORDING_STORE ?? "").trim() === "s3" && !has("S3_BUCKET")) {
    problems.push("S3_BUCKET is required when RECORDING_STORE is s3");
  }
  // The law's calling hours are not a setting: only a test run may move the clock.
  if (has("RESPONDENT_TIME_ZONE_FOR_TESTS")) {
    if (source.NODE_ENV !== "test") {
      problems.push("RESPONDENT_TIME_ZONE_FOR_TESTS is only for tests (NODE_ENV=test)");
    } else {
      const zone = source.RESPONDENT_TIME_ZONE_FOR_TESTS!.trim();
      if (zone !== "midday" && !isIanaTimeZone(zone)) {
        problems.push("RESPONDENT_TIME_ZONE_FOR_TESTS must be an IANA time zone or midday");
      }
    }
  }
  if (source.NODE_ENV === "production") {
    for (const n of ["SECRET_KEY", "PUBLIC_URL", "TWILIO_ACCOUNT_SID"]) {
      if (!has(n)) problems.push(`${n} is required in production`);
    }
  }
  // Without a provider's credentials its sandbox stands in, but only where sandboxes may run.
  if (!sandboxAllowed(source)) {
    const where =
      source.NODE_ENV === "production" ? "in production unless SANDBOX=true" : "when SANDBOX=false";
    for (const integration of integrations) {
      if (!integration.credentials.some(has)) {
        problems.push(
          `${and(integration.credentials)} ${integration.credentials.length > 1 ? "are" : "is"} required ${where} (the ${integration.name} sandbox runs only when allowed)`,
        );
      }
    }
    // No BLAND_* here is allowed: organizations bring their own voice platform on
    // the Voice settings page; until one does, its calls fail with a message that says so.
  }
  return problems;
}

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** Unset: Ringback starts and owns an embedded PostgreSQL in DATA_DIR/postgres. */
  databaseUrl: string | undefined;
  /** The base for webhook and OAuth callback URLs. */
  publicUrl: string;
  secretKey: string;
  logLevel: Env["LOG_LEVEL"];
  /**
   * Each integration's own variables, parsed by its folder's schema (IntegrationSettings), by
   * id; null where none of its credentials is set, and its built-in sandbox stands in.
   */
  integrations: Readonly<Record<string, unknown>>;
  /**
   * The installation's default voice account, for organizations that chose none on the Voice
   * page. Unset: the built-in call simulator where sandboxes may run, else none.
   */
  bland: { apiKey: string; apiUrl: string; webhookSecret: string } | null;
  /**
   * How long one request to the voice provider may take. An attempt whose dial request got no
   * answer is reconciled with the provider after twice this.
   */
  voiceRequestTimeoutMs: number;
  /** How long a form delivery may wait for the database before it is answered 503. */
  ingestDeadlineMs: number;
  /** Each voice platform's API base: where organizations' keys are used. */
  voiceApiUrls: { bland: string; vapi: string; retell: string };
  /** How fast the call simulator plays a call out (tests make it instant). */
  simulatorPace: { ringMs: number; turnMs: number };
  /** Tests only: the zone every respondent is taken to be in (NODE_ENV=test). */
  respondentTimeZoneForTests: string | null;
  twilio: { accountSid: string; authToken: string; fromNumber: string; apiUrl: string } | null;
  /** Unset: emails go to the log and the /dev/email outbox. */
  smtpUrl: string | undefined;
  emailFrom: string;
  rateLimits: {
    /** One-time-code sends per phone number from one client address per 15 minutes. */
    codeSendsPerPhone: number;
    /** One-time-code sends per phone number from all addresses together per 15 minutes. */
    codeSendsPerPhoneTotal: number;
    /** One-time-code sends per client address per hour. */
    codeSendsPerIp: number;
    /** Requests per minute with one API key to the public read API (/api/v1). */
    apiKeyRequestsPerMinute: number;
  };
  /** Read the client address from X-Forwarded-For (only behind a proxy you control). */
  trustProxy: boolean;
  /** Non-public networks the guarded outbound client may reach (OUTBOUND_ALLOWED_NETWORKS). */
  outboundAllowedNetworks: AllowedNetworks;
  /**
   * Where new recordings go, and the S3 bucket when one is configured (recordings
   * already there stay readable, and recordings:migrate can move them there).
   */
  recordings: {
    store: RecordingStoreName;
    s3: S3StoreOptions | null;
  };
  /**
   * Whether built-in sandboxes may run: where SANDBOX allows it (by default outside production).
   * The call simulator then runs, for organizations that pick a simulated voice platform and as
   * the default without BLAND_* keys; a form source without credentials is its own sandbox
   * (`integrations[id]` null), and start-up refuses one where sandboxes may not run.
   */
  sandboxes: { callSimulator: boolean };
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/**
 * An integration's own environment variables, declared in its folder (a form source's
 * `settings`): the entry points hand them to loadConfig, so start-up still reports every bad
 * variable in one message and nothing else reads the environment.
 */
export interface IntegrationSettings<T = unknown> {
  /** The integration's id: where Config.integrations keeps what was read. */
  id: string;
  /** As start-up names it: "Typeform". */
  name: string;
  /** Its variables (an object schema: it picks its own from the environment). */
  schema: z.ZodType<T>;
  /** The variables that together name a real account: all of them or none. */
  credentials: readonly string[];
}

const issueText = (issue: z.core.$ZodIssue) =>
  `${issue.path.join(".") || "environment"} ${issue.message}`;

/** Parses the environment; throws ConfigError naming every bad variable. Pure: no file I/O. */
export function parseEnv(
  source: Record<string, string | undefined>,
  integrations: readonly IntegrationSettings[] = [],
): Env & { integrations: Record<string, unknown> } {
  const result = envSchema.safeParse(source);
  const problems = result.success ? [] : result.error.issues.map(issueText);
  const read: Record<string, unknown> = {};
  for (const integration of integrations) {
    const own = integration.schema.safeParse(source);
    if (!own.success) problems.push(...own.error.issues.map(issueText));
    else {
      const given = integration.credentials.every((name) => (source[name] ?? "").trim() !== "");
      read[integration.id] = given ? own.data : null;
    }
  }
  problems.push(...crossVariableProblems(source, integrations));
  if (problems.length > 0 || !result.success) throw new ConfigError(problems);
  return { ...result.data, integrations: read };
}

/** "A", "A and B", "A, B and C". */
function and(names: readonly string[]): string {
  return names.length < 2
    ? (names[0] ?? "")
    : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * Builds the runtime configuration. Outside production a missing SECRET_KEY is generated once
 * into DATA_DIR/secret-key (mode 0600) and reused, so sessions and encrypted tokens survive
 * restarts.
 */
export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  cwd = process.cwd(),
  integrations: readonly IntegrationSettings[] = [],
): Config {
  const env = parseEnv(source, integrations);
  const dataDir = path.resolve(cwd, env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    secretKey: env.SECRET_KEY ?? generatedSecret(dataDir),
    logLevel: env.LOG_LEVEL,
    integrations: env.integrations,
    bland:
      env.BLAND_API_KEY && env.BLAND_WEBHOOK_SECRET
        ? {
            apiKey: env.BLAND_API_KEY,
            apiUrl: env.BLAND_API_URL,
            webhookSecret: env.BLAND_WEBHOOK_SECRET,
          }
        : null,
    voiceRequestTimeoutMs: env.VOICE_REQUEST_TIMEOUT_MS,
    ingestDeadlineMs: env.INGEST_DEADLINE_MS,
    voiceApiUrls: { bland: env.BLAND_API_URL, vapi: env.VAPI_API_URL, retell: env.RETELL_API_URL },
    simulatorPace: { ringMs: env.CALL_SIMULATOR_RING_MS, turnMs: env.CALL_SIMULATOR_TURN_MS },
    respondentTimeZoneForTests:
      env.RESPONDENT_TIME_ZONE_FOR_TESTS === "midday"
        ? middayTimeZone(new Date())
        : (env.RESPONDENT_TIME_ZONE_FOR_TESTS ?? null),
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM_NUMBER
        ? {
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            fromNumber: env.TWILIO_FROM_NUMBER,
            apiUrl: env.TWILIO_API_URL,
          }
        : null,
    smtpUrl: env.SMTP_URL,
    emailFrom: env.EMAIL_FROM,
    rateLimits: {
      codeSendsPerPhone: env.CODE_SENDS_PER_PHONE,
      codeSendsPerPhoneTotal: env.CODE_SENDS_PER_PHONE_TOTAL,
      codeSendsPerIp: env.CODE_SENDS_PER_IP,
      apiKeyRequestsPerMinute: env.API_KEY_REQUESTS_PER_MINUTE,
    },
    trustProxy: env.TRUST_PROXY,
    outboundAllowedNetworks: parseAllowedNetworks(env.OUTBOUND_ALLOWED_NETWORKS),
    recordings: {
      store: recordingStoreFrom(env),
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
            credentials:
              env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
                : undefined,
            prefix: env.S3_PREFIX,
          }
        : null,
    },
    sandboxes: {
      // Wherever sandboxes may run, organizations may pick a simulated platform, so
      // the simulator is mounted even beside a real default.
      callSimulator: sandboxAllowed(source),
    },
  };
}

/**
 * RECORDING_STORE when set; else the bucket when S3_BUCKET is set; else the database when
 * DATABASE_URL is set (every process of a scaled-out install shares it with nothing more to
 * run); else local disk, for the single-process embedded default.
 */
function recordingStoreFrom(env: Env): RecordingStoreName {
  if (env.RECORDING_STORE) return env.RECORDING_STORE;
  if (env.S3_BUCKET) return "s3";
  return env.DATABASE_URL ? "postgres" : "local";
}

function generatedSecret(dataDir: string): string {
  const file = path.join(dataDir, "secret-key");
  try {
    return readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    // "wx": if another process won the race, read what it wrote instead.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return readFileSync(file, "utf8").trim();
  }
}
