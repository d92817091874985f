// The web app's speed as Lighthouse sees it: builds the web app, starts Ringback in
// production mode on seeded data (one organization, its owner signed in, two assistants and about
// 3,700 call records over the last 30 days) and runs Lighthouse with the system Chromium, mobile
// and desktop, over the landing page, /login, /admin/dashboard and /admin/call-records. Prints
// per page the initial JS and CSS (gzipped), the performance scores with LCP, TBT and CLS, and
// for the public pages accessibility, best practices and SEO, each beside its target and
// marked met or not met. With --runs N each figure is the median of N runs, with the range. No
// pass/fail: the exit code does not depend on the targets.
//
//   npm run bench:web                      (one run per page and form factor: a few minutes)
//   npm run bench:web -- --runs 3          (medians and ranges of three)
//   npm run bench:web -- --no-build        (a copy of the apps/web/dist that is there)
//   npm run bench:web -- --dist DIR        (a copy of the build in DIR)
//   npm run bench:web -- --reports DIR     (each run's Lighthouse report, HTML and JSON, in DIR)
//   npm run bench:web -- --pages /admin/dashboard,/login   (only these pages)
//   npm run bench:web -- --serve           (no Lighthouse: keeps the seeded app running and prints
//                                           its address and the owner's cookie, to profile by hand)
//
// The build is `npm run build`'s, written to a directory of the benchmark's own and served from
// there (bench/lib/ringback-serving.ts): another build or e2e run replacing apps/web/dist during
// the benchmark's minutes cannot change what it measures, nor does it replace theirs.
//
// Initial JS and CSS: what scripts/web-budget.ts counts from the build's manifest (the entry, the
// route's lazily loaded modules and their static imports), and beside it what the page loaded
// from our origin while Lighthouse watched (gzipped from the build's files, and as transferred).
//
// Lighthouse scores with simulated throttling (mobile: a mid-range phone on slow 4G; desktop: a
// fast connection) from the CPU time the page took here, so other work on the machine lowers
// them: say what else was running when you quote figures.
import { spawnSync } from "node:child_process";
import { createHmac, randomUUID } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { launch } from "chrome-launcher";
import { sql } from "drizzle-orm";
import lighthouse, { desktopConfig, type Result } from "lighthouse";
import { createSessionTokens, sessionTokenDigest } from "../apps/server/src/auth/session-tokens.ts";
import { JS_BUDGET_KIB, measureRoutes, WEB_DIST, WEB_ROOT } from "../scripts/web-budget.ts";
import { startBenchApp } from "./lib/bench-app.ts";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "1" },
    "no-build": { type: "boolean", default: false },
    dist: { type: "string" },
    reports: { type: "string" },
    pages: { type: "string" },
    serve: { type: "boolean", default: false },
  },
});
const runs = Math.max(1, Math.floor(Number(args.runs)) || 1);
const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");
/** Other work on the machine shows in the scores: the load is printed with them. */
const loadAtStart = loadAverage();
const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const root = fileURLToPath(new URL("..", import.meta.url));

/** The pages and their targets. */
const allPages = [
  { path: "/", label: "the landing page", signedIn: false, mobileTarget: 95 },
  { path: "/login", label: "sign-in", signedIn: false, mobileTarget: 90 },
  { path: "/admin/dashboard", label: "signed in", signedIn: true, mobileTarget: 90 },
  { path: "/admin/call-records", label: "signed in", signedIn: true, mobileTarget: 90 },
] as const;
const chosen = args.pages?.split(",").map((page) => page.trim());
const pages = allPages.filter((page) => !chosen || chosen.includes(page.path));
if (pages.length === 0) {
  throw new Error(`--pages: none of ${args.pages} (pages: ${allPages.map((p) => p.path)})`);
}
const DESKTOP_TARGET = 95;
/** Scored on the public pages (mobile), each with the target 100. */
const PUBLIC_CATEGORIES = {
  accessibility: "accessibility",
  "best-practices": "best practices",
  seo: "SEO",
} as const;
type PublicCategory = keyof typeof PUBLIC_CATEGORIES;

