// Ingest: signed Typeform deliveries (a quarter of them repeats of earlier ones, as Typeform's
// retries would be) at rising concurrency, with autocannon against the running app on the
// embedded PostgreSQL. Prints requests per second and latency per level, then checks that
// submissions equal unique deliveries and call jobs equal submissions. No pass/fail.
//
//   npm run bench:ingest              (3,000 requests per level)
//   npm run bench:ingest -- 10000
import autocannon from "autocannon";
import { startBenchApp } from "./lib/bench-app.ts";

const perLevel = Number(process.argv[2] ?? 3000);
const levels = [10, 50, 100];

// A calling window that is closed now: attempts are scheduled and queued but nobody is dialled,
// so the figures are the ingest's alone.
const hour = new Date().getUTCHours();
const start = `${String((hour + 3) % 24).padStart(2, "0")}:00`;
const end = `${String((hour + 3) % 24).padStart(2, "0")}:30`;
const app = await startBenchApp({ callingWindow: { start, end } });

const unique = new Set<string>();
let sequence = 0;
function next() {
  sequence += 1;
  // Every fourth delivery repeats one already sent.
  const repeat = sequence % 4 === 0 && unique.size > 0;
  const n = repeat ? Math.floor(Math.random() * unique.size) : sequence;
  const token = repeat ? [...unique][n]! : `bench-${sequence}`;
  unique.add(token);
  return app.delivery(token, repeat ? n : sequence);
}

try {
  console.log(`ingest: ${perLevel} signed deliveries per level, 25% repeats`);
  for (const connections of levels) {
    const result = await autocannon({
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
    });
    const errors = result.non2xx + result.errors + result.timeouts;
    console.log(
      `  ${String(connections).padStart(3)} connections: ${result.requests.average.toFixed(0).padStart(5)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   errors ${errors}`,
    );
  }
  const counts = await app.pool.query(`
    select (select count(*) from form_submissions)::int as submissions,
           (select count(*) from call_records)::int as attempts,
           (select count(*) from pgboss.job where name = 'calls.place')::int as jobs`);
  const { submissions, attempts, jobs } = counts.rows[0] as Record<string, number>;
  console.log(
    `  unique deliveries ${unique.size}   submissions ${submissions}   attempts ${attempts}   call jobs ${jobs}`,
  );
  console.log(
    submissions === unique.size && attempts === submissions && jobs === submissions
      ? "  count check: none lost, none doubled"
      : "  count check: MISMATCH",
  );
} finally {
  await app.stop();
}
