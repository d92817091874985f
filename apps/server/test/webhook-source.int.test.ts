import { createHmac } from "node:crypto";
import type { AssistantEndpoint, FormFieldsResponse } from "@ringback/contracts";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { callRecords, formSubmissions } from "../src/db/schema/index.ts";
import { pathTokenOf } from "../src/providers/forms/webhook/auth.ts";
import { signUp } from "./auth-client.ts";
import { startTestRingback } from "./harness.ts";
import { waitFor } from "./webhook-receiver.ts";
import { webhookAssistants } from "./webhook-source-helpers.ts";

/**
 * Any form or tool by webhook: an assistant's own URL and secret, deliveries authenticated the
 * way the assistant chose (Standard Webhooks by default, an HMAC header, a bearer token or a path
 * token), JSON or form bodies, fields learned from a sample, and each delivery one lead.
 */
describe("the webhook source", async () => {
  const app = await startTestRingback({
    env: { CALL_SIMULATOR_RING_MS: "200", CALL_SIMULATOR_TURN_MS: "100" },
  });
  const db = app.database.db;
  const { client: owner, organization } = await signUp(app.url, db, {
    organizationName: "Hook Homes",
  });

  const assistants = webhookAssistants({ owner, db, organizationId: organization.id });
  const newAssistant = assistants.create;
  const activate = assistants.activate;

  const standardHeaders = (secret: string, body: string, id: string) => {
    const at = new Date();
    return {
      "content-type": "application/json",
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(secret).sign(id, at, body),
    };
  };

  const submissionsOf = (assistantId: string) =>
    db.select().from(formSubmissions).where(eq(formSubmissions.assistantId, assistantId));

  it("with Standard Webhooks: learns the fields from a sample, then calls each lead once", async () => {
    const { assistant, path, endpoint, secret } = await newAssistant("Website leads");
    expect(endpoint).toMatchObject({
      url: `${app.config.publicUrl}/api/webhooks/webhook/${assistant.id}`,
      secretHint: secret.slice(-4),
      sampleReceivedAt: null,
    });
    expect(secret).toMatch(/^whsec_/);
    // Shown once: the URL again, never the secret.
    const again = await owner.json<AssistantEndpoint>(`${path}/endpoint`);
    expect(again).toMatchObject({ url: endpoint.url, secret: null, secretHint: secret.slice(-4) });

    const sample = JSON.stringify({
      type: "lead.created",
      data: { name: "Sam Sample", phone: "+1 415 555 0134", email: "sam@example.com", ok: "yes" },
    });
    // Unsigned or wrongly signed: 401, with a JSON error.
    const unsigned = await fetch(endpoint.url, { method: "POST", body: sample });
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toMatchObject({
      error: { message: "The signature or token is missing or wrong." },
    });
    expect(
      (
        await fetch(endpoint.url, {
          method: "POST",
          body: sample,
          headers: standardHeaders(
            `whsec_${Buffer.from("x".repeat(32)).toString("base64")}`,
            sample,
            "msg_0",
          ),
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await fetch(endpoint.url, {
          method: "POST",
          body: sample,
          headers: standardHeaders(secret, sample, "msg_sample"),
        })
      ).status,
    ).toBe(200);
    expect(await submissionsOf(assistant.id)).toEqual([]);

    // The sample's fields, as flattened paths with the values they carried, likely ones first.
    const { fields } = await owner.json<FormFieldsResponse>(`${path}/fields`);
    expect(fields.phone[0]).toMatchObject({ id: "data.phone", example: "+1 415 555 0134" });
    expect(fields.email[0]).toMatchObject({ id: "data.email", example: "sam@example.com" });
    expect(fields.all.map((f) => f.id)).toEqual([
      "type",
      "data.name",
      "data.phone",
      "data.email",
      "data.ok",
    ]);
    expect(
      (await owner.json<AssistantEndpoint>(`${path}/endpoint`)).sampleReceivedAt,
    ).not.toBeNull();

    // Learn Again forgets the sample; the next submission teaches the fields again.
    const forgotten = await owner.json<AssistantEndpoint>(`${path}/endpoint/learn-again`, {
      method: "POST",
    });
    expect(forgotten.sampleReceivedAt).toBeNull();
    expect((await owner.request(`${path}/fields`)).status).toBe(409);
    expect(
      (
        await fetch(endpoint.url, {
          method: "POST",
          body: sample,
          headers: standardHeaders(secret, sample, "msg_sample_2"),
        })
      ).status,
    ).toBe(200);
    expect((await owner.json<FormFieldsResponse>(`${path}/fields`)).fields.all).toHaveLength(5);

    await activate(path, {
      phoneFieldId: "data.phone",
      checkboxFieldId: "data.ok",
      nameFieldId: "data.name",
      emailFieldId: "data.email",
    });
    const lead = JSON.stringify({
      type: "lead.created",
      data: { name: "Lee Lead", phone: "+1 415 555 2671", email: "lee@example.com", ok: "yes" },
    });
    const headers = standardHeaders(secret, lead, "msg_lead_1");
    expect((await fetch(endpoint.url, { method: "POST", body: lead, headers })).status).toBe(200);
    // The sender's retry of the same message (its webhook-id) is the same lead.
    const retry = standardHeaders(secret, lead, "msg_lead_1");
    expect((await fetch(endpoint.url, { method: "POST", body: lead, headers: retry })).status).toBe(
      200,
    );

    const [submission, ...others] = await submissionsOf(assistant.id);
    expect(others).toEqual([]);
    expect(submission).toMatchObject({
      provider: "webhook",
      providerResponseId: "webhook-id:msg_lead_1",
      respondentName: "Lee Lead",
      respondentEmail: "lee@example.com",
      respondentPhoneNumber: "+14155552671",
      status: "call_scheduled",
    });
    // An active assistant keeps what it learned.
    const relearn = await owner.request(`${path}/endpoint/learn-again`, { method: "POST" });
    expect(relearn.status).toBe(409);
    expect(await relearn.json()).toMatchObject({
      error: { message: "Deactivate the assistant to learn its fields again." },
    });
    const final = await waitFor(async () => {
      const rows = await db
        .select()
        .from(callRecords)
        .where(eq(callRecords.submissionId, submission!.id));
      return rows.length === 1 && rows[0]!.finalAt ? rows[0] : undefined;
    }, 20_000);
    expect(final).toMatchObject({ status: "answered", callAttempt: 1 });
  });

  it("with an HMAC header, a form body: one lead per body, and bad bodies answered in words", async () => {
    const { assistant, path, endpoint, secret } = await newAssistant("Form posts");
    const settings = await owner.json<AssistantEndpoint>(`${path}/endpoint/settings`, {
      method: "PUT",
      json: { auth: { mode: "hmac", header: "X-Signature", encoding: "hex", prefix: "sha256=" } },
    });
    expect(settings.settings).toEqual({
      preset: "custom",
      auth: { mode: "hmac", header: "x-signature", encoding: "hex", prefix: "sha256=" },
    });
    const bad = await owner.request(`${path}/endpoint/settings`, {
      method: "PUT",
      json: { auth: { mode: "hmac", header: "x sig", encoding: "hex" } },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { message: "Enter a header name: letters, digits and dashes" },
    });

    const post = (body: string, type = "application/x-www-form-urlencoded") =>
      fetch(endpoint.url, {
        method: "POST",
        body,
        headers: {
          "content-type": type,
          "x-signature": `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`,
        },
      });
    expect((await post("your-name=Sam&your-phone=4155550134&consent=1")).status).toBe(200);
    await activate(path, {
      phoneFieldId: "your-phone",
      checkboxFieldId: "consent",
      nameFieldId: "your-name",
      emailFieldId: null,
    });
    const body = "your-name=Lee+Lead&your-phone=%2B14155552671&consent=1";
    expect((await post(body)).status).toBe(200);
    expect((await post(body)).status).toBe(200);
    expect(await submissionsOf(assistant.id)).toMatchObject([
      { respondentName: "Lee Lead", respondentPhoneNumber: "+14155552671" },
    ]);

    // What a tool's log shows the user: a JSON error saying what was wrong.
    const empty = await post("", "application/json");
    expect(empty.status).toBe(422);
    expect(await empty.json()).toMatchObject({
      error: { message: "The body is empty: send the lead's fields as JSON or as a form." },
    });
    const broken = await post("{nope", "application/json");
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({
      error: { message: "The body is not valid JSON." },
    });
  });

  it("with a bearer token or a path token, and a rotated secret that keeps working for a day", async () => {
    const { path, endpoint, secret } = await newAssistant("Zap");
    await owner.json(`${path}/endpoint/settings`, {
      method: "PUT",
      json: { auth: { mode: "bearer" } },
    });
    const body = JSON.stringify({ phone: "+14155550134", call: true });
    const bearer = (token: string) =>
      fetch(endpoint.url, {
        method: "POST",
        body,
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      });
    expect((await bearer(secret)).status).toBe(200);
    expect((await bearer("wrong")).status).toBe(401);

    // A new secret, shown once; the old one still works meanwhile, and the new one at once.
    const rotated = await owner.json<AssistantEndpoint>(`${path}/endpoint/rotate-secret`, {
      method: "POST",
    });
    expect(rotated.secret).not.toBe(secret);
    expect(rotated.previousSecretUntil).not.toBeNull();
    // Each process reads an assistant afresh within two seconds (DELIVERY_ASSISTANT_TTL_MS).
    await waitFor(
      async () => ((await bearer(rotated.secret!)).status === 200 ? true : undefined),
      5_000,
    );
    expect((await bearer(secret)).status).toBe(200);

    // A path token: the URL to paste carries it, shown with a new secret.
    await owner.json(`${path}/endpoint/settings`, {
      method: "PUT",
      json: { auth: { mode: "path" } },
    });
    const withPath = await owner.json<AssistantEndpoint>(`${path}/endpoint/rotate-secret`, {
      method: "POST",
    });
    expect(withPath.url).toBe(`${endpoint.url}/${pathTokenOf(withPath.secret!)}`);
    expect((await owner.json<AssistantEndpoint>(`${path}/endpoint`)).url).toBe(endpoint.url);
    const viaPath = (url: string) =>
      fetch(url, { method: "POST", body, headers: { "content-type": "application/json" } });
    await waitFor(
      async () => ((await viaPath(withPath.url)).status === 200 ? true : undefined),
      5_000,
    );
    expect((await viaPath(endpoint.url)).status).toBe(401);
    expect((await viaPath(`${endpoint.url}/not-the-token`)).status).toBe(401);
  });
});
