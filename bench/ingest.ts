// Ingest: signed Typeform deliveries (a quarter of them repeats of earlier ones, as Typeform's
// retries would be) at rising concurrency, with autocannon against the running app on the
// embedded PostgreSQL. Prints requests per second and latency per level, then checks that
// submissions equal unique deliveries and call jobs equal submissions. No pass/fail.
//
//   npm run bench:ingest              (3,000 requests per level)
//   npm run bench:ingest -- 10000
//   BENCH_PG_STATEMENTS=1 npm run bench:ingest   (also: PostgreSQL's time by statement)
import autocannon from "autocannon";
import { startBenchApp } from "./lib/bench-app.ts";
import { cpuMeter } from "./lib/cpu.ts";

const perLevel = Number(process.argv[2] ?? 3000);
const levels = [10, 20, 50, 100];

// A calling window that is closed now: attempts are scheduled and queued but nobody is dialled,
// so the figures are the ingest's alone.
const hour = new Date().getUTCHours();
const start = `${String((hour + 3) % 24).padStart(2, "0")}:00`;
const end = `${String((hour + 3) % 24).padStart(2, "0")}:30`;
const app = await startBenchApp({ callingWindow: { start, end } });

const unique: { token: string; n: number }[] = [];
let sequence = 0;
function next() {
  sequence += 1;
  // Every fourth delivery repeats one already sent.
  if (sequence % 4 === 0 && unique.length > 0) {
    const { token, n } = unique[Math.floor(Math.random() * unique.length)]!;
    return app.delivery(token, n);
  }
  const token = `bench-${sequence}`;
  unique.push({ token, n: sequence });
  return app.delivery(token, sequence);
}

try {
  console.log(`ingest: ${perLevel} signed deliveries per level, 25% repeats`);
  const meter = cpuMeter(app.pid);
  for (const connections of levels) {
    meter.reset();
    const began = performance.now();
    let lastResponse = began;
    const options: autocannon.Options = {
      url: app.url,
      connections,
      amount: perLevel,
      requests: [
        {
          method: "POST",
          path: app.webhookPath,
          setupRequest: (request) => {
            const { body, signature } = next();
            return {
              ...request,
              body,
              headers: { "content-type": "application/json", "typeform-signature": signature },
            };
          },
        },
      ],
    };
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const run = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
      // autocannon ends a run on its 1-second tick: time up to the last response instead.
      run.on("response", () => {
        lastResponse = performance.now();
      });
    });
    const errors = result.non2xx + result.errors + result.timeouts;
    const perSecond = (result.requests.total * 1000) / (lastResponse - began);
    const cpu = meter.cores();
    console.log(
      `  ${String(connections).padStart(3)} connections: ${perSecond.toFixed(0).padStart(5)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   errors ${errors}   cpu: app ${cpu.app.toFixed(2)}, postgres ${cpu.postgres.toFixed(2)}, load generator ${cpu.generator.toFixed(2)} cores`,
    );
  }
  const counts = await app.pool.query(`
    select (select count(*) from form_submissions)::int as submissions,
           (select count(*) from call_records)::int as attempts,
           (select count(*) from pgboss.job where name = 'calls.place')::int as jobs,
           (select count(distinct data->>'attemptId') from pgboss.job
             where name = 'calls.place')::int as queued`);
  const { submissions, attempts, jobs, queued } = counts.rows[0] as Record<string, number>;
  // A repeated delivery hands its waiting attempt to the workers again (in case the first
  // delivery's enqueue was lost): more jobs than attempts, one call (placing claims the attempt).
  console.log(
    `  unique deliveries ${unique.length}   submissions ${submissions}   attempts ${attempts}   attempts queued ${queued} (jobs ${jobs}, repeats included)`,
  );
  console.log(
    submissions === unique.length && attempts === submissions && queued === attempts
      ? "  count check: none lost, none doubled"
      : "  count check: MISMATCH",
  );
  if (process.env.BENCH_PG_STATEMENTS) {
    const { rows } = await app.pool.query(`
      select round(total_exec_time)::int as ms, calls, round(mean_exec_time::numeric, 3) as mean,
        round(mean_plan_time::numeric, 3) as plan,
        left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as query
      from pg_stat_statements order by total_exec_time desc limit 25`);
    console.log("  PostgreSQL time by statement (nested statements included in their callers):");
    for (const r of rows) {
      console.log(
        `  ${String(r.ms).padStart(7)} ms ${String(r.calls).padStart(7)} × ${r.mean} ms (planning ${r.plan} ms)  ${r.query}`,
      );
    }
  }
} finally {
  await app.stop();
}