const webDist = mkdtempSync(path.join(tmpdir(), "ringback-bench-web-"));
process.once("exit", () => rmSync(webDist, { recursive: true, force: true }));
if (args["no-build"] || args.dist) {
  const from = args.dist ? path.resolve(args.dist) : WEB_DIST;
  if (!existsSync(path.join(from, "index.html"))) throw new Error(`No build in ${from}`);
  cpSync(from, webDist, { recursive: true });
} else {
  console.log("web: building the web app");
  const vite = path.join(root, "node_modules/vite/bin/vite.js");
  const build = spawnSync(
    process.execPath,
    [vite, "build", "--outDir", webDist, "--emptyOutDir", "--logLevel", "warn"],
    { cwd: WEB_ROOT, stdio: "inherit" },
  );
  if (build.status !== 0) throw new Error(`The web app build failed (exit ${build.status})`);
}
const weights = new Map(measureRoutes(webDist).map((weight) => [weight.route, weight]));

const app = await startBenchApp({ webDist });
const { db } = app;
const SECOND_ASSISTANT = "00000000-0000-4000-8000-00000000be0d";
const SUBMISSIONS = 1500;
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
];
const lastNames = ["Silva", "Santos", "Oliveira", "Souza", "Lima", "Pereira", "Ferreira", "Costa"];
const textArray = (values: string[]) => sql`array[${sql.join(values, sql`, `)}]::text[]`;

/**
 * The organization's month, as bench:dashboard and bench:records seed it (names, answers, dial
 * times, outcome answers, 1 to 4 attempts per lead), but small enough to insert through the
 * triggers that keep call_groups and the dashboard's counters.
 */
