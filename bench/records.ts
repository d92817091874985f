// Call Records at a million rows: seeds one organization with 1,000,000 call records over
// 400,000 submissions (plus 250,000 records of another organization as noise), each with a
// phone number, answers and one of two assistants, then times the API over HTTP — first page,
// deep pages, searches (name, email, phone digits in several formats, answer text), each status
// filter, the duration sort, the assistant and date-range filters and their combinations — and
// the CSV export of the whole organization with the server's peak memory.
// Prints p50/p95 per query — for a search, when its rows arrive and when its total does (the
// browser asks for both at once) — no pass/fail.
//
//   npm run bench:records                 (1,000,000 records, 30 requests per query)
//   npm run bench:records -- 200000 10
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { signIn } from "../apps/server/test/auth-client.ts";
import { startBenchApp } from "./lib/bench-app.ts";

const records = Number(process.argv[2] ?? 1_000_000);
const repeats = Number(process.argv[3] ?? 30);
const submissions = Math.round(records / 2.5); // 1 to 4 attempts each, 2.5 on average

const app = await startBenchApp({ development: true });
const { db } = app;

const firstNames = [
  "Ana",
  "Bruno",
  "Carla",
  "Davi",
  "Eva",
  "Fábio",
  "Gabriela",
  "Heitor",
  "Isabel",
  "João",
  "Karen",
  "Lucas",
  "Mariana",
  "Nuno",
  "Olga",
  "Pedro",
  "Quitéria",
  "Rafael",
  "Sofia",
  "Tiago",
];
const lastNames = [
  "Silva",
  "Santos",
  "Oliveira",
  "Souza",
  "Lima",
  "Pereira",
  "Ferreira",
  "Costa",
  "Rodrigues",
  "Almeida",
  "Nascimento",
  "Alves",
  "Carvalho",
  "Araújo",
  "Ribeiro",
  "Gomes",
  "Martins",
  "Rocha",
  "Barbosa",
  "Moreira",
];

/** What leads write in "What can we help with?": a dozen requests, one in twelve each. */
const requests = [
  "Kitchen renovation, about 20 square metres, we would like new cabinets",
  "We need a quote for a new roof before winter",
  "Bathroom remodel with a walk-in shower",
  "Looking to install solar panels on a detached house",
  "Garden landscaping and a new deck at the back",
  "Replace all windows with double glazing",
  "Loft conversion into a home office",
  "Basement waterproofing, it floods every spring",
  "Paint the outside of a two-storey house",
  "New heat pump to replace an old gas boiler",
  "Extension for a bigger living room",
  "Fix cracks in the driveway and the front steps",
];
const budgets = ["Under $5k", "$5k to $15k", "$15k to $50k", "Over $50k"];
const starts = ["As soon as possible", "Within a month", "In three months", "Just researching"];
const areaCodes = ["415", "212", "312", "617", "303", "206", "512", "305", "404", "702"];

