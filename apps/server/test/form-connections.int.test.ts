import type {
  AssistantDetail,
  FormConnection,
  FormFieldsResponse,
  FormListItem,
} from "@ringback/contracts";
import { apiErrorSchema } from "@ringback/contracts";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formAssistants, formCredentials, formSubmissions } from "../src/db/schema/index.ts";
import { createSecretBox } from "../src/lib/secret-box.ts";
import { signTypeformPayload } from "../src/providers/forms/typeform/typeform-signature.ts";
import { TestClient } from "./auth-client.ts";
import { connectTypeform } from "./form-connection-helpers.ts";
import { startTestRingback } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";

describe("connecting Typeform (sandbox) and configuring assistants", async () => {
  const app = await startTestRingback({ env: { CODE_SENDS_PER_IP: "1000" } });
  const db = app.database.db;
  const team = await createTeam(app.url, db);
  const org = team.organization.id;
  const owner = team.owner.client;
  const base = `/api/organizations/${org}`;

  it("is not connected at first", async () => {
    const connection = await owner.json<FormConnection>(`${base}/form-connections/typeform`);
    expect(connection).toMatchObject({ provider: "typeform", connected: false, sandbox: true });
  });

  it("Deny comes back as an error and stores nothing", async () => {
    const { finalUrl } = await connectTypeform(owner, org, { decision: "deny" });
    expect(finalUrl.pathname).toBe("/admin/form-connection/typeform");
    expect(finalUrl.searchParams.get("auth")).toBe("error");
    expect(finalUrl.searchParams.get("reason")).toBe("access_denied");
    expect(await db.select().from(formCredentials)).toHaveLength(0);
    // The empty assistant that Connect created for the attempt is gone too.
    expect(await db.select().from(formAssistants)).toHaveLength(0);
  });

  let assistantId = "";
  it("Allow connects, lands on the assistant, stores tokens encrypted", async () => {
    const result = await connectTypeform(owner, org);
    assistantId = result.assistantId;
    expect(result.finalUrl.searchParams.get("auth")).toBe("success");
    expect(result.finalUrl.searchParams.get("assistantId")).toBe(assistantId);
    const connection = await owner.json<FormConnection>(`${base}/form-connections/typeform`);
    expect(connection).toMatchObject({ connected: true, sandbox: true });
    const [row] = await db.select().from(formCredentials);
    expect(row!.accessTokenEncrypted).toMatch(/^v1\./);
    const box = createSecretBox(app.config.secretKey);
    expect(box.decrypt(row!.accessTokenEncrypted)).toMatch(/^[0-9a-f]{40}$/);

    // Replaying the provider's redirect: the state is spent.
    const replay = await fetch(result.callbackUrl!, { redirect: "manual" });
    expect(new URL(replay.headers.get("location")!).searchParams.get("reason")).toBe(
      "invalid_state",
    );
  });

  it("refuses forged and expired states without storing anything", async () => {
    const before = await db.select().from(formCredentials);
    const forged = await fetch(
      `${app.url}/api/form-connections/typeform/callback?code=x&state=00000000-0000-0000-0000-000000000000.bad`,
      { redirect: "manual" },
    );
    expect(new URL(forged.headers.get("location")!).searchParams.get("reason")).toBe(
      "invalid_state",
    );
    const { url } = await owner.json<{ url: string }>(
      `${base}/form-connections/typeform/authorize?reconnect=true`,
      { method: "POST", json: { assistantId } },
    );
    const state = new URL(url).searchParams.get("state")!;
    await db.execute(sql`update oauth_states set expires_at = now() - interval '1 second'`);
    const expired = await fetch(
      `${app.url}/api/form-connections/typeform/callback?code=x&state=${encodeURIComponent(state)}`,
      { redirect: "manual" },
    );
    expect(new URL(expired.headers.get("location")!).searchParams.get("reason")).toBe(
      "invalid_state",
    );
    expect(await db.select().from(formCredentials)).toEqual(before);
  });

  it("refuses a state completed in a browser that did not start it, and spends it", async () => {
    // Another organization's admin starts a connection and sends the consent link to a victim,
    // who completes it in their own browser with their own Typeform account.
    const attacker = await createTeam(app.url, db);
    const attackerOrg = attacker.organization.id;
    const victim = new TestClient(app.url);
    const stolen = await connectTypeform(attacker.owner.client, attackerOrg, {
      account: "victim@example.com",
      callbackBrowser: victim,
    });
    expect(stolen.callback!.status).toBe(400);
    expect(stolen.callback!.headers.get("content-type")).toContain("text/html");
    const page = await stolen.callback!.text();
    expect(page).toContain("This connection was started in another browser");
    expect(page).toContain("Nothing was connected.");
    expect(
      await db
        .select()
        .from(formCredentials)
        .where(eq(formCredentials.organizationId, attackerOrg)),
    ).toHaveLength(0);

    // The state left its browser: even the browser that started it cannot use it any more.
    const replay = await attacker.owner.client.request(
      `${stolen.callbackUrl!.pathname}${stolen.callbackUrl!.search}`,
      { redirect: "manual" },
    );
    expect(new URL(replay.headers.get("location")!).searchParams.get("reason")).toBe(
      "invalid_state",
    );

    // A browser holding a nonce of its own (it started a connection too) is refused as well.
    const other = await createTeam(app.url, db);
    await other.owner.client.request(
      `/api/organizations/${other.organization.id}/form-connections/typeform/authorize`,
      { method: "POST", json: { assistantId: "00000000-0000-4000-8000-000000000000" } },
    );
    const crossed = await connectTypeform(attacker.owner.client, attackerOrg, {
      callbackBrowser: other.owner.client,
    });
    expect(crossed.callback!.status).toBe(400);
    expect(
      await db
        .select()
        .from(formCredentials)
        .where(eq(formCredentials.organizationId, attackerOrg)),
    ).toHaveLength(0);

    // The browser that started it connects as usual; its cookie is HttpOnly, Lax and scoped.
    const own = await connectTypeform(attacker.owner.client, attackerOrg);
    expect(own.finalUrl.searchParams.get("auth")).toBe("success");
    const cookie = (
      await attacker.owner.client.request(
        `/api/organizations/${attackerOrg}/form-connections/typeform/authorize?reconnect=true`,
        { method: "POST", json: { assistantId: own.assistantId } },
      )
    ).headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/form-connections\//);
  });

  it("skips the consent page for a new assistant once connected", async () => {
    const second = await connectTypeform(owner, org);
    expect(second.callbackUrl).toBeNull();
    expect(second.finalUrl.searchParams.get("auth")).toBe("success");
  });

  let forms: FormListItem[] = [];
  it("lists the account's forms and reads their fields", async () => {
    forms = await owner.json<FormListItem[]>(
      `${base}/form-connections/typeform/forms?assistantId=${assistantId}`,
    );
    expect(forms.map((f) => f.title)).toEqual(
      expect.arrayContaining(["Website enquiry", "Contact us", "Newsletter signup"]),
    );
    expect(forms.every((f) => f.isInUse === false)).toBe(true);
    const byTitle = (title: string) => forms.find((f) => f.title === title)!;
    const enquiry = await owner.json<FormFieldsResponse>(
      `${base}/form-connections/typeform/forms/${byTitle("Website enquiry").id}/fields`,
    );
    expect(enquiry.fields.phone).toHaveLength(1);
    expect(enquiry.fields.checkbox.length).toBeGreaterThan(0);
    const contact = await owner.json<FormFieldsResponse>(
      `${base}/form-connections/typeform/forms/${byTitle("Contact us").id}/fields`,
    );
    expect(contact.fields.phone).toHaveLength(1);
    const newsletter = await owner.json<FormFieldsResponse>(
      `${base}/form-connections/typeform/forms/${byTitle("Newsletter signup").id}/fields`,
    );
    expect(newsletter.fields.phone).toHaveLength(0);
  });

  it("refreshes an expired token once, storing the rotated refresh token", async () => {
    const ours = () =>
      db.select().from(formCredentials).where(eq(formCredentials.organizationId, org));
    const [before] = await ours();
    await db.execute(sql`update form_credentials set token_expires_at = now() - interval '1 hour'`);
    const again = await owner.json<FormListItem[]>(`${base}/form-connections/typeform/forms`);
    expect(again).toHaveLength(forms.length);
    const [after] = await ours();
    const box = createSecretBox(app.config.secretKey);
    expect(box.decrypt(after!.refreshTokenEncrypted!)).not.toBe(
      box.decrypt(before!.refreshTokenEncrypted!),
    );
    expect(after!.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it("configures, activates and receives signed deliveries; one form, one assistant", async () => {
    const form = forms.find((f) => f.title === "Website enquiry")!;
    const fields = await owner.json<FormFieldsResponse>(
      `${base}/form-connections/typeform/forms/${form.id}/fields`,
    );
    const path = `${base}/assistants/${assistantId}`;
    await owner.json(`${path}/name`, { method: "PATCH", json: { name: "Enquiry caller" } });
    await owner.json(`${path}/form`, { method: "PUT", json: { formId: form.id } });
    await owner.json(`${path}/fields`, {
      method: "PUT",
      json: {
        phoneFieldId: fields.fields.phone[0]!.id,
        checkboxFieldId: fields.fields.checkbox[0]!.id,
        nameFieldId: fields.fields.text[0]?.id ?? null,
        emailFieldId: fields.fields.email[0]?.id ?? null,
      },
    });
    await owner.json(`${path}/script`, { method: "PUT", json: { script: "Hi {name}!" } });

    // The member sees it but cannot change it.
    const memberView = await team.member.client.json<AssistantDetail>(path);
    expect(memberView.name).toBe("Enquiry caller");
    const denied = await team.member.client.request(`${path}/activate`, { method: "POST" });
    expect(denied.status).toBe(403);

    // A second assistant sees the form in use and cannot take it.
    const other = await owner.json<{ id: string }>(`${base}/assistants`, {
      method: "POST",
      json: { provider: "typeform" },
    });
    const listed = await owner.json<FormListItem[]>(
      `${base}/form-connections/typeform/forms?assistantId=${other.id}`,
    );
    expect(listed.find((f) => f.id === form.id)).toMatchObject({
      isInUse: true,
      associatedAssistantName: "Enquiry caller",
    });
    const taken = await owner.request(`${base}/assistants/${other.id}/form`, {
      method: "PUT",
      json: { formId: form.id },
    });
    expect(taken.status).toBe(409);

    // Two activation clicks at once: one webhook, both answers active.
    const [a, b] = await Promise.all([
      owner.json<AssistantDetail>(`${path}/activate`, { method: "POST" }),
      owner.json<AssistantDetail>(`${path}/activate`, { method: "POST" }),
    ]);
    expect(a.is_active && b.is_active).toBe(true);
    expect(a.webhook_id).toBe(b.webhook_id);
    expect(a.webhook_url).toBe(`${app.config.publicUrl}/api/webhooks/typeform/${assistantId}`);
    const hooks = await db.execute(
      sql`select count(*)::int as n from typeform_sandbox.webhooks where url = ${a.webhook_url} and enabled`,
    );
    expect((hooks.rows[0] as { n: number }).n).toBe(1);

    // Someone fills in the public form: the sandbox delivers a signed webhook; it is stored.
    const page = await fetch(form.public_url!);
    expect(page.status).toBe(200);
    const body = new URLSearchParams();
    for (const field of fields.fields.all) {
      if (field.type === "phone_number") body.set(field.id, "+1 415 555 0142");
      else if (field.type === "yes_no") body.set(field.id, "yes");
      else if (field.type === "email") body.set(field.id, "ana@example.com");
      else body.set(field.id, "Ana");
    }
    const submitted = await fetch(form.public_url!, { method: "POST", body });
    expect(submitted.status).toBe(200);
    await expect
      .poll(async () => (await db.select().from(formSubmissions)).length, { timeout: 15_000 })
      .toBe(1);
    const [stored] = await db.select().from(formSubmissions);
    expect(stored).toMatchObject({
      organizationId: org,
      assistantId,
      status: "call_scheduled",
      respondentPhoneNumber: "+14155550142",
    });
    const detail = await owner.json<AssistantDetail>(path);
    expect(detail.total_calls).toBe(1);

    // Deactivated: deliveries are acknowledged and ignored.
    await owner.json(`${path}/deactivate`, { method: "POST" });
    await fetch(form.public_url!, { method: "POST", body });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await db.select().from(formSubmissions)).toHaveLength(1);
  });

  it("deleting an assistant deletes its webhook on the form", async () => {
    const path = `${base}/assistants/${assistantId}`;
    const detail = await owner.json<AssistantDetail>(path);
    const before = await db.execute(
      sql`select count(*)::int as n from typeform_sandbox.webhooks where url = ${detail.webhook_url}`,
    );
    expect((before.rows[0] as { n: number }).n).toBe(1);
    const [stored] = await db
      .select()
      .from(formAssistants)
      .where(eq(formAssistants.id, assistantId));
    const deleted = await owner.request(path, { method: "DELETE" });
    expect(deleted.status).toBe(204);
    const after = await db.execute(
      sql`select count(*)::int as n from typeform_sandbox.webhooks where url = ${detail.webhook_url}`,
    );
    expect((after.rows[0] as { n: number }).n).toBe(0);
    expect((await owner.request(path)).status).toBe(404);
    // Put it back for the next test: same id, secret and fields, active, as if never deleted.
    await db.insert(formAssistants).values({
      id: assistantId,
      organizationId: org,
      provider: "typeform",
      name: detail.name,
      formId: detail.form_id,
      isActive: true,
      webhookSecretEncrypted: stored!.webhookSecretEncrypted,
      phoneFieldId: stored!.phoneFieldId,
      checkboxFieldId: stored!.checkboxFieldId,
      nameFieldId: stored!.nameFieldId,
      emailFieldId: stored!.emailFieldId,
    });
  });

  it("verifies signatures, refuses malformed bodies, and never answers 404 to a provider", async () => {
    const [row] = await db
      .execute(sql`select webhook_secret_encrypted from form_assistants where id = ${assistantId}`)
      .then((r) => r.rows as { webhook_secret_encrypted: string }[]);
    const secret = createSecretBox(app.config.secretKey).decrypt(row!.webhook_secret_encrypted);
    const url = `${app.url}/api/webhooks/typeform/${assistantId}`;
    const payload = JSON.stringify({
      event_type: "form_response",
      form_response: { form_id: "x", token: "t" },
    });

    // A lead the assistant would call (its form, a phone, available) that arrives without the
    // right signature: refused, and nothing of it is stored — no submission, no attempt, and no
    // calls.place job (neither one of its attempts nor, since then, one without an attempt).
    const [assistant] = await db
      .select()
      .from(formAssistants)
      .where(eq(formAssistants.id, assistantId));
    const token = "refused-lead";
    const lead = JSON.stringify({
      event_id: "evt-refused-lead",
      event_type: "form_response",
      form_response: {
        form_id: assistant!.formId,
        token,
        submitted_at: new Date().toISOString(),
        answers: [
          { type: "text", text: "Rae", field: { id: assistant!.nameFieldId, type: "short_text" } },
          {
            type: "phone_number",
            phone_number: "+1 415 555 0150",
            field: { id: assistant!.phoneFieldId, type: "phone_number" },
          },
          {
            type: "boolean",
            boolean: true,
            field: { id: assistant!.checkboxFieldId, type: "yes_no" },
          },
        ],
      },
    });
    const { rows: clock } = await db.execute<{ now: string }>(sql`select now()::text as now`);
    const since = clock[0]!.now;
    const storedOf = async () => {
      const { rows } = await db.execute<{
        submissions: number;
        attempts: number;
        jobs: number;
      }>(sql`
        with attempts as (
          select r.id from call_records r join form_submissions s on s.id = r.submission_id
          where s.provider_response_id = ${token})
        select
          (select count(*)::int from form_submissions where provider_response_id = ${token})
            as submissions,
          (select count(*)::int from attempts) as attempts,
          (select count(*)::int from pgboss.job j
            where j.name = 'calls.place'
              and (j.data->>'attemptId' in (select id::text from attempts)
                or (j.created_on >= ${since}::timestamptz and not exists (
                  select 1 from call_records r where r.id::text = j.data->>'attemptId'))))
            as jobs`);
      return rows[0];
    };

    const unsigned = await fetch(url, { method: "POST", body: lead });
    expect(unsigned.status).toBe(401);
    const wrong = await fetch(url, {
      method: "POST",
      body: lead,
      headers: { "typeform-signature": signTypeformPayload(lead, "not-the-secret") },
    });
    expect(wrong.status).toBe(401);
    expect(await storedOf()).toEqual({ submissions: 0, attempts: 0, jobs: 0 });
    await db.execute(sql`update form_assistants set is_active = true where id = ${assistantId}`);
    const malformed = "{not json";
    const bad = await fetch(url, {
      method: "POST",
      body: malformed,
      headers: { "typeform-signature": signTypeformPayload(malformed, secret) },
    });
    expect(bad.status).toBe(400);
    expect(apiErrorSchema.parse(await bad.json()).error.message).toMatch(/not JSON/);
    const unknown = await fetch(
      `${app.url}/api/webhooks/typeform/00000000-0000-0000-0000-000000000000`,
      {
        method: "POST",
        body: payload,
      },
    );
    expect(unknown.status).toBe(200);
    // A partial response (or any event Ringback does not use) is acknowledged, not a failure:
    // Typeform counts a 4xx as a failed delivery. It stores nothing.
    const before = await db.select().from(formSubmissions);
    for (const event of ["form_response_partial", "form_something_new"]) {
      const partial = JSON.stringify({
        event_id: `partial-${event}`,
        event_type: event,
        form_response: { form_id: "x", token: `partial-${event}`, answers: [] },
      });
      const acknowledged = await fetch(url, {
        method: "POST",
        body: partial,
        headers: { "typeform-signature": signTypeformPayload(partial, secret) },
      });
      expect(acknowledged.status, event).toBe(200);
      expect(await acknowledged.json()).toMatchObject({ outcome: "ignored" });
    }
    expect(await db.select().from(formSubmissions)).toHaveLength(before.length);

    // The refused lead, signed with the assistant's secret, is stored with its attempt and job:
    // only the signature kept it out above.
    const signed = await fetch(url, {
      method: "POST",
      body: lead,
      headers: { "typeform-signature": signTypeformPayload(lead, secret) },
    });
    expect(signed.status).toBe(200);
    expect(await signed.json()).toMatchObject({ outcome: "stored" });
    expect(await storedOf()).toEqual({ submissions: 1, attempts: 1, jobs: 1 });
    await db
      .update(formSubmissions)
      .set({ status: "call_scheduled" })
      .where(eq(formSubmissions.assistantId, assistantId));
  });
});
