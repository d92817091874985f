import {
  type Assistant,
  type AssistantDetail,
  apiErrorSchema,
  type CallSettings,
  DEFAULT_FIRST_SENTENCE,
  DISCLOSURE_REQUIRED,
  type FormFieldsResponse,
  type FormListItem,
} from "@ringback/contracts";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents } from "../src/db/schema/index.ts";
import type { TestClient } from "./auth-client.ts";
import { connectTypeform } from "./form-connection-helpers.ts";
import { startTestRingback } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";

/**
 * Each assistant's first sentence, spoken before the script, is saved with
 * the script; Finalize refuses one that neither names the company nor says it is an AI; and
 * activations, deactivations and changes to the first sentence, calling window and attempt cap
 * are in the audit trail, written in the same transaction as the change.
 */
describe("the first sentence's disclosure and the assistant's audit trail", async () => {
  const app = await startTestRingback({ env: { CODE_SENDS_PER_IP: "1000" } });
  const db = app.database.db;
  const team = await createTeam(app.url, db, { organizationName: "Northwind Realty" });
  const org = team.organization.id;
  const base = `/api/organizations/${org}`;
  const owner = team.owner.client;

  // An assistant through steps 0–3 on the sandbox's "Website enquiry" form, not active yet.
  const { assistantId } = await connectTypeform(owner, org);
  const path = `${base}/assistants/${assistantId}`;
  const forms = await owner.json<FormListItem[]>(`${base}/form-connections/typeform/forms`);
  const form = forms.find((f) => f.title === "Website enquiry")!;
  const fields = await owner.json<FormFieldsResponse>(
    `${base}/form-connections/typeform/forms/${form.id}/fields`,
  );
  await owner.json(`${path}/name`, { method: "PATCH", json: { name: "Disclosure caller" } });
  await owner.json(`${path}/form`, { method: "PUT", json: { formId: form.id } });
  await owner.json(`${path}/fields`, {
    method: "PUT",
    json: {
      phoneFieldId: fields.fields.phone[0]!.id,
      checkboxFieldId: fields.fields.checkbox[0]!.id,
      nameFieldId: fields.fields.text[0]!.id,
      emailFieldId: null,
    },
  });
  const SCRIPT = "Ask when they would like to visit.";

  const saveScript = (client: TestClient, json: { script: string; firstSentence?: string }) =>
    client.request(`${path}/script`, { method: "PUT", json });
  const read = () => owner.json<AssistantDetail>(path);
  const events = (action?: string) =>
    db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.organizationId, org),
          eq(auditEvents.subjectId, assistantId),
          action ? eq(auditEvents.action, action) : undefined,
        ),
      )
      .orderBy(asc(auditEvents.createdAt));
  async function errorOf(response: Response) {
    return apiErrorSchema.parse(await response.json()).error;
  }

  it("starts with the default first sentence, and saves and reads one with the script", async () => {
    expect((await read()).first_sentence).toBe(DEFAULT_FIRST_SENTENCE);

    const saved = await saveScript(owner, {
      script: SCRIPT,
      firstSentence: "  Hi {name}, {company} here with an AI assistant.  ",
    });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as Assistant).first_sentence).toBe(
      "Hi {name}, {company} here with an AI assistant.",
    );
    expect((await read()).first_sentence).toBe("Hi {name}, {company} here with an AI assistant.");

    // Left out, the saved one stays.
    expect((await saveScript(owner, { script: SCRIPT })).status).toBe(200);
    expect((await read()).first_sentence).toBe("Hi {name}, {company} here with an AI assistant.");

    // Empty or overlong: refused, nothing changes.
    const empty = await saveScript(owner, { script: SCRIPT, firstSentence: "   " });
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).code).toBe("validation_failed");
    const long = await saveScript(owner, { script: SCRIPT, firstSentence: "a".repeat(501) });
    expect(long.status).toBe(400);
    expect((await read()).first_sentence).toBe("Hi {name}, {company} here with an AI assistant.");

    // Members read, but do not change it.
    const asMember = await saveScript(team.member.client, {
      script: SCRIPT,
      firstSentence: DEFAULT_FIRST_SENTENCE,
    });
    expect(asMember.status).toBe(403);
  });

  it("records a first-sentence change with its before and after, by the member who made it", async () => {
    const before = (await events("assistant.settings_changed")).length;
    expect(
      (
        await saveScript(team.admin.client, {
          script: SCRIPT,
          firstSentence: "Hello {name}, Northwind Realty calling.",
        })
      ).status,
    ).toBe(200);
    const changes = await events("assistant.settings_changed");
    expect(changes).toHaveLength(before + 1);
    expect(changes.at(-1)).toMatchObject({
      actorUserId: team.admin.userId,
      actorLabel: team.admin.fullName,
      subjectType: "assistant",
      subjectId: assistantId,
      subjectLabel: "Disclosure caller",
      before: { firstSentence: "Hi {name}, {company} here with an AI assistant." },
      after: { firstSentence: "Hello {name}, Northwind Realty calling." },
    });
    // The script alone is not audited: saving it again adds nothing.
    expect((await saveScript(owner, { script: `${SCRIPT} Thank them.` })).status).toBe(200);
    expect(await events("assistant.settings_changed")).toHaveLength(before + 1);
  });

  it("refuses to activate with a first sentence that neither names the company nor says it is an AI", async () => {
    await saveScript(owner, {
      script: SCRIPT,
      firstSentence: "Hi {name}, this is {assistant} about the form you filled in.",
    });
    const refused = await owner.request(`${path}/activate`, { method: "POST" });
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toMatchObject({
      code: "validation_failed",
      message: DISCLOSURE_REQUIRED,
    });
    expect((await read()).is_active).toBe(false);
    expect(await events("assistant.activated")).toHaveLength(0);
  });

  it("activates with the default, and records who activated it", async () => {
    await saveScript(owner, { script: SCRIPT, firstSentence: DEFAULT_FIRST_SENTENCE });
    const activated = await owner.request(`${path}/activate`, { method: "POST" });
    expect(activated.status).toBe(200);
    expect(((await activated.json()) as Assistant).is_active).toBe(true);
    // A second click changes nothing and records nothing.
    expect((await owner.request(`${path}/activate`, { method: "POST" })).status).toBe(200);

    const rows = await events("assistant.activated");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: team.owner.userId,
      actorLabel: team.owner.fullName,
      subjectType: "assistant",
      subjectId: assistantId,
      subjectLabel: "Disclosure caller",
      before: { isActive: false },
      after: { isActive: true },
    });
  });

  it("keeps an active assistant's first sentence a disclosure", async () => {
    const refused = await saveScript(owner, {
      script: SCRIPT,
      firstSentence: "Hello {name}, do you have a minute?",
    });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).message).toBe(DISCLOSURE_REQUIRED);
    expect((await read()).first_sentence).toBe(DEFAULT_FIRST_SENTENCE);
  });

  it("records a calling-window and cap change with only the fields that changed", async () => {
    const current = (await read()).call_settings;
    const settings: CallSettings = {
      maxAttempts: current.maxAttempts,
      retryDelayMinutes: current.retryDelayMinutes,
      callingWindowStart: current.callingWindowStart,
      callingWindowEnd: current.callingWindowEnd,
      defaultTimeZone: current.defaultTimeZone,
      voicemailAction: current.voicemailAction,
      voicemailMessage: current.voicemailMessage,
    };
    const put = (json: CallSettings) =>
      team.admin.client.request(`${path}/settings`, { method: "PUT", json });
    const before = (await events("assistant.settings_changed")).length;

    // Nothing audited changed (the retry delay is not a cap): no event.
    expect((await put({ ...settings, retryDelayMinutes: 15 })).status).toBe(200);
    expect(await events("assistant.settings_changed")).toHaveLength(before);

    expect(
      (
        await put({
          ...settings,
          retryDelayMinutes: 15,
          callingWindowStart: "10:00",
          defaultTimeZone: "America/Chicago",
          maxAttempts: 2,
        })
      ).status,
    ).toBe(200);
    const changes = await events("assistant.settings_changed");
    expect(changes).toHaveLength(before + 1);
    const last = changes.at(-1)!;
    expect(last).toMatchObject({
      actorUserId: team.admin.userId,
      actorLabel: team.admin.fullName,
      subjectLabel: "Disclosure caller",
    });
    expect(last.before).toEqual({
      callingWindowStart: current.callingWindowStart,
      defaultTimeZone: current.defaultTimeZone,
      maxAttempts: current.maxAttempts,
    });
    expect(last.after).toEqual({
      callingWindowStart: "10:00",
      defaultTimeZone: "America/Chicago",
      maxAttempts: 2,
    });

    // A refused change records nothing.
    expect((await put({ ...settings, callingWindowEnd: "07:00" })).status).toBe(400);
    expect(await events("assistant.settings_changed")).toHaveLength(before + 1);
  });

  it("records a deactivation once", async () => {
    expect((await owner.request(`${path}/deactivate`, { method: "POST" })).status).toBe(200);
    expect((await owner.request(`${path}/deactivate`, { method: "POST" })).status).toBe(200);
    const rows = await events("assistant.deactivated");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: team.owner.userId,
      actorLabel: team.owner.fullName,
      before: { isActive: true },
      after: { isActive: false },
    });
    // The whole trail of this assistant, in order.
    expect((await events()).map((row) => row.action)).toEqual([
      ...Array<string>(4).fill("assistant.settings_changed"),
      "assistant.activated",
      "assistant.settings_changed",
      "assistant.deactivated",
    ]);
  });
});
