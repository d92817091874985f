import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { connectDatabase } from "../../apps/server/src/db/database.ts";
import { startEmbeddedPostgres } from "../../apps/server/src/db/embedded-postgres.ts";
import { formAssistants } from "../../apps/server/src/db/schema/index.ts";
import { createLogger } from "../../apps/server/src/lib/logger.ts";
import { createSecretBox } from "../../apps/server/src/lib/secret-box.ts";
import { signTypeformPayload } from "../../apps/server/src/providers/forms/typeform/typeform-signature.ts";

export const BENCH_FORM_ID = "benchform";
const SECRET = "bench-secret";
const SECRET_KEY = "bench-secret-key-bench-secret-key-0123456789";
const entry = fileURLToPath(new URL("../../apps/server/src/main.ts", import.meta.url));
const servingEntry = fileURLToPath(new URL("./ringback-serving.ts", import.meta.url));

/**
 * Ringback as a user runs it — its own process (`node apps/server/src/main.ts`, web and worker)
 * — on an embedded PostgreSQL with the call simulator, and one organization with an active
 * assistant on a form (set up directly: benchmarks measure calling, not configuring). The load
 * generator runs in this process, so it does not share the app's event loop.
 */
export async function startBenchApp(options: {
  callingWindow?: { start: string; end: string };
  /**
   * Development mode: one-time codes go to the dev outbox (a benchmark signs in through the
   * real API). Production mode (the default) is what the ingest figures are about.
   */
  development?: boolean;
  /** A web build to serve instead of apps/web/dist (bench:web serves its own). */
  webDist?: string;
  /**
   * Where the respondents are (daytimeNumbers at the start, by default): a benchmark that chose
   * its calling window for these respondents passes the same ones.
   */
  respondents?: ReturnType<typeof daytimeNumbers>;
}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "ringback-bench-"));
  chmodSync(dataDir, 0o755);
  const logger = createLogger({ level: "silent", pretty: false });
  let postgres = await startEmbeddedPostgres({
    dataDir: path.join(dataDir, "pg"),
    logger,
    lock: false,
  });
  if (process.env.BENCH_PG_STATEMENTS) {
    // Where PostgreSQL's time goes, trigger statements included (printed by the benchmark).
    const admin = new pg.Client({ connectionString: postgres.adminUrl });
    await admin.connect();
    await admin.query("alter system set shared_preload_libraries = 'pg_stat_statements'");
    await admin.query("alter system set pg_stat_statements.track = 'all'");
    await admin.query("alter system set pg_stat_statements.track_planning = on");
    await admin.end();
    await postgres.stop();
    postgres = await startEmbeddedPostgres({
      dataDir: path.join(dataDir, "pg"),
      logger,
      lock: false,
    });
    const ringback = new pg.Client({ connectionString: postgres.url });
    await ringback.connect();
    await ringback.query("create extension if not exists pg_stat_statements");
    await ringback.end();
  }
  if (process.env.BENCH_PG_SETTINGS) {
    // Experiments only, e.g. BENCH_PG_SETTINGS="commit_delay=200,commit_siblings=2".
    const admin = new pg.Client({ connectionString: postgres.adminUrl });
    await admin.connect();
    for (const setting of process.env.BENCH_PG_SETTINGS.split(",")) {
      const [name, value] = setting.split("=");
      await admin.query(`alter system set ${name} = '${value}'`);
    }
    await admin.query("select pg_reload_conf()");
    await admin.end();
  }
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [options.webDist ? servingEntry : entry], {
    env: {
      ...(options.webDist ? { BENCH_WEB_DIST: options.webDist } : {}),
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      NODE_ENV: options.development ? "development" : "production",
      // e.g. BENCH_NODE_OPTIONS=--cpu-prof to profile the app under load.
      NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS ?? "",
      DATABASE_URL: postgres.url,
      DATA_DIR: path.join(dataDir, "app"),
      SECRET_KEY,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      ...(options.development
        ? {}
        : {
            TWILIO_ACCOUNT_SID: "bench",
            TWILIO_AUTH_TOKEN: "bench",
            TWILIO_FROM_NUMBER: "+14155550100",
            // The benchmarks run against the built-in sandboxes, in production mode.
            SANDBOX: "true",
          }),
      LOG_LEVEL: "warn",
      CALL_SIMULATOR_RING_MS: "100",
      CALL_SIMULATOR_TURN_MS: "10",
    },
    // Its log (stdout) would drown the figures; start-up failures show on stderr and in the exit.
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error("Ringback exited during start-up");
    const healthy = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (waited > 60_000) throw new Error("Ringback did not become healthy within 60 s");
    await new Promise((r) => setTimeout(r, 100));
  }
  const { db, pool } = connectDatabase(postgres.url);
  const assistantId = "00000000-0000-4000-8000-00000000be0c";
  await db.execute(
    sql`insert into users (id, email, name) values ('bench', 'bench@example.com', 'Bench')`,
  );
  await db.execute(
    sql`insert into organizations (id, name, slug) values ('bench', 'Bench', 'bench')`,
  );
  await db.insert(formAssistants).values({
    id: assistantId,
    organizationId: "bench",
    provider: "typeform",
    name: "Bench",
    formId: BENCH_FORM_ID,
    phoneFieldId: "p",
    checkboxFieldId: "c",
    assistantScript: "Hi {name}",
    isActive: true,
    webhookSecretEncrypted: createSecretBox(SECRET_KEY).encrypt(SECRET),
    callingWindowStart: options.callingWindow?.start ?? "00:00",
    callingWindowEnd: options.callingWindow?.end ?? "23:59",
    defaultTimeZone: "UTC",
  });

  const daytime = options.respondents ?? daytimeNumbers(new Date());
  return {
    url,
    /** Where the benchmark's respondents are (their numbers' zone). */
    respondentZone: daytime.zone,
    /** The embedded PostgreSQL (for psql while a benchmark is paused). */
    databaseUrl: postgres.url,
    /** The app's process id (for its memory figures). */
    pid: child.pid!,
    /** The app's SECRET_KEY (a benchmark that seeds a session signs its cookie with it). */
    secretKey: SECRET_KEY,
    db,
    assistantId,
    organizationId: "bench",
    webhookPath: `/api/webhooks/typeform/${assistantId}`,
    pool,
    /**
     * A signed Typeform delivery for response `token`, with an available number where it is
     * day now (the law's calling hours apply to the benchmarks too).
     */
    delivery(token: string, i: number) {
      const body = JSON.stringify({
        event_type: "form_response",
        form_response: {
          form_id: BENCH_FORM_ID,
          token,
          answers: [
            {
              type: "phone_number",
              phone_number: daytime.number(i),
              field: { id: "p", type: "phone_number" },
            },
            { type: "boolean", boolean: true, field: { id: "c", type: "yes_no" } },
          ],
        },
      });
      return { body, signature: signTypeformPayload(body, SECRET) };
    },
    async stop() {
      await pool.end();
      child.kill("SIGTERM");
      await exited;
      await postgres.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Numbers of a place where it is between 09:00 and 19:00 now, so that the benchmark's calls are
 * inside the law's hours (08:00–21:00 at the respondent) whenever it runs: San Francisco, New
 * York, London or Tokyo (one of them always is). Millions of distinct valid numbers each.
 */
export function daytimeNumbers(now: Date): { zone: string; number: (i: number) => string } {
  const places = [
    { zone: "America/Los_Angeles", number: (i: number) => `+1415${2_000_000 + (i % 7_000_000)}` },
    { zone: "America/New_York", number: (i: number) => `+1212${2_000_000 + (i % 7_000_000)}` },
    { zone: "Europe/London", number: (i: number) => `+4420${70_000_000 + (i % 9_000_000)}` },
    { zone: "Asia/Tokyo", number: (i: number) => `+813${50_000_000 + (i % 9_000_000)}` },
  ];
  const hour = (zone: string) =>
    Number(
      new Intl.DateTimeFormat("en-US", {
        hour: "numeric",
        hourCycle: "h23",
        timeZone: zone,
      }).format(now),
    );
  return places.find((p) => hour(p.zone) >= 9 && hour(p.zone) < 19) ?? places[0]!;
}
