import {
  type AuditEventItem,
  auditActions,
  auditKinds,
  doNotCallSources,
} from "@ringback/contracts";
import { describe, expect, it } from "vitest";
import {
  auditApiQuery,
  auditChanges,
  auditEventKindLabel,
  auditFiltersSearch,
  auditKindLabels,
  auditRangeError,
  describeAuditEvent,
  hasAuditFilters,
  NO_AUDIT_FILTERS,
  parseAuditFilters,
} from "./audit";

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
    ).toEqual(["Reason: Asked", "Source: Added by hand"]);
    expect(auditChanges(event({ before: { reason: "Temp", addedAt: "x" } }))).toEqual([
      "Reason was Temp",
    ]);
    expect(
      auditChanges(event({ before: { skipSundays: false }, after: { skipSundays: true } })),
    ).toEqual(["No calls on Sundays: No → Yes"]);
    // An assistant's voice options.
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
      "Transfer number: (none) → +44 20 7946 0958",
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

/** Every value the trail's lines and changes show, for a list of events. */
const everyWord = (events: AuditEventItem[]) =>
  events.flatMap((e) => [describeAuditEvent(e), ...auditChanges(e)]).join("\n");

describe("the audit trail in words", () => {
  it("names every way a number comes onto the do-not-call list, never its stored value", () => {
    const shown = doNotCallSources.map(
      (source) => auditChanges(event({ after: { reason: "Asked", source } }))[1],
    );
    expect(shown).toEqual([
      "Source: Added by hand",
      "Source: Imported",
      "Source: Heard on a call",
      "Source: Opt-out page",
    ]);
    // Taken off the list: what it said, in the same words.
    expect(
      auditChanges(
        event({
          action: "do_not_call.removed",
          before: { reason: "Asked not to be called (opt-out page)", source: "opt_out_page" },
        }),
      ),
    ).toEqual(["Reason was Asked not to be called (opt-out page)", "Source was Opt-out page"]);
  });

  it("names languages, time zones, delays and numbers as people write them", () => {
    expect(
      auditChanges(
        event({
          action: "assistant.settings_changed",
          subjectType: "assistant",
          before: { language: null, defaultTimeZone: "America/New_York", retryDelayMinutes: 1 },
          after: {
            language: "es-MX",
            defaultTimeZone: "America/Los_Angeles",
            retryDelayMinutes: 30,
          },
        }),
      ),
    ).toEqual([
      "Language: English (provider default) → Spanish (Mexico)",
      "Time zone: America/New York → America/Los Angeles",
      "Retry delay: 1 minute → 30 minutes",
    ]);
    expect(
      auditChanges(
        event({
          action: "voice.provider_set",
          subjectType: "voice_connection",
          before: null,
          after: { provider: "Bland", callerNumber: "+14155550123", apiKeyEnding: "x9Qa" },
        }),
      ),
    ).toEqual([
      "Voice provider: Bland",
      "Caller number: +1 415 555 0123",
      "API key ending in: x9Qa",
    ]);
  });

  it("says an action or field it does not know in words, not as stored", () => {
    const unknown = event({
      action: "organization.renamed",
      subjectType: "organization",
      subjectId: "org_1",
      subjectLabel: "Acme",
      before: { displayName: "Acme" },
      after: { displayName: "Acme Inc", legal_entity: { countryCode: "US" } },
    });
    expect(describeAuditEvent(unknown)).toBe("made a change to Acme");
    expect(auditChanges(unknown)).toEqual([
      "Display name: Acme → Acme Inc",
      "Legal entity: Country code: US",
    ]);
    const words = everyWord([unknown]);
    expect(words).not.toMatch(/organization\.renamed|displayName|legal_entity|countryCode/);
  });

  it("shows no stored value of any action the server records", () => {
    const events = auditActions.map((action) =>
      event({
        action,
        subjectType: action.startsWith("do_not_call") ? "phone_number" : "thing",
        subjectLabel: action.startsWith("do_not_call") ? null : "Front desk",
        before: { source: "opt_out_page", role: "admin", language: "pt-BR" },
        after: { source: "call", role: "member", language: null },
      }),
    );
    const words = everyWord(events);
    expect(words).not.toMatch(/opt_out_page|pt-BR|\badmin\b|_/);
    expect(words).toContain("Source: Opt-out page → Heard on a call");
    expect(words).toContain("Role: Admin → Member");
    for (const action of auditActions) expect(words).not.toContain(action);
  });
});

