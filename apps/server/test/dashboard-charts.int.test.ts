import type { ChartStatus, DashboardCharts, Outcomes } from "@ringback/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callRecords, formAssistants, formSubmissions } from "../src/db/schema/index.ts";
import { dashboardCharts } from "../src/domain/dashboard/dashboard-charts.ts";
import { activeAssistant } from "./call-helpers.ts";
import { startTestRingback } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";

/**
 * Issue 14 §3: the dashboard's charts. Known calls (statuses, times, dial times, outcomes)
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
      status: "completed",
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
  await lead(org, frontDesk!.id, [{ at: "2026-11-05T18:30:00Z", status: "blocked-dnc" }]);
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
    completed: 0,
    "no-answer": 0,
    busy: 0,
    failed: 0,
    blocked: 0,
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
      "2026-10-12": counts({ completed: 1 }),
      "2026-11-01": counts({ answered: 1 }),
      "2026-11-05": counts({ failed: 1, blocked: 1 }),
      "2026-11-08": counts({ busy: 1 }),
      // 02:30 UTC on the 10th is 23:30 on the 9th in São Paulo.
      "2026-11-09": counts({ "no-answer": 2, answered: 1 }),
      "2026-11-10": counts({ answered: 1 }),
    });
    expect(charts.totals).toEqual({
      attempts: 10,
      finalCalls: 8,
      answered: 4,
      inProgress: 1,
      blocked: 1,
      answerRate: 0.5,
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
        answered: 3,
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
    // Midnight of 12 October is 04:00 UTC (EDT): the completed call at 03:30 UTC is the 11th's.
    expect(charts.from).toBe("2026-10-12T04:00:00.000Z");
    expect(nonEmptyDays(charts)).toEqual({
      // 04:30 UTC on 1 November is 00:30 EDT (an hour before the change): the 1st.
      "2026-11-01": counts({ answered: 1 }),
      "2026-11-05": counts({ failed: 1, blocked: 1 }),
      "2026-11-08": counts({ busy: 1 }),
      "2026-11-09": counts({ "no-answer": 2, answered: 2 }),
    });
    expect(charts.totals).toMatchObject({ attempts: 9, finalCalls: 7, answered: 3 });
  });

  it("puts midnight on the half hour in a +05:30 zone (Kolkata)", async () => {
    const charts = await dashboardCharts(db, org, { days: 30, timeZone: "Asia/Kolkata", now });
    expect(charts.from).toBe("2026-10-11T18:30:00.000Z");
    expect(nonEmptyDays(charts)).toEqual({
      "2026-10-12": counts({ completed: 1, busy: 1 }),
      "2026-11-01": counts({ answered: 1 }),
      // 18:29:59 UTC is 23:59:59 on the 5th; 18:30:00 is midnight of the 6th.
      "2026-11-05": counts({ failed: 1 }),
      "2026-11-06": counts({ blocked: 1 }),
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
