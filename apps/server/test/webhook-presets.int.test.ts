import { createHmac } from "node:crypto";
import {
  type AssistantEndpoint,
  FORM_CONSENT_TEXT_FIELD,
  type FormFieldsResponse,
  type SourceDelivery,
} from "@ringback/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callRecords, formSubmissions } from "../src/db/schema/index.ts";
import { signUp } from "./auth-client.ts";
import { startTestRingback } from "./harness.ts";
import { waitFor } from "./webhook-receiver.ts";
import { webhookAssistants } from "./webhook-source-helpers.ts";

/**
 * The webhook source's presets end to end: Google Ads (its key in the body, test leads never
 * dialled, one lead per lead_id, consent from the form's own text), a tool's own secret
 * (WPForms), a body-made id counted for a day (Contact Form 7), a mapped field missing, and
 * "Recent deliveries" saying what became of each request.
 */
describe("webhook presets", async () => {
  const app = await startTestRingback({
    env: { CALL_SIMULATOR_RING_MS: "200", CALL_SIMULATOR_TURN_MS: "100" },
  });
  const db = app.database.db;
  const { client: owner, organization } = await signUp(app.url, db, {
    organizationName: "Preset Plumbing",
  });

  const assistants = webhookAssistants({ owner, db, organizationId: organization.id });
  const activate = assistants.activate;
  /** A new webhook assistant set to a preset. */
  async function newAssistant(name: string, preset: string) {
    const made = await assistants.create(name);
    const saved = await owner.json<AssistantEndpoint>(`${made.path}/endpoint/settings`, {
      method: "PUT",
      json: { preset },
    });
    return { ...made, saved };
  }

  /** "Recent deliveries" once it lists `count` requests (lines are written in the background). */
  const deliveries = (path: string, count: number) =>
    waitFor(async () => {
      const list = await owner.json<SourceDelivery[]>(`${path}/deliveries`);
      return list.length >= count ? list : undefined;
    }, 10_000);
  const submissionsOf = (assistantId: string) =>
    db.select().from(formSubmissions).where(eq(formSubmissions.assistantId, assistantId));

  it("Google Ads: the test lead teaches the fields and is never dialled; a lead is called once, on the form's own consent text", async () => {
    const { assistant, path, endpoint, saved, secret } = await newAssistant(
      "Ads leads",
      "google-ads",
    );
    expect(saved.settings).toEqual({ preset: "google-ads", auth: { mode: "google-key" } });
    expect(saved.testSubmissions).toBe(true);

    // "Send a test submission": Google's test lead, with the key the advertiser set.
    const sent = await owner.json<{ result: string; label: string }>(`${path}/deliveries/test`, {
      method: "POST",
    });
    expect(sent).toMatchObject({ result: "test-lead", label: "Test lead" });
    const { fields } = await owner.json<FormFieldsResponse>(`${path}/fields`);
    expect(fields.phone[0]!.id).toBe("PHONE_NUMBER");
    expect(fields.text[0]!.id).toBe("FULL_NAME");
    expect(fields.email[0]!.id).toBe("EMAIL");
    // No checkbox on a Google Ads form: the form's own consent text comes first.
    expect(fields.checkbox[0]!.id).toBe(FORM_CONSENT_TEXT_FIELD);
    const [logged] = await deliveries(path, 1);
    expect(logged).toMatchObject({ result: "test-lead", httpStatus: 200, callRecordId: null });
    expect(logged!.body).toContain('"google_key": "[redacted]"');
    expect(logged!.body).not.toContain(secret);

    // Consent text is required with that choice, like the other required fields.
    const noText = await owner.request(`${path}/fields`, {
      method: "PUT",
      json: {
        phoneFieldId: "PHONE_NUMBER",
        checkboxFieldId: FORM_CONSENT_TEXT_FIELD,
        nameFieldId: "FULL_NAME",
        emailFieldId: "EMAIL",
      },
    });
    expect(noText.status).toBe(400);
    expect(await noText.json()).toMatchObject({
      error: { message: "Paste the consent text your form shows" },
    });
    const consentText = "By submitting, you agree that Preset Plumbing may call you.";
    await activate(path, {
      phoneFieldId: "PHONE_NUMBER",
      checkboxFieldId: FORM_CONSENT_TEXT_FIELD,
      nameFieldId: "FULL_NAME",
      emailFieldId: "EMAIL",
      consentText,
    } as Record<string, string>);

    const lead = (leadId: string, extra: Record<string, unknown> = {}) =>
      JSON.stringify({
        lead_id: leadId,
        user_column_data: [
          { column_name: "Full Name", string_value: "Gia Google", column_id: "FULL_NAME" },
          { column_name: "User Phone", string_value: "+14155552671", column_id: "PHONE_NUMBER" },
          { column_name: "User Email", string_value: "gia@example.com", column_id: "EMAIL" },
        ],
        api_version: "1.0",
        form_id: "<form id>",
        campaign_id: 123456,
        google_key: secret,
        ...extra,
        // A 64-bit id as Google sends it: a JSON number no double holds exactly.
      }).replace('"<form id>"', "9007199254740993");
    const post = (body: string) =>
      fetch(endpoint.url, {
        method: "POST",
        body,
        headers: { "content-type": "application/json" },
      });
    expect((await post(lead("lead-1").replace(secret, "guess"))).status).toBe(401);
    // A test lead while active: stored and shown, never dialled.
    expect((await post(lead("lead-test", { is_test: true }))).status).toBe(200);
    expect((await post(lead("lead-1"))).status).toBe(200);
    expect((await post(lead("lead-1"))).status).toBe(200);

    const stored = await submissionsOf(assistant.id);
    expect(stored.map((s) => [s.providerResponseId, s.status, s.isTest]).sort()).toEqual([
      ["lead:lead-1", "call_scheduled", false],
      ["lead:lead-test", "test_lead", true],
    ]);
    const real = stored.find((s) => s.status === "call_scheduled")!;
    expect(real.answers).toMatchObject({ answers: { form_id: "9007199254740993" } });
    expect(JSON.stringify(real.answers)).not.toContain(secret);
    expect(real.consent).toMatchObject({
      question: { id: FORM_CONSENT_TEXT_FIELD, description: consentText },
      answer: "Submitted the form, which shows this consent text",
      source: "webhook",
    });
    const test = stored.find((s) => s.status === "test_lead")!;
    expect(
      await db.select().from(callRecords).where(eq(callRecords.submissionId, test.id)),
    ).toEqual([]);
    const final = await waitFor(async () => {
      const rows = await db.select().from(callRecords).where(eq(callRecords.submissionId, real.id));
      return rows.length === 1 && rows[0]!.finalAt ? rows[0] : undefined;
    }, 20_000);
    expect(final).toMatchObject({ status: "answered" });

    const log = await deliveries(path, 5);
    expect(log.map((d) => d.result)).toEqual([
      "duplicate",
      "accepted",
      "test-lead",
      "refused-signature",
      "test-lead",
    ]);
    expect(log[1]!.callRecordId).toBe(final!.id);
    expect(log[3]!.httpStatus).toBe(401);
  });

  it("WPForms: the tool's own secret signs, and a preset refuses a way its tool cannot sign", async () => {
    const { path, endpoint } = await newAssistant("WordPress", "wpforms");
    const wrong = await owner.request(`${path}/endpoint/settings`, {
      method: "PUT",
      json: { preset: "wpforms", auth: { mode: "bearer" } },
    });
    expect(wrong.status).toBe(400);
    const toolSecret = "Q7r!x#not-a-real-64-char-wp_generate_password-secret[]{}<>~";
    const used = await owner.json<AssistantEndpoint>(`${path}/endpoint/secret`, {
      method: "PUT",
      json: { secret: toolSecret },
    });
    expect(used).toMatchObject({ secret: null, secretHint: toolSecret.slice(-4) });
    expect(used.previousSecretUntil).not.toBeNull();
    const body = JSON.stringify({
      name: "Wes",
      phone: "+14155550134",
      consent: "yes",
      entry_id: 7,
    });
    const t = Math.floor(Date.now() / 1000);
    const signature = createHmac("sha256", toolSecret).update(`${t}.${body}`).digest("hex");
    const response = await waitFor(async () => {
      const answer = await fetch(endpoint.url, {
        method: "POST",
        body,
        headers: {
          "content-type": "application/json; charset=utf-8",
          "x-wpforms-webhook-signature": `t=${t},v=${signature}`,
        },
      });
      return answer.status === 200 ? answer : undefined;
    }, 5_000);
    expect(response.status).toBe(200);
    const { fields } = await owner.json<FormFieldsResponse>(`${path}/fields`);
    expect(fields.phone[0]!.id).toBe("phone");
    expect(fields.checkbox[0]!.id).toBe("consent");
  });

  it("Contact Form 7: the same body within a day is one lead; a missing phone field is refused in words", async () => {
    const { assistant, path, endpoint, secret } = await newAssistant("Contact", "contact-form-7");
    const post = (payload: Record<string, unknown>) =>
      fetch(endpoint.url, {
        method: "POST",
        body: JSON.stringify(payload),
        headers: { "content-type": "application/json", authorization: `Bearer ${secret}` },
      });
    expect((await post({ "your-name": "Cy", "your-tel": "+14155550134", ok: "1" })).status).toBe(
      200,
    );
    await activate(path, {
      phoneFieldId: "your-tel",
      checkboxFieldId: "ok",
      nameFieldId: "your-name",
      emailFieldId: null,
    });
    const lead = { "your-name": "Cy Seven", "your-tel": "+14155552671", ok: "1" };
    expect((await post(lead)).status).toBe(200);
    expect((await post(lead)).status).toBe(200);
    const [stored, ...more] = await submissionsOf(assistant.id);
    expect(more).toEqual([]);
    const day = Math.floor(Date.now() / 86_400_000);
    expect(stored!.providerResponseId).toMatch(new RegExp(`^sha256:[0-9a-f]{64}@${day}$`));

    // Stored yesterday (less than a day ago): still the same delivery today.
    await db
      .update(formSubmissions)
      .set({
        providerResponseId: stored!.providerResponseId.replace(`@${day}`, `@${day - 1}`),
        createdAt: new Date(Date.now() - 60_000),
      })
      .where(eq(formSubmissions.id, stored!.id));
    expect((await post(lead)).status).toBe(200);
    expect(await submissionsOf(assistant.id)).toHaveLength(1);
    // More than a day ago: a new lead.
    await db
      .update(formSubmissions)
      .set({ createdAt: new Date(Date.now() - 86_400_000 - 60_000) })
      .where(eq(formSubmissions.id, stored!.id));
    expect((await post(lead)).status).toBe(200);
    expect(await submissionsOf(assistant.id)).toHaveLength(2);

    const missing = await post({ "your-name": "No Phone", ok: "1" });
    expect(missing.status).toBe(422);
    expect(await missing.json()).toMatchObject({
      error: {
        message:
          'No phone number: this assistant reads it from the field "your-tel", which the request does not have.',
      },
    });
    const log = await deliveries(path, 6);
    expect(log.map((d) => d.result)).toEqual([
      "refused-no-phone",
      "accepted",
      "duplicate",
      "duplicate",
      "accepted",
      "sample",
    ]);
    expect(log[0]).toMatchObject({ httpStatus: 422 });
  });

  it("Recent deliveries belong to their organization", async () => {
    const { path } = await newAssistant("Private", "zapier");
    const { client: stranger } = await signUp(app.url, db, { organizationName: "Elsewhere" });
    expect((await stranger.request(`${path}/deliveries`)).status).toBe(404);
    expect((await stranger.request(`${path}/deliveries/test`, { method: "POST" })).status).toBe(
      404,
    );
    expect(await owner.json<SourceDelivery[]>(`${path}/deliveries`)).toEqual([]);
  });
});
