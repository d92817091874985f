// Speed to lead: from a form delivery's arrival to the voice provider receiving the dial
// request, over N submissions, against the running app on an embedded PostgreSQL with the call
// simulator as the provider. Prints p50/p95/max per leg; no pass/fail.
//
//   npm run bench:speed-to-lead            (200 submissions)
//   npm run bench:speed-to-lead -- 500
import { startBenchApp } from "./lib/bench-app.ts";

const total = Number(process.argv[2] ?? 200);
const app = await startBenchApp({});

try {
  const started = Date.now();
  await Promise.all(
    Array.from({ length: total }, async (_, i) => {
      const { body, signature } = app.delivery(`bench-${i}`, i);
      // Spread the arrivals over about a second, as real leads trickle in.
      await new Promise((r) => setTimeout(r, (i * 1000) / total));
      const response = await fetch(`${app.url}${app.webhookPath}`, {
        method: "POST",
        body,
        headers: { "typeform-signature": signature },
      });
      if (!response.ok) throw new Error(`delivery ${i}: ${response.status}`);
    }),
  );

  // Wait until every call has reached the simulator.
  for (;;) {
    const { rows } = await app.pool.query("select count(*)::int as n from call_simulator.calls");
    if ((rows[0] as { n: number }).n >= total) break;
    if (Date.now() - started > 120_000) throw new Error("timed out waiting for dials");
    await new Promise((r) => setTimeout(r, 100));
  }
  const { rows } = await app.pool.query(`
    select extract(epoch from (c.created_at - s.created_at)) * 1000 as total,
           extract(epoch from ((select min(j.created_on) from pgboss.job j
             where j.name = 'calls.place' and j.data->>'attemptId' = r.id::text) - s.created_at)) * 1000
             as enqueued,
           extract(epoch from (r.dial_requested_at - s.created_at)) * 1000 as queued,
           extract(epoch from (c.created_at - r.dial_requested_at)) * 1000 as request
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
  await app.stop();
}
