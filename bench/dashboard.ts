// The dashboard's charts at a million call records: seeds one organization with 1,000,000 call
// records over 400,000 submissions in the last ~32 days (plus 250,000 records of another
// organization as noise), with dial times (speed to lead) and outcome answers ("Qualified?",
// "Wants a demo?"), then times GET /api/organizations/:id/dashboard/charts over HTTP as the
// browser asks for it (30 days, the browser's time zone). Then times each of the endpoint's
// reads on its own, beside the reads it had before the counters (migration 0023), and checks
// that the counters give the same figures as counting the rows. Prints p50/p95 per query; no
// pass/fail.
//
//   npm run bench:dashboard                 (1,000,000 records, 30 requests per query)
//   npm run bench:dashboard -- 200000 10
//   BENCH_PAUSE=1 npm run bench:dashboard   (stops after seeding, for EXPLAIN ANALYZE by hand)
import { SPEED_TO_LEAD_MAX_LEADS } from "@ringback/contracts";
import { sql } from "drizzle-orm";
import {
  chartWindow,
  readAssistants,
  readCallCounts,
  readOutcomeCounts,
  readSpeedToLead,
} from "../apps/server/src/domain/dashboard/dashboard-charts.ts";
import {
  FOLD_AFTER_MS,
  foldDashboardCounters,
} from "../apps/server/src/domain/dashboard/fold-counters.ts";
import { signIn } from "../apps/server/test/auth-client.ts";
import { startBenchApp } from "./lib/bench-app.ts";

const records = Number(process.argv[2] ?? 1_000_000);
const repeats = Number(process.argv[3] ?? 30);
const submissions = Math.round(records / 2.5); // 1 to 4 attempts each, 2.5 on average
/** Submissions arrive every 7 s: 400,000 span 32 days, so the 30-day window holds ~94%. */
const SPACING_SECONDS = 7;

const app = await startBenchApp({ development: true });
/** The hourly fold last ran an hour ago: bins before this are in shard 0. */
const seededAt = new Date();
const foldedBefore = new Date(seededAt.getTime() - FOLD_AFTER_MS - 3_600_000).toISOString();
const { db } = app;
const SECOND_ASSISTANT = "00000000-0000-4000-8000-00000000be0d";
const questions = JSON.stringify([
  { key: "qualified", label: "Qualified?", type: "boolean" },
  { key: "wants_demo", label: "Wants a demo?", type: "boolean" },
  { key: "budget", label: "Budget", type: "number" },
]);

