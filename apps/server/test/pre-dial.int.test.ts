import type { CallRecordDetails } from "@ringback/contracts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  auditEvents,
  callGroups,
  callRecords,
  doNotCallEntries,
  formAssistants,
  formSubmissions,
  organizationCallSettings,
  sandboxTypeformForms,
  simulatorCalls,
} from "../src/db/schema/index.ts";
import { createAttemptQueue } from "../src/domain/calls/call-engine.ts";
import { addToDoNotCallList } from "../src/domain/compliance/do-not-call.ts";
import { DELIVERY_ASSISTANT_TTL_MS } from "../src/domain/submissions/delivery-assistants.ts";
import { typeformTime } from "../src/providers/forms/typeform/sandbox/forms-api.ts";
import { startQueue } from "../src/queue/queue.ts";
import { activeAssistant } from "./call-helpers.ts";
import { startTestRingback, testLogger } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";
import { waitFor } from "./webhook-receiver.ts";

/**
 * Right before every dial, in the transaction that claims it, the number is
 * checked against the organization's do-not-call list, the submission's consent and the
 * per-number cap; a call that hears "stop calling" lists the number and cancels every pending
 * attempt to it, whichever assistant made it.
 */
describe("the pre-dial check and opt-outs heard on a call", async () => {
  const app = await startTestRingback({
    env: { CODE_SENDS_PER_IP: "1000", CALL_SIMULATOR_RING_MS: "30", CALL_SIMULATOR_TURN_MS: "10" },
  });
  const db = app.database.db;
  const queue = await startQueue({ url: app.database.url, logger: testLogger, runsWorkers: false });
  afterAll(() => queue.stop({ graceful: false }));
  const team = await createTeam(app.url, db);
  const org = team.organization.id;
  const { assistantId, path, form, delivery, deliver, attemptsFor, settled } =
    await activeAssistant({
      url: app.url,
      db,
      secretKey: app.config.secretKey,
      owner: team.owner.client,
      organizationId: org,
    });

  /** The assistant's form as the Typeform sandbox holds it. */
  async function sandboxForm() {
    const [found] = await db
      .select()
      .from(sandboxTypeformForms)
      .where(eq(sandboxTypeformForms.id, form.id));
    return found!;
  }
  /** An instant as GET /forms/:id gives it (whole seconds), then read back as ISO 8601. */
  const typeformInstant = (at: Date) => new Date(typeformTime(at)).toISOString();

  /** How many times the simulator was asked to dial this number. */
  const dials = async (e164: string) =>
    (await db.select().from(simulatorCalls).where(eq(simulatorCalls.phoneNumber, e164))).length;

  async function send(phone: string, token: string) {
    expect((await deliver(delivery({ phone, token }))).status).toBe(200);
    return token;
  }

  /**
   * The tests' respondents are where it is about noon (RESPONDENT_TIME_ZONE_FOR_TESTS, set by
   * the harness): a window in the evening is closed for hours.
   */
  async function closeTheWindow() {
    await db
      .update(formAssistants)
      .set({ callingWindowStart: "20:00", callingWindowEnd: "20:30" })
      .where(eq(formAssistants.id, assistantId));
    await deliveriesSeeTheChange();
  }
  async function openTheWindow() {
    await db
      .update(formAssistants)
      .set({ callingWindowStart: "08:00", callingWindowEnd: "21:00" })
      .where(eq(formAssistants.id, assistantId));
    await deliveriesSeeTheChange();
  }

  /**
   * Ingest reads an assistant afresh within DELIVERY_ASSISTANT_TTL_MS: until then a delivery could
   * still be scheduled by the window as it was (a lead left waiting for the evening after the
   * window opened again, which made the per-number cap test fail now and then under load).
   */
  async function deliveriesSeeTheChange() {
    await new Promise((resolve) => setTimeout(resolve, DELIVERY_ASSISTANT_TTL_MS + 200));
  }

  it("stores what the person agreed to with the submission, unchangeable, and shows it", async () => {
    const [call] = await settled(await send("(415) 555-0167", "evidence-1"), 1);
    const [stored] = await db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.providerResponseId, "evidence-1"));
    expect(stored!.consent).toMatchObject({
      answer: "Yes",
      form: { id: stored!.formId },
      response: { id: "evidence-1" },
      phone: { typed: "(415) 555-0167", normalized: "+14155550167" },
    });
    expect(stored!.consent!.response.submittedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(stored!.consent!.question.id).toBeTruthy();
    // The question's description and the form's last-updated time, from the form definition
    // as Ringback read it when the fields were assigned (a delivery carries neither).
    const definition = await sandboxForm();
    const question = definition.definition.fields.find((f) => f.ref === "call_consent")!;
    expect(stored!.consent!.question.id).toBe(question.id);
    expect(question.properties?.description).toBeTruthy();
    expect(stored!.consent!.question.description).toBe(question.properties!.description);
    expect(stored!.consent!.form.lastUpdatedAt).toBe(typeformInstant(definition.lastUpdatedAt));
    // The database refuses to change it.
    await expect(
      db
        .update(formSubmissions)
        .set({ consent: { ...stored!.consent!, answer: "No" } })
        .where(eq(formSubmissions.id, stored!.id)),
    ).rejects.toThrow();
    // Call Details carries it.
    const details = await team.owner.client.json<CallRecordDetails>(
      `/api/organizations/${org}/call-records/${call!.id}`,
    );
    expect(details.consentEvidence).toEqual(stored!.consent);
  });

  it("keeps the availability question as the form reads when it is read again", async () => {
    // The form is edited at the provider: a new description, a new last-updated time.
    const before = await sandboxForm();
    const edited = new Date(Date.parse("2026-11-20T08:30:00Z"));
    const description = "We call between 9 AM and 5 PM. The call may be recorded.";
    await db
      .update(sandboxTypeformForms)
      .set({
        lastUpdatedAt: edited,
        definition: {
          ...before.definition,
          fields: before.definition.fields.map((f) =>
            f.ref === "call_consent" ? { ...f, properties: { ...f.properties, description } } : f,
          ),
        },
      })
      .where(eq(sandboxTypeformForms.id, form.id));
    const stored = async () =>
      (await db.select().from(formAssistants).where(eq(formAssistants.id, assistantId)))[0]!;
    const row = await stored();
    const title = "Can we call you about your enquiry?";
    // Choosing the same form again reads it again.
    await team.owner.client.json(`${path}/form`, { method: "PUT", json: { formId: form.id } });
    expect(await stored()).toMatchObject({
      availabilityQuestion: { title, description },
      formLastUpdatedAt: edited,
      checkboxFieldId: row.checkboxFieldId,
    });
    // So does assigning the fields.
    await db
      .update(formAssistants)
      .set({ availabilityQuestion: null, formLastUpdatedAt: null })
      .where(eq(formAssistants.id, assistantId));
    await team.owner.client.json(`${path}/fields`, {
      method: "PUT",
      json: {
        phoneFieldId: row.phoneFieldId,
        checkboxFieldId: row.checkboxFieldId,
        nameFieldId: row.nameFieldId,
        emailFieldId: row.emailFieldId,
      },
    });
    expect(await stored()).toMatchObject({
      availabilityQuestion: { title, description },
      formLastUpdatedAt: edited,
    });
  });

  it("never dials a number on the do-not-call list, and says why", async () => {
    await addToDoNotCallList(db, {
      organizationId: org,
      phoneNumber: "+14155550161",
      reason: "Asked by email",
      source: "manual",
      actor: { userId: null, label: "Test" },
    });
    const [attempt] = await settled(await send("+1 415 555 0161", "listed"), 1);
    expect(attempt).toMatchObject({
      status: "not-called",
      endedReason: "blocked-dnc",
      errorMessage: "Blocked: on do-not-call list",
      dialState: "canceled",
    });
    expect(await dials("+14155550161")).toBe(0);
    // Listed in another organization only: called as usual.
    const other = await createTeam(app.url, db, { label: "other" });
    await addToDoNotCallList(db, {
      organizationId: other.organization.id,
      phoneNumber: "+14155550162",
      reason: "Theirs",
      source: "manual",
      actor: { userId: null, label: "Test" },
    });
    const [called] = await settled(await send("+1 415 555 0162", "listed-elsewhere"), 1);
    expect(called).toMatchObject({ status: "answered", dialState: "dialed" });
  });

  it("cancels a waiting attempt when its number is listed, before it is dialled", async () => {
    await closeTheWindow();
    await send("+1 415 555 0163", "waiting-then-listed");
    const [waiting] = await waitFor(async () => {
      const rows = await attemptsFor("waiting-then-listed");
      return rows[0]?.scheduledFor && rows[0].scheduledFor.getTime() > Date.now() + 60_000
        ? rows
        : undefined;
    });
    expect(waiting).toMatchObject({ dialState: "scheduled" });
    const { canceledAttempts } = await addToDoNotCallList(db, {
      organizationId: org,
      phoneNumber: "+14155550163",
      reason: "Asked by phone",
      source: "manual",
      actor: { userId: null, label: "Test" },
    });
    expect(canceledAttempts).toBe(1);
    const [blocked] = await attemptsFor("waiting-then-listed");
    expect(blocked).toMatchObject({
      status: "not-called",
      endedReason: "blocked-dnc",
      dialState: "canceled",
    });
    expect(blocked!.finalAt).not.toBeNull();
    await openTheWindow();
  });

  it("blocks an attempt whose consent is no longer there", async () => {
    // A stored submission whose evidence says no (as one edited at the provider would), with
    // its attempt waiting, handed to the workers.
    const token = "consent-withdrawn";
    const consent = {
      question: { id: "q", title: "Can we call you?", description: null },
      answer: "No",
      form: { id: "f", lastUpdatedAt: null },
      response: { id: token, landedAt: null, submittedAt: null },
      phone: { typed: "+1 415 555 0164", normalized: "+14155550164" },
      recordedAt: new Date().toISOString(),
    };
    await db.execute(sql`
      insert into form_submissions (organization_id, assistant_id, provider, form_id,
        provider_response_id, respondent_phone_number, status, answers, consent)
      select organization_id, id, 'typeform', form_id, ${token}, '+14155550164',
        'call_scheduled', '{}'::jsonb, ${JSON.stringify(consent)}::jsonb
      from form_assistants where id = ${assistantId}`);
    await db.execute(sql`
      insert into call_records (organization_id, submission_id, assistant_id, call_attempt,
        status, dial_state, scheduled_for)
      select s.organization_id, s.id, s.assistant_id, 1, 'scheduled', 'scheduled', now()
      from form_submissions s where s.provider_response_id = ${token}`);
    const [waiting] = await attemptsFor(token);
    await createAttemptQueue(queue).enqueue({ id: waiting!.id, scheduledFor: new Date() });
    const [attempt] = await settled(token, 1);
    expect(attempt).toMatchObject({
      status: "not-called",
      endedReason: "blocked-consent",
      errorMessage: "Blocked: no consent",
    });
    expect(await dials("+14155550164")).toBe(0);
  });

  it("keeps to the organization's per-number cap across submissions", async () => {
    await db
      .insert(organizationCallSettings)
      .values({ organizationId: org, maxCallsPerNumberPerDay: 2 })
      .onConflictDoUpdate({
        target: organizationCallSettings.organizationId,
        set: { maxCallsPerNumberPerDay: 2 },
      });
    const first = await settled(await send("+1 415 555 0165", "cap-1"), 1);
    const second = await settled(await send("(415) 555-0165", "cap-2"), 1);
    const third = await settled(await send("415.555.0165", "cap-3"), 1);
    expect([first[0]!.status, second[0]!.status, third[0]!.status]).toEqual([
      "answered",
      "answered",
      "not-called",
    ]);
    expect(third[0]!.endedReason).toBe("blocked-limit");
    expect(third[0]!.errorMessage).toBe("Blocked: daily limit");
    expect(await dials("+14155550165")).toBe(2);
    await db
      .delete(organizationCallSettings)
      .where(eq(organizationCallSettings.organizationId, org));
  });

  it("does not count a team member's test calls to their own phone against the cap", async () => {
    await db
      .insert(organizationCallSettings)
      .values({ organizationId: org, maxCallsPerNumberPerDay: 1 })
      .onConflictDoUpdate({
        target: organizationCallSettings.organizationId,
        set: { maxCallsPerNumberPerDay: 1 },
      });
    // A "Call me now" test call to the number, dialled a minute ago.
    const [test] = await db
      .insert(formSubmissions)
      .values({
        organizationId: org,
        assistantId,
        formId: form.id,
        providerResponseId: "test-cap-1",
        respondentPhoneNumber: "+14155550166",
        status: "call_scheduled",
        isTest: true,
      })
      .returning();
    await db.insert(callRecords).values({
      organizationId: org,
      submissionId: test!.id,
      assistantId,
      status: "answered",
      dialState: "dialed",
      isTest: true,
      dialRequestedAt: new Date(Date.now() - 60_000),
      finalAt: new Date(),
    });
    const [lead] = await settled(await send("+1 415 555 0166", "cap-after-test"), 1);
    expect(lead!.status).toBe("answered");
    // A lead's own call does count: the next one is capped.
    const [next] = await settled(await send("+1 415 555 0166", "cap-after-lead"), 1);
    expect([next!.status, next!.endedReason]).toEqual(["not-called", "blocked-limit"]);
    await db
      .delete(organizationCallSettings)
      .where(eq(organizationCallSettings.organizationId, org));
  });

  it("lists a number whose person asks not to be called, and cancels every pending attempt to it", async () => {
    // Another assistant of the organization has an attempt to the same number waiting.
    const [second] = await db
      .insert(formAssistants)
      .values({
        organizationId: org,
        name: "Second line",
        formId: "another-form",
        formTitle: "Another form",
        isActive: true,
        assistantScript: "Hi {name}",
      })
      .returning();
    const [waitingSubmission] = await db
      .insert(formSubmissions)
      .values({
        organizationId: org,
        assistantId: second!.id,
        formId: "another-form",
        providerResponseId: "second-line-1",
        respondentPhoneNumber: "+14155550006",
        status: "call_scheduled",
      })
      .returning();
    const [waiting] = await db
      .insert(callRecords)
      .values({
        organizationId: org,
        submissionId: waitingSubmission!.id,
        assistantId: second!.id,
        callAttempt: 1,
        status: "scheduled",
        dialState: "scheduled",
        scheduledFor: new Date(Date.now() + 3_600_000),
      })
      .returning();

    // 0006: the person answers and says "Please stop calling me and take me off your list."
    const [call] = await settled(await send("+1 415 555 0006", "opt-out-call"), 1);
    expect(call).toMatchObject({ status: "answered", dialState: "dialed" });
    const [entry] = await db
      .select()
      .from(doNotCallEntries)
      .where(
        and(
          eq(doNotCallEntries.organizationId, org),
          eq(doNotCallEntries.phoneNumber, "+14155550006"),
        ),
      );
    expect(entry).toMatchObject({
      reason: "Asked not to be called",
      source: "call",
      callRecordId: call!.id,
      addedByUserId: null,
    });
    // The call itself ends with that reason, and the lead reads as opted out.
    expect(call).toMatchObject({ endedReason: "asked-not-to-call" });
    const [group] = await db
      .select({ leadOutcome: callGroups.leadOutcome })
      .from(callGroups)
      .where(eq(callGroups.id, call!.submissionId!));
    expect(group!.leadOutcome).toBe("opted-out");
    const [canceled] = await db.select().from(callRecords).where(eq(callRecords.id, waiting!.id));
    expect(canceled).toMatchObject({
      status: "not-called",
      endedReason: "blocked-dnc",
      dialState: "canceled",
    });
    // Not retried, and recorded in the audit trail as the call's doing.
    expect(await attemptsFor("opt-out-call")).toHaveLength(1);
    const [event] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, org), eq(auditEvents.subjectId, "+14155550006")));
    expect(event).toMatchObject({ action: "do_not_call.added", actorLabel: "A call" });
    // A new submission from the number is never dialled again.
    const [later] = await settled(await send("+1 415 555 0006", "opt-out-later"), 1);
    expect([later!.status, later!.endedReason]).toEqual(["not-called", "blocked-dnc"]);
    expect(await dials("+14155550006")).toBe(1);
  });

  it("does not treat the assistant's own words as an opt-out", async () => {
    // The default script mentions stopping calls; only the respondent's turns count.
    await db
      .update(formAssistants)
      .set({ assistantScript: "Hi {name}. If you'd like us to stop calling, just say so." })
      .where(eq(formAssistants.id, assistantId));
    const [call] = await settled(await send("+1 415 555 0166", "assistant-words"), 1);
    expect(call!.status).toBe("answered");
    const listed = await db.execute<{ n: number }>(
      sql`select count(*)::int n from do_not_call_entries where phone_number = '+14155550166'`,
    );
    expect(listed.rows[0]!.n).toBe(0);
  });
});
