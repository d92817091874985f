import type { ChartStatus, DashboardCharts, Outcomes } from "@ringback/contracts";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import type { Database } from "../src/db/database.ts";
import {
  callRecords,
  formAssistants,
  formSubmissions,
  NO_ASSISTANT_KEY,
  organizations,
} from "../src/db/schema/index.ts";
import { dashboardCharts } from "../src/domain/dashboard/dashboard-charts.ts";
import { foldDashboardCounters } from "../src/domain/dashboard/fold-counters.ts";
import { activeAssistant } from "./call-helpers.ts";
import { createTestDatabase, startTestRingback } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";

/**
 * The dashboard's charts. Known calls (statuses, times, dial times, outcomes)
 * across two organizations and several assistants; the exact aggregates in three time zones
 * (a DST change, a +05:30 zone whose midnight is a half hour), and tenancy.
 */
describe("the dashboard charts: calls per day by status, answer rate, speed to lead, assistants", async () => {
  const app = await startTestRingback({
    env: { CODE_SENDS_PER_IP: "1000", CALL_SIMULATOR_RING_MS: "30", CALL_SIMULATOR_TURN_MS: "10" },
  });
  const db = app.database.db;
  const team = await createTeam(app.url, db, { label: "charts" });
  const other = await createTeam(app.url, db, { label: "other" });
  const org = team.organization.id;
  const otherOrg = other.organization.id;

  const [frontDesk] = await db
    .insert(formAssistants)
    .values({
      organizationId: org,
      name: "Front desk",
      formId: "f1",
      outcomeQuestions: [
        { key: "qualified", label: "Qualified?", type: "boolean" },
        { key: "budget", label: "Budget", type: "number" },
      ],
    })
    .returning();
  const [sales] = await db
    .insert(formAssistants)
    .values({
      organizationId: org,
      name: "Sales",
      formId: "f2",
      outcomeQuestions: [{ key: "wants_demo", label: "Wants a demo?", type: "boolean" }],
    })
    .returning();
  const [unused] = await db
    .insert(formAssistants)
    .values({ organizationId: org, name: "Unused", formId: "f3" })
    .returning();
  const [othersAssistant] = await db
    .insert(formAssistants)
    .values({
      organizationId: otherOrg,
      name: "Front desk",
      formId: "f1",
      outcomeQuestions: [{ key: "qualified", label: "Qualified?", type: "boolean" }],
    })
    .returning();

  let responses = 0;
  type Attempt = { at: string; status: string; dialAfter?: number; outcomes?: Outcomes };
  /** A lead: its submission arrives with attempt 1 (as ingest stores them), then its retries. */
  async function lead(organizationId: string, assistantId: string | null, attempts: Attempt[]) {
    responses += 1;
    const [submission] = await db
      .insert(formSubmissions)
      .values({
        organizationId,
        assistantId,
        formId: "f1",
        providerResponseId: `r${responses}`,
        respondentPhoneNumber: "+14155550100",
        status: "call_scheduled",
        createdAt: new Date(attempts[0]!.at),
      })
      .returning();
    for (const [index, attempt] of attempts.entries()) {
      const at = new Date(attempt.at);
      await db.insert(callRecords).values({
        organizationId,
        submissionId: submission!.id,
        assistantId,
        callAttempt: index + 1,
        status: attempt.status as "answered",
        createdAt: at,
        dialRequestedAt:
          attempt.dialAfter === undefined
            ? null
            : new Date(at.getTime() + attempt.dialAfter * 1000),
        outcomes: attempt.outcomes ?? null,
      });
    }
  }

  // "Now" is 2026-11-10 15:00 UTC; 30 days. New York's DST ends on 2026-11-01 at 06:00 UTC.
  const now = new Date("2026-11-10T15:00:00Z");
  await lead(org, frontDesk!.id, [
    { at: "2026-11-10T02:30:00Z", status: "no-answer", dialAfter: 30 },
    {
      at: "2026-11-10T03:10:00Z",
      status: "answered",
      dialAfter: 5,
      outcomes: { qualified: true, budget: 5000 },
    },
  ]);
  await lead(org, frontDesk!.id, [
    {
      at: "2026-10-12T03:30:00Z",
      status: "voicemail",
      dialAfter: 90,
      outcomes: { qualified: false },
    },
  ]);
  await lead(org, frontDesk!.id, [{ at: "2026-10-12T02:59:00Z", status: "busy", dialAfter: 10 }]);
  await lead(org, frontDesk!.id, [
    {
      at: "2026-11-01T04:30:00Z",
      status: "answered",
      dialAfter: 60,
      outcomes: { qualified: true },
    },
  ]);
  await lead(org, frontDesk!.id, [{ at: "2026-11-05T18:29:59Z", status: "failed", dialAfter: 20 }]);
  await lead(org, frontDesk!.id, [{ at: "2026-11-05T18:30:00Z", status: "not-called" }]);
  await lead(org, frontDesk!.id, [
    { at: "2026-11-10T14:00:00Z", status: "in-progress", dialAfter: 40 },
  ]);
  // After "now", and before the window: never counted.
  await lead(org, frontDesk!.id, [
    { at: "2026-11-10T15:30:00Z", status: "answered", dialAfter: 1 },
  ]);
  await lead(org, frontDesk!.id, [
    { at: "2026-09-01T12:00:00Z", status: "answered", dialAfter: 1, outcomes: { qualified: true } },
  ]);
  await lead(org, sales!.id, [
    {
      at: "2026-11-09T12:00:00Z",
      status: "answered",
      dialAfter: 120,
      outcomes: { wants_demo: true },
    },
  ]);
  await lead(org, sales!.id, [{ at: "2026-11-09T13:00:00Z", status: "no-answer", dialAfter: 15 }]);
  // An assistant deleted since: its calls stay calls.
  await lead(org, null, [{ at: "2026-11-08T12:00:00Z", status: "busy", dialAfter: 50 }]);
  // The other organization, at the same moments: never counted for this one.
  for (const at of ["2026-11-09T12:00:00Z", "2026-11-10T03:10:00Z", "2026-11-01T04:30:00Z"]) {
    await lead(otherOrg, othersAssistant!.id, [
      { at, status: "answered", dialAfter: 3, outcomes: { qualified: false } },
    ]);
  }

  const counts = (partial: Partial<Record<ChartStatus, number>>) => ({
    answered: 0,
    voicemail: 0,
    "no-answer": 0,
    busy: 0,
    failed: 0,
    "not-called": 0,
    ...partial,
  });
  /** The days with calls, as { day: counts }. */
  const nonEmptyDays = (charts: DashboardCharts) =>
    Object.fromEntries(
      charts.perDay
        .filter((d) => Object.values(d.counts).some((n) => n > 0))
        .map((d) => [d.day, d.counts]),
    );

  it("counts the final calls of each day in the zone, the answer rate and speed to lead (São Paulo)", async () => {
    const charts = await dashboardCharts(db, org, { days: 30, timeZone: "America/Sao_Paulo", now });
    expect(charts.days).toBe(30);
    expect(charts.perDay).toHaveLength(30);
    expect(charts.perDay[0]!.day).toBe("2026-10-12");
    expect(charts.perDay[29]!.day).toBe("2026-11-10");
    expect(charts.from).toBe("2026-10-12T03:00:00.000Z");
    expect(charts.to).toBe(now.toISOString());
    expect(nonEmptyDays(charts)).toEqual({
      "2026-10-12": counts({ voicemail: 1 }),
      "2026-11-01": counts({ answered: 1 }),
      "2026-11-05": counts({ failed: 1, "not-called": 1 }),
      "2026-11-08": counts({ busy: 1 }),
      // 02:30 UTC on the 10th is 23:30 on the 9th in São Paulo.
      "2026-11-09": counts({ "no-answer": 2, answered: 1 }),
      "2026-11-10": counts({ answered: 1 }),
    });
    expect(charts.totals).toEqual({
      attempts: 10,
      finalCalls: 8,
      // The voicemail of 12 October is a final call, never an answered one.
      answered: 3,
      inProgress: 1,
      scheduled: 0,
      blocked: 1,
      answerRate: 0.375,
    });
    // First dials 15, 20, 30, 40, 50, 60, 90, 120 s after the submission (in progress counts:
    // it was dialled; the blocked one never was): percentile_cont → 45 and 99.
    expect(charts.speedToLead).toEqual({
      leads: 8,
      medianSeconds: 45,
      p90Seconds: 99,
      latestOnly: false,
    });
    expect(charts.assistants).toEqual([
      {
        id: frontDesk!.id,
        name: "Front desk",
        calls: 5,
        answered: 2,
        // Per lead, its latest answers; the number question is not a yes/no one.
        outcomes: [{ key: "qualified", label: "Qualified?", yes: 2, no: 1 }],
      },
      {
        id: sales!.id,
        name: "Sales",
        calls: 2,
        answered: 1,
        outcomes: [{ key: "wants_demo", label: "Wants a demo?", yes: 1, no: 0 }],
      },
      { id: unused!.id, name: "Unused", calls: 0, answered: 0, outcomes: [] },
      { id: null, name: null, calls: 1, answered: 0, outcomes: [] },
    ]);
  });

  it("follows the zone's daylight-saving change (New York)", async () => {
    const charts = await dashboardCharts(db, org, { days: 30, timeZone: "America/New_York", now });
    // Midnight of 12 October is 04:00 UTC (EDT): the voicemail at 03:30 UTC is the 11th's.
    expect(charts.from).toBe("2026-10-12T04:00:00.000Z");
    expect(nonEmptyDays(charts)).toEqual({
      // 04:30 UTC on 1 November is 00:30 EDT (an hour before the change): the 1st.
      "2026-11-01": counts({ answered: 1 }),
      "2026-11-05": counts({ failed: 1, "not-called": 1 }),
      "2026-11-08": counts({ busy: 1 }),
      "2026-11-09": counts({ "no-answer": 2, answered: 2 }),
    });
    expect(charts.totals).toMatchObject({ attempts: 9, finalCalls: 7, answered: 3 });
  });

  it("puts midnight on the half hour in a +05:30 zone (Kolkata)", async () => {
    const charts = await dashboardCharts(db, org, { days: 30, timeZone: "Asia/Kolkata", now });
    expect(charts.from).toBe("2026-10-11T18:30:00.000Z");
    expect(nonEmptyDays(charts)).toEqual({
      "2026-10-12": counts({ voicemail: 1, busy: 1 }),
      "2026-11-01": counts({ answered: 1 }),
      // 18:29:59 UTC is 23:59:59 on the 5th; 18:30:00 is midnight of the 6th.
      "2026-11-05": counts({ failed: 1 }),
      "2026-11-06": counts({ "not-called": 1 }),
      "2026-11-08": counts({ busy: 1 }),
      "2026-11-09": counts({ answered: 1, "no-answer": 1 }),
      "2026-11-10": counts({ "no-answer": 1, answered: 1 }),
    });
  });

  it("measures speed to lead over the latest leads only, past its bound", async () => {
    const charts = await dashboardCharts(db, org, {
      days: 30,
      timeZone: "America/Sao_Paulo",
      now,
      speedToLeadMaxLeads: 3,
    });
    // The latest three first dials: 14:00 on the 10th (40 s), 02:30 (30 s), 13:00 on the 9th (15 s).
    expect(charts.speedToLead).toEqual({
      leads: 3,
      medianSeconds: 30,
      p90Seconds: 38,
      latestOnly: true,
    });
  });

  it("takes a shorter window: today and the 6 days before", async () => {
    const charts = await dashboardCharts(db, org, { days: 7, timeZone: "UTC", now });
    expect(charts.perDay.map((d) => d.day)).toEqual([
      "2026-11-04",
      "2026-11-05",
      "2026-11-06",
      "2026-11-07",
      "2026-11-08",
      "2026-11-09",
      "2026-11-10",
    ]);
    expect(charts.totals).toMatchObject({ attempts: 8, finalCalls: 6, answered: 2 });
  });

  it("counts only the organization's own calls: the other one sees its three", async () => {
    const charts = await dashboardCharts(db, otherOrg, { days: 30, timeZone: "UTC", now });
    expect(charts.totals).toMatchObject({ attempts: 3, finalCalls: 3, answered: 3 });
    expect(charts.assistants).toEqual([
      {
        id: othersAssistant!.id,
        name: "Front desk",
        calls: 3,
        answered: 3,
        outcomes: [{ key: "qualified", label: "Qualified?", yes: 0, no: 3 }],
      },
    ]);
  });

  it("answers a member over HTTP, refuses a bad zone or window, and is 404 to a non-member", async () => {
    const base = `/api/organizations/${org}/dashboard/charts`;
    const charts = await team.member.client.json<DashboardCharts>(
      `${base}?days=30&tz=${encodeURIComponent("America/Sao_Paulo")}`,
    );
    expect(charts.timeZone).toBe("America/Sao_Paulo");
    expect(charts.perDay).toHaveLength(30);
    expect(charts.assistants.map((a) => a.name)).toEqual(["Front desk", "Sales", "Unused", null]);
    // Without parameters: 30 days in UTC.
    const plain = await team.owner.client.json<DashboardCharts>(base);
    expect(plain).toMatchObject({ days: 30, timeZone: "UTC" });

    for (const query of ["?tz=Mars/Olympus", "?tz=%2B05:00", "?days=0", "?days=91", "?days=x"]) {
      const response = await team.member.client.request(`${base}${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        "validation_failed",
      );
    }
    const outsider = await other.owner.client.request(base);
    expect(outsider.status).toBe(404);
    const unknown = await team.member.client.request(
      "/api/organizations/no-such-org/dashboard/charts",
    );
    expect(unknown.status).toBe(404);
    const signedOut = await fetch(`${app.url}${base}`);
    expect(signedOut.status).toBe(401);
  });

  it("draws the same charts once the counters' shards are folded, from one row per key", async () => {
    const before = await Promise.all(
      ["America/Sao_Paulo", "America/New_York", "Asia/Kolkata"].map((timeZone) =>
        dashboardCharts(db, org, { days: 30, timeZone, now }),
      ),
    );
    // A year later every bin of these calls is more than a day old. (This app's worker may have
    // folded them already, at its hourly run; the counters' own tests below fold by hand.)
    await foldDashboardCounters(db, new Date("2027-11-10T15:00:00Z"));
    for (const table of ["call_record_bin_counts", "call_group_outcome_counts"]) {
      const { rows } = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} where shard <> 0`,
      );
      expect(rows[0]!.n, table).toBe(0);
    }
    const after = await Promise.all(
      ["America/Sao_Paulo", "America/New_York", "Asia/Kolkata"].map((timeZone) =>
        dashboardCharts(db, org, { days: 30, timeZone, now }),
      ),
    );
    expect(after).toEqual(before);
    expect(await drift(db, org)).toEqual({ calls: 0, answers: 0 });
  });
});

