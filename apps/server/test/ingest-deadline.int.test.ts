import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { formSubmissions } from "../src/db/schema/index.ts";
import { activeAssistant } from "./call-helpers.ts";
import { startTestRingback } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";
import { waitFor } from "./webhook-receiver.ts";

/**
 * A form delivery is answered within its deadline even when the database takes no answer at all
 * (here: a lock held on the submissions table, as a stuck connection or a restart would leave
 * it): 503 with Retry-After, never a request left hanging into the provider's own timeout. What
 * the stuck statement stores later is found again as a duplicate: the retry stores nothing twice.
 */
describe("a delivery never waits past its deadline", async () => {
  const app = await startTestRingback({
    env: { CODE_SENDS_PER_IP: "1000", INGEST_DEADLINE_MS: "1000" },
  });
  const db = app.database.db;
  const team = await createTeam(app.url, db, { label: "deadline" });
  const calls = await activeAssistant({
    url: app.url,
    db,
    secretKey: app.config.secretKey,
    owner: team.owner.client,
    organizationId: team.organization.id,
  });

  it("answers 503 with Retry-After while the database does not answer, and stores the retry once", async () => {
    const token = `deadline-${randomUUID()}`;
    const delivery = calls.delivery({ phone: "+1 415 555 0161", token });
    const locker = new pg.Client({ connectionString: app.database.url });
    await locker.connect();
    try {
      await locker.query("begin");
      await locker.query("lock table form_submissions in access exclusive mode");
      const started = Date.now();
      // The request would hang until the lock goes; 15 s is far beyond the deadline.
      const stuck = await calls.deliver(delivery, AbortSignal.timeout(15_000));
      expect(stuck.status).toBe(503);
      expect(Number(stuck.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await stuck.json()).toMatchObject({ error: { code: "unavailable" } });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await locker.query("rollback");
      await locker.end();
    }
    // The provider's retry, once the database answers again.
    const retried = await calls.deliver(delivery);
    expect(retried.status).toBe(200);
    const stored = await waitFor(async () => {
      const rows = await db
        .select({ id: formSubmissions.id })
        .from(formSubmissions)
        .where(eq(formSubmissions.providerResponseId, token));
      return rows.length > 0 ? rows : undefined;
    });
    // The statement left waiting on the lock ran when it was released: still one submission.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(
      await db
        .select({ id: formSubmissions.id })
        .from(formSubmissions)
        .where(eq(formSubmissions.providerResponseId, token)),
    ).toEqual(stored);
  });
});
