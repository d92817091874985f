import type { SignedLink } from "@ringback/contracts";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signLink } from "../src/auth/signed-links.ts";
import { pendingRecordings } from "../src/domain/calls/recordings.ts";
import { createSecretBox } from "../src/lib/secret-box.ts";
import { createPostgresRecordingStore } from "../src/providers/storage/postgres-recording-store.ts";
import { activeAssistant } from "./call-helpers.ts";
import { startTestRingback } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";
import { waitFor } from "./webhook-receiver.ts";

describe("call recordings: copied into Ringback's storage, played only by members", async () => {
  const app = await startTestRingback({
    env: { CODE_SENDS_PER_IP: "1000", CALL_SIMULATOR_RING_MS: "30", CALL_SIMULATOR_TURN_MS: "10" },
  });
  const db = app.database.db;
  const team = await createTeam(app.url, db);
  const org = team.organization.id;
  const calls = await activeAssistant({
    url: app.url,
    db,
    secretKey: app.config.secretKey,
    owner: team.owner.client,
    organizationId: org,
  });
  const token = "recorded-1";
  await calls.deliver(calls.delivery({ phone: "+1 415 555 0150", token }));
  const [call] = await calls.settled(token, 1);
  const stored = await waitFor(async () => {
    const [row] = await calls.attemptsFor(token);
    return row?.recordingKey ? row : undefined;
  }, 15_000);
  const recordingPath = `/api/organizations/${org}/call-records/${call!.id}/recording`;
  // What the provider (the simulator) serves: our copy must be the same bytes.
  const original = new Uint8Array(await (await fetch(stored.recordingUrl!)).arrayBuffer());

  it("copies the provider's recording and records its type and size", () => {
    expect(stored).toMatchObject({
      recordingKey: `${org}/${call!.id}`,
      recordingContentType: "audio/wav",
      recordingBytes: original.length,
    });
    expect(original.length).toBeGreaterThan(44); // more than a WAV header
  });

  it("gives each member a signed link that plays without a bearer token, with byte ranges", async () => {
    for (const user of [team.owner, team.admin, team.member]) {
      const link = await user.client.json<SignedLink>(`${recordingPath}-link`);
      expect(link.url.startsWith(`${recordingPath}?`)).toBe(true);
      expect(new Date(link.expiresAt).getTime()).toBeGreaterThan(Date.now());
      const whole = await fetch(app.url + link.url);
      expect(whole.status).toBe(200);
      expect(whole.headers.get("content-type")).toBe("audio/wav");
      expect(whole.headers.get("accept-ranges")).toBe("bytes");
      expect(new Uint8Array(await whole.arrayBuffer())).toEqual(original);
    }
    const link = await team.member.client.json<SignedLink>(`${recordingPath}-link`);
    const part = await fetch(app.url + link.url, { headers: { range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${original.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(original.subarray(100, 200));
    const tail = await fetch(app.url + link.url, { headers: { range: "bytes=-10" } });
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(original.subarray(-10));
    const beyond = await fetch(app.url + link.url, {
      headers: { range: `bytes=${original.length}-` },
    });
    expect(beyond.status).toBe(416);
    // A bearer token works on the same path too (for API clients).
    const bearer = await team.member.client.request(recordingPath);
    expect(bearer.status).toBe(200);
    await bearer.arrayBuffer();
  });

  it("saves the recording as a file through the same signed link with ?download=1", async () => {
    const link = await team.owner.client.json<SignedLink>(`${recordingPath}-link`);
    const played = await fetch(app.url + link.url);
    expect(played.headers.get("content-disposition")).toBe("inline");
    await played.arrayBuffer();
    const saved = await fetch(`${app.url}${link.url}&download=1`);
    expect(saved.status).toBe(200);
    expect(saved.headers.get("content-disposition")).toBe(
      `attachment; filename="call-${call!.id}.wav"`,
    );
    expect(new Uint8Array(await saved.arrayBuffer())).toEqual(original);
  });

  it("keeps everyone else out", async () => {
    const stranger = await createTeam(app.url, db, { label: "stranger" });
    // Another organization's member: no link, no audio.
    expect((await stranger.owner.client.request(`${recordingPath}-link`)).status).toBe(404);
    expect((await stranger.owner.client.request(recordingPath)).status).toBe(404);
    // No credentials at all.
    expect((await fetch(app.url + recordingPath)).status).toBe(401);
    // A member's link, moved to another path or with its expiry pushed back.
    const link = new URL(
      app.url + (await team.owner.client.json<SignedLink>(`${recordingPath}-link`)).url,
    );
    const strangerPath = `/api/organizations/${stranger.organization.id}/call-records/${call!.id}/recording`;
    expect((await fetch(`${app.url}${strangerPath}${link.search}`)).status).toBe(401);
    const extended = new URL(link);
    extended.searchParams.set("exp", String(Number(link.searchParams.get("exp")) + 3600));
    expect((await fetch(extended)).status).toBe(401);
    // A correctly signed link that has expired.
    const box = createSecretBox(app.config.secretKey);
    const expired = signLink(
      box,
      recordingPath,
      { userId: link.searchParams.get("uid")!, sessionId: link.searchParams.get("sid")! },
      new Date(Date.now() - 1000),
    );
    const refused = await fetch(app.url + expired);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      "This link has expired. Please try again.",
    );
    // A link issued to someone who has since been removed from the organization.
    const leaving = await team.member.client.json<SignedLink>(`${recordingPath}-link`);
    await team.owner.client.json(`/api/organizations/${org}/members/${team.member.memberId}`, {
      method: "DELETE",
    });
    expect((await fetch(app.url + leaving.url)).status).toBe(404);
    // And a link from a session that has signed out.
    const admins = await team.admin.client.json<SignedLink>(`${recordingPath}-link`);
    await team.admin.client.request("/api/auth/sign-out", { method: "POST", json: {} });
    expect((await fetch(app.url + admins.url)).status).toBe(401);
  });

  it("records a voicemail's missing recording once: one job per call, no retries, warn only", async () => {
    // Voicemail (last four digits 0004): the provider reports a recording URL that answers 404.
    const voicemail = "voicemail-1";
    await calls.deliver(calls.delivery({ phone: "+1 415 555 0004", token: voicemail }));
    const attempts = await calls.settled(voicemail, 3);
    const ids = attempts.map((a) => a.id);
    const jobs = async () =>
      (
        await db.execute<{ key: string; state: string; retries: number }>(sql`
          select singleton_key as key, state, retry_count as retries from pgboss.job
          where name = 'recordings.copy' and singleton_key in ${sql.raw(`('${ids.join("','")}')`)}`)
      ).rows;
    const done = await waitFor(async () => {
      const rows = await jobs();
      return rows.length === ids.length && rows.every((r) => r.state === "completed")
        ? rows
        : undefined;
    }, 15_000);
    expect(done.every((r) => r.retries === 0)).toBe(true);
    for (const attempt of await calls.attemptsFor(voicemail)) {
      expect(attempt.recordingUrl).toBeNull();
      expect(attempt.recordingKey).toBeNull();
    }
    // The sweeper finds nothing left to copy, so no further job is ever made for these calls.
    const pendingNow = await pendingRecordings(db, new Date(Date.now() + 120_000));
    expect(ids.filter((id) => pendingNow.includes(id))).toEqual([]);
    expect(await jobs()).toHaveLength(ids.length);
    // The queue keeps one job per call while it is queued, retrying or running.
    const [queue] = (
      await db.execute<{ policy: string }>(
        sql`select policy from pgboss.queue where name = 'recordings.copy'`,
      )
    ).rows;
    expect(queue?.policy).toBe("exclusive");
  });

  it("answers 404, before any byte, when the store does not hold the recording its row names", async () => {
    // As on a web machine that is not the one whose disk the recording went to.
    const moved = "recorded-elsewhere";
    await calls.deliver(calls.delivery({ phone: "+1 415 555 0151", token: moved }));
    const [elsewhere] = await calls.settled(moved, 1);
    const row = await waitFor(async () => {
      const [attempt] = await calls.attemptsFor(moved);
      return attempt?.recordingKey ? attempt : undefined;
    }, 15_000);
    // With DATABASE_URL set, recordings are in the database by default.
    expect(row.recordingStore).toBe("postgres");
    await createPostgresRecordingStore(app.database.pool).delete(row.recordingKey!);
    const path404 = `/api/organizations/${org}/call-records/${elsewhere!.id}/recording`;
    for (const range of [undefined, "bytes=0-99"]) {
      const response = await team.owner.client.request(path404, {
        headers: range ? { range } : {},
      });
      expect(response.status).toBe(404);
      expect(response.headers.get("content-range")).toBeNull();
      expect(await response.json()).toMatchObject({ error: { message: "Recording not found" } });
    }
    expect((await team.owner.client.request(`${path404}-link`)).status).toBe(404);
    // The other recordings still play.
    expect((await team.owner.client.request(recordingPath)).status).toBe(200);
  });
});
