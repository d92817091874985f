import { readFileSync } from "node:fs";
import {
  type CallGroupPage,
  type CallStatus,
  callStatuses,
  dialledStatuses,
  type EndedReason,
  endedReasons,
  leadOutcomeOf,
} from "@ringback/contracts";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  callGroups,
  callRecords,
  formAssistants,
  formSubmissions,
} from "../src/db/schema/index.ts";
import { activeAssistant } from "./call-helpers.ts";
import { startTestRingback } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";
import { waitFor } from "./webhook-receiver.ts";

/** A migration's data statements (its UPDATEs), as the file has them, to run again on old rows. */
function migrationUpdates(file: string): string[] {
  return readFileSync(new URL(`../drizzle/${file}`, import.meta.url), "utf8")
    .split("--> statement-breakpoint")
    .filter((statement) => /^\s*(--[^\n]*\n)*\s*UPDATE/i.test(statement));
}

/**
 * The call status model (docs/decisions/0025-call-statuses.md) end to end: the database's lead
 * outcome agrees with the contracts' rule for any attempts, a voicemail is never answered, and a
 * retry that waits reads as scheduled, in the engine, Call Records and the dashboard.
 */
describe("call statuses, ended reasons and lead outcomes", async () => {
  const app = await startTestRingback({
    env: { CODE_SENDS_PER_IP: "1000", CALL_SIMULATOR_RING_MS: "30", CALL_SIMULATOR_TURN_MS: "10" },
  });
  const db = app.database.db;
  const team = await createTeam(app.url, db);
  const org = team.organization.id;
  const owner = team.owner.client;
  const base = `/api/organizations/${org}`;

  it("computes the same lead outcome in the database as leadOutcomeOf, for any attempts", async () => {
    // An organization of its own: the calls below are the only ones the dashboard sees.
    const model = (await createTeam(app.url, db, { label: "model" })).organization.id;
    const attempt = fc.record({
      status: fc.constantFrom<CallStatus>(...callStatuses),
      endedReason: fc.option(fc.constantFrom<EndedReason>(...endedReasons), { nil: null }),
    });
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(attempt, { minLength: 1, maxLength: 4 }), async (attempts) => {
        n += 1;
        const [submission] = await db
          .insert(formSubmissions)
          .values({
            organizationId: model,
            formId: "model",
            providerResponseId: `model-${n}-${Date.now()}`,
            status: "call_scheduled",
          })
          .returning();
        await db.insert(callRecords).values(
          attempts.map((a, i) => ({
            organizationId: model,
            submissionId: submission!.id,
            callAttempt: i + 1,
            status: a.status,
            endedReason: a.endedReason,
          })),
        );
        const dialled = (list: readonly { status: CallStatus }[]) =>
          list.filter((a) => (dialledStatuses as readonly string[]).includes(a.status)).length;
        const [group] = await db
          .select({
            leadOutcome: callGroups.leadOutcome,
            statuses: callGroups.attemptStatuses,
            dialled: callGroups.dialledCount,
          })
          .from(callGroups)
          .where(eq(callGroups.id, submission!.id));
        expect(group!.leadOutcome).toBe(leadOutcomeOf(attempts));
        // Scheduled, canceled and not-called attempts were never dialled: no call made.
        expect(group!.dialled).toBe(dialled(attempts));
        expect([...group!.statuses].sort()).toEqual(
          [...new Set(attempts.map((a) => a.status))].sort(),
        );
        // And after a change of one attempt (the trigger follows updates too).
        await db
          .update(callRecords)
          .set({ status: "answered", endedReason: "hung-up-by-lead" })
          .where(
            sql`${callRecords.submissionId} = ${submission!.id} and ${callRecords.callAttempt} = 1`,
          );
        const changed = [
          { status: "answered" as const, endedReason: "hung-up-by-lead" as const },
          ...attempts.slice(1),
        ];
        const [after] = await db
          .select({ leadOutcome: callGroups.leadOutcome, dialled: callGroups.dialledCount })
          .from(callGroups)
          .where(eq(callGroups.id, submission!.id));
        expect(after!.leadOutcome).toBe(leadOutcomeOf(changed));
        expect(after!.dialled).toBe(dialled(changed));
      }),
      { numRuns: 60 },
    );
  });

  it("migration 0031 reads calls stored before in the new model", async () => {
    const legacy = (await createTeam(app.url, db, { label: "legacy" })).organization.id;
    const rows: [string, string, Record<string, unknown>][] = [
      ["completed", "voicemail", { answeredBy: "voicemail" }],
      ["completed", "no-answer", { answeredBy: "unknown" }],
      ["invalid-number", "failed", {}],
      ["blocked-dnc", "not-called", { dialState: "canceled" }],
      ["blocked-hours", "not-called", { dialState: "canceled" }],
      ["in-progress", "scheduled", { dialState: "scheduled" }],
      ["in-progress", "ringing", { dialState: "dialed", livePhase: "ringing" }],
      ["in-progress", "dialling", { dialState: "dialing" }],
      ["failed", "canceled", { errorMessage: "Canceled: the assistant was deactivated" }],
      ["answered", "answered", {}],
    ];
    const ids: string[] = [];
    for (const [old, , extra] of rows) {
      const [row] = await db
        .insert(callRecords)
        .values({ organizationId: legacy, status: old as CallStatus, ...extra })
        .returning({ id: callRecords.id });
      ids.push(row!.id);
    }
    // The migration's data statements, as the file has them (the schema changes ran already).
    const statements = migrationUpdates("0031_call_statuses.sql");
    expect(statements).toHaveLength(3);
    for (const statement of statements) await db.execute(sql.raw(statement));
    const after = await db
      .select({ id: callRecords.id, status: callRecords.status, reason: callRecords.endedReason })
      .from(callRecords)
      .where(eq(callRecords.organizationId, legacy));
    const byId = new Map(after.map((r) => [r.id, r]));
    expect(ids.map((id) => byId.get(id)!.status)).toEqual(rows.map(([, now]) => now));
    expect(ids.map((id) => byId.get(id)!.reason)).toEqual([
      null,
      "no-one-spoke",
      "invalid-number",
      "blocked-dnc",
      "blocked-hours",
      null,
      null,
      null,
      "assistant-deactivated",
      null,
    ]);
    // Each call is a group of its own: the old answered one reads as reached.
    const [answered] = await db
      .select({ leadOutcome: callGroups.leadOutcome, statuses: callGroups.attemptStatuses })
      .from(callGroups)
      .where(eq(callGroups.id, ids[9]!));
    expect(answered).toEqual({ leadOutcome: "reached", statuses: ["answered"] });
  });

  it("migration 0033 counts the dialled attempts of groups stored before it", async () => {
    const before = (await createTeam(app.url, db, { label: "before-0033" })).organization.id;
    const [submission] = await db
      .insert(formSubmissions)
      .values({
        organizationId: before,
        formId: "before-0033",
        providerResponseId: "before-0033",
        status: "call_scheduled",
      })
      .returning();
    const statuses: CallStatus[] = ["no-answer", "canceled", "busy", "not-called"];
    await db.insert(callRecords).values(
      statuses.map((status, i) => ({
        organizationId: before,
        submissionId: submission!.id,
        callAttempt: i + 1,
        status,
        dialState: "canceled" as const,
      })),
    );
    // As the column reads before the migration's backfill: its default.
    await db.update(callGroups).set({ dialledCount: 0 }).where(eq(callGroups.id, submission!.id));
    const statements = migrationUpdates("0033_dialled_attempts.sql");
    expect(statements).toHaveLength(1);
    await db.execute(sql.raw(statements[0]!));
    const [group] = await db
      .select({ dialled: callGroups.dialledCount, attempts: callGroups.attemptCount })
      .from(callGroups)
      .where(eq(callGroups.id, submission!.id));
    expect(group).toEqual({ dialled: 2, attempts: 4 });
  });

  const calls = await activeAssistant({
    url: app.url,
    db,
    secretKey: app.config.secretKey,
    owner,
    organizationId: org,
  });

  it("never counts a voicemail as answered: not in the record, the list or the dashboard", async () => {
    const token = "voicemail-lead";
    await calls.deliver(calls.delivery({ phone: "+1 415 555 0004", token }));
    const attempts = await calls.settled(token, 3);
    expect(attempts.map((a) => [a.status, a.endedReason])).toEqual([
      ["voicemail", "voicemail-no-message"],
      ["voicemail", "voicemail-no-message"],
      ["voicemail", "voicemail-no-message"],
    ]);
    const page = await owner.json<CallGroupPage>(`${base}/call-records?status=voicemail`);
    const group = page.groups.find((g) => g.latestCallId === attempts[2]!.id)!;
    expect(group).toMatchObject({ latestStatus: "voicemail", leadOutcome: "not-reached" });
    expect(group.attempts.map((a) => a.status)).toEqual(["voicemail", "voicemail", "voicemail"]);
    const answered = await owner.json<CallGroupPage>(`${base}/call-records?status=answered`);
    expect(answered.groups.some((g) => g.id === group.id)).toBe(false);
    const charts = await owner.json<{ totals: { answered: number; finalCalls: number } }>(
      `${base}/dashboard/charts?days=1&tz=UTC`,
    );
    expect(charts.totals).toMatchObject({ answered: 0, finalCalls: 3 });
    const stats = await owner.json<{ answeredCalls: number; completedCalls: number }>(
      `${base}/stats`,
    );
    // One lead, whose three calls reached voicemail: it connected, and nobody answered.
    expect(stats).toMatchObject({ answeredCalls: 0, completedCalls: 1, totalAttempts: 3 });

    // The same assistant leaving a message: the lead's outcome is "Voicemail left".
    await db
      .update(formAssistants)
      .set({ voicemailAction: "leave_message", voicemailMessage: "Sorry we missed you." })
      .where(eq(formAssistants.id, calls.assistantId));
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    // Another number ending in 0004 (the simulator's voicemail): the first one has had its 3 calls today.
    await calls.deliver(calls.delivery({ phone: "+1 646 555 0004", token: "voicemail-left" }));
    const left = await calls.settled("voicemail-left", 3);
    expect(left.every((a) => a.endedReason === "voicemail-message-left")).toBe(true);
    const [leftGroup] = await db
      .select({ leadOutcome: callGroups.leadOutcome })
      .from(callGroups)
      .where(eq(callGroups.latestCallId, left[2]!.id));
    expect(leftGroup!.leadOutcome).toBe("voicemail-left");
  });

  it("shows a retry that waits for its delay as scheduled, with its time", async () => {
    await db
      .update(formAssistants)
      .set({ retryDelayMinutes: 10 })
      .where(eq(formAssistants.id, calls.assistantId));
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const token = "waiting-retry";
    await calls.deliver(calls.delivery({ phone: "+1 415 555 0002", token }));
    const [first, second] = await waitFor(async () => {
      const rows = await calls.attemptsFor(token);
      return rows.length === 2 && rows[0]!.finalAt ? rows : undefined;
    });
    expect(first).toMatchObject({ status: "no-answer", endedReason: "no-answer" });
    expect(second).toMatchObject({
      status: "scheduled",
      dialState: "scheduled",
      endedReason: null,
    });
    expect(second!.scheduledFor.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    const page = await owner.json<CallGroupPage>(`${base}/call-records?search=${token}`);
    const group = (
      await owner.json<CallGroupPage>(`${base}/call-records?status=scheduled`)
    ).groups.find((g) => g.latestCallId === second!.id)!;
    expect(page).toBeDefined();
    expect(group.leadOutcome).toBe("not-reached-yet");
    expect(group.attempts[1]).toMatchObject({
      status: "scheduled",
      scheduledFor: second!.scheduledFor.toISOString(),
    });
    // Not "in progress" on the dashboard: a waiting retry is scheduled, not a call under way.
    const charts = await owner.json<{ totals: { inProgress: number; scheduled: number } }>(
      `${base}/dashboard/charts?days=1&tz=UTC`,
    );
    expect(charts.totals).toMatchObject({ inProgress: 0, scheduled: 1 });
  });

  it("gives the dashboard's cards the same numbers Call Records lists for the same range", async () => {
    // A lead reached on its second attempt, besides the voicemails and the waiting retry above.
    await db
      .update(formAssistants)
      .set({ retryDelayMinutes: 0 })
      .where(eq(formAssistants.id, calls.assistantId));
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await calls.deliver(calls.delivery({ phone: "+1 415 555 0005", token: "reached-later" }));
    await waitFor(async () => {
      const rows = await calls.attemptsFor("reached-later");
      return rows.some((r) => r.status === "answered") ? rows : undefined;
    }, 30_000);
    // Two leads never dialled: one not called (a compliance check stopped it), one canceled.
    // They are listed in Call Records, but no call was made to them: not "called" on the cards.
    for (const [status, n] of [
      ["not-called", 1],
      ["canceled", 2],
    ] as const) {
      const [submission] = await db
        .insert(formSubmissions)
        .values({
          organizationId: org,
          formId: "never-dialled",
          providerResponseId: `never-dialled-${n}`,
          status: "call_scheduled",
        })
        .returning();
      await db.insert(callRecords).values({
        organizationId: org,
        submissionId: submission!.id,
        callAttempt: 1,
        status,
        dialState: "canceled",
        finalAt: new Date(),
      });
    }
    // Call Records' statuses of a call that was made: what "Unique Forms Called" counts.
    const called = `&status=${dialledStatuses.join(",")}`;
    // 90 days ending today in UTC: whichever side of midnight each request falls, the window
    // holds every call of this test.
    const midnight = new Date();
    midnight.setUTCHours(0, 0, 0, 0);
    const from = new Date(midnight.getTime() - 89 * 86_400_000).toISOString();
    const total = async (filter: string) =>
      (await owner.json<CallGroupPage>(`${base}/call-records?from=${from}${filter}`)).total;
    const stats = await owner.json<{
      completedCalls: number;
      answeredCalls: number;
      uniqueFormsCalled: number;
      totalAttempts: number;
    }>(`${base}/stats?days=90&tz=UTC`);
    expect(stats.uniqueFormsCalled).toBeGreaterThan(3);
    expect(stats.uniqueFormsCalled).toBe(await total(called));
    expect(await total("")).toBe(stats.uniqueFormsCalled + 2);
    // Attempts: only the calls made (the waiting retry above is scheduled, not made).
    const [made] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(callRecords)
      .where(
        sql`${callRecords.organizationId} = ${org} and not ${callRecords.isTest}
          and ${callRecords.status} in ${dialledStatuses}`,
      );
    expect(stats.totalAttempts).toBe(made!.n);
    expect(stats.answeredCalls).toBe(await total("&status=answered"));
    expect(stats.answeredCalls).toBeGreaterThan(0);
    expect(stats.completedCalls).toBe(await total("&status=answered,voicemail"));
    // Today (UTC): the same on both sides.
    const empty = await owner.json<{ uniqueFormsCalled: number }>(`${base}/stats?days=1&tz=UTC`);
    const tomorrow = new Date(midnight.getTime() + 86_400_000).toISOString();
    expect(empty.uniqueFormsCalled).toBe(
      (
        await owner.json<CallGroupPage>(
          `${base}/call-records?from=${midnight.toISOString()}&to=${tomorrow}${called}`,
        )
      ).total,
    );

    // A custom range of days, the last two days up to today: the same calls as Call Records
    // lists from the first day's midnight to the midnight after the last.
    const day = (offset: number) =>
      new Date(midnight.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const custom = await owner.json<{ uniqueFormsCalled: number; answeredCalls: number }>(
      `${base}/stats?from=${day(-1)}&to=${day(0)}&tz=UTC`,
    );
    const yesterday = new Date(midnight.getTime() - 86_400_000).toISOString();
    const inCustom = async (filter: string) =>
      (
        await owner.json<CallGroupPage>(
          `${base}/call-records?from=${yesterday}&to=${tomorrow}${filter}`,
        )
      ).total;
    expect(custom.uniqueFormsCalled).toBe(await inCustom(called));
    expect(custom.uniqueFormsCalled).toBeGreaterThan(3);
    expect(custom.answeredCalls).toBe(await inCustom("&status=answered"));
    // A custom range that ended before these calls: nothing, on both sides.
    const past = await owner.json<{ uniqueFormsCalled: number }>(
      `${base}/stats?from=${day(-30)}&to=${day(-2)}&tz=UTC`,
    );
    expect(past.uniqueFormsCalled).toBe(0);
    const charts = await owner.json<{ days: number; totals: Record<string, number> }>(
      `${base}/dashboard/charts?from=${day(-30)}&to=${day(-2)}&tz=UTC`,
    );
    expect(charts.days).toBe(29);
    // Half a range, or one that ends before it starts, is a clear 400.
    for (const bad of [
      `from=${day(0)}`,
      `from=${day(0)}&to=${day(-1)}`,
      "from=2026-02-30&to=2026-03-01",
    ]) {
      const response = await owner.request(`${base}/stats?${bad}&tz=UTC`);
      expect(response.status, bad).toBe(400);
    }
  });

  it("exports each call's summary, a recording link that works without a session, and the form's answers", async () => {
    // The recording is copied into Ringback's storage just after the call: wait for it.
    await waitFor(async () => {
      const [row] = await db
        .select({ key: callRecords.recordingKey })
        .from(callRecords)
        .where(sql`${callRecords.organizationId} = ${org} and ${callRecords.status} = 'answered'`);
      return row?.key ? true : undefined;
    });
    const { url } = await owner.json<{ url: string }>(
      `${base}/call-records/export-link?status=answered`,
    );
    const csv = await (await owner.request(url)).text();
    const [header, ...rows] = csv.trim().split("\r\n");
    const columns = header!.split(",");
    const cell = (row: string, name: string) => {
      // The cells of this test's rows hold no commas but the answers' (quoted) ones.
      const cells = row.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, ""));
      return cells[columns.indexOf(`"${name}"`)]!;
    };
    const reached = rows.find((row) => cell(row, "Status") === '"answered"')!;
    expect(cell(reached, "Summary")).toMatch(/^".+"$/);
    const link = cell(reached, "Recording link").replaceAll('"', "");
    expect(link).toMatch(/\/api\/recordings\/[0-9a-f-]{36}\?exp=\d+&sig=/);
    const audio = await waitFor(async () => {
      const response = await fetch(link);
      return response.status === 503 ? undefined : response;
    });
    expect(audio.status).toBe(200);
    expect(audio.headers.get("content-type")).toMatch(/^audio\//);
    // "Question: answer", one per line (these test deliveries name questions by id).
    expect(cell(reached, "Form answers")).toMatch(/: \+1 415 555 \d{4}\n/);
  });

  it("lets owners and admins cancel a scheduled call and call a lead again now", async () => {
    const [first, waiting] = await calls.attemptsFor("waiting-retry");
    expect(waiting).toMatchObject({ status: "scheduled" });
    const action = (id: string, what: "cancel" | "call-again", client = owner) =>
      client.request(`${base}/call-records/${id}/${what}`, { method: "POST" });
    // While a call to the lead waits, another cannot be asked for.
    expect((await action(first!.id, "call-again")).status).toBe(409);
    // Members read calls; they do not place or cancel them.
    expect((await action(waiting!.id, "cancel", team.member.client)).status).toBe(403);
    expect((await action(waiting!.id, "cancel")).status).toBe(204);
    const [, canceled] = await calls.attemptsFor("waiting-retry");
    expect(canceled).toMatchObject({
      status: "canceled",
      endedReason: "canceled-by-user",
      dialState: "canceled",
      dialRequestedAt: null,
    });
    // Once canceled (or ended), it cannot be canceled again.
    expect((await action(waiting!.id, "cancel")).status).toBe(409);
    const [group] = await db
      .select({ leadOutcome: callGroups.leadOutcome })
      .from(callGroups)
      .where(eq(callGroups.id, first!.submissionId!));
    expect(group!.leadOutcome).toBe("not-reached");

    // Call again now: a third attempt, dialled at once (it is about noon where the lead is).
    const again = await action(first!.id, "call-again");
    expect(again.status).toBe(201);
    const placed = (await again.json()) as { callRecordId: string; scheduledFor: string };
    expect(Date.parse(placed.scheduledFor)).toBeLessThanOrEqual(Date.now() + 1_000);
    const third = await waitFor(async () => {
      const rows = await calls.attemptsFor("waiting-retry");
      const row = rows.find((r) => r.id === placed.callRecordId);
      return row?.finalAt ? row : undefined;
    });
    expect(third).toMatchObject({ callAttempt: 3, status: "no-answer", dialState: "dialed" });
    // Not for a number on the do-not-call list, and never another organization's call.
    await owner.json(`${base}/do-not-call`, {
      method: "POST",
      json: { phoneNumber: "+1 415 555 0002", reason: "Asked by email" },
    });
    await waitFor(async () => {
      const rows = await calls.attemptsFor("waiting-retry");
      return rows.every((r) => r.finalAt) ? rows : undefined;
    });
    const refused = await action(first!.id, "call-again");
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("do-not-call list");
    const stranger = await createTeam(app.url, db, { label: "stranger" });
    expect((await action(first!.id, "call-again", stranger.owner.client)).status).toBe(404);
  });
});