async function seed() {
  const questions = JSON.stringify([
    { key: "qualified", label: "Qualified?", type: "boolean" },
    { key: "wants_demo", label: "Wants a demo?", type: "boolean" },
  ]);
  await db.transaction(async (tx) => {
    await tx.execute(sql`update users set name = 'Bench Owner', phone_number = '+14155550199',
      phone_number_verified = true, email_verified = true where id = 'bench'`);
    await tx.execute(sql`insert into organization_members (id, organization_id, user_id, role)
      values (gen_random_uuid()::text, 'bench', 'bench', 'owner')`);
    await tx.execute(sql`update form_assistants set form_title = 'Website Enquiry',
      outcome_questions = ${questions}::jsonb where id = ${app.assistantId}`);
    await tx.execute(sql`insert into form_assistants (id, organization_id, name, form_id,
        form_title, outcome_questions, is_active)
      values (${SECOND_ASSISTANT}, 'bench', 'Quotes', 'benchform2', 'Quote Request',
        ${questions}::jsonb, true)`);
    await tx.execute(sql`
      insert into form_submissions (id, organization_id, assistant_id, form_id,
        provider_response_id, respondent_name, respondent_email, respondent_phone_number, status,
        answers, created_at)
      select gen_random_uuid(), 'bench',
        case when i % 3 = 0 then ${SECOND_ASSISTANT}::uuid else ${app.assistantId}::uuid end,
        'benchform', 'web' || i, f.name || ' ' || l.name, lower(f.name) || '.' || i || '@example.com',
        '+1415' || (2000000 + i * 37), 'call_scheduled',
        jsonb_build_object('questions', jsonb_build_array(
          jsonb_build_object('id', 'n', 'title', 'What''s your name?', 'type', 'short_text',
            'value', f.name || ' ' || l.name),
          jsonb_build_object('id', 'h', 'title', 'What can we help with?', 'type', 'long_text',
            'value', 'A quote for solar panels on a two-storey house'),
          jsonb_build_object('id', 'c', 'title', 'May we call you?', 'type', 'yes_no',
            'value', true))),
        now() - make_interval(secs => i * ${Math.floor((30 * 86_400) / SUBMISSIONS)})
      from generate_series(1, ${SUBMISSIONS}) i
      cross join lateral (select (${textArray(firstNames)})[1 + i % ${firstNames.length}] as name) f
      cross join lateral (select (${textArray(lastNames)})[1 + (i / 7) % ${lastNames.length}] as name) l`);
    // Every call has finished (the app's call engine, running beside the benchmark, has nothing
    // to dial or poll); earlier attempts did not reach the person.
    await tx.execute(sql`
      insert into call_records (organization_id, submission_id, assistant_id, call_attempt, status,
        duration, created_at, dial_requested_at, call_summary, outcomes, dial_state, final_at)
      select s.organization_id, s.id, s.assistant_id, a.n, st.status,
        case when st.status in ('answered', 'voicemail') then 30 + h % 400 else 0 end, t.at,
        t.at + make_interval(secs => 2 + h % 240),
        case when st.status in ('answered', 'voicemail') then 'The respondent asked about pricing.' end,
        case when st.status in ('answered', 'voicemail') then
          jsonb_build_object('qualified', h % 3 <> 0, 'wants_demo', (h / 7) % 2 = 0)
        end,
        'dialed', t.at + interval '5 minutes'
      from form_submissions s
      cross join lateral (select 1 + (hashtext(s.provider_response_id) & 1023) % 4 as attempts) c
      cross join lateral generate_series(1, c.attempts) a(n)
      cross join lateral (select hashtext(s.id::text || a.n) & 1048575 as h) hh(h)
      cross join lateral (select s.created_at + make_interval(mins => (a.n - 1) * 30) as at) t
      cross join lateral (select case
          when a.n < c.attempts then (array['no-answer','busy','failed'])[1 + h % 3]
          else (array['answered','voicemail','answered','no-answer','busy','failed'])[1 + h % 6]
        end as status) st
      where s.organization_id = 'bench'`);
  });
  const [row] = (await db.execute<{ n: number }>(sql`select count(*)::int n from call_records`))
    .rows;
  return row!.n;
}

/** A session for the owner, stored as the server stores one, and its signed cookie. */
async function ownerSessionCookie() {
  const id = randomUUID();
  const token = createSessionTokens(app.secretKey)(id);
  await db.execute(sql`insert into sessions (id, token, user_id, expires_at)
    values (${id}, ${sessionTokenDigest(token)}, 'bench', now() + interval '1 day')`);
  // better-auth's signed cookie: `<token>.<HMAC-SHA256 of it with the secret, base64>`; in
  // production (secure cookies) its name has the __Secure- prefix.
  const signature = createHmac("sha256", app.secretKey).update(token).digest("base64");
  return {
    name: "__Secure-better-auth.session_token",
    value: encodeURIComponent(`${token}.${signature}`),
  };
}

/** A command to the browser itself over the DevTools protocol (its default profile's cookies). */
async function browserCommand(port: number, method: string, params: Record<string, unknown>) {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = () => reject(new Error("Could not reach Chromium's DevTools socket"));
  });
  try {
    await new Promise((resolve, reject) => {
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as {
          id?: number;
          error?: { message: string };
        };
        if (message.id !== 1) return;
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(undefined);
      };
      socket.send(JSON.stringify({ id: 1, method, params }));
    });
  } finally {
    socket.close();
  }
}

type Figures = {
  performance: number;
  lcp: number;
  tbt: number;
  cls: number;
  categories: Partial<Record<PublicCategory, number>>;
  /** Each category's audits that did not pass. */
  failing: Partial<Record<PublicCategory, string[]>>;
  /** Lighthouse's warnings about the run (e.g. the page never went quiet). */
  warnings: string[];
  /** The JS and CSS the page loaded from our origin while Lighthouse watched. */
  loaded: { js: Loaded; css: Loaded };
  /** Lighthouse's measure of the machine's speed at the time (higher is faster). */
  benchmarkIndex: number;
};
type Loaded = { gzip: number; transfer: number; files: number };

