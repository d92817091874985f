import type { FormFieldsResponse, FormListItem } from "@ringback/contracts";
import { eq } from "drizzle-orm";
import type { Database } from "../src/db/database.ts";
import { callRecords, formAssistants, formSubmissions } from "../src/db/schema/index.ts";
import { createSecretBox } from "../src/lib/secret-box.ts";
import { signTypeformPayload } from "../src/providers/forms/typeform/typeform-signature.ts";
import type { TestClient } from "./auth-client.ts";
import { connectTypeform } from "./form-connection-helpers.ts";
import { waitFor } from "./webhook-receiver.ts";

/**
 * An active assistant on the sandbox's "Website enquiry" form that calls through the law's whole
 * day (08:00–21:00; the harness puts respondents where it is about noon, so tests do not depend
 * on the clock) and retries at once, and a way to send it signed deliveries.
 */
export async function activeAssistant(input: {
  url: string;
  db: Database;
  secretKey: string;
  owner: TestClient;
  organizationId: string;
  script?: string;
}) {
  const { db, owner } = input;
  const base = `/api/organizations/${input.organizationId}`;
  const { assistantId } = await connectTypeform(owner, input.organizationId);
  const forms = await owner.json<FormListItem[]>(`${base}/form-connections/typeform/forms`);
  const form = forms.find((f) => f.title === "Website enquiry")!;
  const fields = await owner.json<FormFieldsResponse>(
    `${base}/form-connections/typeform/forms/${form.id}/fields`,
  );
  const phoneField = fields.fields.phone[0]!.id;
  const availableField = fields.fields.checkbox[0]!.id;
  const nameField = fields.fields.text[0]!.id;
  const path = `${base}/assistants/${assistantId}`;
  await owner.json(`${path}/name`, { method: "PATCH", json: { name: "Caller" } });
  await owner.json(`${path}/form`, { method: "PUT", json: { formId: form.id } });
  await owner.json(`${path}/fields`, {
    method: "PUT",
    json: {
      phoneFieldId: phoneField,
      checkboxFieldId: availableField,
      nameFieldId: nameField,
      emailFieldId: null,
    },
  });
  await owner.json(`${path}/script`, {
    method: "PUT",
    json: { script: input.script ?? "Hi {name}, thanks for your enquiry!" },
  });
  await db
    .update(formAssistants)
    .set({ callingWindowStart: "08:00", callingWindowEnd: "21:00", retryDelayMinutes: 0 })
    .where(eq(formAssistants.id, assistantId));
  await owner.json(`${path}/activate`, { method: "POST" });
  const [assistant] = await db
    .select()
    .from(formAssistants)
    .where(eq(formAssistants.id, assistantId));
  const secret = createSecretBox(input.secretKey).decrypt(assistant!.webhookSecretEncrypted!);

  let counter = 0;
  /** A Typeform delivery body for one respondent. */
  function delivery(answer: { phone: string; available?: boolean; token?: string; name?: string }) {
    counter += 1;
    return JSON.stringify({
      event_id: `evt${counter}`,
      event_type: "form_response",
      form_response: {
        form_id: form.id,
        token: answer.token ?? `tok${counter}-${Date.now()}`,
        submitted_at: new Date().toISOString(),
        answers: [
          {
            type: "text",
            text: answer.name ?? "Ana",
            field: { id: nameField, type: "short_text" },
          },
          {
            type: "phone_number",
            phone_number: answer.phone,
            field: { id: phoneField, type: "phone_number" },
          },
          {
            type: "boolean",
            boolean: answer.available ?? true,
            field: { id: availableField, type: "yes_no" },
          },
        ],
      },
    });
  }
  /** POSTs a body to the assistant's webhook, signed with its secret. */
  const deliver = (body: string, signal?: AbortSignal) =>
    fetch(`${input.url}/api/webhooks/typeform/${assistantId}`, {
      method: "POST",
      body,
      signal,
      headers: {
        "content-type": "application/json",
        "typeform-signature": signTypeformPayload(body, secret),
      },
    });

  /** The attempts of the submission with this provider response id, in order. */
  async function attemptsFor(token: string) {
    const [submission] = await db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.providerResponseId, token));
    if (!submission) return [];
    return db
      .select()
      .from(callRecords)
      .where(eq(callRecords.submissionId, submission.id))
      .orderBy(callRecords.callAttempt);
  }

  /**
   * Waits until the submission has this many attempts, all final, and returns them (usable in
   * a describe block's set-up too, unlike expect.poll).
   */
  async function settled(token: string, attempts: number, timeout = 20_000) {
    let last: Awaited<ReturnType<typeof attemptsFor>> = [];
    try {
      return await waitFor(async () => {
        last = await attemptsFor(token);
        const done = last.length === attempts && last.every((r) => r.finalAt !== null);
        return done ? last : undefined;
      }, timeout);
    } catch {
      throw new Error(
        `Expected ${attempts} final attempt(s) for ${token}; have ${JSON.stringify(
          last.map((r) => ({ attempt: r.callAttempt, status: r.status, dialState: r.dialState })),
        )}`,
      );
    }
  }

  return { assistantId, path, form, delivery, deliver, attemptsFor, settled };
}
