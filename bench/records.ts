// Call Records at a million rows: seeds one organization with 1,000,000 call records over
// 400,000 submissions (plus 250,000 records of another organization as noise), then times the
// API over HTTP — first page, a deep page, a name-fragment search, each status filter, the
// duration sort — and the CSV export of the whole organization with the server's peak memory.
// Prints p50/p95 per query; no pass/fail.
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

/** A literal text[] of these fixed names (no quotes in them). */
const textArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(", ")}]`);

async function seed(organizationId: string, count: number, tag: string) {
  const started = performance.now();
  await db.transaction(async (tx) => {
    // Bulk load without per-row triggers; the read model is built set-based below, exactly as
    // the triggers would have built it (the integration tests check the triggers).
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      insert into form_submissions (id, organization_id, assistant_id, form_id,
        provider_response_id, respondent_name, respondent_email, respondent_phone_number, status,
        created_at)
      select gen_random_uuid(), ${organizationId}, ${app.assistantId}, 'benchform',
        ${tag} || i, f.name || ' ' || l.name || ' ' || i,
        lower(f.name) || '.' || i || '@example.com', '+1415' || lpad(i::text, 7, '0'),
        'call_scheduled', now() - make_interval(secs => i * 7)
      from generate_series(1, ${count}) i
      cross join lateral (select (${textArray(firstNames)})[1 + i % 20] as name) f
      cross join lateral (select (${textArray(lastNames)})[1 + (i / 20) % 20] as name) l`);
    await tx.execute(sql`
      insert into call_records (organization_id, submission_id, assistant_id, call_attempt, status,
        duration, created_at, call_summary, transcript_json)
      select s.organization_id, s.id, s.assistant_id, a,
        (array['answered','completed','in-progress','failed','busy','no-answer'])[1 + (hashtext(s.id::text || a) & 1023) % 6],
        (hashtext(s.id::text) & 1023) % 600, s.created_at + make_interval(mins => a * 30),
        'The respondent asked about pricing.',
        '[{"speaker":"assistant","text":"Hi!"},{"speaker":"user","text":"Hello."}]'::jsonb
      from form_submissions s
      cross join lateral generate_series(1, 1 + (hashtext(s.provider_response_id) & 1023) % 4) a
      where s.organization_id = ${organizationId}`);
    await tx.execute(sql`
      insert into call_groups (id, organization_id, submission_id, assistant_id, assistant_name,
        form_title, respondent_name, respondent_email, respondent_phone_number, search_text,
        attempt_count, latest_call_id, latest_status, latest_call_at, total_duration)
      select s.id, s.organization_id, s.id, a.id, a.name, a.form_title, s.respondent_name,
        s.respondent_email, s.respondent_phone_number,
        lower(concat_ws(' ', s.respondent_name, s.respondent_email, a.form_title)),
        agg.n, l.id, l.status, date_trunc('milliseconds', l.created_at), agg.total
      from form_submissions s
      join lateral (select count(*)::int n, coalesce(sum(coalesce(duration, 0)), 0)::int total
                    from call_records where submission_id = s.id) agg on agg.n > 0
      join lateral (select * from call_records where submission_id = s.id
                    order by call_attempt desc, created_at desc, id desc limit 1) l on true
      left join form_assistants a on a.id = s.assistant_id
      where s.organization_id = ${organizationId}`);
    await tx.execute(sql`
      insert into call_group_counts (organization_id, latest_status, shard, groups)
      select organization_id, latest_status, hashtext(id::text) & 15, count(*)
      from call_groups where organization_id = ${organizationId} group by 1, 2, 3`);
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
  await db.execute(
    sql`insert into organizations (id, name, slug) values ('noise', 'Noise', 'noise')`,
  );
  await seed("bench", submissions, "b");
  await seed("noise", Math.round(submissions / 4), "n");
  // What autovacuum does to a table after a bulk load: statistics and the visibility map.
  await db.execute(sql`vacuum analyze`);

  // A member of the measured organization, signed in through the API like the browser.
  const { client } = await signIn(app.url, db);
  const session = await client.json<{ user: { id: string } }>("/api/session");
  await db.execute(sql`insert into organization_members (id, organization_id, user_id, role)
    values (gen_random_uuid()::text, 'bench', ${session.user.id}, 'owner')`);
  const base = "/api/organizations/bench/call-records";
  const { total } = await client.json<{ total: number }>(base);
  const lastPage = Math.ceil(total / 10);

  const time = async (label: string, query: string) => {
    const ms: number[] = [];
    let result: { total: number; groups: unknown[] } | null = null;
    for (let i = 0; i < repeats; i++) {
      const began = performance.now();
      result = await client.json(`${base}${query}`);
      ms.push(performance.now() - began);
    }
    ms.sort((a, b) => a - b);
    const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!;
    console.log(
      `  ${label.padEnd(34)} p50 ${at(0.5).toFixed(1).padStart(6)} ms   p95 ${at(0.95).toFixed(1).padStart(6)} ms   (${result!.total.toLocaleString()} groups, ${result!.groups.length} on the page)`,
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
  for (const status of ["answered", "completed", "in-progress", "failed", "busy", "no-answer"]) {
    await time(`status ${status}`, `?status=${status}`);
  }
  await time("sort by duration", "?sort=duration");
  await time("sort by duration, status busy", "?sort=duration&status=busy");

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