function figures(lhr: Result): Figures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
  const result: Figures = {
    performance: score("performance"),
    lcp: numeric("largest-contentful-paint"),
    tbt: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    categories: {},
    failing: {},
    warnings: lhr.runWarnings.map(String),
    loaded: loadedAssets(lhr),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
  for (const id of Object.keys(PUBLIC_CATEGORIES) as PublicCategory[]) {
    const category = lhr.categories[id];
    if (!category) continue;
    result.categories[id] = score(id);
    result.failing[id] = category.auditRefs
      .filter((ref) => ref.weight > 0)
      .filter((ref) => {
        const audit = lhr.audits[ref.id];
        return audit && audit.score !== null && audit.score < 1;
      })
      .map((ref) => ref.id);
  }
  return result;
}

/**
 * The scripts and stylesheets the page loaded from our origin (prefetches, at Lowest priority,
 * are not counted), gzipped at level 9 from the build's files and as transferred.
 */
function loadedAssets(lhr: Result): { js: Loaded; css: Loaded } {
  const details = lhr.audits["network-requests"]?.details as
    | {
        items: { url: string; resourceType?: string; transferSize?: number; priority?: string }[];
      }
    | undefined;
  const origin = new URL(app.url).origin;
  const js = { gzip: 0, transfer: 0, files: 0 };
  const css = { gzip: 0, transfer: 0, files: 0 };
  for (const item of details?.items ?? []) {
    const sum =
      item.resourceType === "Script" ? js : item.resourceType === "Stylesheet" ? css : null;
    if (!sum || !item.url.startsWith(origin) || item.priority === "Lowest") continue;
    const file = path.join(webDist, new URL(item.url).pathname);
    sum.gzip += existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : Number.NaN;
    sum.transfer += item.transferSize ?? 0;
    sum.files += 1;
  }
  return { js, css };
}

/**
 * One Lighthouse run in a browser of its own (as Lighthouse's command line runs), signed in as the
 * owner or not. A run that failed (now and then NO_NAVSTART, "something went wrong with recording
 * the trace", on a busy machine) is tried again, up to three times.
 */