describe("the dashboard charts after a real (simulated) call", async () => {
  const app = await startTestRingback({
    env: { CODE_SENDS_PER_IP: "1000", CALL_SIMULATOR_RING_MS: "30", CALL_SIMULATOR_TURN_MS: "10" },
  });
  const db = app.database.db;
  const team = await createTeam(app.url, db, { label: "live" });
  const org = team.organization.id;
  const { deliver, delivery, settled } = await activeAssistant({
    url: app.url,
    db,
    secretKey: app.config.secretKey,
    owner: team.owner.client,
    organizationId: org,
  });

  it("measures speed to lead from the submission's arrival, which attempt 1 shares", async () => {
    const token = "charts-live-1";
    expect((await deliver(delivery({ phone: "+1 415 555 0142", token }))).status).toBe(200);
    const [first] = await settled(token, 1);
    const [submission] = await db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.providerResponseId, token));
    // The submission and its first attempt are stored in one statement: one created_at.
    expect(first!.createdAt.getTime()).toBe(submission!.createdAt.getTime());
    const charts = await team.member.client.json<DashboardCharts>(
      `/api/organizations/${org}/dashboard/charts?days=30&tz=UTC`,
    );
    const waited = (first!.dialRequestedAt!.getTime() - submission!.createdAt.getTime()) / 1000;
    expect(charts.speedToLead.leads).toBe(1);
    expect(charts.speedToLead.medianSeconds).toBeCloseTo(waited, 2);
    expect(charts.totals.attempts).toBe(1);
    expect(charts.totals.finalCalls + charts.totals.blocked).toBe(1);
    expect(charts.assistants).toHaveLength(1);
  });
});