async function seed(organizationId: string, count: number, tag: string) {
  const started = performance.now();
  await db.transaction(async (tx) => {
    // Bulk load without per-row triggers; call_groups is built set-based below, as the
    // triggers would build it (the integration tests check the triggers).
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      insert into form_submissions (id, organization_id, assistant_id, form_id,
        provider_response_id, respondent_name, respondent_email, respondent_phone_number, status,
        answers, created_at)
      select gen_random_uuid(), ${organizationId},
        case when i % 3 = 0 then ${SECOND_ASSISTANT}::uuid else ${app.assistantId}::uuid end,
        'benchform', ${tag} || i, 'Lead ' || i, 'lead.' || i || '@example.com',
        '+1415' || (2000000 + i % 7000000), 'call_scheduled', '{}'::jsonb,
        now() - make_interval(secs => i * ${SPACING_SECONDS})
      from generate_series(1, ${count}) i`);
    // Attempt 1 is created with its submission (ingest), each retry 30 minutes later; every
    // attempt is dialled 2 s to 4 min after it is created. Earlier attempts did not reach the
    // person; the last one ends as any status (one in 20 still ringing, one in 50 not called).
    // Answered calls and voicemails answer the outcome questions (now and then not all).
    await tx.execute(sql`
      insert into call_records (organization_id, submission_id, assistant_id, call_attempt, status,
        duration, created_at, dial_requested_at, outcomes, dial_state, final_at)
      select s.organization_id, s.id, s.assistant_id, a.n, st.status,
        (hashtext(s.id::text) & 1023) % 600, t.at,
        case when st.status <> 'not-called' then t.at + make_interval(secs => 2 + h % 240) end,
        case when st.status in ('answered', 'voicemail') then
          jsonb_strip_nulls(jsonb_build_object(
            'qualified', case when h % 7 = 0 then null else h % 3 <> 0 end,
            'wants_demo', (h / 7) % 2 = 0,
            'budget', (h % 50) * 1000))
        end,
        case when st.status = 'not-called' then 'canceled' else 'dialed' end,
        case when st.status <> 'ringing' then t.at + interval '5 minutes' end
      from form_submissions s
      cross join lateral (select 1 + (hashtext(s.provider_response_id) & 1023) % 4 as attempts) c
      cross join lateral generate_series(1, c.attempts) a(n)
      cross join lateral (select hashtext(s.id::text || a.n) & 1048575 as h) hh(h)
      cross join lateral (select s.created_at + make_interval(mins => (a.n - 1) * 30) as at) t
      cross join lateral (select case
          when a.n < c.attempts then (array['no-answer','busy','failed'])[1 + h % 3]
          when h % 20 = 0 then 'ringing'
          when h % 50 = 1 then 'not-called'
          else (array['answered','voicemail','answered','no-answer','busy','failed'])[1 + h % 6]
        end as status) st
      where s.organization_id = ${organizationId}`);
    await tx.execute(sql`
      insert into call_groups (id, organization_id, submission_id, assistant_id, assistant_name,
        form_title, respondent_name, respondent_email, respondent_phone_number, search_text,
        attempt_count, latest_call_id, latest_status, latest_call_at, total_duration, outcomes)
      select s.id, s.organization_id, s.id, a.id, a.name, a.form_title, s.respondent_name,
        s.respondent_email, s.respondent_phone_number, '', agg.n, l.id, l.status,
        date_trunc('milliseconds', l.created_at), agg.total,
        (select outcomes from call_records where submission_id = s.id and outcomes is not null
          order by call_attempt desc limit 1)
      from form_submissions s
      join lateral (select count(*)::int n, coalesce(sum(coalesce(duration, 0)), 0)::int total
                    from call_records where submission_id = s.id) agg on agg.n > 0
      join lateral (select * from call_records where submission_id = s.id
                    order by call_attempt desc, created_at desc, id desc limit 1) l on true
      left join form_assistants a on a.id = s.assistant_id
      where s.organization_id = ${organizationId}`);
    // The dashboard's counters as their triggers and the hourly fold keep them: each call and
    // group in its shard, and bins older than the fold's cutoff an hour ago (FOLD_AFTER_MS plus
    // one hour) in shard 0. Timed below: the next hour's fold.
    const bin = (column: string) =>
      sql`date_bin('15 minutes', ${sql.identifier(column)}, timestamptz '2000-01-01 00:00:00+00')`;
    const shard = (column: string, id: string) =>
      sql`case when ${bin(column)} < ${foldedBefore}::timestamptz then 0
        else hashtext(${sql.identifier(id)}::text) & 15 end`;
    await tx.execute(sql`
      insert into call_record_bin_counts (organization_id, bin, assistant_key, status, shard, calls)
      select organization_id, ${bin("created_at")},
        coalesce(assistant_id, '00000000-0000-0000-0000-000000000000'::uuid), status,
        ${shard("created_at", "id")}, count(*)
      from call_records where organization_id = ${organizationId}
      group by 1, 2, 3, 4, 5`);
    await tx.execute(sql`
      insert into call_group_outcome_counts (organization_id, bin, assistant_key, outcome_key,
        shard, yes, no)
      select g.organization_id, ${bin("latest_call_at")},
        coalesce(g.assistant_id, '00000000-0000-0000-0000-000000000000'::uuid), o.key,
        ${shard("latest_call_at", "id")},
        count(*) filter (where o.value = 'true'::jsonb),
        count(*) filter (where o.value = 'false'::jsonb)
      from call_groups g cross join lateral jsonb_each(g.outcomes) o
      where g.organization_id = ${organizationId} and jsonb_typeof(o.value) = 'boolean'
      group by 1, 2, 3, 4, 5`);
  });
  const [row] = (
    await db.execute<{ n: number }>(
      sql`select count(*)::int n from call_records where organization_id = ${organizationId}`,
    )
  ).rows;
  console.log(
    `  ${organizationId}: ${count.toLocaleString()} submissions, ${row!.n.toLocaleString()} call records in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

try {
  console.log(
    `dashboard: seeding (${records.toLocaleString()} call records in the measured organization)`,
  );
  await db.execute(sql`update form_assistants set form_title = 'Website Enquiry',
    outcome_questions = ${questions}::jsonb where id = ${app.assistantId}`);
  await db.execute(sql`insert into form_assistants (id, organization_id, name, form_id, form_title,
      outcome_questions)
    values (${SECOND_ASSISTANT}, 'bench', 'Bench 2', 'benchform2', 'Quote Request',
      ${questions}::jsonb)`);
  await db.execute(
    sql`insert into organizations (id, name, slug) values ('noise', 'Noise', 'noise')`,
  );
  await seed("bench", submissions, "b");
  await seed("noise", Math.round(submissions / 4), "n");
  const counterRows = async () =>
    (
      await db.execute<{ n: number }>(
        sql`select count(*)::int as n from call_record_bin_counts where organization_id = 'bench'`,
      )
    ).rows[0]!.n;
  const before = await counterRows();
  const began = performance.now();
  const moved = await foldDashboardCounters(db, seededAt);
  const fold = performance.now() - began;
  console.log(
    `  counters: ${before.toLocaleString()} rows; the hourly fold moved ${moved.toLocaleString()} rows in ${fold.toFixed(0)} ms, leaving ${(await counterRows()).toLocaleString()}`,
  );
  // What autovacuum does to a table after a bulk load: statistics and the visibility map.
  await db.execute(sql`vacuum analyze`);
  if (process.env.BENCH_PAUSE) {
    console.log(`dashboard: paused; psql ${app.databaseUrl}   (kill -USR2 ${process.pid} goes on)`);
    await new Promise((resolve) => process.once("SIGUSR2", resolve));
  }

  // A member of the measured organization, signed in through the API like the browser.
  const { client } = await signIn(app.url, db);
  const session = await client.json<{ user: { id: string } }>("/api/session");
  await db.execute(sql`insert into organization_members (id, organization_id, user_id, role)
    values (gen_random_uuid()::text, 'bench', ${session.user.id}, 'member')`);
  const base = "/api/organizations/bench/dashboard/charts";

  const at = (ms: number[], q: number) => {
    const sorted = [...ms].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  };
  const time = async (label: string, path: string) => {
    const ms: number[] = [];
    let body: unknown;
    for (let i = 0; i < repeats; i++) {
      const began = performance.now();
      body = await client.json(path);
      ms.push(performance.now() - began);
    }
    console.log(
      `  ${label.padEnd(44)} p50 ${at(ms, 0.5).toFixed(1).padStart(6)} ms   p95 ${at(ms, 0.95).toFixed(1).padStart(6)} ms`,
    );
    return body;
  };
  console.log(`dashboard: ${repeats} requests per query over HTTP`);
  const charts = (await time(
    "charts, 30 days, America/New_York",
    `${base}?days=30&tz=America/New_York`,
  )) as {
    totals: { attempts: number; finalCalls: number; answered: number };
    speedToLead: { leads: number; medianSeconds: number | null; p90Seconds: number | null };
  };
  await time("charts, 30 days, Asia/Kolkata (+05:30)", `${base}?days=30&tz=Asia/Kolkata`);
  await time("charts, 7 days, Europe/London", `${base}?days=7&tz=Europe/London`);
  await time("stats cards (GET …/stats, for comparison)", "/api/organizations/bench/stats");
  console.log(
    `  (30 days: ${charts.totals.attempts.toLocaleString()} attempts, ${charts.totals.finalCalls.toLocaleString()} final, ${charts.totals.answered.toLocaleString()} answered; speed to lead over ${charts.speedToLead.leads.toLocaleString()} leads: median ${charts.speedToLead.medianSeconds} s, p90 ${charts.speedToLead.p90Seconds} s)`,
  );

  // Each read on its own, one at a time, straight to PostgreSQL (the endpoint runs reads 1–4 at
  // once, after the window), and the reads of 1 and 3 as they were before the counters.
  const timeRead = async (label: string, read: () => Promise<unknown>) => {
    const ms: number[] = [];
    for (let i = 0; i < repeats; i++) {
      const began = performance.now();
      await read();
      ms.push(performance.now() - began);
    }
    console.log(
      `  ${label.padEnd(44)} p50 ${at(ms, 0.5).toFixed(1).padStart(6)} ms   p95 ${at(ms, 0.95).toFixed(1).padStart(6)} ms`,
    );
  };
  const input = { days: 30, timeZone: "America/New_York", now: new Date() };
  const w = await chartWindow(db, input);
  const [from, to] = [w.from.toISOString(), w.to.toISOString()];
  const countedCalls = () =>
    db.execute<{ day: string; assistant_id: string | null; status: string; n: number }>(sql`
      select to_char((b.bin at time zone ${w.timeZone})::date, 'YYYY-MM-DD') as day,
        b.assistant_id, b.status, sum(b.n)::int as n
      from (
        select date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00') as bin,
          assistant_id, status, count(*) as n
        from call_records
        where organization_id = 'bench' and created_at >= ${from}::timestamptz
          and created_at < ${to}::timestamptz
        group by 1, 2, 3
      ) b
      group by 1, 2, 3`);
  const countedOutcomes = () =>
    db.execute<{ assistant_id: string | null; key: string; yes: number; no: number }>(sql`
      select g.assistant_id, o.key,
        count(*) filter (where o.value = 'true'::jsonb)::int as yes,
        count(*) filter (where o.value = 'false'::jsonb)::int as no
      from call_groups g
      cross join lateral jsonb_each(g.outcomes) o
      where g.organization_id = 'bench'
        and g.latest_call_at >= ${from}::timestamptz and g.latest_call_at < ${to}::timestamptz
        and g.outcomes is not null and jsonb_typeof(o.value) = 'boolean'
      group by 1, 2`);
  console.log(`dashboard: each read alone, ${repeats} times (30 days, America/New_York)`);
  await timeRead("0. the window (the zone's first midnight)", () => chartWindow(db, input));
  await timeRead("1. calls per day, status, assistant", () => readCallCounts(db, "bench", w));
  await timeRead("   the same counted in call_records (before)", countedCalls);
  await timeRead("2. speed to lead (latest 20,000 leads)", () =>
    readSpeedToLead(db, "bench", w, SPEED_TO_LEAD_MAX_LEADS),
  );
  await timeRead("3. yes/no outcomes per lead", () => readOutcomeCounts(db, "bench", w));
  await timeRead("   the same counted in call_groups (before)", countedOutcomes);
  await timeRead("4. assistants", () => readAssistants(db, "bench"));

  // The counters' figures are the rows' own.
  const same = (a: object[], b: object[]) => {
    const canonical = (rows: object[]) =>
      rows
        .map((r) => JSON.stringify(r))
        .sort()
        .join("\n");
    return canonical(a) === canonical(b);
  };
  const callsMatch = same(await readCallCounts(db, "bench", w), (await countedCalls()).rows);
  const outcomesMatch = same(
    await readOutcomeCounts(db, "bench", w),
    (await countedOutcomes()).rows,
  );
  console.log(
    `  counters equal a count of the rows: calls ${callsMatch ? "yes" : "NO"}, outcomes ${outcomesMatch ? "yes" : "NO"}`,
  );
} finally {
  await app.stop();
}
