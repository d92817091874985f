import { randomInt } from "node:crypto";
import type {
  Assistant,
  AssistantDetail,
  FormFieldsResponse,
  FormListItem,
  Organization,
} from "@ringback/contracts";
import { apiErrorSchema } from "@ringback/contracts";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formAssistants, formSubmissions } from "../src/db/schema/index.ts";
import { signIn } from "./auth-client.ts";
import { connectTypeform } from "./form-connection-helpers.ts";
import { startTestRingback } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";

/**
 * The wizard's choices as the server keeps them. Hidden fields and a contact
 * block's first + last name are fields to choose; the phone field's country and the
 * assistant's default country (from its creator's phone) read numbers typed without one.
 */
describe("what the wizard reads from a form, and the default country", async () => {
  const app = await startTestRingback({ env: { CODE_SENDS_PER_IP: "1000" } });
  const db = app.database.db;

  // A UK organization: its owner signs up with a London number.
  const ukPhone = `+44207946${String(randomInt(0, 10_000)).padStart(4, "0")}`;
  const { client: owner } = await signIn(app.url, db, ukPhone);
  const { organization } = await owner.json<{ organization: Organization }>(
    "/api/account/complete-signup",
    {
      method: "POST",
      json: { fullName: "Uma Owner", email: "uma@example.co.uk", organizationName: "Hove Homes" },
    },
  );
  const base = `/api/organizations/${organization.id}`;
  const { assistantId } = await connectTypeform(owner, organization.id, {
    account: `hove-${organization.id}@example.com`,
  });
  const forms = await owner.json<FormListItem[]>(
    `${base}/form-connections/typeform/forms?assistantId=${assistantId}`,
  );
  const form = (title: string) => forms.find((f) => f.title === title)!;
  const fieldsOf = (formId: string) =>
    owner.json<FormFieldsResponse>(`${base}/form-connections/typeform/forms/${formId}/fields`);

  /** Fills in the sandbox's public form page; `query` is what the form's link carries. */
  async function submit(item: FormListItem, values: Record<string, string>, query = "") {
    const response = await fetch(`${item.public_url}${query}`, {
      method: "POST",
      body: new URLSearchParams(values),
    });
    expect(response.status).toBe(200);
  }

  async function storedFor(id: string) {
    await expect
      .poll(
        async () =>
          (await db.select().from(formSubmissions).where(eq(formSubmissions.assistantId, id)))
            .length,
        { timeout: 15_000 },
      )
      .toBe(1);
    const [row] = await db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.assistantId, id));
    return row!;
  }

  it("reads numbers without a country code in its creator's country", async () => {
    const detail = await owner.json<AssistantDetail>(`${base}/assistants/${assistantId}`);
    expect(detail.call_settings.defaultCountry).toBe("GB");
    // A US owner's assistants read them as US numbers.
    const team = await createTeam(app.url, db, { label: "us" });
    const us = await team.owner.client.json<Assistant>(
      `/api/organizations/${team.organization.id}/assistants`,
      { method: "POST", json: { provider: "typeform" } },
    );
    expect(us.call_settings.defaultCountry).toBe("US");
  });

  it("changes the default country in the call settings, and refuses one it cannot read", async () => {
    const path = `${base}/assistants/${assistantId}/settings`;
    const settings = {
      maxAttempts: 3,
      retryDelayMinutes: 10,
      callingWindowStart: "08:00",
      callingWindowEnd: "21:00",
      defaultTimeZone: "Europe/London",
      voicemailAction: "hang_up",
      voicemailMessage: null,
    };
    const unknown = await owner.request(path, {
      method: "PUT",
      json: { ...settings, defaultCountry: "ZZ" },
    });
    expect(unknown.status).toBe(400);
    const error = apiErrorSchema.parse(await unknown.json()).error;
    expect(error.code).toBe("validation_failed");
    expect(error.message).toBe(
      "Ringback cannot read phone numbers for the country code “ZZ”. Choose a country from the list.",
    );
    for (const defaultCountry of ["GBR", "", "1", 44]) {
      const bad = await owner.request(path, {
        method: "PUT",
        json: { ...settings, defaultCountry },
      });
      expect(bad.status, String(defaultCountry)).toBe(400);
    }
    const ie = await owner.json<Assistant>(path, {
      method: "PUT",
      json: { ...settings, defaultCountry: "ie" },
    });
    expect(ie.call_settings.defaultCountry).toBe("IE");
    // Left out, the saved country stays (clients from before the setting).
    const kept = await owner.json<Assistant>(path, { method: "PUT", json: settings });
    expect(kept.call_settings.defaultCountry).toBe("IE");
    const gb = await owner.json<Assistant>(path, {
      method: "PUT",
      json: { ...settings, defaultCountry: "GB" },
    });
    expect(gb.call_settings.defaultCountry).toBe("GB");
  });

  it("calls the number a hidden field carries, read in the assistant's country", async () => {
    const enquiry = form("Website enquiry");
    // The business adds a hidden `phone` to its form, as Typeform's editor does.
    await db.execute(
      sql`update typeform_sandbox.forms set definition = jsonb_set(definition, '{hidden}', '["utm_source", "phone"]') where id = ${enquiry.id}`,
    );
    const path = `${base}/assistants/${assistantId}`;
    await owner.json(`${path}/name`, { method: "PATCH", json: { name: "Known contacts" } });
    await owner.json(`${path}/form`, { method: "PUT", json: { formId: enquiry.id } });
    const { fields } = await fieldsOf(enquiry.id);
    expect(fields.hidden).toMatchObject([
      { id: "hidden:utm_source", title: "utm_source (hidden field)", type: "hidden" },
      { id: "hidden:phone", title: "phone (hidden field)", type: "hidden", ref: "phone" },
    ]);
    const byRef = (ref: string) => fields.all.find((f) => f.ref === ref)!.id;

    // Only hidden fields the form has.
    const unknown = await owner.request(`${path}/fields`, {
      method: "PUT",
      json: {
        phoneFieldId: "hidden:mobile",
        checkboxFieldId: byRef("call_consent"),
        nameFieldId: null,
        emailFieldId: null,
      },
    });
    expect(unknown.status).toBe(400);
    const saved = await owner.json<Assistant>(`${path}/fields`, {
      method: "PUT",
      json: {
        phoneFieldId: "hidden:phone",
        checkboxFieldId: byRef("call_consent"),
        nameFieldId: byRef("name"),
        emailFieldId: byRef("email"),
      },
    });
    expect(saved.phone_field_id).toBe("hidden:phone");
    // A hidden field has no country of its own: the assistant's (GB) reads its numbers.
    const [row] = await db.select().from(formAssistants).where(eq(formAssistants.id, assistantId));
    expect(row!.phoneDefaultCountry).toBeNull();
    await owner.json(`${path}/script`, { method: "PUT", json: { script: "Hi {name}!" } });
    await owner.json(`${path}/activate`, { method: "POST" });

    await submit(
      enquiry,
      {
        [byRef("name")]: "Sam Rivera",
        [byRef("email")]: "sam@example.com",
        [byRef("phone")]: "+1 415 555 0142",
        [byRef("call_consent")]: "yes",
      },
      `?phone=${encodeURIComponent("07911 123456")}&utm_source=newsletter`,
    );
    const stored = await storedFor(assistantId);
    expect(stored).toMatchObject({
      status: "call_scheduled",
      respondentPhoneNumber: "+447911123456",
      respondentName: "Sam Rivera",
      respondentEmail: "sam@example.com",
    });
  });

  it("greets by a contact block's first + last name, joined", async () => {
    const contact = form("Contact us");
    const created = await owner.json<Assistant>(`${base}/assistants`, {
      method: "POST",
      json: { provider: "typeform" },
    });
    const path = `${base}/assistants/${created.id}`;
    await owner.json(`${path}/name`, { method: "PATCH", json: { name: "Contact caller" } });
    await owner.json(`${path}/form`, { method: "PUT", json: { formId: contact.id } });
    const { fields } = await fieldsOf(contact.id);
    const part = (key: string) => fields.all.find((f) => f.contact === key)!;
    const joined = fields.text.find((f) => f.contact === "full_name")!;
    expect(joined).toMatchObject({
      id: `${part("first_name").id}+${part("last_name").id}`,
      title: "First name + Last name",
    });

    // Only choices the form offers: a made-up joined id is refused.
    const madeUp = await owner.request(`${path}/fields`, {
      method: "PUT",
      json: {
        phoneFieldId: part("phone_number").id,
        checkboxFieldId: fields.checkbox[0]!.id,
        nameFieldId: `${part("first_name").id}+nope`,
        emailFieldId: null,
      },
    });
    expect(madeUp.status).toBe(400);

    const saved = await owner.json<Assistant>(`${path}/fields`, {
      method: "PUT",
      json: {
        phoneFieldId: part("phone_number").id,
        checkboxFieldId: fields.checkbox[0]!.id,
        nameFieldId: joined.id,
        emailFieldId: part("email").id,
      },
    });
    expect(saved.name_field_id).toBe(joined.id);
    // The phone field's own country is kept for numbers typed into it without one.
    const [row] = await db.select().from(formAssistants).where(eq(formAssistants.id, created.id));
    expect(row!.phoneDefaultCountry).toBe("US");
    await owner.json(`${path}/script`, { method: "PUT", json: { script: "Hi {name}!" } });
    await owner.json(`${path}/activate`, { method: "POST" });

    await submit(contact, {
      [part("first_name").id]: "Sam",
      [part("last_name").id]: "Rivera",
      [part("email").id]: "sam.rivera@example.com",
      [part("phone_number").id]: "(415) 555-0199",
      [fields.checkbox[0]!.id]: "accept",
    });
    const stored = await storedFor(created.id);
    expect(stored).toMatchObject({
      status: "call_scheduled",
      respondentName: "Sam Rivera",
      respondentEmail: "sam.rivera@example.com",
      respondentPhoneNumber: "+14155550199",
    });
  });
});
