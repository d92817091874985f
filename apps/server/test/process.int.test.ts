import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmptyDatabase, tempDataDir } from "./harness.ts";
import { listeningUrl, type RingbackProcess, spawnRingback, stopProcess } from "./process.ts";

const running: RingbackProcess[] = [];
function start(env: Record<string, string>, args: string[] = []) {
  const p = spawnRingback({ PORT: "0", HOST: "127.0.0.1", ...env }, args);
  running.push(p);
  return p;
}
afterAll(async () => {
  for (const p of running) await stopProcess(p, "SIGTERM");
});

async function health(url: string) {
  const response = await fetch(`${url}/api/health`);
  return { status: response.status, body: (await response.json()) as { status: string } };
}

/** Connects to the embedded PostgreSQL of a running process, from its log and DATA_DIR. */
async function embeddedClient(p: RingbackProcess, dataDir: string) {
  const started = await p.waitForLog("Embedded PostgreSQL started");
  const credentials = JSON.parse(readFileSync(path.join(dataDir, "postgres.json"), "utf8")) as {
    user: string;
    password: string;
  };
  const client = new pg.Client({
    host: "127.0.0.1",
    port: started.port as number,
    user: credentials.user,
    password: credentials.password,
    database: "ringback",
  });
  await client.connect();
  return client;
}

