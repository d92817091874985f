import type { AuditEventPage, DataRetention } from "@ringback/contracts";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callRecords, organizationCallSettings } from "../src/db/schema/index.ts";
import { purgeReleasedRecordings } from "../src/domain/recordings/recording-storage.ts";
import { applyRetention } from "../src/domain/recordings/retention.ts";
import { createRecordingStores } from "../src/providers/storage/index.ts";
import { activeAssistant } from "./call-helpers.ts";
import { startTestRingback, testLogger } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";
import { waitFor } from "./webhook-receiver.ts";

const DAY_MS = 86_400_000;

/**
 * Each organization says how long recordings and transcripts are kept (by default
 * recordings 90 days, transcripts forever); the daily run deletes what is due, in every store,
 * and leaves the call, its summary and its answers.
 */
describe("data retention", async () => {
  const app = await startTestRingback({
    env: { CODE_SENDS_PER_IP: "1000", CALL_SIMULATOR_RING_MS: "30", CALL_SIMULATOR_TURN_MS: "10" },
  });
  const db = app.database.db;
  const stores = createRecordingStores(app.config, app.database.pool);
  const team = await createTeam(app.url, db);
  const org = team.organization.id;
  const base = `/api/organizations/${org}`;
  const calls = await activeAssistant({
    url: app.url,
    db,
    secretKey: app.config.secretKey,
    owner: team.owner.client,
    organizationId: org,
  });

  /** A real call through the simulator, its recording copied, then dated `daysAgo`. */
  async function recordedCall(token: string, phone: string, daysAgo: number) {
    await calls.deliver(calls.delivery({ phone, token }));
    const [call] = await calls.settled(token, 1);
    const row = await waitFor(async () => {
      const [attempt] = await calls.attemptsFor(token);
      return attempt?.recordingKey && attempt.transcriptJson ? attempt : undefined;
    }, 15_000);
    await db
      .update(callRecords)
      .set({ finalAt: new Date(Date.now() - daysAgo * DAY_MS) })
      .where(eq(callRecords.id, call!.id));
    return { id: call!.id, key: row.recordingKey! };
  }
  const rowOf = async (id: string) =>
    (await db.select().from(callRecords).where(eq(callRecords.id, id)))[0]!;

  it("keeps recordings 90 days and transcripts forever unless the organization says otherwise", async () => {
    expect(await team.member.client.json<DataRetention>(`${base}/retention`)).toEqual({
      recordingDays: 90,
      transcriptDays: null,
    });
    const old = await recordedCall("retention-old", "+1 415 555 0161", 91);
    const recent = await recordedCall("retention-recent", "+1 415 555 0162", 89);

    expect(await applyRetention(db, new Date(), testLogger)).toEqual({
      recordings: 1,
      transcripts: 0,
    });
    const released = await rowOf(old.id);
    expect(released).toMatchObject({
      recordingKey: null,
      recordingStore: null,
      recordingUrl: null,
    });
    expect(released.transcriptJson).not.toBeNull();
    expect(released.callSummary).not.toBeNull();
    expect(released.status).toBe("answered");
    expect((await rowOf(recent.id)).recordingKey).toBe(recent.key);

    // The object itself goes with the next deletion run, from the store it was in.
    expect(await stores.get("postgres")!.size(old.key)).not.toBeNull();
    await purgeReleasedRecordings(db, stores, testLogger);
    expect(await stores.get("postgres")!.size(old.key)).toBeNull();
    expect(await stores.get("postgres")!.size(recent.key)).not.toBeNull();
    const played = await team.owner.client.request(`${base}/call-records/${old.id}/recording`);
    expect(played.status).toBe(404);
    // A second run finds nothing more to do.
    expect(await applyRetention(db, new Date(), testLogger)).toEqual({
      recordings: 0,
      transcripts: 0,
    });
  });

  it("lets owners and admins choose the periods, within bounds, and records the change", async () => {
    const put = (json: unknown, client = team.admin.client) =>
      client.request(`${base}/retention`, { method: "PUT", json });
    expect((await put({ recordingDays: 7, transcriptDays: 30 }, team.member.client)).status).toBe(
      403,
    );
    for (const bad of [
      { recordingDays: 0, transcriptDays: null },
      { recordingDays: 3651, transcriptDays: null },
      { recordingDays: 1.5, transcriptDays: null },
      { recordingDays: "7", transcriptDays: null },
      { recordingDays: 7 },
    ]) {
      const response = await put(bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
    }
    const saved = await put({ recordingDays: 7, transcriptDays: 30 });
    expect(saved.status).toBe(200);
    expect(await team.member.client.json(`${base}/retention`)).toEqual({
      recordingDays: 7,
      transcriptDays: 30,
    });
    const trail = await team.owner.client.json<AuditEventPage>(`${base}/audit-events`);
    expect(trail.items[0]).toMatchObject({
      action: "organization.retention_changed",
      before: { recordingDays: 90, transcriptDays: null },
      after: { recordingDays: 7, transcriptDays: 30 },
    });
    // The per-number cap in the same settings row is untouched.
    const [settings] = await db
      .select()
      .from(organizationCallSettings)
      .where(eq(organizationCallSettings.organizationId, org));
    expect(settings!.maxCallsPerNumberPerDay).toBe(3);
  });

  it("applies the organization's periods: recordings after 7 days, transcripts after 30", async () => {
    const week = await recordedCall("retention-8d", "+1 415 555 0163", 8);
    const month = await recordedCall("retention-31d", "+1 415 555 0164", 31);
    const fresh = await recordedCall("retention-2d", "+1 415 555 0165", 2);
    await applyRetention(db, new Date(), testLogger);
    expect(await rowOf(week.id)).toMatchObject({ recordingKey: null });
    expect((await rowOf(week.id)).transcriptJson).not.toBeNull();
    expect(await rowOf(month.id)).toMatchObject({ recordingKey: null, transcriptJson: null });
    expect((await rowOf(month.id)).callSummary).not.toBeNull();
    expect(await rowOf(fresh.id)).toMatchObject({ recordingKey: fresh.key });
    // "Forever" keeps everything, however old.
    await team.owner.client.request(`${base}/retention`, {
      method: "PUT",
      json: { recordingDays: null, transcriptDays: null },
    });
    await db.execute(
      sql`update call_records set final_at = now() - interval '5 years' where id = ${fresh.id}`,
    );
    await applyRetention(db, new Date(), testLogger);
    expect(await rowOf(fresh.id)).toMatchObject({ recordingKey: fresh.key });
  });
});
