import type { SourceDelivery } from "@ringback/contracts";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  formAssistants,
  formSubmissions,
  sandboxTypeformResponses,
} from "../src/db/schema/index.ts";
import { backfillAssistant } from "../src/domain/submissions/backfill.ts";
import { startQueue, stopQueue } from "../src/queue/queue.ts";
import { createServices } from "../src/services.ts";
import { signUp } from "./auth-client.ts";
import { activeAssistant } from "./call-helpers.ts";
import { startTestRingback, testLogger } from "./harness.ts";
import { waitFor } from "./webhook-receiver.ts";

/**
 * Typeform, nothing missed: a response its webhook never delivered is read back from the
 * Responses API (the sandbox's, as Typeform documents it) and called once, however often it is
 * read; one older than the assistant's "call leads up to N hours old" is stored as too old to
 * call; a response from before the activation is never read back.
 */
describe("the Typeform backfill", async () => {
  const app = await startTestRingback({
    env: { CALL_SIMULATOR_RING_MS: "200", CALL_SIMULATOR_TURN_MS: "100" },
  });
  const db = app.database.db;
  const { client: owner, organization } = await signUp(app.url, db, {
    organizationName: "Backfill Builders",
  });
  const { assistantId, path, form, delivery, settled } = await activeAssistant({
    url: app.url,
    db,
    secretKey: app.config.secretKey,
    owner,
    organizationId: organization.id,
  });
  // The backfill as the worker runs it, with a queue of its own on the app's database.
  const queue = await startQueue({ url: app.databaseUrl, logger: testLogger, runsWorkers: false });
  afterAll(() => stopQueue(queue, 5_000));
  const services = createServices({
    config: app.config,
    db,
    pool: app.database.pool,
    queue,
    logger: testLogger,
  });

  /** A response stored in the sandbox as if its webhook had failed: only the API has it. */
  async function missedResponse(token: string, phone: string, submittedAt: Date) {
    const body = JSON.parse(delivery({ phone, token, name: `Missed ${token}` })) as {
      form_response: Record<string, unknown>;
    };
    body.form_response.submitted_at = submittedAt.toISOString();
    await db.insert(sandboxTypeformResponses).values({
      token,
      formId: form.id,
      payload: JSON.stringify(body),
      landedAt: new Date(submittedAt.getTime() - 60_000),
      submittedAt,
    });
  }

  const submission = async (token: string) =>
    (
      await db.select().from(formSubmissions).where(eq(formSubmissions.providerResponseId, token))
    )[0];

  it("reads back what the webhook missed, calls it once, and never a response from before the activation", async () => {
    const [activated] = await db
      .select()
      .from(formAssistants)
      .where(eq(formAssistants.id, assistantId));
    expect(activated!.backfillFrom).not.toBeNull();
    await missedResponse(
      "before0activation0000000000000a",
      "+14155550150",
      new Date(Date.now() - 60 * 60_000),
    );
    await missedResponse("missed0fresh00000000000000000001", "+14155550151", new Date());

    const first = await backfillAssistant(services.ingestion, assistantId);
    expect(first).toMatchObject({ read: 1, stored: 1, tooOld: 0 });
    expect(await submission("before0activation0000000000000a")).toBeUndefined();
    const [call] = await settled("missed0fresh00000000000000000001", 1);
    expect(call).toMatchObject({ status: "answered" });

    // Read again (the overlap): the same response is the same lead.
    const again = await backfillAssistant(services.ingestion, assistantId);
    expect(again).toMatchObject({ read: 1, stored: 0, duplicates: 1 });
    const rows = await db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.assistantId, assistantId));
    expect(rows.map((r) => r.providerResponseId)).toEqual(["missed0fresh00000000000000000001"]);

    const log = await waitFor(async () => {
      const list = await owner.json<SourceDelivery[]>(`${path}/deliveries`);
      return list.length > 0 ? list : undefined;
    });
    expect(log[0]).toMatchObject({
      result: "accepted",
      detail: "Read back from Typeform: its webhook had not delivered it.",
      body: null,
      callRecordId: call!.id,
    });
  });

  it("after days without reading back, an old response is stored as too old to call", async () => {
    // Only this test's responses: the one from before the first activation goes.
    await db
      .delete(sandboxTypeformResponses)
      .where(eq(sandboxTypeformResponses.token, "before0activation0000000000000a"));
    // Ringback was down for three days: its last read was then.
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 60 * 60_000);
    await db
      .update(formAssistants)
      .set({ backfillFrom: threeDaysAgo, backfilledThrough: threeDaysAgo })
      .where(eq(formAssistants.id, assistantId));
    await missedResponse(
      "missed0old000000000000000000002",
      "+14155550152",
      new Date(Date.now() - 2 * 24 * 60 * 60_000),
    );
    await missedResponse(
      "missed0recent0000000000000000003",
      "+14155550153",
      new Date(Date.now() - 2 * 60 * 60_000),
    );

    const result = await backfillAssistant(services.ingestion, assistantId);
    expect(result).toMatchObject({ stored: 2, tooOld: 1 });
    expect(await submission("missed0old000000000000000000002")).toMatchObject({
      status: "too_old",
    });
    await settled("missed0old000000000000000000002", 0);
    const [recent] = await settled("missed0recent0000000000000000003", 1);
    expect(recent).toMatchObject({ status: "answered" });
    const log = await waitFor(async () => {
      const list = await owner.json<SourceDelivery[]>(`${path}/deliveries`);
      return list.some((d) => d.result === "too-old") ? list : undefined;
    });
    expect(log.find((d) => d.result === "too-old")).toMatchObject({ httpStatus: 200 });
    // The cursor moved to the newest response read.
    const [after] = await db
      .select()
      .from(formAssistants)
      .where(eq(formAssistants.id, assistantId));
    expect(after!.backfilledThrough!.getTime()).toBeGreaterThan(Date.now() - 3 * 60 * 60_000);
  });
});
