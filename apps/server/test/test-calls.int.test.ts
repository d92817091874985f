import type {
  ApiError,
  CallGroupPage,
  CallRecordDetails,
  DashboardCharts,
  DashboardStats,
  TestCallStarted,
  TestCallState,
} from "@ringback/contracts";
import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  callRecords,
  formAssistants,
  formSubmissions,
  simulatorCalls,
  users,
} from "../src/db/schema/index.ts";
import { createTestCallLimits } from "../src/domain/calls/test-calls.ts";
import { dashboardCharts } from "../src/domain/dashboard/dashboard-charts.ts";
import type { TestClient } from "./auth-client.ts";
import { startTestRingback } from "./harness.ts";
import { createTeam, inviteAndAccept, type TeamUser } from "./organization-harness.ts";
import { waitFor } from "./webhook-receiver.ts";

/**
 * "Call me now": a real call with the assistant's current settings to the signed-in
 * user's own verified number, through the call engine to the voice platform (here the call
 * simulator, whose magic last four digits decide the outcome: providers/voice/simulator/outcomes.ts); marked
 * as a test, shown in Call Records as one, absent from the dashboard's stats and charts, never
 * retried, and limited per person.
 */
describe("Call me now: a test call to your own phone", async () => {
  const app = await startTestRingback({
    env: { CODE_SENDS_PER_IP: "1000", CALL_SIMULATOR_RING_MS: "30", CALL_SIMULATOR_TURN_MS: "10" },
  });
  const db = app.database.db;
  const team = await createTeam(app.url, db, { label: "testcall" });
  const org = team.organization.id;
  const base = `/api/organizations/${org}`;

  let exchange = 200;
  /** Gives the user a verified number of their own ending in `lastFour` (the simulator's key). */
  async function givePhone(user: TeamUser, lastFour: string): Promise<string> {
    exchange += 1;
    const phone = `+1415${exchange}${lastFour}`;
    await db
      .update(users)
      .set({ phoneNumber: phone, phoneNumberVerified: true })
      .where(eq(users.id, user.userId));
    return phone;
  }

  // Not active (never activated): a test call tries an assistant out before it goes live.
  // What the simulated respondent answers makes the lead qualified: a need, a budget, a timeline.
  const script =
    "Hi {name}, this is the test script about the kitchen enquiry. Is now a good time? What prompted you to get in touch? Ask about their budget. When would you like the work to start?";
  const [assistant] = await db
    .insert(formAssistants)
    .values({
      organizationId: org,
      name: "Front desk",
      formId: "form-test-calls",
      formTitle: "Website enquiry",
      assistantScript: script,
      maxAttempts: 3,
      retryDelayMinutes: 0,
      outcomeQuestions: [{ key: "qualified", label: "Qualified?", type: "boolean" }],
    })
    .returning();
  // Active, and retrying at once: a retry of a test call would show at once.
  const [live] = await db
    .insert(formAssistants)
    .values({
      organizationId: org,
      name: "Live desk",
      formId: "form-live",
      assistantScript: script,
      isActive: true,
      maxAttempts: 3,
      retryDelayMinutes: 0,
    })
    .returning();
  const [noScript] = await db
    .insert(formAssistants)
    .values({ organizationId: org, name: "Unwritten", formId: "form-unwritten" })
    .returning();
  const testCalls = `${base}/assistants/${assistant!.id}/test-calls`;

  // A real lead of the same assistant, created now (so that the charts count it from the rows
  // of their partial bin, as they would the test call): the dashboard counts this one.
  const [lead] = await db
    .insert(formSubmissions)
    .values({
      organizationId: org,
      assistantId: assistant!.id,
      formId: "form-test-calls",
      providerResponseId: "real-lead-1",
      respondentName: "Real Lead",
      respondentPhoneNumber: "+14155550142",
      status: "call_scheduled",
    })
    .returning();
  const leadCreatedAt = new Date();
  await db.insert(callRecords).values({
    organizationId: org,
    submissionId: lead!.id,
    assistantId: assistant!.id,
    callAttempt: 1,
    status: "answered",
    dialState: "dialed",
    createdAt: leadCreatedAt,
    dialRequestedAt: new Date(leadCreatedAt.getTime() + 4000),
    finalAt: new Date(leadCreatedAt.getTime() + 60_000),
    outcomes: { qualified: true },
  });

  async function place(client: TestClient, path = testCalls, json: unknown = {}) {
    const response = await client.request(path, { method: "POST", json });
    const body = (await response.json()) as TestCallStarted & ApiError;
    return { status: response.status, body };
  }

  /** Polls the dialog's endpoint until the call is final; every phase seen on the way. */
  async function untilFinal(client: TestClient, callRecordId: string, path = testCalls) {
    const phases = new Set<string>();
    const state = await waitFor(async () => {
      const current = await client.json<TestCallState>(`${path}/${callRecordId}`);
      if (current.livePhase) phases.add(current.livePhase);
      return current.final ? current : undefined;
    }, 20_000);
    return { state, phases };
  }

  /** Every dial the voice platform (the simulator) received for an attempt. */
  const dialsFor = (attemptId: string) =>
    db
      .select()
      .from(simulatorCalls)
      .where(sql`${simulatorCalls.metadata}->>'attempt_id' = ${attemptId}`);

  const ownerPhone = await givePhone(team.owner, "4242");
  const placed = await place(team.owner.client, testCalls, {
    // Never used: the call goes to the caller's own number, and only to it.
    phoneNumber: "+14155550199",
    to: "+14155550199",
  });
  const callRecordId = placed.body.callRecordId;
  const { state: ended, phases } = await untilFinal(team.owner.client, callRecordId);

  it("calls the caller's own verified number, and only it, through the engine to the platform", async () => {
    expect(placed.status).toBe(201);
    expect(placed.body).toEqual({ callRecordId, phoneNumber: ownerPhone, simulated: true });

    const dials = await dialsFor(callRecordId);
    expect(dials).toHaveLength(1);
    expect(dials[0]!.phoneNumber).toBe(ownerPhone);
    expect(dials[0]!.metadata).toMatchObject({ attempt_id: callRecordId, attempt: 1, test: true });
    // The assistant's current script, with the caller's name as the respondent's.
    expect(dials[0]!.task).toContain("this is the test script about the kitchen enquiry");
    expect(dials[0]!.task).toContain(team.owner.fullName);
    const elsewhere = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(simulatorCalls)
      .where(eq(simulatorCalls.phoneNumber, "+14155550199"));
    expect(elsewhere[0]!.n).toBe(0);
  });

  it("shows the call live and then its result: status, duration, transcript, summary and outcomes", () => {
    expect(ended).toMatchObject({
      callRecordId,
      final: true,
      livePhase: null,
      phoneNumber: ownerPhone,
      simulated: true,
      errorMessage: null,
    });
    expect(["answered", "voicemail", "no-answer"]).toContain(ended.status);
    expect(ended.durationSeconds).toBeGreaterThanOrEqual(0);
    expect(ended.summary).toBeTruthy();
    expect(ended.transcript.length).toBeGreaterThan(1);
    expect(new Set(ended.transcript.map((line) => line.from))).toEqual(
      new Set(["assistant", "respondent"]),
    );
    // Only the phases the dialog knows were ever shown.
    for (const phase of phases) expect(["queued", "ringing", "in-progress"]).toContain(phase);
    // The assistant's questions with this call's answers, as Call Details shows them: the
    // respondent named a need, a budget and a timeline.
    expect(ended.status).toBe("answered");
    expect(ended.outcomes).toEqual([
      { key: "qualified", label: "Qualified?", type: "boolean", value: true },
    ]);
  });

  it("stores a test submission with the consent of the person who asked for it", async () => {
    const [row] = await db
      .select({ submission: formSubmissions, call: callRecords })
      .from(callRecords)
      .innerJoin(formSubmissions, eq(formSubmissions.id, callRecords.submissionId))
      .where(eq(callRecords.id, callRecordId));
    expect(row!.call).toMatchObject({ isTest: true, simulated: true, callAttempt: 1 });
    expect(row!.submission).toMatchObject({
      isTest: true,
      status: "call_scheduled",
      respondentName: team.owner.fullName,
      respondentEmail: team.owner.email,
      respondentPhoneNumber: ownerPhone,
      assistantId: assistant!.id,
    });
    expect(row!.submission.providerResponseId).toMatch(/^test-[0-9a-f-]{36}$/);
    expect(row!.submission.consent).toMatchObject({
      answer: "Yes",
      phone: { typed: ownerPhone, normalized: ownerPhone },
      response: { id: row!.submission.providerResponseId },
    });
    expect(row!.submission.consent!.question.title).toMatch(/asked for a test call/);
    // Still inactive: the test did not activate it.
    const [after] = await db
      .select({ isActive: formAssistants.isActive })
      .from(formAssistants)
      .where(eq(formAssistants.id, assistant!.id));
    expect(after!.isActive).toBe(false);
  });

  it("is absent from the dashboard's stats and charts; the real lead is counted", async () => {
    const stats = await team.owner.client.json<DashboardStats>(`${base}/stats`);
    expect(stats).toEqual({
      completedCalls: 1,
      answeredCalls: 1,
      uniqueFormsCalled: 1,
      totalAttempts: 1,
      totalSubmissions: 1,
    });
    // The wizard's "Total calls" counts leads only.
    const detail = await team.owner.client.json<{ total_calls: number }>(
      `${base}/assistants/${assistant!.id}`,
    );
    expect(detail.total_calls).toBe(1);
    // Precondition: the test call has a yes/no answer the outcomes chart could have counted.
    const [group] = await db
      .execute<{ outcomes: Record<string, unknown> | null }>(
        sql`select outcomes from call_groups where latest_call_id = ${callRecordId}`,
      )
      .then((r) => r.rows);
    expect(group!.outcomes).toEqual({ qualified: true });

    const expectOnlyTheLead = (charts: DashboardCharts) => {
      expect(charts.totals).toMatchObject({ attempts: 1, finalCalls: 1, answered: 1 });
      expect(charts.speedToLead.leads).toBe(1);
      expect(charts.speedToLead.medianSeconds).toBeCloseTo(4, 0);
      const figures = charts.assistants.find((a) => a.id === assistant!.id)!;
      expect(figures).toMatchObject({ calls: 1, answered: 1 });
      expect(figures.outcomes).toEqual([{ key: "qualified", label: "Qualified?", yes: 1, no: 0 }]);
    };
    expectOnlyTheLead(
      await team.owner.client.json<DashboardCharts>(`${base}/dashboard/charts?days=7&tz=UTC`),
    );
    // Read with "now" just after the test call: both calls fall in the window's partial bin,
    // which the charts count from the rows themselves (the counters never hold test calls).
    const [call] = await db
      .select({ createdAt: callRecords.createdAt })
      .from(callRecords)
      .where(eq(callRecords.id, callRecordId));
    const justAfter = new Date(Math.max(call!.createdAt.getTime(), leadCreatedAt.getTime()) + 1000);
    expectOnlyTheLead(await dashboardCharts(db, org, { days: 7, timeZone: "UTC", now: justAfter }));
  });

  it("is listed in Call Records, marked as a test (and as simulated in its details)", async () => {
    const page = await team.owner.client.json<CallGroupPage>(`${base}/call-records`);
    const test = page.groups.find((g) => g.latestCallId === callRecordId);
    const real = page.groups.find((g) => g.submissionId === lead!.id);
    expect(test).toMatchObject({ isTest: true, respondent: { phone: ownerPhone } });
    expect(real).toMatchObject({ isTest: false });
    const details = await team.member.client.json<CallRecordDetails>(
      `${base}/call-records/${callRecordId}`,
    );
    expect(details).toMatchObject({ isTest: true, simulated: true, livePhase: null });
    expect(details.consentEvidence?.answer).toBe("Yes");
  });

  it("says which calls were tests in the public API and the CSV export", async () => {
    const { key } = await team.owner.client.json<{ key: string }>(`${base}/api-keys`, {
      method: "POST",
      json: { name: "CRM sync" },
    });
    const v1 = async <T>(path: string) => {
      const response = await fetch(`${app.url}/api/v1${path}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(response.status).toBe(200);
      return (await response.json()) as T;
    };
    const page = await v1<{
      data: { latestCallId: string; submissionId: string; test: boolean }[];
    }>("/call-records");
    expect(page.data.find((g) => g.latestCallId === callRecordId)?.test).toBe(true);
    expect(page.data.find((g) => g.submissionId === lead!.id)?.test).toBe(false);
    expect((await v1<{ test: boolean }>(`/call-records/${callRecordId}`)).test).toBe(true);

    const link = await team.owner.client.json<{ url: string }>(`${base}/call-records/export-link`);
    const csv = parse(await (await fetch(app.url + link.url)).text()) as string[][];
    const column = csv[0]!.indexOf("Test call");
    expect(column).toBeGreaterThan(0);
    const cells = (row: string[]) => row[column];
    expect(csv.filter((row) => row.includes(ownerPhone)).map(cells)).toEqual(["Yes"]);
    expect(csv.filter((row) => row.includes("Real Lead")).map(cells)).toEqual([""]);
  });

  it("never retries a test call that was not answered", async () => {
    // 0002: the simulator's "no answer", which a lead's call would retry (at once, here).
    const phone = await givePhone(team.admin, "0002");
    const livePath = `${base}/assistants/${live!.id}/test-calls`;
    const { status, body } = await place(team.admin.client, livePath);
    expect(status).toBe(201);
    const { state } = await untilFinal(team.admin.client, body.callRecordId, livePath);
    expect(state).toMatchObject({ status: "no-answer", final: true, phoneNumber: phone });
    const [submission] = await db
      .select({ id: callRecords.submissionId })
      .from(callRecords)
      .where(eq(callRecords.id, body.callRecordId));
    // A retry would be scheduled in the same transaction as the final outcome; give a worker a
    // moment anyway.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const attempts = await db
      .select({ id: callRecords.id })
      .from(callRecords)
      .where(eq(callRecords.submissionId, submission!.id!));
    expect(attempts).toHaveLength(1);
    expect(await dialsFor(body.callRecordId)).toHaveLength(1);
  });

  it("says why a call could not be connected", async () => {
    // 0003: the simulator cannot connect the call.
    const second = await inviteAndAccept(app.url, db, team.owner.client, org, {
      role: "admin",
      fullName: "Failing Admin",
    });
    await givePhone(second, "0003");
    const { status, body } = await place(second.client);
    expect(status).toBe(201);
    const { state } = await untilFinal(second.client, body.callRecordId);
    expect(state).toMatchObject({ status: "failed", final: true });
    expect(state.errorMessage).toBeTruthy();
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(callRecords)
      .where(eq(callRecords.isTest, true));
    // The owner's, the admin's and this one: one attempt each.
    expect(row!.n).toBe(3);
  });

  it("refuses members, a caller without a verified phone and an assistant without a script", async () => {
    const member = await place(team.member.client);
    expect(member.status).toBe(403);

    const unverified = await inviteAndAccept(app.url, db, team.owner.client, org, {
      role: "admin",
      fullName: "Unverified Admin",
    });
    await db
      .update(users)
      .set({ phoneNumberVerified: false })
      .where(eq(users.id, unverified.userId));
    const noPhone = await place(unverified.client);
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.error).toMatchObject({ details: { reason: "no_verified_phone" } });
    expect(noPhone.body.error.message).toMatch(/no verified phone number/);

    const unwritten = await place(
      team.owner.client,
      `${base}/assistants/${noScript!.id}/test-calls`,
    );
    expect(unwritten.status).toBe(400);
    expect(unwritten.body.error).toMatchObject({ details: { reason: "no_script" } });
    expect(unwritten.body.error.message).toMatch(/no script/);

    const unknown = await place(
      team.owner.client,
      `${base}/assistants/${crypto.randomUUID()}/test-calls`,
    );
    expect(unknown.status).toBe(404);
    // Another organization's test call is not found, and nor is a lead's call.
    const other = await createTeam(app.url, db, { label: "stranger" });
    const stranger = await other.owner.client.request(
      `/api/organizations/${other.organization.id}/assistants/${assistant!.id}/test-calls/${callRecordId}`,
    );
    expect(stranger.status).toBe(404);
    const [leadCall] = await db
      .select({ id: callRecords.id })
      .from(callRecords)
      .where(eq(callRecords.submissionId, lead!.id));
    const notATest = await team.owner.client.request(`${testCalls}/${leadCall!.id}`);
    expect(notATest.status).toBe(404);
    // None of these placed anything.
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(formSubmissions)
      .where(eq(formSubmissions.isTest, true));
    expect(row!.n).toBe(3);
  });

  it("limits each person to 3 test calls in 10 minutes (429 with when to try again)", async () => {
    const caller = await inviteAndAccept(app.url, db, team.owner.client, org, {
      role: "admin",
      fullName: "Eager Admin",
    });
    await givePhone(caller, "4343");
    // A refused request (no script) uses up nothing.
    await place(caller.client, `${base}/assistants/${noScript!.id}/test-calls`);
    for (let i = 0; i < 3; i += 1) expect((await place(caller.client)).status).toBe(201);
    const refused = await place(caller.client);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("rate_limited");
    expect(refused.body.error.message).toMatch(
      /^You can place 3 test calls every 10 minutes; try again in (10|9|8) minutes\.$/,
    );
    // Per person: the owner still has calls left.
    expect((await place(team.owner.client)).status).toBe(201);
  });

  it("also limits test calls per day, and a call refused there costs nothing in the window", async () => {
    const limits = createTestCallLimits(app.database.pool, {
      perWindow: 2,
      windowMinutes: 10,
      perDay: 1,
    });
    const userId = `limits-${crypto.randomUUID()}`;
    await limits.consume(userId);
    await expect(limits.consume(userId)).rejects.toThrow(
      /^You can place 1 test call a day; try again in 24 hours\.$/,
    );
    // The refused call gave its point back to the 10-minute limit: one is still left there.
    const [row] = await db
      .execute<{ points: number }>(
        sql`select points from rate_limits where key = ${`test-call:${userId}`}`,
      )
      .then((r) => r.rows);
    expect(Number(row!.points)).toBe(1);
  });
});
