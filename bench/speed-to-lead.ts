// Speed to lead: from a form delivery's arrival to the voice provider receiving the dial
// request, over N submissions, against the running app on an embedded PostgreSQL with the call
// simulator as the provider. Prints p50/p95/max; no pass/fail.
//
//   npm run bench:speed-to-lead            (200 submissions)
//   npm run bench:speed-to-lead -- 500
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { loadConfig } from "../apps/server/src/config/env.ts";
import { connectDatabase } from "../apps/server/src/db/database.ts";
import { formAssistants } from "../apps/server/src/db/schema/index.ts";
import { createLogger } from "../apps/server/src/lib/logger.ts";
import { createSecretBox } from "../apps/server/src/lib/secret-box.ts";
import { signTypeformPayload } from "../apps/server/src/providers/forms/typeform/typeform-signature.ts";
import { startRingback } from "../apps/server/src/runtime.ts";

const total = Number(process.argv[2] ?? 200);
// A DATA_DIR the embedded PostgreSQL's system user can enter, and a port for PUBLIC_URL.
const dataDir = mkdtempSync(path.join(tmpdir(), "ringback-bench-"));
chmodSync(dataDir, 0o755);
const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, "127.0.0.1", () => {
    const { port: free } = probe.address() as AddressInfo;
    probe.close(() => resolve(free));
  });
});
const config = loadConfig({
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: "127.0.0.1",
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: "silent",
  CALL_SIMULATOR_RING_MS: "100",
  CALL_SIMULATOR_TURN_MS: "10",
});
const logger = createLogger({ level: "silent", pretty: false });
const ringback = await startRingback({ config, logger, role: "all" });
const { db, pool } = connectDatabase(ringback.databaseUrl);

try {
  // One organization with an active assistant on a form (set up directly: the bench measures
  // calling, not configuring).
  const assistantId = "00000000-0000-4000-8000-00000000be0c";
  await db.execute(
    sql`insert into users (id, email, name) values ('bench', 'bench@example.com', 'Bench')`,
  );
  await db.execute(
    sql`insert into organizations (id, name, slug) values ('bench', 'Bench', 'bench')`,
  );
  const box = createSecretBox(config.secretKey);
  await db.insert(formAssistants).values({
    id: assistantId,
    organizationId: "bench",
    provider: "typeform",
    name: "Bench",
    formId: "benchform",
    phoneFieldId: "p",
    checkboxFieldId: "c",
    assistantScript: "Hi {name}",
    isActive: true,
    webhookSecretEncrypted: box.encrypt("bench-secret"),
    callingWindowStart: "00:00",
    callingWindowEnd: "23:59",
  });

  const started = Date.now();
  await Promise.all(
    Array.from({ length: total }, async (_, i) => {
      const body = JSON.stringify({
        event_type: "form_response",
        form_response: {
          form_id: "benchform",
          token: `bench-${i}`,
          answers: [
            {
              type: "phone_number",
              phone_number: `+1415555${String(1000 + i).slice(-4)}`,
              field: { id: "p", type: "phone_number" },
            },
            { type: "boolean", boolean: true, field: { id: "c", type: "yes_no" } },
          ],
        },
      });
      // Spread the arrivals over about a second, as real leads trickle in.
      await new Promise((r) => setTimeout(r, (i * 1000) / total));
      const response = await fetch(`${ringback.url}/api/webhooks/typeform/${assistantId}`, {
        method: "POST",
        body,
        headers: { "typeform-signature": signTypeformPayload(body, "bench-secret") },
      });
      if (!response.ok) throw new Error(`delivery ${i}: ${response.status}`);
    }),
  );

  // Wait until every call has reached the simulator.
  for (;;) {
    const { rows } = await pool.query("select count(*)::int as n from call_simulator.calls");
    if ((rows[0] as { n: number }).n >= total) break;
    if (Date.now() - started > 120_000) throw new Error("timed out waiting for dials");
    await new Promise((r) => setTimeout(r, 100));
  }
  const { rows } = await pool.query(`
    select extract(epoch from (c.created_at - s.created_at)) * 1000 as total,
           extract(epoch from (r.dial_requested_at - s.created_at)) * 1000 as queued,
           extract(epoch from (c.created_at - r.dial_requested_at)) * 1000 as request,
           extract(epoch from ((select min(j.created_on) from pgboss.job j
             where j.name = 'calls.place' and j.data->>'attemptId' = r.id::text) - s.created_at)) * 1000
             as enqueued
    from call_simulator.calls c
    join form_submissions s on s.id::text = c.metadata->>'submission_id'
    join call_records r on r.id::text = c.metadata->>'attempt_id'`);
  const report = (label: string, key: string) => {
    const ms = rows.map((r) => Number((r as Record<string, string>)[key])).sort((a, b) => a - b);
    const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!;
    const f = (v: number) => `${v.toFixed(0).padStart(5)} ms`;
    console.log(
      `  ${label.padEnd(38)} p50 ${f(at(0.5))}   p95 ${f(at(0.95))}   max ${f(ms.at(-1)!)}`,
    );
  };
  console.log(`speed to lead over ${rows.length} submissions arriving within ~1 s:`);
  report("delivery stored → dial received", "total");
  report("  stored → job enqueued", "enqueued");
  report("  stored → worker starts dialling", "queued");
  report("  dialling → provider has the request", "request");
} finally {
  await pool.end();
  await ringback.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
