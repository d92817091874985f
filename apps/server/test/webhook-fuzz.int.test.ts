import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSecretBox } from "../src/lib/secret-box.ts";
import { signTypeformPayload } from "../src/providers/forms/typeform/typeform-signature.ts";
import { signBlandPayload } from "../src/providers/voice/bland/bland-signature.ts";
import { simulatorCredentials } from "../src/providers/voice/simulator/credentials.ts";
import { startTestRingback } from "./harness.ts";

/**
 * Whatever arrives at the public webhook endpoints — garbage, JSON of any shape, mutations of a
 * valid delivery, signed or not — the answer is never a 5xx and nobody is called.
 */
describe("webhook endpoints under random input", async () => {
  const app = await startTestRingback();
  const db = app.database.db;
  const assistantId = "00000000-0000-4000-8000-000000000001";
  // An active assistant with a known secret, so signed garbage gets past the signature check.
  await db.execute(
    sql`insert into users (id, email, name) values ('fuzz-user', 'fuzz@example.com', 'Fuzz')`,
  );
  await db.execute(
    sql`insert into organizations (id, name, slug) values ('fuzz-org', 'Fuzz', 'fuzz')`,
  );
  const box = createSecretBox(app.config.secretKey);
  await db.execute(sql`
    insert into form_assistants (id, organization_id, provider, name, form_id, phone_field_id,
      checkbox_field_id, assistant_script, is_active, webhook_secret_encrypted,
      calling_window_start, calling_window_end)
    values (${assistantId}, 'fuzz-org', 'typeform', 'Fuzz', 'form1', 'p', 'c', 'Hi', true,
      ${box.encrypt("fuzz-secret")}, '00:00', '23:59')`);
  const voiceSecret = simulatorCredentials(app.config.secretKey).webhookSecret;

  const validDelivery = JSON.stringify({
    event_type: "form_response",
    form_response: {
      form_id: "form1",
      token: "valid",
      answers: [
        {
          type: "phone_number",
          phone_number: "+14155550155",
          field: { id: "p", type: "phone_number" },
        },
        { type: "boolean", boolean: true, field: { id: "c", type: "yes_no" } },
      ],
    },
  });

  const bodies = fc.oneof(
    fc.string(),
    fc.json(),
    fc.jsonValue().map((v) => JSON.stringify({ event_type: "form_response", form_response: v })),
    fc
      .tuple(fc.nat(validDelivery.length - 1), fc.string({ minLength: 1, maxLength: 1 }))
      .map(([at, ch]) => validDelivery.slice(0, at) + ch + validDelivery.slice(at + 1)),
  );

  it("never answers 5xx to a form delivery, and calls nobody for a malformed one", async () => {
    await fc.assert(
      fc.asyncProperty(bodies, fc.boolean(), async (body, signed) => {
        const response = await fetch(`${app.url}/api/webhooks/typeform/${assistantId}`, {
          method: "POST",
          body,
          headers: signed ? { "typeform-signature": signTypeformPayload(body, "fuzz-secret") } : {},
        });
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
    // Only bodies that are a well-formed delivery for this form with a valid, available number
    // may have created a call; malformed ones never do.
    const calls = await db.execute(sql`
      select count(*)::int as n from call_records c join form_submissions s on s.id = c.submission_id
      where s.status <> 'call_scheduled'`);
    expect((calls.rows[0] as { n: number }).n).toBe(0);
  });

  // Whatever the assistant's stored settings are (written by an older version, by hand, or by a
  // bug) and whatever number the respondent typed, a correctly signed delivery is acknowledged
  // and stored: a lead is never lost to a setting.
  const zones = fc.oneof(
    fc.constantFrom("America/New_York", "Europe/Berlin", "UTC", "Asia/Kolkata"),
    fc.constantFrom("Mars/Olympus", "", " ", "+05:00", "America/Nowhere", "utc ", "../etc"),
    // PostgreSQL text cannot hold NUL, so no stored setting contains one.
    fc.string({ maxLength: 70 }).map((z) => z.replaceAll("\u0000", "")),
  );
  const windowTimes = fc.oneof(
    fc.constantFrom("00:00", "08:00", "09:00", "20:00", "21:00", "23:59"),
    fc.constantFrom("", "25:99", "9:00", "noon", "24:00", "-1:00"),
  );
  const phones = fc.oneof(
    // Toll-free and unknown area codes have no zone of their own: the assistant's zone decides.
    fc.constantFrom("+18005550123", "+18885550123", "+18775550123", "+19995550123"),
    fc.constantFrom("+447911123456", "+61412345678", "+919812345678", "+5511912345678"),
    fc.constantFrom("+81312345678", "+33612345678", "4155550123", "(415) 555-0123", "+1", ""),
    fc.string({ maxLength: 20 }).map((p) => p.replaceAll("\u0000", "")),
  );
  let deliveryCount = 0;

  it("acknowledges and stores every signed delivery whatever the assistant's settings", async () => {
    const acknowledged: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        zones,
        windowTimes,
        windowTimes,
        fc.integer({ min: -5, max: 1000 }),
        fc.integer({ min: -60, max: 100_000 }),
        phones,
        async (zone, start, end, maxAttempts, retryDelay, phone) => {
          deliveryCount += 1;
          const id = `00000000-0000-4000-9000-${String(deliveryCount).padStart(12, "0")}`;
          await db.execute(sql`
            insert into form_assistants (id, organization_id, provider, name, form_id,
              phone_field_id, checkbox_field_id, assistant_script, is_active,
              webhook_secret_encrypted, calling_window_start, calling_window_end,
              default_time_zone, max_attempts, retry_delay_minutes)
            values (${id}, 'fuzz-org', 'typeform', 'Settings fuzz', ${`form-${id}`}, 'p', 'c',
              'Hi {name}', true, ${box.encrypt("fuzz-secret")}, ${start}, ${end}, ${zone},
              ${maxAttempts}, ${retryDelay})`);
          const token = `settings-${deliveryCount}`;
          const body = JSON.stringify({
            event_id: `event-${deliveryCount}`,
            event_type: "form_response",
            form_response: {
              form_id: `form-${id}`,
              token,
              submitted_at: new Date().toISOString(),
              answers: [
                {
                  type: "phone_number",
                  phone_number: phone,
                  field: { id: "p", type: "phone_number" },
                },
                { type: "boolean", boolean: true, field: { id: "c", type: "yes_no" } },
              ],
            },
          });
          const response = await fetch(`${app.url}/api/webhooks/typeform/${id}`, {
            method: "POST",
            body,
            headers: { "typeform-signature": signTypeformPayload(body, "fuzz-secret") },
          });
          expect(response.status, await response.clone().text()).toBe(200);
          acknowledged.push(token);
        },
      ),
      { numRuns: 80 },
    );
    const stored = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from form_submissions where provider_response_id like 'settings-%'`);
    expect(stored.rows[0]!.n).toBe(acknowledged.length);
  });

  it("never answers 5xx to a voice webhook", async () => {
    await fc.assert(
      fc.asyncProperty(bodies, fc.boolean(), async (body, signed) => {
        const response = await fetch(`${app.url}/api/voice-webhooks/bland`, {
          method: "POST",
          body,
          headers: signed ? { "x-webhook-signature": signBlandPayload(body, voiceSecret) } : {},
        });
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });
});
