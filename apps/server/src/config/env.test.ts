import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { integrationSettings } from "../providers/forms/registry.ts";
import { ConfigError, loadConfig, parseEnv } from "./env.ts";

const problemsOf = (source: Record<string, string>) => {
  try {
    parseEnv(source, integrationSettings);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

const loadConfigFor = (source: Record<string, string>) =>
  loadConfig(source, tmpdir(), integrationSettings);

describe("parseEnv", () => {
  it("has working defaults for an empty environment", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      DATA_DIR: "./data",
      LOG_LEVEL: "info",
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("names every bad variable at once", () => {
    const problems = problemsOf({
      PORT: "70000",
      DATABASE_URL: "mysql://x",
      PUBLIC_URL: "ftp://x",
      SECRET_KEY: "short",
      LOG_LEVEL: "loud",
      TWILIO_ACCOUNT_SID: "AC1",
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        "PORT must be a port number (0-65535)",
        "DATABASE_URL must be a postgres:// or postgresql:// URL",
        "PUBLIC_URL must be an http:// or https:// URL",
        "SECRET_KEY must be at least 32 characters",
        "TWILIO_AUTH_TOKEN is required when Twilio is set",
        "TWILIO_FROM_NUMBER is required when Twilio is set",
      ]),
    );
    expect(problems.some((p) => p.startsWith("LOG_LEVEL"))).toBe(true);
  });

  it("requires the secret, public URL, an SMS provider and a real Typeform app in production", () => {
    // No BLAND_* is fine: each organization chooses its voice platform.
    expect(problemsOf({ NODE_ENV: "production" })).toEqual([
      "SECRET_KEY is required in production",
      "PUBLIC_URL is required in production",
      "TWILIO_ACCOUNT_SID is required in production",
      "TYPEFORM_CLIENT_ID and TYPEFORM_CLIENT_SECRET are required in production unless SANDBOX=true (the Typeform sandbox runs only when allowed)",
    ]);
  });

  it("runs sandboxes in production only when SANDBOX=true, and anywhere SANDBOX=false stops them", () => {
    const production = {
      NODE_ENV: "production",
      SECRET_KEY: "k".repeat(40),
      PUBLIC_URL: "https://ringback.example.com",
      TWILIO_ACCOUNT_SID: "AC1",
      TWILIO_AUTH_TOKEN: "t",
      TWILIO_FROM_NUMBER: "+14155550100",
    };
    expect(problemsOf({ ...production, SANDBOX: "true" })).toEqual([]);
    expect(problemsOf({ ...production, BLAND_API_KEY: "b", BLAND_WEBHOOK_SECRET: "w" })).toEqual([
      "TYPEFORM_CLIENT_ID and TYPEFORM_CLIENT_SECRET are required in production unless SANDBOX=true (the Typeform sandbox runs only when allowed)",
    ]);
    expect(problemsOf({ SANDBOX: "false" })).toHaveLength(1);
    const sandboxed = loadConfigFor({ ...production, SANDBOX: "true" });
    expect(sandboxed.sandboxes).toEqual({ callSimulator: true });
    expect(sandboxed.integrations).toEqual({ typeform: null });
    const real = loadConfigFor({
      ...production,
      BLAND_API_KEY: "b",
      BLAND_WEBHOOK_SECRET: "w",
      TYPEFORM_CLIENT_ID: "i",
      TYPEFORM_CLIENT_SECRET: "s",
    });
    expect(real.sandboxes).toEqual({ callSimulator: false });
    expect(real.integrations.typeform).toEqual({
      TYPEFORM_CLIENT_ID: "i",
      TYPEFORM_CLIENT_SECRET: "s",
      TYPEFORM_API_URL: "https://api.typeform.com",
      TYPEFORM_ADMIN_URL: "https://admin.typeform.com",
    });
    expect(problemsOf({ SANDBOX: "maybe" })).toEqual(["SANDBOX must be true or false"]);
  });

  it("moves respondents' clocks only in tests: the law's calling hours are not a setting", () => {
    for (const NODE_ENV of ["development", "production"]) {
      expect(problemsOf({ NODE_ENV, RESPONDENT_TIME_ZONE_FOR_TESTS: "midday" })).toContain(
        "RESPONDENT_TIME_ZONE_FOR_TESTS is only for tests (NODE_ENV=test)",
      );
    }
    expect(
      problemsOf({ NODE_ENV: "test", RESPONDENT_TIME_ZONE_FOR_TESTS: "Mars/Olympus" }),
    ).toEqual(["RESPONDENT_TIME_ZONE_FOR_TESTS must be an IANA time zone or midday"]);
    expect(
      problemsOf({ NODE_ENV: "test", RESPONDENT_TIME_ZONE_FOR_TESTS: "Europe/Paris" }),
    ).toEqual([]);
    expect(problemsOf({ NODE_ENV: "development", RESPONDENT_TIME_ZONE_FOR_TESTS: "" })).toEqual([]);
  });

  it("requires Typeform credentials in pairs and treats empty values as unset", () => {
    expect(problemsOf({ TYPEFORM_CLIENT_SECRET: "s" })).toEqual([
      "TYPEFORM_CLIENT_ID is required when Typeform is set",
    ]);
    expect(
      problemsOf({ TYPEFORM_CLIENT_ID: "", TYPEFORM_CLIENT_SECRET: "", DATABASE_URL: "" }),
    ).toEqual([]);
  });

  it("reads an integration's own variables with its folder's schema, in the same one message", () => {
    expect(
      problemsOf({ TYPEFORM_API_URL: "ftp://typeform.example", PORT: "not a port" }).sort(),
    ).toEqual(
      [
        "PORT must be a port number (0-65535)",
        "TYPEFORM_API_URL must be an http:// or https:// URL",
      ].sort(),
    );
    const env = parseEnv(
      {
        TYPEFORM_CLIENT_ID: " id ",
        TYPEFORM_CLIENT_SECRET: "secret",
        TYPEFORM_API_URL: "http://127.0.0.1:9000/typeform/",
        TYPEFORM_ADMIN_URL: "",
      },
      integrationSettings,
    );
    expect(env.integrations.typeform).toEqual({
      TYPEFORM_CLIENT_ID: "id",
      TYPEFORM_CLIENT_SECRET: "secret",
      TYPEFORM_API_URL: "http://127.0.0.1:9000/typeform",
      TYPEFORM_ADMIN_URL: "https://admin.typeform.com",
    });
    // Without any of its credentials the integration reads as null: its sandbox stands in.
    expect(parseEnv({}, integrationSettings).integrations).toEqual({ typeform: null });
  });
});

describe("loadConfig", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const tempDir = () => {
    const d = mkdtempSync(path.join(tmpdir(), "ringback-config-"));
    dirs.push(d);
    return d;
  };

  it("generates a secret key into DATA_DIR once, private to the owner, and reuses it", () => {
    const dataDir = path.join(tempDir(), "data");
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.secretKey).toHaveLength(43);
    expect(second.secretKey).toBe(first.secretKey);
    const file = path.join(dataDir, "secret-key");
    expect(readFileSync(file, "utf8").trim()).toBe(first.secretKey);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("uses SECRET_KEY when given and derives PUBLIC_URL from PORT", () => {
    const config = loadConfig({ DATA_DIR: tempDir(), SECRET_KEY: "k".repeat(40), PORT: "4100" });
    expect(config.secretKey).toBe("k".repeat(40));
    expect(config.publicUrl).toBe("http://localhost:4100");
    expect(config.integrations).toEqual({});
    expect(config.bland).toBeNull();
    expect(config.sandboxes).toEqual({ callSimulator: true });
  });

  it("resolves DATA_DIR against the working directory and trims a trailing slash from PUBLIC_URL", () => {
    const cwd = tempDir();
    const config = loadConfig({ DATA_DIR: "state", PUBLIC_URL: "https://calls.example.com/" }, cwd);
    expect(config.dataDir).toBe(path.join(cwd, "state"));
    expect(config.publicUrl).toBe("https://calls.example.com");
  });

  it("keeps recordings on local disk embedded, in the database with DATABASE_URL, in S3 with a bucket", () => {
    const base = { DATA_DIR: tempDir(), SECRET_KEY: "k".repeat(40) };
    const url = "postgres://ringback@db.internal/ringback";
    expect(loadConfig(base).recordings).toEqual({ store: "local", s3: null });
    expect(loadConfig({ ...base, DATABASE_URL: url }).recordings.store).toBe("postgres");
    expect(
      loadConfig({ ...base, DATABASE_URL: url, RECORDING_STORE: "local" }).recordings.store,
    ).toBe("local");
    const s3 = loadConfig({
      ...base,
      DATABASE_URL: url,
      S3_BUCKET: "calls",
      S3_ENDPOINT: "https://minio.internal:9000/",
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_PREFIX: "ringback/recordings/",
    }).recordings;
    expect(s3).toEqual({
      store: "s3",
      s3: {
        bucket: "calls",
        region: "us-east-1",
        endpoint: "https://minio.internal:9000",
        forcePathStyle: true,
        credentials: { accessKeyId: "id", secretAccessKey: "secret" },
        prefix: "ringback/recordings/",
      },
    });
    // A bucket can be configured as a migration target while new recordings stay put.
    const target = loadConfig({
      ...base,
      DATABASE_URL: url,
      S3_BUCKET: "calls",
      RECORDING_STORE: "postgres",
    });
    expect(target.recordings.store).toBe("postgres");
    expect(target.recordings.s3?.credentials).toBeUndefined();
  });
});

describe("recording store variables", () => {
  it("names what is wrong with them", () => {
    expect(problemsOf({ RECORDING_STORE: "s3" })).toEqual([
      "S3_BUCKET is required when RECORDING_STORE is s3",
    ]);
    expect(problemsOf({ RECORDING_STORE: "disk" })).toEqual([
      "RECORDING_STORE must be local, postgres or s3",
    ]);
    expect(problemsOf({ S3_BUCKET: "b", S3_ACCESS_KEY_ID: "id" })).toEqual([
      "S3_SECRET_ACCESS_KEY is required when an S3 access key is set",
    ]);
    expect(problemsOf({ S3_BUCKET: "b", S3_PREFIX: "recordings" })).toEqual([
      "S3_PREFIX must be empty or a path ending in /, e.g. recordings/",
    ]);
    expect(problemsOf({ S3_BUCKET: "b", S3_ENDPOINT: "minio:9000" })).toEqual([
      "S3_ENDPOINT must be an http:// or https:// URL",
    ]);
  });
});
