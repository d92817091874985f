import { randomUUID } from "node:crypto";
import {
  apiErrorSchema,
  optOutConfirmResponseSchema,
  optOutSendCodeResponseSchema,
} from "@ringback/contracts";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auditEvents,
  callRecords,
  doNotCallEntries,
  formAssistants,
  formSubmissions,
  optOutCodes,
  organizations,
} from "../src/db/schema/index.ts";
import {
  organizationPhoneCountries,
  readDoNotCallNumber,
} from "../src/domain/compliance/do-not-call-list.ts";
import { evaluateSubmission } from "../src/domain/submissions/submission-rules.ts";
import { latestCode, TestClient, uniquePhone } from "./auth-client.ts";
import { startTestRingback } from "./harness.ts";

/** "+14155550123" as a person might type it: "+1 (415) 555-0123". */
const typed = (e164: string) =>
  `${e164.slice(0, 2)} (${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;

/**
 * The public opt-out page. A person proves their number with a one-time code by
 * SMS, and it goes onto the do-not-call list of exactly the organizations that had it, with
 * their pending attempts canceled; the answers say nothing about which organizations, or
 * whether any, had it. Codes are kept and guessed as sign-in's are (ADR 0011).
 */
describe("the public opt-out page", async () => {
  // The web role alone: no worker dials (or sweeps) the attempts this file leaves waiting.
  const app = await startTestRingback({
    role: "web",
    env: { CODE_SENDS_PER_PHONE: "3", CODE_SENDS_PER_PHONE_TOTAL: "6", CODE_SENDS_PER_IP: "1000" },
  });
  const db = app.database.db;

  const post = (path: string, body: unknown) =>
    fetch(`${app.url}/api/opt-out${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const sendCode = (phoneNumber: unknown) => post("/send-code", { phoneNumber });
  const confirm = (phoneNumber: unknown, code: unknown) => post("/confirm", { phoneNumber, code });
  /** An error answer's status, code, message and reason. */
  async function refusal(response: Response) {
    const { error } = apiErrorSchema.parse(await response.json());
    return {
      status: response.status,
      code: error.code,
      message: error.message,
      reason: (error.details as { reason?: string } | undefined)?.reason,
    };
  }
  async function sentCode(phone: string): Promise<string> {
    const sent = await sendCode(typed(phone));
    expect(sent.status).toBe(200);
    return latestCode(db, phone);
  }
  /** A code that is not `code`. */
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

  async function organization(label: string): Promise<string> {
    const id = randomUUID();
    await db.insert(organizations).values({ id, name: `${label} Leads`, slug: `${label}-${id}` });
    return id;
  }
  /** A lead of the organization with this number, with one attempt in the given state. */
  async function lead(
    organizationId: string,
    phone: string,
    attempt: "scheduled" | "answered" = "scheduled",
  ) {
    const [submission] = await db
      .insert(formSubmissions)
      .values({
        organizationId,
        formId: "form-1",
        providerResponseId: randomUUID(),
        respondentPhoneNumber: phone,
        status: "call_scheduled",
      })
      .returning();
    const [record] = await db
      .insert(callRecords)
      .values({
        organizationId,
        submissionId: submission!.id,
        callAttempt: 1,
        ...(attempt === "scheduled"
          ? {
              status: "scheduled" as const,
              dialState: "scheduled" as const,
              scheduledFor: new Date(Date.now() + 3_600_000),
            }
          : {
              status: "answered" as const,
              dialState: "dialed" as const,
              finalAt: new Date(),
            }),
      })
      .returning();
    return record!;
  }
  const attempt = async (id: string) =>
    (await db.select().from(callRecords).where(eq(callRecords.id, id)))[0]!;
  const entriesFor = (phone: string) =>
    db.select().from(doNotCallEntries).where(eq(doNotCallEntries.phoneNumber, phone));

  it("lists the number for exactly the organizations that had it and cancels their pending attempts", async () => {
    const phone = uniquePhone();
    const other = uniquePhone();
    const [first, second, neither] = [
      await organization("first"),
      await organization("second"),
      await organization("neither"),
    ];
    const firstPending = await lead(first, phone);
    const secondAnswered = await lead(second, phone, "answered");
    const secondPending = await lead(second, phone);
    const neitherPending = await lead(neither, other);

    const sent = await sendCode(typed(phone));
    expect(sent.status).toBe(200);
    expect(optOutSendCodeResponseSchema.parse(await sent.json())).toEqual({
      sent: true,
      phoneNumber: phone,
      expiresInSeconds: 300,
    });
    const code = await latestCode(db, phone);
    // Stored as an HMAC only.
    const [stored] = await db.select().from(optOutCodes).where(eq(optOutCodes.phoneNumber, phone));
    expect(stored!.codeHash).not.toContain(code);
    expect(JSON.stringify(stored)).not.toContain(code);

    const confirmed = await confirm(typed(phone), code);
    expect(confirmed.status).toBe(200);
    expect(optOutConfirmResponseSchema.parse(await confirmed.json())).toEqual({
      optedOut: true,
      phoneNumber: phone,
    });

    const entries = await entriesFor(phone);
    expect(entries.map((e) => e.organizationId).sort()).toEqual([first, second].sort());
    for (const entry of entries) {
      expect(entry).toMatchObject({
        reason: "Asked not to be called (opt-out page)",
        source: "opt_out_page",
        addedByUserId: null,
        callRecordId: null,
      });
    }
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, phone), eq(auditEvents.action, "do_not_call.added")));
    expect(audit.map((e) => e.organizationId).sort()).toEqual([first, second].sort());
    expect(audit.every((e) => e.actorLabel === "The opt-out page" && e.actorUserId === null)).toBe(
      true,
    );

    // Their pending attempts are canceled; a call already made stays as it was; the
    // organization that never had the number is untouched.
    for (const id of [firstPending.id, secondPending.id]) {
      expect(await attempt(id)).toMatchObject({
        status: "not-called",
        endedReason: "blocked-dnc",
        dialState: "canceled",
        errorMessage: "Blocked: on do-not-call list",
      });
      expect((await attempt(id)).finalAt).not.toBeNull();
    }
    expect(await attempt(secondAnswered.id)).toMatchObject({
      status: "answered",
      dialState: "dialed",
    });
    expect(await attempt(neitherPending.id)).toMatchObject({
      status: "scheduled",
      dialState: "scheduled",
    });
    expect(
      await db.select().from(doNotCallEntries).where(eq(doNotCallEntries.organizationId, neither)),
    ).toEqual([]);

    // The code is spent: it cannot be used again.
    expect(await refusal(await confirm(phone, code))).toMatchObject({
      status: 400,
      reason: "used",
      message: "This code has already been used. Request a new one.",
    });
  });

  it.each([
    // typed, the country it was typed in (a lead's assistant's; the one chosen on the page)
    ["1 415 555 0199", "US", "+14155550199"],
    ["0044 7911 123456", "US", "+447911123456"],
    ["07911 123456", "GB", "+447911123456"],
    ["030 1234567", "DE", "+49301234567"],
    ["06 12 34 56 78", "FR", "+33612345678"],
    ["098765 43210", "IN", "+919876543210"],
    ["(11) 91234-5678", "BR", "+5511912345678"],
  ] as const)(
    "reads %j (%s) as a lead does, in Do Not Call too, and opts that number out",
    async (typedNumber, country, e164) => {
      const org = await organization(`reader-${country}`);
      await db.insert(formAssistants).values({ organizationId: org, defaultCountry: country });
      // As a lead: the number the form delivered, read as ingest reads it.
      const asLead = evaluateSubmission(
        { phone: typedNumber, ok: true },
        {
          phoneFieldId: "phone",
          checkboxFieldId: "ok",
          nameFieldId: null,
          emailFieldId: null,
          defaultCountry: country,
        },
      );
      expect(asLead).toMatchObject({ status: "call_scheduled", phone: e164 });
      // As Do Not Call reads it for this organization.
      expect(readDoNotCallNumber(typedNumber, await organizationPhoneCountries(db, org))).toBe(
        e164,
      );
      // A lead from before with that number, and its pending attempt.
      await db.delete(doNotCallEntries).where(eq(doNotCallEntries.phoneNumber, e164));
      await db.delete(optOutCodes).where(eq(optOutCodes.phoneNumber, e164));
      const pending = await lead(org, e164);

      // The opt-out page reads the same number, texts it, lists it and cancels the attempt.
      const sent = await post("/send-code", { phoneNumber: typedNumber, country });
      expect(sent.status).toBe(200);
      expect(optOutSendCodeResponseSchema.parse(await sent.json()).phoneNumber).toBe(e164);
      const code = await latestCode(db, e164);
      const confirmed = await post("/confirm", { phoneNumber: typedNumber, country, code });
      expect(confirmed.status).toBe(200);
      expect(optOutConfirmResponseSchema.parse(await confirmed.json()).phoneNumber).toBe(e164);
      expect((await entriesFor(e164)).map((entry) => entry.organizationId)).toContain(org);
      expect(await attempt(pending.id)).toMatchObject({
        status: "not-called",
        endedReason: "blocked-dnc",
        dialState: "canceled",
      });
    },
  );

  it("answers exactly the same for a number no organization ever had", async () => {
    const known = uniquePhone();
    const unknown = uniquePhone();
    await lead(await organization("known"), known);

    const answers = async (phone: string) => {
      const sent = await sendCode(phone);
      const sentBody = await sent.text();
      const confirmed = await confirm(phone, await latestCode(db, phone));
      const confirmedBody = await confirmed.text();
      const headers = (r: Response) =>
        [...r.headers].filter(([name]) => !["date", "x-request-id"].includes(name));
      return {
        sent: { status: sent.status, headers: headers(sent), body: sentBody },
        confirmed: { status: confirmed.status, headers: headers(confirmed), body: confirmedBody },
      };
    };
    const forKnown = await answers(known);
    const forUnknown = await answers(unknown);
    expect(forKnown.confirmed.status).toBe(200);
    // Byte for byte, once each number is replaced by the same placeholder.
    const masked = (value: unknown, phone: string) =>
      JSON.parse(JSON.stringify(value).replaceAll(phone, "<number>"));
    expect(masked(forUnknown, unknown)).toEqual(masked(forKnown, known));
    expect(await entriesFor(known)).toHaveLength(1);
    expect(await entriesFor(unknown)).toEqual([]);
  });

  it("refuses a wrong code and counts it; after 5 wrong guesses even the right code is refused", async () => {
    const phone = uniquePhone();
    await lead(await organization("guessed"), phone);
    const code = await sentCode(phone);
    for (let i = 0; i < 5; i++) {
      expect(await refusal(await confirm(phone, wrong(code)))).toEqual({
        status: 400,
        code: "bad_request",
        message: "Invalid verification code. Check the code we texted you and try again.",
        reason: "invalid_code",
      });
    }
    const [row] = await db.select().from(optOutCodes).where(eq(optOutCodes.phoneNumber, phone));
    expect(row!.attempts).toBe(5);
    expect(await refusal(await confirm(phone, code))).toEqual({
      status: 403,
      code: "forbidden",
      message: "Too many wrong attempts. Request a new code.",
      reason: "too_many_attempts",
    });
    expect(await entriesFor(phone)).toEqual([]);

    // A new code starts afresh.
    const fresh = await sentCode(phone);
    expect((await confirm(phone, fresh)).status).toBe(200);
    expect(await entriesFor(phone)).toHaveLength(1);
  });

  it("compares at most 5 guesses of simultaneous ones, and lists a number once for simultaneous right codes", async () => {
    const phone = uniquePhone();
    const code = await sentCode(phone);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => confirm(phone, wrong(code)).then(refusal)),
    );
    const reasons = answers.map((a) => a.reason);
    expect(reasons.filter((r) => r === "invalid_code")).toHaveLength(5);
    expect(reasons.filter((r) => r === "too_many_attempts")).toHaveLength(25);

    const other = uniquePhone();
    const organizationId = await organization("raced");
    await lead(organizationId, other);
    const right = await sentCode(other);
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () => confirm(other, right).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(9);
    expect(await entriesFor(other)).toHaveLength(1);
  });

  it("refuses an expired code", async () => {
    const phone = uniquePhone();
    await lead(await organization("expired"), phone);
    const code = await sentCode(phone);
    const [row] = await db.select().from(optOutCodes).where(eq(optOutCodes.phoneNumber, phone));
    // Sign-in's lifetime: 5 minutes.
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(299_000);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThan(301_000);
    await db
      .update(optOutCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(optOutCodes.phoneNumber, phone));
    expect(await refusal(await confirm(phone, code))).toEqual({
      status: 400,
      code: "bad_request",
      message: "This code has expired. Request a new one.",
      reason: "expired",
    });
    expect(await entriesFor(phone)).toEqual([]);
  });

  it("accepts only the newest code, and refuses a confirmation with no code sent", async () => {
    const phone = uniquePhone();
    const older = await sentCode(phone);
    const newer = await sentCode(phone);
    if (older !== newer) {
      expect((await refusal(await confirm(phone, older))).reason).toBe("invalid_code");
    }
    expect((await confirm(phone, newer)).status).toBe(200);

    expect(await refusal(await confirm(uniquePhone(), "123456"))).toEqual({
      status: 400,
      code: "bad_request",
      message: "No code is waiting for this number. Request a new one.",
      reason: "no_code",
    });
  });

  it("keeps to sign-in's send limits, counted together with sign-in's sends", async () => {
    const phone = uniquePhone();
    expect((await sendCode(phone)).status).toBe(200);
    expect((await sendCode(phone)).status).toBe(200);
    // A sign-in code to the same number from the same address counts too.
    expect((await new TestClient(app.url).sendCode(phone)).status).toBe(200);
    const limited = await refusal(await sendCode(phone));
    expect(limited).toMatchObject({ status: 429, code: "rate_limited" });
    expect(limited.message).toMatch(
      /^Too many verification codes were requested for this phone number\. Try again in \d+ minutes?\.$/,
    );
    expect((await new TestClient(app.url).sendCode(phone)).status).toBe(429);
    // Two opt-out codes were stored (and one sign-in code), no more.
    const sent = await db.select().from(optOutCodes).where(eq(optOutCodes.phoneNumber, phone));
    expect(sent).toHaveLength(2);
    // Another number is not affected.
    expect((await sendCode(uniquePhone())).status).toBe(200);
  });

  it("answers bad input with a 400 and a clear message, never a 5xx", async () => {
    const cases: [string, unknown, string][] = [
      ["/send-code", {}, "Enter your phone number"],
      ["/send-code", { phoneNumber: "" }, "Enter your phone number"],
      ["/send-code", { phoneNumber: "   " }, "Enter your phone number"],
      ["/send-code", { phoneNumber: 4155550123 }, "Enter your phone number"],
      [
        "/send-code",
        { phoneNumber: "call me" },
        "Enter a phone number with its country code, e.g. +1 415 555 0123",
      ],
      [
        "/send-code",
        { phoneNumber: "+1 555 0100" },
        "That is not a phone number in the country chosen. Check the number, or choose its country.",
      ],
      [
        "/send-code",
        { phoneNumber: "9".repeat(5000) },
        "Enter a phone number with its country code, e.g. +1 415 555 0123",
      ],
      ["/send-code", "not json", "The request body must be JSON."],
      ["/confirm", { phoneNumber: uniquePhone() }, "Enter the 6-digit code we texted you"],
      [
        "/confirm",
        { phoneNumber: uniquePhone(), code: "12ab56" },
        "Enter the 6-digit code we texted you",
      ],
      [
        "/confirm",
        { phoneNumber: uniquePhone(), code: "1234567" },
        "Enter the 6-digit code we texted you",
      ],
      ["/confirm", { code: "123456" }, "Enter your phone number"],
      ["/confirm", "[", "The request body must be JSON."],
    ];
    for (const [path, body, message] of cases) {
      const answer = await refusal(await post(path, body));
      expect({ path, body, ...answer }).toMatchObject({ path, body, status: 400, message });
    }
    // No code was texted for any of them.
    const texted = await db
      .select()
      .from(optOutCodes)
      .where(inArray(optOutCodes.phoneNumber, ["+15550100", "+1call me"]));
    expect(texted).toEqual([]);
  });

  it("is public: no sign-in, and the sign-in cookie is not needed", async () => {
    const phone = uniquePhone();
    const response = await fetch(`${app.url}/api/opt-out/send-code`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ phoneNumber: phone }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
