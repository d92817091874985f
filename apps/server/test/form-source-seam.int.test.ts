import { readFileSync } from "node:fs";
import type {
  Assistant,
  AssistantEndpoint,
  FormFieldsResponse,
  IntegrationsResponse,
} from "@ringback/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callRecords, formAssistants, formSubmissions } from "../src/db/schema/index.ts";
import { formSourceModules } from "../src/providers/forms/registry.ts";
import { signUp } from "./auth-client.ts";
import { ECHO_SIGNATURE_HEADER, echo, signEcho } from "./form-sources/echo/index.ts";
import { startTestRingback } from "./harness.ts";
import { waitFor } from "./webhook-receiver.ts";

/**
 * The form-source seam (ADR 0027): a source that is only "a URL and a secret, with fields learned
 * from a sample submission" — the test-only Echo source, whose whole code is its folder — goes
 * through the wizard's API, ingest and a call, registered here and nowhere else.
 */
describe("a form source registered by one test", async () => {
  const app = await startTestRingback({
    formSources: [...formSourceModules, echo],
    // A simulated call that plays out in about a second.
    env: { CALL_SIMULATOR_RING_MS: "200", CALL_SIMULATOR_TURN_MS: "100" },
  });
  const db = app.database.db;
  const { client: owner, organization } = await signUp(app.url, db, {
    organizationName: "Echo Homes",
  });
  const base = `/api/organizations/${organization.id}`;
  const sample = readFileSync(
    new URL("./form-sources/echo/fixtures/sample.json", import.meta.url),
    "utf8",
  );

  it("is served with its manifest, beside the registered sources", async () => {
    const integrations = await owner.json<IntegrationsResponse>("/api/integrations");
    expect(integrations.formSources.map((s) => s.id)).toEqual(["typeform", "webhook", "echo"]);
    expect(integrations.formSources[2]).toMatchObject({
      name: "Echo",
      sandbox: false,
      capabilities: { connect: false, listForms: false, sampleFields: true },
    });
    // Without a session: 401, like the rest of the signed-in API.
    expect((await fetch(`${app.url}/api/integrations`)).status).toBe(401);
  });

  it("refuses an assistant for a source nobody registered", async () => {
    const response = await owner.request(`${base}/assistants`, {
      method: "POST",
      json: { provider: "nosuch" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { message: "Unknown form source: nosuch" },
    });
  });

  it("learns the fields from a sample, then calls a lead", async () => {
    const assistant = await owner.json<Assistant>(`${base}/assistants`, {
      method: "POST",
      json: { provider: "echo" },
    });
    expect(assistant.provider).toBe("echo");
    const path = `${base}/assistants/${assistant.id}`;
    await owner.json(`${path}/name`, { method: "PATCH", json: { name: "Echo caller" } });

    // No form to choose, no account to connect: each says so in words.
    const choose = await owner.request(`${path}/form`, { method: "PUT", json: { formId: "x" } });
    expect(choose.status).toBe(409);
    expect(await choose.json()).toMatchObject({ error: { message: "Echo does not list forms." } });
    const connect = await owner.request(`${base}/form-connections/echo/authorize`, {
      method: "POST",
      json: { assistantId: assistant.id, browserNonce: "n".repeat(32) },
    });
    expect(connect.status).toBe(409);

    // Fields before any sample: a clear 409, not an empty list.
    const early = await owner.request(`${path}/fields`);
    expect(early.status).toBe(409);

    // The URL and secret the business pastes into its tool; asking again gives the same URL,
    // and the secret only the first time.
    const endpoint = await owner.json<AssistantEndpoint>(`${path}/endpoint`, { method: "POST" });
    expect(endpoint.url).toBe(`${app.config.publicUrl}/api/webhooks/echo/${assistant.id}`);
    const secret = endpoint.secret!;
    expect(secret.length).toBeGreaterThan(30);
    expect(await owner.json<AssistantEndpoint>(`${path}/endpoint`, { method: "POST" })).toEqual({
      ...endpoint,
      secret: null,
    });

    const send = (body: string, signingSecret = secret) =>
      fetch(endpoint.url, {
        method: "POST",
        body,
        headers: {
          "content-type": "application/json",
          [ECHO_SIGNATURE_HEADER]: signEcho(body, signingSecret),
        },
      });

    // A wrong signature is refused; the right one is a sample while the assistant is inactive.
    expect((await send(sample, "wrong")).status).toBe(401);
    expect((await send(sample)).status).toBe(200);
    const [submissionsAfterSample] = await db
      .select({ id: formSubmissions.id })
      .from(formSubmissions)
      .where(eq(formSubmissions.assistantId, assistant.id));
    expect(submissionsAfterSample).toBeUndefined();

    const fields = await owner.json<FormFieldsResponse>(`${path}/fields`);
    expect(fields.fields.phone.map((f) => f.id)).toEqual(["mobile"]);
    expect(fields.fields.checkbox.map((f) => f.title)).toEqual(["May we call you?"]);
    expect(fields.fields.email.map((f) => f.id)).toEqual(["work_email"]);

    await owner.json(`${path}/fields`, {
      method: "PUT",
      json: {
        phoneFieldId: "mobile",
        checkboxFieldId: "call_ok",
        nameFieldId: "full_name",
        emailFieldId: "work_email",
      },
    });
    await owner.json(`${path}/script`, {
      method: "PUT",
      json: { script: "Hi {full_name}, thanks for your enquiry!" },
    });
    // Calls through the law's whole day (the harness puts respondents where it is about noon).
    await db
      .update(formAssistants)
      .set({ callingWindowStart: "08:00", callingWindowEnd: "21:00" })
      .where(eq(formAssistants.id, assistant.id));
    const active = await owner.json<Assistant>(`${path}/activate`, { method: "POST" });
    expect(active.is_active).toBe(true);

    const lead = JSON.stringify({
      id: "lead-1",
      fields: [
        { key: "full_name", label: "Your name", type: "text", value: "Lee Lead" },
        { key: "mobile", label: "Mobile number", type: "phone", value: "+1 415 555 2671" },
        { key: "work_email", label: "Email", type: "email", value: "lee@example.com" },
        { key: "call_ok", label: "May we call you?", type: "boolean", value: true },
      ],
    });
    expect((await send(lead)).status).toBe(200);
    // The same delivery again is the same lead, not a second one.
    expect((await send(lead)).status).toBe(200);

    const [submission] = await db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.assistantId, assistant.id));
    expect(submission).toMatchObject({
      provider: "echo",
      providerResponseId: "lead-1",
      formId: assistant.id,
      respondentName: "Lee Lead",
      respondentEmail: "lee@example.com",
      respondentPhoneNumber: "+14155552671",
      status: "call_scheduled",
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
});
