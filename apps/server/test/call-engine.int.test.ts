import { type CallGroupPage, endedReasonLabels } from "@ringback/contracts";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formAssistants, formSubmissions } from "../src/db/schema/index.ts";
import { activeAssistant } from "./call-helpers.ts";
import { startTestRingback } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";
import { waitFor } from "./webhook-receiver.ts";

describe("the call engine, from a signed delivery to a recorded call", async () => {
  const app = await startTestRingback({
    env: { CODE_SENDS_PER_IP: "1000", CALL_SIMULATOR_RING_MS: "30", CALL_SIMULATOR_TURN_MS: "10" },
  });
  const db = app.database.db;
  const team = await createTeam(app.url, db);
  const org = team.organization.id;
  const owner = team.owner.client;
  const base = `/api/organizations/${org}`;

  const { assistantId, path, delivery, deliver, attemptsFor, settled } = await activeAssistant({
    url: app.url,
    db,
    secretKey: app.config.secretKey,
    owner,
    organizationId: org,
  });

  /**
   * The attempt ids of the calls the voice platform was asked to place to this number (the call
   * simulator keeps one row per dial request, with the attempt it was for), read once no
   * calls.place job of the submission's attempts can still run: a dial no attempt explains, or a
   * second dial of the same attempt, is counted too.
   */
  async function dialsTo(phone: string, token: string) {
    const ids = (await attemptsFor(token)).map((attempt) => attempt.id);
    await waitFor(async () => {
      const { rows } = await db.execute<{ n: number }>(sql`
        select count(*)::int as n from pgboss.job
        where name = 'calls.place' and data->>'attemptId' = any(${sql.param(ids)}::text[])
          and state not in ('completed', 'failed', 'cancelled')`);
      return rows[0]!.n === 0;
    });
    const { rows } = await db.execute<{ attempt_id: string | null }>(sql`
      select metadata->>'attempt_id' as attempt_id from call_simulator.calls
      where phone_number = ${phone}`);
    return rows.map((row) => row.attempt_id);
  }

  it("calls an available respondent once and records the conversation", async () => {
    const token = "answered-1";
    expect((await deliver(delivery({ phone: "+1 415 555 0142", token }))).status).toBe(200);
    const [call] = await settled(token, 1);
    expect(call).toMatchObject({ status: "answered", callAttempt: 1, dialState: "dialed" });
    // The platform was asked to dial once, for this attempt.
    expect(await dialsTo("+14155550142", token)).toEqual([call!.id]);
    expect(call!.duration).toBeGreaterThanOrEqual(0);
    expect(call!.callSummary).toBeTruthy();
    expect(call!.recordingUrl).toMatch(/\/sandbox\/bland\//);
    const speakers = new Set((call!.transcriptJson as { speaker: string }[]).map((t) => t.speaker));
    expect(speakers).toContain("assistant");
    expect(speakers).toContain("user");
  });

  it("pushes each change to the organization's members as a server-sent event", async () => {
    const controller = new AbortController();
    const response = await fetch(`${app.url}${base}/events`, {
      headers: { authorization: `Bearer ${owner.accessToken}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = "";
    const sawChange = (async () => {
      while (!received.includes("event: change")) {
        const { value, done } = await reader.read();
        if (done) break;
        received += value;
      }
    })();
    await deliver(delivery({ phone: "+1 415 555 0146", token: "live-1" }));
    await sawChange;
    expect(received).toContain("event: change");
    controller.abort();
    // Another organization's member cannot listen in.
    const stranger = await createTeam(app.url, db, { label: "stranger" });
    const denied = await fetch(`${app.url}${base}/events`, {
      headers: { authorization: `Bearer ${stranger.owner.client.accessToken}` },
    });
    expect(denied.status).toBe(404);
  });

  it("turns 20 concurrent copies of one delivery into one submission and one call", async () => {
    const token = "duplicate-1";
    const body = delivery({ phone: "+1 415 555 0143", token });
    const responses = await Promise.all(Array.from({ length: 20 }, () => deliver(body)));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const rows = await settled(token, 1);
    expect(rows).toHaveLength(1);
    // One dial, for that one attempt: no copy of the delivery made a call of its own.
    expect(await dialsTo("+14155550143", token)).toEqual([rows[0]!.id]);
    const submissions = await db.execute(
      sql`select count(*)::int as n from form_submissions where provider_response_id = ${token}`,
    );
    expect((submissions.rows[0] as { n: number }).n).toBe(1);
  });

  it("stores an attempt with its calls.place job, in the same transaction", async () => {
    // No enqueue after the commit to lose: the job is written by the statement that writes the
    // attempt, so it was created at the attempt's instant (the transaction's now()).
    const token = "attempt-with-job";
    await deliver(delivery({ phone: "+1 415 555 0147", token }));
    const [attempt] = await attemptsFor(token);
    const { rows } = await db.execute<{ same_instant: boolean; singleton_key: string }>(sql`
      select j.created_on = c.created_at as same_instant, j.singleton_key
      from pgboss.job j join call_records c on c.id::text = j.data->>'attemptId'
      where j.name = 'calls.place' and c.id = ${attempt!.id}`);
    expect(rows).toEqual([{ same_instant: true, singleton_key: attempt!.id }]);
    const [call] = await settled(token, 1);
    expect(call).toMatchObject({ status: "answered", dialState: "dialed" });
  });

  it("stores rule failures with their reason and calls nobody", async () => {
    await deliver(delivery({ phone: "+1 415 555 0144", available: false, token: "not-available" }));
    await deliver(delivery({ phone: "12", token: "invalid-phone" }));
    const rows = await db
      .select({ token: formSubmissions.providerResponseId, status: formSubmissions.status })
      .from(formSubmissions)
      .where(sql`${formSubmissions.providerResponseId} in ('not-available', 'invalid-phone')`);
    expect(Object.fromEntries(rows.map((r) => [r.token, r.status]))).toEqual({
      "not-available": "not_available",
      "invalid-phone": "invalid_phone",
    });
    expect(await attemptsFor("not-available")).toHaveLength(0);
    expect(await attemptsFor("invalid-phone")).toHaveLength(0);
  });

  it("retries unanswered calls up to the assistant's maximum", async () => {
    const busy = await settled(await send("+1 415 555 0001", "busy"), 3);
    expect(busy.map((r) => r.status)).toEqual(["busy", "busy", "busy"]);
    const failed = await settled(await send("+1 415 555 0003", "failed"), 3);
    expect(failed.map((r) => r.status)).toEqual(["failed", "failed", "failed"]);
    const later = await settled(await send("+1 415 555 0005", "answered-later"), 2);
    expect(later.map((r) => r.status)).toEqual(["no-answer", "answered"]);
    const voicemail = await settled(await send("+1 415 555 0004", "voicemail"), 3);
    // A voicemail is never answered: its own status, with the reason the assistant's setting
    // gives (this assistant leaves its message), and it is retried like any unanswered call.
    expect(voicemail.map((r) => [r.status, r.endedReason, r.answeredBy])).toEqual([
      ["voicemail", expect.stringMatching(/^voicemail-/), "voicemail"],
      ["voicemail", expect.stringMatching(/^voicemail-/), "voicemail"],
      ["voicemail", expect.stringMatching(/^voicemail-/), "voicemail"],
    ]);
  });

  it("never retries a number the platform calls invalid, and Call Records says so", async () => {
    // 0008: the simulator's platform says the number cannot be called (Bland: "Invalid phone
    // number"). With the tests' retry delay of 0, a retry would be written with the outcome.
    const token = await send("+1 415 555 0008", "invalid-number");
    const [attempt] = await waitFor(async () => {
      const rows = await attemptsFor(token);
      return rows[0]?.finalAt ? rows : undefined;
    });
    expect(attempt).toMatchObject({
      status: "failed",
      endedReason: "invalid-number",
      dialState: "dialed",
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await attemptsFor(token)).map((r) => r.status)).toEqual(["failed"]);
    const page = await owner.json<CallGroupPage>(`${base}/call-records?status=failed`);
    const group = page.groups.find((g) => g.latestCallId === attempt!.id)!;
    expect(group.attempts.map((a) => endedReasonLabels[a.endedReason!])).toEqual([
      "Invalid number",
    ]);
    expect(group.leadOutcome).toBe("not-reached");
  });

  async function send(phone: string, token: string) {
    expect((await deliver(delivery({ phone, token }))).status).toBe(200);
    return token;
  }

  it("waits for a closed calling window, and deactivation cancels the wait", async () => {
    // An evening window: closed now where the tests' respondents are (about noon, see the
    // harness's RESPONDENT_TIME_ZONE_FOR_TESTS).
    await db
      .update(formAssistants)
      .set({ callingWindowStart: "20:00", callingWindowEnd: "20:59", defaultTimeZone: "UTC" })
      .where(eq(formAssistants.id, assistantId));
    await send("+1 415 555 0145", "closed-window");
    await new Promise((r) => setTimeout(r, 500));
    const [waiting] = await attemptsFor("closed-window");
    expect(waiting).toMatchObject({ dialState: "scheduled", status: "scheduled" });
    expect(waiting!.scheduledFor.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
    await owner.json(`${path}/deactivate`, { method: "POST" });
    const [canceled] = await attemptsFor("closed-window");
    expect(canceled).toMatchObject({
      dialState: "canceled",
      status: "canceled",
      endedReason: "assistant-deactivated",
    });
    // A delivery right after deactivation (the assistant is still in the ingest's short cache)
    // is acknowledged and stores nothing.
    const late = await deliver(delivery({ phone: "+1 415 555 0147", token: "after-deactivation" }));
    expect(late.status).toBe(200);
    expect(await late.json()).toMatchObject({ outcome: "ignored" });
    const stored = await db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.providerResponseId, "after-deactivation"));
    expect(stored).toHaveLength(0);
  });
});