describe("embedded PostgreSQL in DATA_DIR", () => {
  const dataDir = tempDataDir("ringback-process-");
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  // One DATA_DIR through a process's life, a step a test: each starts where the last left it.
  let first: RingbackProcess;
  let url: string;
  let third: RingbackProcess;

  it("starts cold on an empty DATA_DIR, with its own PostgreSQL and secret key", async () => {
    first = start({ DATA_DIR: dataDir });
    url = await listeningUrl(first);
    expect(await health(url)).toMatchObject({ status: 200, body: { status: "ok" } });
    expect(existsSync(path.join(dataDir, "postgres", "PG_VERSION"))).toBe(true);
    expect(existsSync(path.join(dataDir, "secret-key"))).toBe(true);

    const client = await embeddedClient(first, dataDir);
    await client.query(
      "insert into organizations (id, name, slug) values ('kept', 'Kept Co', 'kept-co')",
    );
    await client.end();
  });

  it("refuses a second instance on the same DATA_DIR with a clear message", async () => {
    const second = start({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain(
      `Another Ringback process (pid ${first.child.pid}) is already using DATA_DIR`,
    );
    expect(await health(url)).toMatchObject({ status: 200 });
  });

  it("stops gracefully on SIGTERM: database stopped, lock released", async () => {
    expect(await stopProcess(first, "SIGTERM")).toBe(0);
    expect(first.logs.some((l) => l.msg === "Embedded PostgreSQL stopped")).toBe(true);
    expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
    expect(existsSync(path.join(dataDir, "ringback.lock"))).toBe(false);
  });

  it("keeps the data across a warm start", async () => {
    third = start({ DATA_DIR: dataDir });
    await listeningUrl(third);
    const again = await embeddedClient(third, dataDir);
    expect((await again.query("select name from organizations where id = 'kept'")).rows).toEqual([
      { name: "Kept Co" },
    ]);
    await again.end();
  });

  it("recovers the stale lock and the orphaned PostgreSQL a SIGKILL leaves", async () => {
    third.child.kill("SIGKILL");
    await third.exited;
    expect(existsSync(path.join(dataDir, "ringback.lock"))).toBe(true);
    const fourth = start({ DATA_DIR: dataDir });
    const fourthUrl = await listeningUrl(fourth);
    expect(fourth.logs.some((l) => String(l.msg).includes("did not stop cleanly"))).toBe(true);
    expect(await health(fourthUrl)).toMatchObject({ status: 200 });
    const recovered = await embeddedClient(fourth, dataDir);
    expect(
      (await recovered.query("select count(*)::int as n from organizations where id = 'kept'"))
        .rows,
    ).toEqual([{ n: 1 }]);
    await recovered.end();
    expect(await stopProcess(fourth)).toBe(0);
  });
});

describe("external PostgreSQL from DATABASE_URL", () => {
  it("runs web and worker as separate processes against one database and never starts an embedded one", async () => {
    const databaseUrl = await createEmptyDatabase();
    const dataDir = tempDataDir("ringback-external-");
    try {
      const web = start({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl }, ["--role=web"]);
      const worker = start({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl }, ["--role=worker"]);
      const url = await listeningUrl(web);
      await worker.waitForLog("Worker is running");
      expect(await health(url)).toMatchObject({ status: 200, body: { status: "ok" } });
      expect(worker.logs.some((l) => String(l.msg).includes("Ringback is running at"))).toBe(false);
      expect(web.logs.some((l) => l.msg === "Worker is running")).toBe(false);
      expect(existsSync(path.join(dataDir, "postgres"))).toBe(false);

      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const tables = await client.query(
        "select 1 from information_schema.tables where table_name = 'call_records'",
      );
      const queue = await client.query(
        "select 1 from information_schema.schemata where schema_name = 'pgboss'",
      );
      await client.end();
      expect(tables.rowCount).toBe(1);
      expect(queue.rowCount).toBe(1);

      expect(await stopProcess(web)).toBe(0);
      expect(await stopProcess(worker)).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("a web process alone on a fresh database", () => {
  it("creates the job queues itself, so deliveries can be queued before any worker starts", async () => {
    const databaseUrl = await createEmptyDatabase();
    const dataDir = tempDataDir("ringback-web-only-");
    try {
      const web = start({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl }, ["--role=web"]);
      await listeningUrl(web);
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const queues = await client.query<{ name: string; policy: string }>(
        "select name, policy from pgboss.queue order by name",
      );
      await client.end();
      const byName = Object.fromEntries(queues.rows.map((q) => [q.name, q.policy]));
      expect(byName).toMatchObject({ "calls.place": "standard", "recordings.copy": "exclusive" });
      expect(await stopProcess(web)).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("invalid configuration", () => {
  it("stops start-up with one message naming each bad variable", async () => {
    const p = start({
      PORT: "not-a-port",
      DATABASE_URL: "mysql://nope",
      TYPEFORM_CLIENT_ID: "abc",
    });
    expect(await p.exited).toBe(1);
    const stderr = p.stderr();
    expect(stderr).toContain("Invalid configuration");
    expect(stderr).toMatch(/PORT/);
    expect(stderr).toMatch(/DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(stderr).toMatch(/TYPEFORM_CLIENT_SECRET is required when Typeform is set/);
  });
});

describe("sandboxes in production", () => {
  const production = {
    NODE_ENV: "production",
    SECRET_KEY: "p".repeat(40),
    TWILIO_ACCOUNT_SID: "AC0000",
    TWILIO_AUTH_TOKEN: "token",
    TWILIO_FROM_NUMBER: "+14155550100",
  };

  let databaseUrl: string;
  const dataDir = tempDataDir("ringback-sandbox-");
  beforeAll(async () => {
    databaseUrl = await createEmptyDatabase();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const serving = (env: Record<string, string>) =>
    start({
      ...production,
      PUBLIC_URL: "http://127.0.0.1:9",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ...env,
    });

  it("refuses to start without a Typeform app unless SANDBOX=true", async () => {
    const refused = start({ ...production, PUBLIC_URL: "https://ringback.example.com" });
    expect(await refused.exited).toBe(1);
    expect(refused.stderr()).toMatch(
      /TYPEFORM_CLIENT_ID and TYPEFORM_CLIENT_SECRET are required in production unless SANDBOX=true/,
    );
    // No BLAND_* is not a reason to refuse: organizations choose their own platform.
    expect(refused.stderr()).not.toMatch(/BLAND_API_KEY/);
  });

  it("runs both sandboxes when SANDBOX=true, and says so at start-up", async () => {
    const sandboxed = serving({ SANDBOX: "true" });
    const url = await listeningUrl(sandboxed);
    const modes = await sandboxed.waitForLog(/^Providers:/);
    expect(modes).toMatchObject({ formSources: { typeform: "sandbox" }, voice: "simulator" });
    expect((await fetch(`${url}/sandbox/bland/`)).status).toBe(200);
    // The simulator speaks Vapi's and Retell's APIs too (a key is needed: 401).
    expect((await fetch(`${url}/sandbox/vapi/phone-number`)).status).toBe(401);
    expect((await fetch(`${url}/sandbox/retell/v2/list-phone-numbers`)).status).toBe(401);
    // Typeform's API answers without a token as Typeform does (403): mounted, not a 404.
    expect((await fetch(`${url}/sandbox/typeform/api/me`)).status).toBe(403);
    // A simulated recording is not public by call id.
    const recording = await fetch(`${url}/sandbox/bland/recordings/${crypto.randomUUID()}.wav`);
    expect(recording.status).toBe(401);
    expect(await stopProcess(sandboxed)).toBe(0);
  });

  it("mounts no sandbox at all with real keys", async () => {
    const real = serving({
      TYPEFORM_CLIENT_ID: "client",
      TYPEFORM_CLIENT_SECRET: "secret",
      BLAND_API_KEY: "key",
      BLAND_WEBHOOK_SECRET: "whsec",
    });
    const realUrl = await listeningUrl(real);
    expect(await real.waitForLog(/^Providers:/)).toMatchObject({
      formSources: { typeform: "real" },
      voice: "bland",
    });
    for (const path of ["/sandbox/bland/", "/sandbox/typeform/api/me", "/sandbox/typeform/to/x"]) {
      expect((await fetch(`${realUrl}${path}`)).status, path).toBe(404);
    }
    expect(await stopProcess(real)).toBe(0);
  });

  it("starts without BLAND_*, with no default voice provider and no simulator", async () => {
    // Each organization chooses its platform in Settings → Voice.
    const bring = serving({ TYPEFORM_CLIENT_ID: "client", TYPEFORM_CLIENT_SECRET: "secret" });
    const bringUrl = await listeningUrl(bring);
    expect(await bring.waitForLog(/^Providers:/)).toMatchObject({ voice: "none" });
    expect((await fetch(`${bringUrl}/sandbox/vapi/phone-number`)).status).toBe(404);
    expect(await stopProcess(bring)).toBe(0);
  });
});
