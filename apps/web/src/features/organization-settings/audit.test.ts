import type { AuditEventItem } from "@ringback/contracts";
import { describe, expect, it } from "vitest";
import { auditChanges, describeAuditEvent } from "./audit";

const event = (over: Partial<AuditEventItem>): AuditEventItem => ({
  id: "e",
  actor: "Ana Costa",
  action: "do_not_call.added",
  subjectType: "phone_number",
  subjectId: "+14155550123",
  subjectLabel: null,
  before: null,
  after: null,
  createdAt: "2026-11-25T10:00:00.000Z",
  ...over,
});

describe("the audit trail's lines", () => {
  it("says what was done to what, numbers read as people write them", () => {
    expect(describeAuditEvent(event({}))).toBe("added +1 415 555 0123 to the do-not-call list");
    expect(describeAuditEvent(event({ action: "do_not_call.removed" }))).toBe(
      "removed +1 415 555 0123 from the do-not-call list",
    );
    expect(
      describeAuditEvent(
        event({
          action: "assistant.activated",
          subjectType: "assistant",
          subjectLabel: "Quote form",
        }),
      ),
    ).toBe("activated the assistant for Quote form");
    expect(
      describeAuditEvent(
        event({
          action: "api_key.revoked",
          subjectType: "api_key",
          subjectLabel: "CRM sync (rb_live_3kF9…)",
        }),
      ),
    ).toBe("revoked the API key CRM sync (rb_live_3kF9…)");
  });

  it("lists the changed fields before → after, and what was set or removed", () => {
    expect(
      auditChanges(
        event({
          action: "organization.call_settings_changed",
          before: { maxCallsPerNumberPerDay: 3 },
          after: { maxCallsPerNumberPerDay: 2 },
        }),
      ),
    ).toEqual(["Calls to one number a day: 3 → 2"]);
    expect(
      auditChanges(event({ after: { reason: "Asked", source: "manual", callRecordId: null } })),
    ).toEqual(["Reason: Asked", "Source: manual"]);
    expect(auditChanges(event({ before: { reason: "Temp", addedAt: "x" } }))).toEqual([
      "Reason was Temp",
    ]);
    expect(
      auditChanges(event({ before: { skipSundays: false }, after: { skipSundays: true } })),
    ).toEqual(["No calls on Sundays: No → Yes"]);
    // An assistant's voice options (issue 15 §4).
    expect(
      auditChanges(
        event({
          action: "assistant.settings_changed",
          before: { voice: null, maxCallMinutes: 10, transferNumber: null },
          after: { voice: "Ava (Simulator)", maxCallMinutes: 5, transferNumber: "+442079460958" },
        }),
      ),
    ).toEqual([
      "Voice: (none) → Ava (Simulator)",
      "Maximum call length (minutes): 10 → 5",
      "Transfer number: (none) → +442079460958",
    ]);
  });

  it("says how long recordings and transcripts are kept, Forever for none", () => {
    const changed = event({
      action: "organization.retention_changed",
      subjectType: "organization",
      subjectId: "org",
      before: { recordingDays: 90, transcriptDays: null },
      after: { recordingDays: 730, transcriptDays: 30 },
    });
    expect(describeAuditEvent(changed)).toBe(
      "changed how long recordings and transcripts are kept",
    );
    expect(auditChanges(changed)).toEqual([
      "Keep recordings: 90 days → 2 years",
      "Keep transcripts: Forever → 30 days",
    ]);
  });

  it("says who was removed or had their role changed, with the keys that went", () => {
    const removed = event({
      action: "member.removed",
      subjectType: "member",
      subjectId: "u2",
      subjectLabel: "Ben Ode",
      before: { role: "admin" },
      after: { revokedApiKeys: 2 },
    });
    expect(describeAuditEvent(removed)).toBe("removed Ben Ode from the organization");
    expect(auditChanges(removed)).toEqual(["Role was Admin", "API keys revoked: 2"]);
    const changed = event({
      action: "member.role_changed",
      subjectType: "member",
      subjectId: "u2",
      subjectLabel: "Ben Ode",
      before: { role: "admin" },
      after: { role: "member" },
    });
    expect(describeAuditEvent(changed)).toBe("changed the role of Ben Ode");
    expect(auditChanges(changed)).toEqual(["Role: Admin → Member"]);
  });
});
