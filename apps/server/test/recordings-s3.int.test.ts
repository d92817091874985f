import type { SignedLink } from "@ringback/contracts";
import { afterAll, describe, expect, it } from "vitest";
import { createS3RecordingStore } from "../src/providers/storage/s3-recording-store.ts";
import { activeAssistant } from "./call-helpers.ts";
import { startTestRingback } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";
import { startS3Server } from "./s3-server.ts";
import { waitFor } from "./webhook-receiver.ts";

/**
 * With S3_BUCKET set, a worker copies each recording into the bucket and members
 * play it through Ringback with byte ranges, as from any other store.
 */
describe("recordings in an S3 bucket", async () => {
  const s3 = await startS3Server();
  afterAll(() => s3.stop());
  const app = await startTestRingback({
    env: {
      CODE_SENDS_PER_IP: "1000",
      CALL_SIMULATOR_RING_MS: "30",
      CALL_SIMULATOR_TURN_MS: "10",
      ...s3.env,
    },
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

  it("copies the recording into the bucket and plays it from there, with ranges", async () => {
    await calls.deliver(calls.delivery({ phone: "+1 415 555 0171", token: "s3-call" }));
    const [call] = await calls.settled("s3-call", 1);
    const row = await waitFor(async () => {
      const [attempt] = await calls.attemptsFor("s3-call");
      return attempt?.recordingKey ? attempt : undefined;
    }, 15_000);
    expect(row).toMatchObject({ recordingStore: "s3", recordingKey: `${org}/${call!.id}` });
    const original = new Uint8Array(await (await fetch(row.recordingUrl!)).arrayBuffer());
    // The object is in the bucket, under the configured prefix.
    const bucket = createS3RecordingStore(s3.options);
    expect(await bucket.size(row.recordingKey!)).toBe(original.length);

    const path = `/api/organizations/${org}/call-records/${call!.id}/recording`;
    const link = await team.member.client.json<SignedLink>(`${path}-link`);
    const whole = await fetch(app.url + link.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("audio/wav");
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(original);
    const part = await fetch(app.url + link.url, { headers: { range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${original.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(original.slice(100, 200));

    // Gone from the bucket: a 404 before any byte, not a broken 206.
    await bucket.delete(row.recordingKey!);
    const missing = await team.member.client.request(path, { headers: { range: "bytes=0-99" } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-range")).toBeNull();
  });
});