/**
 * The counters' rows whose totals differ from a count of what they count — call records per
 * bin, assistant and status, and the groups' latest yes/no answers per bin, assistant and
 * question — for one organization: { calls: 0, answers: 0 } when they are exact.
 */
async function drift(db: Database, organizationId: string) {
  const bin = (column: string) =>
    sql`date_bin('15 minutes', ${sql.identifier(column)}, timestamptz '2000-01-01 00:00:00+00')`;
  const calls = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select bin, assistant_key, status, sum(calls) as n from call_record_bin_counts
      where organization_id = ${organizationId} group by 1, 2, 3
    ) c full join (
      select ${bin("created_at")} as bin,
        coalesce(assistant_id, ${NO_ASSISTANT_KEY}::uuid) as assistant_key, status, count(*) as n
      from call_records where organization_id = ${organizationId} group by 1, 2, 3
    ) r using (bin, assistant_key, status)
    where coalesce(c.n, 0) <> coalesce(r.n, 0)`);
  const answers = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select bin, assistant_key, outcome_key, sum(yes) as yes, sum(no) as no
      from call_group_outcome_counts where organization_id = ${organizationId} group by 1, 2, 3
    ) c full join (
      select ${bin("latest_call_at")} as bin,
        coalesce(assistant_id, ${NO_ASSISTANT_KEY}::uuid) as assistant_key, o.key as outcome_key,
        count(*) filter (where o.value = 'true'::jsonb) as yes,
        count(*) filter (where o.value = 'false'::jsonb) as no
      from call_groups cross join lateral jsonb_each(outcomes) o
      where organization_id = ${organizationId} and jsonb_typeof(o.value) = 'boolean'
      group by 1, 2, 3
    ) g using (bin, assistant_key, outcome_key)
    where coalesce(c.yes, 0) <> coalesce(g.yes, 0) or coalesce(c.no, 0) <> coalesce(g.no, 0)`);
  return { calls: calls.rows[0]!.n, answers: answers.rows[0]!.n };
}