async function audit(
  url: string,
  formFactor: "mobile" | "desktop",
  categories: string[],
  cookie: { name: string; value: string } | null,
): Promise<{ lhr: Result; html: string; json?: string }> {
  for (let attempt = 1; ; attempt++) {
    const chrome = await launch({
      chromePath: CHROMIUM,
      chromeFlags: [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
      ],
      logLevel: "silent",
    });
    let failure: string;
    try {
      if (cookie) {
        await browserCommand(chrome.port, "Storage.setCookies", {
          cookies: [
            {
              ...cookie,
              domain: new URL(url).hostname,
              path: "/",
              secure: true,
              httpOnly: true,
              sameSite: "Lax",
            },
          ],
        });
      }
      const result = await lighthouse(
        url,
        {
          port: chrome.port,
          logLevel: "error",
          output: args.reports ? ["html", "json"] : "json",
          onlyCategories: categories,
          // The admin pages keep a request open (the live updates, GET …/events), so Lighthouse
          // never sees the network go quiet and waits its longest (45 s by default) with the
          // warning below. 20 s is still well past the pages' loads here (3–6 s) and keeps the
          // benchmark to a few minutes; the metrics come from the load's trace either way.
          maxWaitForLoad: 20_000,
          // Only the report shows it; the scores do not use it.
          disableFullPageScreenshot: true,
        },
        formFactor === "desktop" ? desktopConfig : undefined,
      );
      const lhr = result?.lhr;
      if (lhr && !lhr.runtimeError) {
        const reports = [result.report].flat().map(String);
        return { lhr, html: reports[0]!, json: reports[1] };
      }
      failure = lhr?.runtimeError
        ? `${lhr.runtimeError.code} ${lhr.runtimeError.message}`
        : "no result";
    } finally {
      await chrome.kill();
    }
    if (attempt === 3) throw new Error(`Lighthouse on ${url} (${formFactor}): ${failure}`);
    console.warn(`  Lighthouse on ${url} (${formFactor}): ${failure}; trying again`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

try {
  const records = await seed();
  const cookie = await ownerSessionCookie();
  const session = await fetch(`${app.url}/api/session`, {
    headers: { cookie: `${cookie.name}=${cookie.value}` },
  }).then((r) => r.json() as Promise<{ user?: { id: string } } | null>);
  if (session?.user?.id !== "bench") throw new Error("The seeded session does not sign in");
  if (args.serve) {
    console.log(`web: serving ${app.url} (cookie ${cookie.name}=${cookie.value}); Ctrl-C stops`);
    await new Promise((resolve) => process.once("SIGINT", resolve));
  } else {
    await measure(cookie, records);
  }
} finally {
  await app.stop();
}

/** Lighthouse over the pages, `runs` times, and the table of figures. */
async function measure(cookie: { name: string; value: string }, records: number) {
  console.log(
    `web: Lighthouse ${lighthouseVersion()} with ${chromiumVersion()} (${CHROMIUM}), ${runs} run${runs > 1 ? "s: medians (range)" : ""}; ${records.toLocaleString()} call records of ${SUBMISSIONS.toLocaleString()} leads over 30 days, signed in as the owner`,
  );
  if (args.reports) mkdirSync(args.reports, { recursive: true });

  const results = new Map<string, { mobile: Figures[]; desktop: Figures[] }>(
    pages.map((page) => [page.path, { mobile: [], desktop: [] }]),
  );
  for (let run = 1; run <= runs; run++) {
    for (const page of pages) {
      const url = `${app.url}${page.path}`;
      for (const formFactor of ["mobile", "desktop"] as const) {
        const began = performance.now();
        const categories =
          formFactor === "mobile" && !page.signedIn
            ? ["performance", ...Object.keys(PUBLIC_CATEGORIES)]
            : ["performance"];
        // The public pages without the cookie: /login sends a signed-in user to the dashboard.
        const { lhr, html, json } = await audit(
          url,
          formFactor,
          categories,
          page.signedIn ? cookie : null,
        );
        if (new URL(lhr.finalDisplayedUrl).pathname !== page.path) {
          throw new Error(`${url} ended at ${lhr.finalDisplayedUrl} (not signed in?)`);
        }
        results.get(page.path)![formFactor].push(figures(lhr));
        if (args.reports) {
          const name = `${page.path.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "landing"}-${formFactor}-${run}.html`;
          writeFileSync(path.join(args.reports, name), html);
          if (json) writeFileSync(path.join(args.reports, name.replace(/html$/, "json")), json);
        }
        console.log(
          `  run ${run}: ${page.path} ${formFactor} (${((performance.now() - began) / 1000).toFixed(0)} s)`,
        );
      }
    }
  }
  report(results);
}

/** The table: per page each figure, its median (and range), its target and met or not. */
function report(results: Map<string, { mobile: Figures[]; desktop: Figures[] }>) {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  const shown = (values: number[], format: (v: number) => string) =>
    values.length > 1
      ? `${format(median(values))} (${format(Math.min(...values))}–${format(Math.max(...values))})`
      : format(values[0]!);
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const score = (v: number) => v.toFixed(0);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const milliseconds = (ms: number) => `${ms.toFixed(0)} ms`;
  const shift = (v: number) => v.toFixed(3);
  const files = (n: number) => `${n} file${n === 1 ? "" : "s"}`;
  let met = 0;
  let judged = 0;
  const row = (figure: string, value: string, target?: { text: string; met: boolean }) => {
    if (target) {
      judged += 1;
      if (target.met) met += 1;
    }
    const verdict = target ? `${target.text.padEnd(10)} ${target.met ? "met" : "NOT MET"}` : "";
    console.log(`  ${figure.padEnd(24)} ${value.padEnd(28)} ${verdict}`.trimEnd());
  };

  console.log("");
  for (const page of pages) {
    const { mobile, desktop } = results.get(page.path)!;
    const weight = weights.get(page.path);
    console.log(`${page.path} (${page.label})`);
    console.log(`  ${"figure".padEnd(24)} ${"value".padEnd(28)} target`);
    const budget = JS_BUDGET_KIB[page.path];
    if (weight) {
      const js = `${kib(weight.js.gzip)} in ${files(weight.js.files.length)}`;
      row(
        "initial JS, gzipped",
        js,
        budget === undefined
          ? undefined
          : { text: `≤ ${budget} KiB`, met: weight.js.gzip <= budget * 1024 },
      );
      row("initial CSS, gzipped", `${kib(weight.css.gzip)} in ${files(weight.css.files.length)}`);
    }
    // What the page loaded is the same in every run but for timing: the first mobile run's.
    const { js, css } = mobile[0]!.loaded;
    row(
      "  JS loaded, gzipped",
      `${kib(js.gzip)} in ${files(js.files)} (${kib(js.transfer)} transferred)`,
    );
    row(
      "  CSS loaded, gzipped",
      `${kib(css.gzip)} in ${files(css.files)} (${kib(css.transfer)} transferred)`,
    );
    for (const [formFactor, list, target] of [
      ["mobile", mobile, page.mobileTarget],
      ["desktop", desktop, DESKTOP_TARGET],
    ] as const) {
      const perf = list.map((f) => f.performance);
      row(`${formFactor} performance`, shown(perf, score), {
        text: `≥ ${target}`,
        met: median(perf) >= target,
      });
      row(
        "  LCP",
        shown(
          list.map((f) => f.lcp),
          seconds,
        ),
      );
      row(
        "  TBT",
        shown(
          list.map((f) => f.tbt),
          milliseconds,
        ),
      );
      row(
        "  CLS",
        shown(
          list.map((f) => f.cls),
          shift,
        ),
      );
    }
    if (!page.signedIn) {
      for (const [id, name] of Object.entries(PUBLIC_CATEGORIES) as [PublicCategory, string][]) {
        const values = mobile.map((f) => f.categories[id] ?? Number.NaN);
        row(name, shown(values, score), { text: "100", met: median(values) >= 100 });
        const failing = [...new Set(mobile.flatMap((f) => f.failing[id] ?? []))];
        if (failing.length > 0) console.log(`    not passed: ${failing.join(", ")}`);
      }
    }
    const warnings = [...new Set([...mobile, ...desktop].flatMap((f) => f.warnings))];
    for (const warning of warnings) {
      const why = warning.startsWith("The page loaded too slowly")
        ? " (a request stays open: the live updates, GET …/events; see maxWaitForLoad)"
        : "";
      console.log(`    Lighthouse: ${warning}${why}`);
    }
    console.log("");
  }
  const all = [...results.values()].flatMap((r) => [...r.mobile, ...r.desktop]);
  console.log(`web: ${met} of ${judged} targets met`);
  console.log(
    `web: Lighthouse's CPU benchmark index ${shown(
      all.map((f) => f.benchmarkIndex),
      score,
    )} over the runs; load average ${loadAtStart} at the start, ${loadAverage()} at the end (${cpus().length} cores)`,
  );
}

function chromiumVersion(): string {
  const output = spawnSync(CHROMIUM, ["--version"], { encoding: "utf8" }).stdout ?? "";
  return `Chromium ${/\d+(\.\d+)+/.exec(output)?.[0] ?? "(version unknown)"}`;
}

function lighthouseVersion(): string {
  const file = path.join(root, "node_modules/lighthouse/package.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
}
