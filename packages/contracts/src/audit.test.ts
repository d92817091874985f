import { describe, expect, it } from "vitest";
import {
  AUDIT_ACTOR_RINGBACK,
  auditActions,
  auditKindActions,
  auditKindOf,
  auditKinds,
} from "./audit.ts";
import { auditQuerySchema } from "./compliance.ts";

describe("the audit trail's kinds", () => {
  it("hold every action exactly once", () => {
    const grouped = auditKinds.flatMap((kind) => auditKindActions[kind]);
    expect(grouped.toSorted()).toEqual([...auditActions].toSorted());
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it("name the kind of an action, and none for an action they do not know", () => {
    expect(auditKindOf("do_not_call.removed")).toBe("do-not-call");
    expect(auditKindOf("assistant.settings_changed")).toBe("assistants");
    expect(auditKindOf("organization.call_settings_changed")).toBe("call-limits");
    expect(auditKindOf("organization.retention_changed")).toBe("retention");
    expect(auditKindOf("api_key.revoked")).toBe("api-keys");
    expect(auditKindOf("member.role_changed")).toBe("team");
    expect(auditKindOf("voice.provider_reset")).toBe("voice");
    expect(auditKindOf("organization.renamed")).toBeNull();
  });
});

describe("the audit trail's query", () => {
  const parse = (query: Record<string, string>) => auditQuerySchema.safeParse(query);
  const message = (query: Record<string, string>) => {
    const result = parse(query);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it("reads the filters: an actor, kinds in their own order, and a range of instants", () => {
    const actor = "0b8a3c9e-5f1d-4c47-9a1e-2d3f4b5c6d7e";
    expect(
      auditQuerySchema.parse({
        actor,
        kind: "team, api-keys,team",
        from: "2026-11-03T04:00:00.000Z",
        to: "2026-11-05T00:00:00+01:00",
      }),
    ).toEqual({
      actor,
      kind: ["api-keys", "team"],
      from: "2026-11-03T04:00:00.000Z",
      to: "2026-11-05T00:00:00+01:00",
    });
    expect(auditQuerySchema.parse({ actor: AUDIT_ACTOR_RINGBACK }).actor).toBe("ringback");
    // Empty parameters are no filter; a cursor that cannot be read is the first page.
    expect(auditQuerySchema.parse({ actor: "", kind: "", from: "", to: "" })).toEqual({});
    expect(auditQuerySchema.parse({ cursor: "x".repeat(500) })).toEqual({});
  });

  it("refuses a filter it cannot read, saying what is wrong", () => {
    expect(message({ kind: "team,opt_out_page" })).toBe(
      '"opt_out_page" is not a kind of change. The kinds are do-not-call, assistants, call-limits, retention, api-keys, team, voice.',
    );
    expect(message({ kind: "," })).toMatch(/is not a kind of change/);
    expect(message({ actor: "Ana Costa" })).toBe(
      '"actor" must be a member\'s user id or "ringback".',
    );
    expect(message({ from: "2026-11-03" })).toMatch(/^"from" must be a date and time in ISO 8601/);
    expect(message({ to: "2026-11-03T00:00:00" })).toMatch(/^"to" must be a date and time/);
    expect(message({ from: "0000-01-01T00:00:00Z" })).toBe(
      '"from" must be between the years 1970 and 9999.',
    );
    expect(message({ from: "2026-11-05T00:00:00Z", to: "2026-11-03T00:00:00Z" })).toBe(
      '"from" must not be after "to".',
    );
  });
});