/** A literal text[] of these fixed names (no quotes in them). */
const textArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(", ")}]`);
const SECOND_ASSISTANT = "00000000-0000-4000-8000-00000000be0d";

async function seed(organizationId: string, count: number, tag: string) {
  const started = performance.now();
  await db.transaction(async (tx) => {
    // Bulk load without per-row triggers; the read model is built set-based below, exactly as
    // the triggers would have built it (the integration tests check the triggers).
    await tx.execute(sql`set local session_replication_role = replica`);
    // One in three submissions is the second assistant's. Phones: ten area codes, random
    // exchanges and lines. Answers as the ingest stores them (questions in form order).
    await tx.execute(sql`
      insert into form_submissions (id, organization_id, assistant_id, form_id,
        provider_response_id, respondent_name, respondent_email, respondent_phone_number, status,
        answers, created_at)
      select gen_random_uuid(), ${organizationId},
        case when i % 3 = 0 then ${SECOND_ASSISTANT}::uuid else ${app.assistantId}::uuid end,
        'benchform', ${tag} || i, f.name || ' ' || l.name || ' ' || i,
        lower(f.name) || '.' || i || '@example.com', p.phone, 'call_scheduled',
        jsonb_build_object('questions', jsonb_build_array(
          jsonb_build_object('id', 'n', 'title', 'What''s your name?', 'type', 'short_text',
            'value', f.name || ' ' || l.name || ' ' || i),
          jsonb_build_object('id', 'e', 'title', 'What''s your email?', 'type', 'email',
            'value', lower(f.name) || '.' || i || '@example.com'),
          jsonb_build_object('id', 'p', 'title', 'Phone number', 'type', 'phone_number',
            'value', p.phone),
          jsonb_build_object('id', 'h', 'title', 'What can we help with?', 'type', 'long_text',
            'value', (${textArray(requests)})[1 + (hashtext('h' || i) & 1023) % 12]),
          jsonb_build_object('id', 'b', 'title', 'Budget', 'type', 'multiple_choice',
            'value', (${textArray(budgets)})[1 + (hashtext('b' || i) & 1023) % 4]),
          jsonb_build_object('id', 's', 'title', 'When would you like to start?',
            'type', 'dropdown',
            'value', (${textArray(starts)})[1 + (hashtext('s' || i) & 1023) % 4]),
          jsonb_build_object('id', 'c', 'title', 'May we call you?', 'type', 'yes_no',
            'value', true))),
        now() - make_interval(secs => i * 7)
      from generate_series(1, ${count}) i
      cross join lateral (select (${textArray(firstNames)})[1 + i % 20] as name) f
      cross join lateral (select (${textArray(lastNames)})[1 + (i / 20) % 20] as name) l
      cross join lateral (select '+1' || (${textArray(areaCodes)})[1 + (hashtext('a' || i) & 1023) % 10]
        || (200 + (hashtext('x' || i) & 1023) % 800)::text
        || lpad(((hashtext('l' || i) & 65535) % 10000)::text, 4, '0') as phone) p`);
    await tx.execute(sql`
      insert into call_records (organization_id, submission_id, assistant_id, call_attempt, status,
        duration, created_at, call_summary, transcript_json, dial_state, final_at)
      select s.organization_id, s.id, s.assistant_id, a, c.status,
        (hashtext(s.id::text) & 1023) % 600, s.created_at + make_interval(mins => a * 30),
        'The respondent asked about pricing.',
        '[{"speaker":"assistant","text":"Hi!"},{"speaker":"user","text":"Hello."}]'::jsonb,
        -- Dialled (and but for those in progress, finished): the app's call engine, running
        -- beside the benchmark, has nothing to dial or poll.
        'dialed', case when c.status <> 'ringing' then s.created_at end
      from form_submissions s
      cross join lateral generate_series(1, 1 + (hashtext(s.provider_response_id) & 1023) % 4) a
      cross join lateral (select (array['answered','voicemail','ringing','failed','busy','no-answer'])[1 + (hashtext(s.id::text || a) & 1023) % 6] as status) c
      where s.organization_id = ${organizationId}`);
    // call_groups, call_group_counts and call_group_day_counts as the triggers build them (the
    // search text through the same SQL function).
    await tx.execute(sql`
      insert into call_groups (id, organization_id, submission_id, assistant_id, assistant_name,
        form_title, respondent_name, respondent_email, respondent_phone_number, search_text,
        attempt_count, latest_call_id, latest_status, latest_call_at, total_duration)
      select s.id, s.organization_id, s.id, a.id, a.name, a.form_title, s.respondent_name,
        s.respondent_email, s.respondent_phone_number,
        ringback_call_group_search_text(s.respondent_name, s.respondent_email,
          s.respondent_phone_number, a.form_title, s.answers),
        agg.n, l.id, l.status, date_trunc('milliseconds', l.created_at), agg.total
      from form_submissions s
      join lateral (select count(*)::int n, coalesce(sum(coalesce(duration, 0)), 0)::int total
                    from call_records where submission_id = s.id) agg on agg.n > 0
      join lateral (select * from call_records where submission_id = s.id
                    order by call_attempt desc, created_at desc, id desc limit 1) l on true
      left join form_assistants a on a.id = s.assistant_id
      where s.organization_id = ${organizationId}`);
    await tx.execute(sql`
      insert into call_group_counts (organization_id, assistant_key, latest_status, shard, groups)
      select organization_id, assistant_id, latest_status, hashtext(id::text) & 15, count(*)
      from call_groups where organization_id = ${organizationId} group by 1, 2, 3, 4`);
    await tx.execute(sql`
      insert into call_group_day_counts (organization_id, assistant_key, day, latest_status,
        shard, groups)
      select organization_id, assistant_id, (latest_call_at at time zone 'UTC')::date,
        latest_status, hashtext(id::text) & 15, count(*)
      from call_groups where organization_id = ${organizationId} group by 1, 2, 3, 4, 5`);
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
    `records: seeding (${records.toLocaleString()} call records in the measured organization)`,
  );
  await db.execute(
    sql`update form_assistants set form_title = 'Website Enquiry' where id = ${app.assistantId}`,
  );
  await db.execute(sql`insert into form_assistants (id, organization_id, name, form_id, form_title)
    values (${SECOND_ASSISTANT}, 'bench', 'Bench 2', 'benchform2', 'Quote Request')`);
  await db.execute(
    sql`insert into organizations (id, name, slug) values ('noise', 'Noise', 'noise')`,
  );
  await seed("bench", submissions, "b");
  await seed("noise", Math.round(submissions / 4), "n");
  // What autovacuum does to a table after a bulk load: statistics and the visibility map.
  await db.execute(sql`vacuum analyze`);
  if (process.env.BENCH_PAUSE) {
    // For EXPLAIN ANALYZE by hand: BENCH_PAUSE=1 npm run bench:records
    console.log(`records: paused; psql ${app.databaseUrl}   (kill -USR2 ${process.pid} goes on)`);
    await new Promise((resolve) => process.once("SIGUSR2", resolve));
  }

  // A member of the measured organization, signed in through the API like the browser.
  const { client } = await signIn(app.url, db);
  const session = await client.json<{ user: { id: string } }>("/api/session");
  await db.execute(sql`insert into organization_members (id, organization_id, user_id, role)
    values (gen_random_uuid()::text, 'bench', ${session.user.id}, 'owner')`);
  const base = "/api/organizations/bench/call-records";
  const { total } = await client.json<{ total: number }>(base);
  const lastPage = Math.ceil(total / 10);

  // As the browser asks: a searched page and its count at once (a broad search's page comes
  // without its total). "rows" is when the page's rows arrive; "total" when its count does.
  const time = async (label: string, query: string) => {
    const searched = Boolean(new URLSearchParams(query).get("search"));
    const pageMs: number[] = [];
    const countMs: number[] = [];
    let result: { total: number | null; groups: unknown[] } | null = null;
    let total = 0;
    for (let i = 0; i < repeats; i++) {
      const began = performance.now();
      const page = client
        .json<{ total: number | null; groups: unknown[] }>(`${base}${query}`)
        .then((r) => {
          pageMs.push(performance.now() - began);
          return r;
        });
      const count = searched
        ? client.json<{ total: number }>(`${base}/count${query}`).then((r) => {
            countMs.push(performance.now() - began);
            return r;
          })
        : null;
      result = await page;
      const counted = await count;
      if (counted && result.total !== null && counted.total !== result.total) {
        throw new Error(`${label}: page total ${result.total}, count ${counted.total}`);
      }
      total = result.total ?? counted!.total;
    }
    const at = (ms: number[], q: number) => {
      const sorted = [...ms].sort((a, b) => a - b);
      return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    };
    const figures = (ms: number[]) =>
      `p50 ${at(ms, 0.5).toFixed(1).padStart(6)} ms   p95 ${at(ms, 0.95).toFixed(1).padStart(6)} ms`;
    const counting = searched
      ? `   total ${figures(countMs)}${result!.total === null ? " (counted apart)" : ""}`
      : "";
    console.log(
      `  ${label.padEnd(42)} ${searched ? "rows  " : ""}${figures(pageMs)}${counting}   (${total.toLocaleString()} groups, ${result!.groups.length} on the page)`,
    );
  };
  console.log(`records: ${repeats} requests per query over HTTP, ${total.toLocaleString()} groups`);
  await time("first page", "");
  await time(
    `page ${Math.round(lastPage / 2).toLocaleString()} (the middle)`,
    `?page=${Math.round(lastPage / 2)}`,
  );
  await time(`page ${lastPage.toLocaleString()} (the last)`, `?page=${lastPage}`);
  await time('search "mariana"', "?search=mariana");
  await time('search "ana" (broad)', "?search=ana");
  await time('search "ana.1234" (narrow)', "?search=ana.1234");
  // A lead's number as people type it, from the data.
  const [lead] = (
    await db.execute<{ phone: string; email: string }>(sql`select respondent_phone_number phone,
      respondent_email email from call_groups where organization_id = 'bench' limit 1 offset 123456`)
  ).rows;
  const national = lead!.phone.slice(2); // +14155550123 → 4155550123
  const formatted = `+1 (${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
  await time(`search phone "${national}"`, `?search=${national}`);
  await time(`search phone "${formatted}"`, `?search=${encodeURIComponent(formatted)}`);
  const partial = `${national.slice(0, 3)}-${national.slice(3, 6)}`;
  await time(`search phone "${partial}" (partial)`, `?search=${partial}`);
  await time('search "415" (an area code, broad)', "?search=415");
  await time(`search email "${lead!.email}"`, `?search=${encodeURIComponent(lead!.email)}`);
  await time('search answer "walk-in shower"', `?search=${encodeURIComponent("walk-in shower")}`);
  await time('search answer "solar" (1 in 12)', "?search=solar");
  await time('search answer "roof before"', `?search=${encodeURIComponent("roof before")}`);
  for (const status of ["answered", "voicemail", "ringing", "failed", "busy", "no-answer"]) {
    await time(`status ${status}`, `?status=${status}`);
  }
  await time("sort by duration", "?sort=duration");
  await time("sort by duration, status busy", "?sort=duration&status=busy");

  // Dates as the browser sends them: midnight in the user's time zone (India, +05:30, so that
  // no range starts on a UTC day), for Today, Last 7 days, Last 30 days and a custom range.
  const day = (daysAgo: number) => {
    const local = new Date(Date.now() + 5.5 * 3_600_000 - daysAgo * 86_400_000);
    return encodeURIComponent(`${local.toISOString().slice(0, 10)}T00:00:00+05:30`);
  };
  const today = `from=${day(0)}`;
  const week = `from=${day(6)}`;
  const month = `from=${day(29)}`;
  const custom = `from=${day(20)}&to=${day(9)}`;
  await time("today", `?${today}`);
  await time("last 7 days", `?${week}`);
  await time("last 30 days", `?${month}`);
  await time("custom range (11 days)", `?${custom}`);
  const weekTotal = (await client.json<{ total: number }>(`${base}?${week}`)).total;
  await time("last 7 days, the last page", `?${week}&page=${Math.ceil(weekTotal / 10)}`);
  await time("last 7 days, status busy", `?${week}&status=busy`);
  await time("last 7 days, sort by duration", `?${week}&sort=duration`);
  const first = `assistant=${app.assistantId}`;
  const second = `assistant=${SECOND_ASSISTANT}`;
  await time("assistant (2 in 3 groups)", `?${first}`);
  await time("assistant (1 in 3 groups)", `?${second}`);
  const secondTotal = (await client.json<{ total: number }>(`${base}?${second}`)).total;
  await time(
    "assistant (1 in 3), the middle page",
    `?${second}&page=${Math.round(secondTotal / 20)}`,
  );
  await time("assistant, status answered", `?${second}&status=answered`);
  await time("assistant, sort by duration", `?${second}&sort=duration`);
  await time("assistant, last 7 days, status busy", `?${second}&${week}&status=busy`);
  // The totals from the counters are the exact counts.
  for (const query of [today, week, month, custom, `${second}&${week}&status=busy`]) {
    const params = new URLSearchParams(query);
    const from = params.get("from");
    const to = params.get("to");
    const assistant = params.get("assistant");
    const status = params.get("status");
    const [exact] = (
      await db.execute<{ n: number }>(sql`select count(*)::int n from call_groups
        where organization_id = 'bench' and latest_call_at >= ${from}::timestamptz
          and (${to}::timestamptz is null or latest_call_at < ${to}::timestamptz)
          and (${assistant}::uuid is null or assistant_id = ${assistant}::uuid)
          and (${status}::text is null or latest_status = ${status}::text)`)
    ).rows;
    const { total: shown } = await client.json<{ total: number }>(`${base}?${query}`);
    if (shown !== exact!.n) throw new Error(`${query}: total ${shown}, counted ${exact!.n}`);
  }
  console.log("  (the date and assistant totals match exact counts)");
  await time('search "solar", last 30 days', `?search=solar&${month}`);
  await time(`search "${partial}", assistant`, `?search=${partial}&${second}`);

  const memory = () => {
    const status = readFileSync(`/proc/${app.pid}/status`, "utf8");
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
  };
  const before = memory();
  const { url } = await client.json<{ url: string }>(`${base}/export-link`);
  const began = performance.now();
  const response = await fetch(app.url + url);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body!) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  const after = memory();
  console.log(
    `  CSV export of the organization: ${(lines - 1).toLocaleString()} rows, ${(bytes / 1e6).toFixed(0)} MB in ${((performance.now() - began) / 1000).toFixed(1)} s; server memory ${before.rss.toFixed(0)} MB before, peak ${after.peak.toFixed(0)} MB (peak before: ${before.peak.toFixed(0)} MB)`,
  );
} finally {
  await app.stop();
}