describe("the audit trail's kinds", () => {
  it("name every kind, and the kind of every action the server records", () => {
    expect(auditKinds.map((kind) => auditKindLabels[kind])).toEqual([
      "Do-not-call list",
      "Assistants",
      "Call limits",
      "Retention",
      "API keys",
      "Team",
      "Voice provider",
    ]);
    for (const action of auditActions) expect(auditEventKindLabel({ action })).not.toBeNull();
    expect(auditEventKindLabel({ action: "member.role_changed" })).toBe("Team");
    expect(auditEventKindLabel({ action: "do_not_call.added" })).toBe("Do-not-call list");
    expect(auditEventKindLabel({ action: "voice.provider_reset" })).toBe("Voice provider");
    expect(auditEventKindLabel({ action: "organization.retention_changed" })).toBe("Retention");
    expect(auditEventKindLabel({ action: "organization.renamed" })).toBeNull();
  });
});

describe("the audit trail's filters in the URL", () => {
  const actor = "0b8a3c9e-5f1d-4c47-9a1e-2d3f4b5c6d7e";

  it("reads who, the kinds in their own order and the days; what it cannot read is no filter", () => {
    expect(
      parseAuditFilters(
        new URLSearchParams(
          `actor=${actor}&kind=team&kind=do-not-call,bogus&from=2026-11-03&to=2026-11-05`,
        ),
      ),
    ).toEqual({ actor, kinds: ["do-not-call", "team"], from: "2026-11-03", to: "2026-11-05" });
    expect(parseAuditFilters(new URLSearchParams("actor=ringback")).actor).toBe("ringback");
    expect(
      parseAuditFilters(new URLSearchParams("actor=Ana&kind=opt_out_page&from=2026-02-30&to=x")),
    ).toEqual(NO_AUDIT_FILTERS);
    expect(hasAuditFilters(NO_AUDIT_FILTERS)).toBe(false);
    expect(hasAuditFilters({ ...NO_AUDIT_FILTERS, kinds: ["team"] })).toBe(true);
  });

  it("writes the filters in force back, keeping the rest of the URL", () => {
    const written = auditFiltersSearch(
      { actor: "ringback", kinds: ["api-keys", "team"], from: "2026-11-03", to: null },
      new URLSearchParams("kind=voice&to=2026-01-01&tab=x"),
    );
    expect(written.toString()).toBe("tab=x&actor=ringback&kind=api-keys&kind=team&from=2026-11-03");
    expect(parseAuditFilters(written)).toEqual({
      actor: "ringback",
      kinds: ["api-keys", "team"],
      from: "2026-11-03",
      to: null,
    });
    expect(auditFiltersSearch(NO_AUDIT_FILTERS, written).toString()).toBe("tab=x");
  });

  it("asks the API for the days as instants of the browser's midnights, the last day included", () => {
    const query = auditApiQuery({
      actor,
      kinds: ["do-not-call", "team"],
      from: "2026-11-01",
      to: "2026-11-03",
    });
    expect(query.get("actor")).toBe(actor);
    expect(query.get("kind")).toBe("do-not-call,team");
    expect(query.get("from")).toBe(new Date(2026, 10, 1).toISOString());
    expect(query.get("to")).toBe(new Date(2026, 10, 4).toISOString());
    // The last day of a month runs to the first of the next.
    expect(auditApiQuery({ ...NO_AUDIT_FILTERS, to: "2026-12-31" }).get("to")).toBe(
      new Date(2027, 0, 1).toISOString(),
    );
    expect(auditApiQuery(NO_AUDIT_FILTERS).toString()).toBe("");
  });

  it("says when the last day comes before the first", () => {
    expect(auditRangeError({ from: "2026-11-05", to: "2026-11-03" })).toBe(
      "The end date is before the start date.",
    );
    expect(auditRangeError({ from: "2026-11-03", to: "2026-11-03" })).toBeNull();
    expect(auditRangeError({ from: "2026-11-03", to: null })).toBeNull();
  });
});
