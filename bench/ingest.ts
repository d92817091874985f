// Ingest: signed Typeform deliveries (a quarter of them repeats of earlier ones, as Typeform's
// retries would be) at rising concurrency, with autocannon against the running app on the
// embedded PostgreSQL. Prints requests per second and latency per level, then checks that each
// unique delivery has one submission, each submission one attempt, each attempt its calls.place
// job, and that nobody was dialled (saying what differs, and for which). No pass/fail.
//
//   npm run bench:ingest              (3,000 requests per level)
//   npm run bench:ingest -- 10000
//   BENCH_PG_STATEMENTS=1 npm run bench:ingest   (also: PostgreSQL's time by statement)
import autocannon from "autocannon";
import type pg from "pg";
import { daytimeNumbers, startBenchApp } from "./lib/bench-app.ts";
import { closedLawfulWindow } from "./lib/closed-window.ts";
import { cpuMeter } from "./lib/cpu.ts";

const perLevel = Number(process.argv[2] ?? 3000);
const levels = [10, 20, 50, 100];

// A calling window that is lawful where the respondents are but closed there now, and for hours:
// attempts are stored as scheduled for later and queued, and nobody is dialled, so the figures
// are the ingest's alone whatever the hour (a window without a lawful hour would be due at once).
const now = new Date();
const respondents = daytimeNumbers(now);
const callingWindow = closedLawfulWindow(now, respondents.number(0));
const app = await startBenchApp({ callingWindow, respondents });

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
  console.log(
    `  respondents in ${callingWindow.timeZone}, calling window ${callingWindow.start}–${callingWindow.end} there (closed now)`,
  );
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
  const check = await countCheck(
    app.pool,
    unique.map((u) => u.token),
  );
  for (const line of check) console.log(line);
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

/**
 * What the database holds against what the deliveries should have stored: one submission per
 * unique delivery, one attempt per submission, a calls.place job for every attempt (counted by
 * attempt, however many jobs there are), and no dial (the window is closed). Each line says what was expected and what was found; a mismatch names
 * up to five of the deliveries, submissions, attempts or jobs concerned.
 */
async function countCheck(pool: pg.Pool, tokens: string[]): Promise<string[]> {
  /** "; label: n (first five…)" for the rows of `query` (one text column), or "" for none. */
  const which = async (label: string, query: string, params: unknown[] = []) => {
    const { rows } = await pool.query<{ n: number; some: string[] | null }>(
      `select count(*)::int as n, (array_agg(x))[1:5] as some from (${query}) found(x)`,
      params,
    );
    const { n, some } = rows[0]!;
    return n === 0 ? "" : `; ${label}: ${n} (${(some ?? []).join(", ")}${n > 5 ? ", …" : ""})`;
  };
  const { rows } = await pool.query<Record<string, number>>(`
    select (select count(*) from form_submissions)::int as submissions,
           (select count(*) from call_records)::int as attempts,
           (select count(*) from pgboss.job where name = 'calls.place')::int as jobs,
           (select count(distinct data->>'attemptId') from pgboss.job
             where name = 'calls.place')::int as queued,
           (select count(*) from call_simulator.calls)::int as dials,
           (select count(*) from call_records
             where dial_state <> 'scheduled' or scheduled_for <= now())::int as due`);
  const found = rows[0]!;
  const lines: string[] = [];
  const mismatches: string[] = [];
  const line = (name: string, expected: number, got: number, what: string, details = "") => {
    const ok = expected === got && details === "";
    if (!ok) mismatches.push(name);
    lines.push(
      `    ${name.padEnd(11)} expected ${String(expected).padStart(6)}   found ${String(got).padStart(6)}   ${ok ? "ok" : "MISMATCH"} (${what})${details}`,
    );
  };
  line(
    "submissions",
    tokens.length,
    found.submissions!,
    "one per unique delivery",
    (await which(
      "deliveries without a submission",
      `select t from unnest($1::text[]) t
        where not exists (select 1 from form_submissions s where s.provider_response_id = t)`,
      [tokens],
    )) +
      (await which(
        "submissions of no delivery sent",
        "select provider_response_id from form_submissions where provider_response_id <> all($1::text[])",
        [tokens],
      )),
  );
  line(
    "attempts",
    found.submissions!,
    found.attempts!,
    "one per submission",
    await which(
      "submissions with another number of attempts",
      `select s.provider_response_id || ' has ' || count(r.id) from form_submissions s
        left join call_records r on r.submission_id = s.id group by s.id having count(r.id) <> 1`,
    ),
  );
  line(
    "queued",
    found.attempts!,
    found.queued!,
    `attempts with a calls.place job; ${found.jobs} jobs in all`,
    (await which(
      "attempts without a job",
      `select r.id::text from call_records r where not exists (select 1 from pgboss.job j
        where j.name = 'calls.place' and j.data->>'attemptId' = r.id::text)`,
    )) +
      (await which(
        "jobs for no stored attempt",
        `select distinct j.data->>'attemptId' from pgboss.job j where j.name = 'calls.place'
          and not exists (select 1 from call_records r where r.id::text = j.data->>'attemptId')`,
      )),
  );
  line("dialled", 0, found.dials!, "calls the simulator was asked to place");
  line(
    "due now",
    0,
    found.due!,
    "attempts not waiting for the window",
    await which(
      "dial state/status",
      `select dial_state || '/' || status || ' ' || count(*) from call_records
        where dial_state <> 'scheduled' or scheduled_for <= now() group by dial_state, status`,
    ),
  );
  return [
    mismatches.length === 0
      ? "  count check: none lost, none doubled, nobody dialled"
      : `  count check: MISMATCH in ${mismatches.join(", ")}`,
    ...lines,
  ];
}