/**
 * The dashboard's counters (migration 0023): call_record_bin_counts and
 * call_group_outcome_counts stay equal to a count of call_records and call_groups through every
 * kind of change, concurrent ones and the fold included, and the reads count the partial bin
 * before now from the rows themselves.
 */
describe("the dashboard counters: exact through every change, at once, and folded", async () => {
  const { db, url } = await createTestDatabase();
  await db.insert(organizations).values([
    { id: "counted", name: "Counted", slug: "counted" },
    { id: "edges", name: "Edges", slug: "edges" },
  ]);
  const questions = [
    { key: "qualified", label: "Qualified?", type: "boolean" as const },
    { key: "budget", label: "Budget", type: "number" as const },
  ];
  const [first, second] = await db
    .insert(formAssistants)
    .values([
      { organizationId: "counted", name: "First", formId: "c1", outcomeQuestions: questions },
      { organizationId: "counted", name: "Second", formId: "c2", outcomeQuestions: questions },
    ])
    .returning();

  let responses = 0;
  /** `count` leads of one assistant with attempt 1 created at `at`, in one statement. */
  async function leads(organizationId: string, assistantId: string | null, at: Date, count = 1) {
    const taken = responses;
    responses += count;
    const { rows } = await db.execute<{ id: string; submission_id: string }>(sql`
      with s as (
        insert into form_submissions (organization_id, assistant_id, form_id,
          provider_response_id, status, created_at)
        select ${organizationId}, ${assistantId}::uuid, 'c', 'lead-' || (${taken} + i),
          'call_scheduled', ${at.toISOString()}::timestamptz
        from generate_series(1, ${count}) i
        returning id, created_at
      )
      insert into call_records (organization_id, submission_id, assistant_id, status, created_at)
      select ${organizationId}, s.id, ${assistantId}::uuid, 'scheduled', s.created_at from s
      returning id, submission_id`);
    return rows;
  }

  it("stay exact through inserts, status and outcome changes, moves, an assistant's deletion and deletes", async () => {
    const bins = ["2026-11-10T10:00:00Z", "2026-11-10T10:14:59.999Z", "2026-11-10T10:15:00Z"];
    const made = [];
    for (const [i, at] of bins.entries()) {
      made.push(...(await leads("counted", first!.id, new Date(at), 6 + i)));
      made.push(...(await leads("counted", second!.id, new Date(at), 3)));
    }
    // A retry of some leads, 30 minutes later (a new latest call for their groups).
    for (const lead of made.slice(0, 5)) {
      await db.insert(callRecords).values({
        organizationId: "counted",
        submissionId: lead.submission_id,
        assistantId: first!.id,
        callAttempt: 2,
        status: "scheduled",
        createdAt: new Date("2026-11-10T10:45:00Z"),
      });
    }
    expect(await drift(db, "counted")).toEqual({ calls: 0, answers: 0 });

    // Calls end, one statement for many rows and one row at a time; answers arrive and change.
    await db.execute(sql`update call_records set status = 'answered',
        outcomes = '{"qualified": true, "budget": 5000}'::jsonb
      where organization_id = 'counted' and call_attempt = 2`);
    for (const [i, lead] of made.entries()) {
      const status = (["no-answer", "busy", "voicemail", "failed", "not-called"] as const)[i % 5]!;
      await db
        .update(callRecords)
        .set({ status, outcomes: status === "voicemail" ? { qualified: i % 2 === 0 } : null })
        .where(eq(callRecords.id, lead.id));
    }
    await db.execute(sql`update call_records set outcomes = '{"qualified": false}'::jsonb
      where organization_id = 'counted' and call_attempt = 2 and status = 'answered'
        and submission_id = ${made[0]!.submission_id}`);
    expect(await drift(db, "counted")).toEqual({ calls: 0, answers: 0 });
    const answered = await db.execute<{ yes: number; no: number }>(sql`
      select sum(yes)::int as yes, sum(no)::int as no from call_group_outcome_counts
      where organization_id = 'counted' and outcome_key = 'qualified'`);
    expect(answered.rows[0]!.yes + answered.rows[0]!.no).toBeGreaterThan(0);

    // A call moved to another bin and assistant; another's status set back (a correction).
    await db.execute(sql`update call_records set created_at = '2026-11-10T11:02:00Z',
        assistant_id = ${second!.id}::uuid where id = ${made[1]!.id}`);
    await db.execute(sql`update call_records set status = 'scheduled' where id = ${made[2]!.id}`);
    expect(await drift(db, "counted")).toEqual({ calls: 0, answers: 0 });

    // Deletes: a call record, a submission (its calls become groups of their own), an assistant
    // (its calls and groups keep counting, without an assistant).
    await db.delete(callRecords).where(eq(callRecords.id, made[3]!.id));
    await db.delete(formSubmissions).where(eq(formSubmissions.id, made[0]!.submission_id));
    await db.delete(formAssistants).where(eq(formAssistants.id, second!.id));
    expect(await drift(db, "counted")).toEqual({ calls: 0, answers: 0 });
    const orphaned = await db.execute<{ n: number }>(sql`
      select coalesce(sum(calls), 0)::int as n from call_record_bin_counts
      where organization_id = 'counted' and assistant_key = ${NO_ASSISTANT_KEY}::uuid`);
    expect(orphaned.rows[0]!.n).toBe(10);

    // Folded, then changed again: a late change finds its folded row; totals stay exact.
    await foldDashboardCounters(db, new Date("2026-11-12T00:00:00Z"));
    await db.execute(sql`update call_records set status = 'voicemail',
        outcomes = '{"qualified": true}'::jsonb where id = ${made[2]!.id}`);
    await db.delete(callRecords).where(eq(callRecords.id, made[4]!.id));
    expect(await drift(db, "counted")).toEqual({ calls: 0, answers: 0 });
    const negative = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from (
        select sum(calls) as n from call_record_bin_counts group by organization_id, bin,
          assistant_key, status) t where n < 0`);
    expect(negative.rows[0]!.n).toBe(0);
  });

  it("stay exact when one organization's calls arrive, end and go all at once, with the fold running", async () => {
    const pool = new pg.Pool({ connectionString: url, max: 12 });
    /** One change in its own transaction, holding its locks a moment before it commits. */
    const change = async (text: string, values: unknown[]) => {
      const client = await pool.connect();
      try {
        await client.query("begin");
        await client.query(text, values);
        await client.query("select pg_sleep(0.002)");
        await client.query("commit");
      } catch (error) {
        await client.query("rollback");
        throw error;
      } finally {
        client.release();
      }
    };
    const at = new Date("2026-11-11T09:00:00Z");
    /** Folds again and again until `work` is done, then once more. */
    const foldDuring = async (work: Promise<unknown>) => {
      let done = false;
      void work.finally(() => {
        done = true;
      });
      let folds = 0;
      let moved = 0;
      while (!done || folds === 0) {
        // A fold that waited too long for a row gives way (and returns) rather than fail.
        moved += await foldDashboardCounters(db, new Date("2026-11-20T00:00:00Z"));
        folds += 1;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      return moved;
    };
    try {
      // 120 leads of one assistant in one bin, each stored in its own transaction.
      const arriving = Promise.all(
        Array.from({ length: 120 }, () => leads("counted", first!.id, at).then((r) => r[0]!)),
      );
      const [calls] = await Promise.all([arriving, foldDuring(arriving)]);
      expect(await drift(db, "counted")).toEqual({ calls: 0, answers: 0 });

      // Every call ends (the same few counter keys for all), answered ones complete with answers
      // and every seventh is deleted, while the fold runs.
      const ends = ["answered", "no-answer", "busy", "failed", "not-called"];
      const ending = Promise.all(
        calls.map(async (call, i) => {
          const status = ends[i % ends.length]!;
          await change("update call_records set status = $1 where id = $2", [status, call.id]);
          if (status === "answered") {
            await change(
              "update call_records set status = 'voicemail', outcomes = $1::jsonb where id = $2",
              [JSON.stringify({ qualified: i % 3 !== 0 }), call.id],
            );
          }
          if (i % 7 === 0) await change("delete from call_records where id = $1", [call.id]);
        }),
      );
      const [, moved] = await Promise.all([ending, foldDuring(ending)]);
      // The fold did move shards while the calls changed (this is what the test is about).
      expect(moved).toBeGreaterThan(0);
      expect(await drift(db, "counted")).toEqual({ calls: 0, answers: 0 });

      // Nothing left behind in shards once the fold runs alone: one row per key.
      await foldDashboardCounters(db, new Date("2026-11-20T00:00:00Z"));
      const rows = await db.execute<{ shards: number; keys: number }>(sql`
        select count(*)::int as shards,
          count(distinct (bin, assistant_key, status))::int as keys
        from call_record_bin_counts where organization_id = 'counted' and bin = ${at.toISOString()}::timestamptz`);
      expect(rows.rows[0]!.shards).toBe(rows.rows[0]!.keys);
      expect(await drift(db, "counted")).toEqual({ calls: 0, answers: 0 });
    } finally {
      await pool.end();
    }
  });

  it("are folded by a fold that gives way to a transaction holding its rows, and loses nothing", async () => {
    const at = new Date("2026-11-12T08:00:00Z");
    const later = new Date("2026-11-20T00:00:00Z");
    await leads("counted", first!.id, at, 30);
    await foldDashboardCounters(db, later);
    await leads("counted", first!.id, at, 30);
    const shards = async () =>
      (
        await db.execute<{ n: number }>(sql`select count(*)::int as n from call_record_bin_counts
          where organization_id = 'counted' and bin = ${at.toISOString()}::timestamptz
            and shard <> 0`)
      ).rows[0]!.n;
    expect(await shards()).toBeGreaterThan(0);
    // A long transaction holds the bin's folded row (as a large change to its calls would).
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query(
        `update call_record_bin_counts set calls = calls where organization_id = 'counted'
           and bin = $1 and shard = 0`,
        [at.toISOString()],
      );
      const began = Date.now();
      expect(await foldDashboardCounters(db, later)).toBe(0);
      expect(Date.now() - began).toBeLessThan(5_000);
      expect(await shards()).toBeGreaterThan(0);
      await holder.query("commit");
    } finally {
      await holder.end();
    }
    expect(await foldDashboardCounters(db, later)).toBeGreaterThan(0);
    expect(await shards()).toBe(0);
    expect(await drift(db, "counted")).toEqual({ calls: 0, answers: 0 });
  });

  it("go with their organization, folded or not (a removal never inserts a counter row)", async () => {
    await db.insert(organizations).values({ id: "leaving", name: "Leaving", slug: "leaving" });
    const [gone] = await db
      .insert(formAssistants)
      .values({ organizationId: "leaving", name: "Gone", formId: "g1" })
      .returning();
    for (const at of ["2026-11-01T10:00:00Z", "2026-11-10T10:00:00Z"]) {
      for (const lead of await leads("leaving", gone!.id, new Date(at), 20)) {
        await db
          .update(callRecords)
          .set({ status: "voicemail", outcomes: { qualified: true } })
          .where(eq(callRecords.id, lead.id));
      }
    }
    // The first day's bins folded, the other's still in shards.
    await foldDashboardCounters(db, new Date("2026-11-05T00:00:00Z"));
    await db.delete(organizations).where(eq(organizations.id, "leaving"));
    for (const table of ["call_record_bin_counts", "call_group_outcome_counts"]) {
      const { rows } = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} where organization_id = 'leaving'`,
      );
      expect(rows[0]!.n, table).toBe(0);
    }
  });

  it("counts the partial bin before now from the calls themselves, and not what came after now", async () => {
    const [edge] = await db
      .insert(formAssistants)
      .values({ organizationId: "edges", name: "Edge", formId: "e1", outcomeQuestions: questions })
      .returning();
    const answer = async (at: string, status: "answered" | "busy", qualified: boolean) => {
      const [lead] = await leads("edges", edge!.id, new Date(at));
      await db
        .update(callRecords)
        .set({ status, outcomes: { qualified } })
        .where(eq(callRecords.id, lead!.id));
    };
    await answer("2026-11-10T14:50:00Z", "answered", true); // a whole bin
    await answer("2026-11-10T15:03:00Z", "busy", true); // the bin of now, before now
    await answer("2026-11-10T15:10:00Z", "answered", false); // the same bin, after now
    const now = new Date("2026-11-10T15:07:30Z");
    const charts = await dashboardCharts(db, "edges", { days: 1, timeZone: "UTC", now });
    expect(charts.perDay).toEqual([
      { day: "2026-11-10", counts: expect.objectContaining({ answered: 1, busy: 1 }) },
    ]);
    expect(charts.totals).toMatchObject({ attempts: 2, finalCalls: 2, answered: 1 });
    expect(charts.assistants).toEqual([
      {
        id: edge!.id,
        name: "Edge",
        calls: 2,
        answered: 1,
        outcomes: [{ key: "qualified", label: "Qualified?", yes: 2, no: 0 }],
      },
    ]);
    // The counters hold all three (the call after now is left out by the read, not missing).
    expect(await drift(db, "edges")).toEqual({ calls: 0, answers: 0 });
    const later = await dashboardCharts(db, "edges", {
      days: 1,
      timeZone: "UTC",
      now: new Date("2026-11-10T15:30:00Z"),
    });
    expect(later.totals).toMatchObject({ attempts: 3, answered: 2 });
    expect(later.assistants[0]!.outcomes).toEqual([
      { key: "qualified", label: "Qualified?", yes: 2, no: 1 },
    ]);
  });
});
