import type { AuditAction, AuditEventItem, AuditEventPage } from "@ringback/contracts";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents } from "../src/db/schema/index.ts";
import { AUDIT_PAGE_SIZE } from "../src/domain/compliance/audit.ts";
import { addToDoNotCallList } from "../src/domain/compliance/do-not-call.ts";
import { OPT_OUT_PAGE_ACTOR } from "../src/domain/compliance/opt-out.ts";
import { startTestRingback } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";

/**
 * The audit trail's filters over the API: by who made the change (a member, or Ringback itself),
 * by kind of change, and by a range of instants; each filtered trail pages like the whole one,
 * and a filter that cannot be read is a 400 that says why.
 */
describe("the audit trail's filters", async () => {
  const app = await startTestRingback({ env: { CODE_SENDS_PER_IP: "1000" } });
  const db = app.database.db;
  const team = await createTeam(app.url, db, { label: "audit" });
  const org = team.organization.id;
  const base = `/api/organizations/${org}`;
  const { owner, admin, member } = team;

  /** Every event the filter matches, following the cursor to the end. */
  async function trail(query: Record<string, string>): Promise<AuditEventItem[]> {
    const items: AuditEventItem[] = [];
    let cursor: string | null = null;
    do {
      const params = new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) });
      const page: AuditEventPage = await owner.client.json<AuditEventPage>(
        `${base}/audit-events?${params}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(AUDIT_PAGE_SIZE);
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return items;
  }
  const actions = (items: AuditEventItem[]) => items.map((item) => item.action);

  /** Events written straight to the table, at the given instants (the trail's own insert). */
  async function insertEvents(
    events: { action: AuditAction; at: string; actorUserId?: string | null; label?: string }[],
  ) {
    await db.insert(auditEvents).values(
      events.map((event) => ({
        organizationId: org,
        actorUserId: event.actorUserId ?? null,
        actorLabel: event.label ?? "Ringback",
        action: event.action,
        subjectType: "test",
        subjectId: event.at,
        createdAt: new Date(event.at),
      })),
    );
  }

  // Real changes, through the API and the call path: one of each kind but assistants and voice.
  const added = await owner.client.request(`${base}/do-not-call`, {
    method: "POST",
    json: { phoneNumber: "+1 415 555 0141", reason: "Asked by email" },
  });
  expect(added.status).toBe(201);
  const limits = await admin.client.request(`${base}/call-settings`, {
    method: "PUT",
    json: { maxCallsPerNumberPerDay: 2 },
  });
  expect(limits.status).toBe(200);
  const demoted = await owner.client.request(`${base}/members/${admin.memberId}`, {
    method: "PATCH",
    json: { role: "member" },
  });
  expect(demoted.status).toBe(200);
  const promoted = await owner.client.request(`${base}/members/${admin.memberId}`, {
    method: "PATCH",
    json: { role: "admin" },
  });
  expect(promoted.status).toBe(200);
  const key = await admin.client.request(`${base}/api-keys`, {
    method: "POST",
    json: { name: "CRM sync" },
  });
  expect(key.status).toBe(201);
  // A number listed from the public opt-out page: no member did it.
  await addToDoNotCallList(db, {
    organizationId: org,
    phoneNumber: "+14155550142",
    reason: "Asked not to be called (opt-out page)",
    source: "opt_out_page",
    actor: OPT_OUT_PAGE_ACTOR,
  });

  it("filters by who made the change: a member, or Ringback itself", async () => {
    const everything = await trail({});
    expect(everything.length).toBe(6);
    expect(actions(await trail({ actor: owner.userId }))).toEqual([
      "member.role_changed",
      "member.role_changed",
      "do_not_call.added",
    ]);
    expect(actions(await trail({ actor: admin.userId }))).toEqual([
      "api_key.created",
      "organization.call_settings_changed",
    ]);
    expect(await trail({ actor: member.userId })).toEqual([]);
    const ringback = await trail({ actor: "ringback" });
    expect(ringback).toMatchObject([
      {
        action: "do_not_call.added",
        actor: "The opt-out page",
        subjectId: "+14155550142",
        after: { source: "opt_out_page" },
      },
    ]);
  });

  it("filters by kind, one or several, and by kind and who together", async () => {
    expect(actions(await trail({ kind: "team" }))).toEqual([
      "member.role_changed",
      "member.role_changed",
    ]);
    expect(actions(await trail({ kind: "api-keys,call-limits" }))).toEqual([
      "api_key.created",
      "organization.call_settings_changed",
    ]);
    expect(actions(await trail({ kind: "do-not-call", actor: owner.userId }))).toEqual([
      "do_not_call.added",
    ]);
    expect(await trail({ kind: "voice,assistants,retention" })).toEqual([]);
  });

  it("filters by a range of instants: from inclusive, to exclusive", async () => {
    await insertEvents([
      { action: "voice.provider_set", at: "2020-01-01T23:59:59.999Z" },
      { action: "voice.provider_reset", at: "2020-01-02T00:00:00.000Z" },
      { action: "assistant.activated", at: "2020-01-02T15:30:00.000Z" },
      { action: "assistant.deactivated", at: "2020-01-03T00:00:00.000Z" },
    ]);
    const day = { from: "2020-01-02T00:00:00.000Z", to: "2020-01-03T00:00:00.000Z" };
    expect(actions(await trail(day))).toEqual(["assistant.activated", "voice.provider_reset"]);
    // The same day as a browser in New York sends it: its midnights, with their offset.
    expect(
      actions(await trail({ from: "2020-01-01T19:00:00-05:00", to: "2020-01-02T19:00:00-05:00" })),
    ).toEqual(["assistant.activated", "voice.provider_reset"]);
    expect(actions(await trail({ ...day, kind: "voice" }))).toEqual(["voice.provider_reset"]);
    expect(actions(await trail({ to: "2020-01-02T00:00:00.000Z" }))).toEqual([
      "voice.provider_set",
    ]);
    // Everything from 2020-01-03 on: the deactivation and the six real changes.
    expect((await trail({ from: "2020-01-03T00:00:00.000Z" })).length).toBe(7);
  });

  it("pages a filtered trail without skipping or repeating, newest first", async () => {
    const start = Date.UTC(2021, 0, 1);
    // Two kinds interleaved, every minute; some events share an instant.
    await insertEvents(
      Array.from({ length: 130 }, (_, i) => ({
        action: (i % 2 === 0 ? "api_key.revoked" : "do_not_call.removed") as AuditAction,
        at: new Date(start + Math.floor(i / 3) * 60_000).toISOString(),
        actorUserId: i % 4 === 0 ? member.userId : null,
        label: i % 4 === 0 ? "audit Member" : "A call",
      })),
    );
    const range = { from: "2021-01-01T00:00:00.000Z", to: "2021-01-02T00:00:00.000Z" };
    const keys = await trail({ ...range, kind: "api-keys" });
    expect(keys.length).toBe(65);
    expect(new Set(keys.map((item) => item.id)).size).toBe(65);
    expect(keys.every((item) => item.action === "api_key.revoked")).toBe(true);
    const times = keys.map((item) => Date.parse(item.createdAt));
    expect(times).toEqual(times.toSorted((a, b) => b - a));
    // By who, across pages: every fourth event is the member's (all of them API keys).
    const theirs = await trail({ ...range, actor: member.userId });
    expect(theirs.length).toBe(33);
    expect(new Set(theirs.map((item) => item.id)).size).toBe(33);
    expect((await trail({ ...range, actor: "ringback", kind: "do-not-call" })).length).toBe(65);
  });

  it("refuses a filter it cannot read with a 400 that says why, never a 500", async () => {
    const refused: [string, RegExp][] = [
      ["kind=opt_out_page", /"opt_out_page" is not a kind of change\. The kinds are do-not-call/],
      ["kind=team,,voice", /"" is not a kind of change/],
      [`kind=${"x".repeat(600)}`, /"kind" is too long/],
      ["actor=Ana%20Costa", /"actor" must be a member's user id or "ringback"/],
      ["actor=%27%3B%20drop%20table%20audit_events", /"actor" must be a member's user id/],
      ["from=2026-11-03", /"from" must be a date and time in ISO 8601/],
      ["to=yesterday", /"to" must be a date and time in ISO 8601/],
      ["from=2026-13-45T00:00:00Z", /"from" must be a date and time/],
      ["to=0001-01-01T00:00:00Z", /"to" must be between the years 1970 and 9999/],
      [
        "from=2026-11-05T00:00:00.000Z&to=2026-11-03T00:00:00.000Z",
        /"from" must not be after "to"/,
      ],
    ];
    for (const [query, message] of refused) {
      const response = await owner.client.request(`${base}/audit-events?${query}`);
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code, query).toBe("validation_failed");
      expect(body.error.message, query).toMatch(message);
    }
    // Empty parameters are no filter.
    const blank = await owner.client.request(`${base}/audit-events?actor=&kind=&from=&to=`);
    expect(blank.status).toBe(200);
    // Members still may not read the trail, filtered or not.
    const forbidden = await member.client.request(`${base}/audit-events?kind=team`);
    expect(forbidden.status).toBe(403);
  });

  it("has an index for each filter, which the database uses", async () => {
    await db.execute(sql`ANALYZE audit_events`);
    const plan = async (where: ReturnType<typeof sql>) => {
      // A small table is read whole whatever the indexes: ask for the plan without that option.
      return db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const result = await tx.execute<{ "QUERY PLAN": string }>(
          sql`EXPLAIN SELECT id FROM audit_events WHERE organization_id = ${org} AND ${where}
              ORDER BY created_at DESC, id DESC LIMIT 51`,
        );
        return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
      });
    };
    expect(await plan(sql`actor_user_id = ${member.userId}`)).toContain(
      "audit_events_org_actor_created_idx",
    );
    expect(await plan(sql`actor_user_id IS NULL`)).toContain("audit_events_org_actor_created_idx");
    expect(await plan(sql`action IN ('member.removed', 'member.role_changed')`)).toContain(
      "audit_events_org_action_created_idx",
    );
  });
});
