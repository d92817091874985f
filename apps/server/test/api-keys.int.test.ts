import { createHash } from "node:crypto";
import SwaggerParser from "@apidevtools/swagger-parser";
import {
  API_KEY_PATTERN,
  type ApiKeyItem,
  type CreatedApiKey,
  type Member,
  publicCallRecordPageSchema,
  publicCallRecordSchema,
} from "@ringback/contracts";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiKeys, callRecords, formAssistants, formSubmissions } from "../src/db/schema/index.ts";
import { startTestRingback } from "./harness.ts";
import { createTeam, inviteAndAccept } from "./organization-harness.ts";

const REQUESTS_PER_MINUTE = 30;

/**
 * Organization API keys and the public read API (/api/v1). Keys are created and
 * revoked by owners and admins, stored hashed, read exactly their own organization, and are
 * refused once revoked; the app's sessions and the API's keys never stand in for each other.
 */
describe("API keys and the public read API", async () => {
  const app = await startTestRingback({
    env: {
      CODE_SENDS_PER_IP: "1000",
      API_KEY_REQUESTS_PER_MINUTE: String(REQUESTS_PER_MINUTE),
    },
  });
  const db = app.database.db;
  const team = await createTeam(app.url, db, { label: "keys" });
  const other = await createTeam(app.url, db, { label: "other" });
  const org = team.organization.id;
  const keysPath = (organizationId: string) => `/api/organizations/${organizationId}/api-keys`;

  /** A submission with its calls, as the call engine leaves them. */
  async function seedCalls(organizationId: string, label: string) {
    const [assistant] = await db
      .insert(formAssistants)
      .values({
        organizationId,
        name: `${label} desk`,
        formId: `form-${label}`,
        formTitle: `${label} Enquiry`,
        checkboxFieldId: "q-call",
        outcomeQuestions: [
          { key: "qualified", label: "Qualified?", type: "boolean" },
          { key: "budget", label: "Budget", type: "number" },
        ],
      })
      .returning();
    const [submission] = await db
      .insert(formSubmissions)
      .values({
        organizationId,
        assistantId: assistant!.id,
        formId: `form-${label}`,
        providerResponseId: `response-${label}`,
        respondentName: `${label} Lead`,
        respondentEmail: `${label.toLowerCase()}.lead@example.com`,
        respondentPhoneNumber: "+14155550100",
        status: "call_scheduled",
        answers: {
          questions: [
            { id: "q-name", title: "Your name", type: "short_text", value: `${label} Lead` },
            { id: "q-call", title: "May we call you?", type: "yes_no", value: true },
          ],
        },
      })
      .returning();
    const [missed] = await db
      .insert(callRecords)
      .values({
        organizationId,
        submissionId: submission!.id,
        assistantId: assistant!.id,
        callAttempt: 1,
        status: "no-answer",
        duration: 0,
        createdAt: new Date("2026-11-01T10:00:00Z"),
      })
      .returning();
    const [answered] = await db
      .insert(callRecords)
      .values({
        organizationId,
        submissionId: submission!.id,
        assistantId: assistant!.id,
        callAttempt: 2,
        status: "answered",
        duration: 95,
        createdAt: new Date("2026-11-01T10:30:00Z"),
        callSummary: `${label} wants a demo next week.`,
        transcriptJson: [
          { speaker: "assistant", text: `Hi ${label}, this is Ringback.` },
          { speaker: "user", text: "Hi! Yes, about 25k." },
          { speaker: "agent-action", text: "lookup" },
        ],
        outcomes: { qualified: true, budget: 25000 },
      })
      .returning();
    return { submissionId: submission!.id, missedId: missed!.id, answeredId: answered!.id };
  }
  const ours = await seedCalls(org, "Ours");
  const theirs = await seedCalls(other.organization.id, "Theirs");

  /** GET on the public API with these headers (none: no Authorization at all). */
  const v1 = (path: string, key?: string, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/api/v1${path}`, {
      headers: key === undefined ? headers : { authorization: `Bearer ${key}`, ...headers },
    });
  const create = (client = team.owner.client, name = "CRM sync", organizationId = org) =>
    client.json<CreatedApiKey>(keysPath(organizationId), { method: "POST", json: { name } });
  const revoke = (apiKeyId: string, client = team.owner.client, organizationId = org) =>
    client.request(`${keysPath(organizationId)}/${apiKeyId}/revoke`, { method: "POST" });
  const list = (client = team.owner.client) => client.json<ApiKeyItem[]>(keysPath(org));
  const expectRefused = async (response: Response) => {
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await response.json()).toMatchObject({ error: { code: "unauthenticated" } });
  };

  it("lets owners and admins create keys, shown once, and refuses members", async () => {
    const created = await create(team.owner.client, "  CRM sync  ");
    expect(created.key).toMatch(API_KEY_PATTERN);
    expect(created.apiKey).toMatchObject({
      name: "CRM sync",
      prefix: created.key.slice(0, 12),
      createdBy: team.owner.fullName,
      lastUsedAt: null,
      revokedAt: null,
    });
    const byAdmin = await create(team.admin.client, "Warehouse");
    expect(byAdmin.apiKey.createdBy).toBe(team.admin.fullName);
    expect(byAdmin.key).not.toBe(created.key);

    // The list never carries a key, only its prefix; newest first.
    const keys = await list(team.admin.client);
    expect(keys.slice(0, 2).map((k) => k.name)).toEqual(["Warehouse", "CRM sync"]);
    expect(JSON.stringify(keys)).not.toContain(created.key);

    for (const response of [
      await team.member.client.request(keysPath(org), { method: "POST", json: { name: "Mine" } }),
      await team.member.client.request(keysPath(org)),
      await revoke(created.apiKey.id, team.member.client),
    ]) {
      expect(response.status).toBe(403);
    }
    // A stranger does not learn the organization exists.
    expect((await other.owner.client.request(keysPath(org))).status).toBe(404);
    const blank = await team.owner.client.request(keysPath(org), {
      method: "POST",
      json: { name: "   " },
    });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({ error: { message: "Give the key a name." } });
  });

  it("stores only a hash of the key, never the key itself", async () => {
    const { key, apiKey } = await create(team.owner.client, "Hashed");
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(row!.keyHash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(row!.prefix).toBe(key.slice(0, 12));
    // Nowhere in the database: not in the keys, not in the audit trail.
    const secret = key.slice(12);
    const { rows } = await db.execute<{ found: number }>(
      sql`select count(*)::int as found from api_keys k where k::text like ${`%${secret}%`}`,
    );
    expect(rows[0]!.found).toBe(0);
    const audit = await db.execute<{ found: number }>(
      sql`select count(*)::int as found from audit_events e where e::text like ${`%${secret}%`}`,
    );
    expect(audit.rows[0]!.found).toBe(0);
  });

  it("reads its organization's call records with their outcomes, in the documented shape", async () => {
    const { key } = await create();
    const response = await v1("/call-records", key);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const page = publicCallRecordPageSchema.parse(await response.json());
    expect(page).toMatchObject({ page: 1, pageSize: 10, total: 1 });
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      id: ours.submissionId,
      submissionId: ours.submissionId,
      formTitle: "Ours Enquiry",
      assistantName: "Ours desk",
      respondent: { name: "Ours Lead", email: "ours.lead@example.com", phone: "+14155550100" },
      latestStatus: "answered",
      latestCallId: ours.answeredId,
      totalDurationSeconds: 95,
      outcomes: { qualified: true, budget: 25000 },
    });
    // The stored values only: the web app's display form is not part of the public API.
    expect(page.data[0]!.respondent).toEqual({
      name: "Ours Lead",
      email: "ours.lead@example.com",
      phone: "+14155550100",
    });
    expect(page.data[0]!.attempts.map((a) => [a.id, a.attempt, a.status])).toEqual([
      [ours.missedId, 1, "no-answer"],
      [ours.answeredId, 2, "answered"],
    ]);

    // The page's filters and paging.
    const count = async (query: string) =>
      publicCallRecordPageSchema.parse(await (await v1(`/call-records?${query}`, key)).json())
        .total;
    expect(await count("status=answered")).toBe(1);
    expect(await count("status=busy")).toBe(0);
    expect(await count("search=ours%20lead")).toBe(1);
    expect(await count("search=theirs")).toBe(0);
    expect(await count("from=2026-11-02T00:00:00Z")).toBe(0);
    expect(await count("to=2026-11-02T00:00:00Z&sort=oldest")).toBe(1);
    expect(await count("outcome=qualified:yes")).toBe(1);
    expect(await count("outcome=qualified:no")).toBe(0);
    const past = await v1("/call-records?page=2", key);
    expect(await past.json()).toMatchObject({ data: [], page: 2, total: 1 });

    const one = await v1(`/call-records/${ours.answeredId}`, key);
    expect(one.status).toBe(200);
    const record = publicCallRecordSchema.parse(await one.json());
    expect(record).toMatchObject({
      id: ours.answeredId,
      groupId: ours.submissionId,
      submissionId: ours.submissionId,
      attempt: 2,
      status: "answered",
      durationSeconds: 95,
      summary: "Ours wants a demo next week.",
      outcomes: { qualified: true, budget: 25000 },
      consent: { question: "May we call you?", value: true },
    });
    expect(record.transcript).toEqual([
      { speaker: "assistant", text: "Hi Ours, this is Ringback." },
      { speaker: "respondent", text: "Hi! Yes, about 25k." },
    ]);
    expect(record.answers.map((a) => a.title)).toEqual(["Your name", "May we call you?"]);
    // A call that found nothing out says so.
    const missed = publicCallRecordSchema.parse(
      await (await v1(`/call-records/${ours.missedId}`, key)).json(),
    );
    expect(missed).toMatchObject({ outcomes: null, summary: null, transcript: [] });
  });

  it("is scoped to its organization: another's calls are not found and never listed", async () => {
    const { key: ourKey } = await create();
    const { key: theirKey } = await create(other.owner.client, "Theirs", other.organization.id);

    // Another organization's call: 404, exactly as for an id that does not exist.
    const foreign = await v1(`/call-records/${theirs.answeredId}`, ourKey);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({
      error: { code: "not_found", message: "Call record not found" },
    });
    const unknown = await v1(`/call-records/${crypto.randomUUID()}`, ourKey);
    expect(unknown.status).toBe(404);
    expect((await v1("/call-records/not-an-id", ourKey)).status).toBe(404);

    // Each key lists its own organization, whatever the query says.
    const ids = async (path: string, key: string) =>
      publicCallRecordPageSchema.parse(await (await v1(path, key)).json()).data.map((g) => g.id);
    const ourIds = await ids("/call-records", ourKey);
    const theirIds = await ids(`/call-records?organizationId=${org}`, theirKey);
    expect(ourIds).toEqual([ours.submissionId]);
    expect(theirIds).toEqual([theirs.submissionId]);
    expect((await v1(`/call-records/${theirs.answeredId}`, theirKey)).status).toBe(200);

    // Nor can one organization's admin revoke another's key.
    const [theirKeyItem] = await other.owner.client.json<ApiKeyItem[]>(
      keysPath(other.organization.id),
    );
    expect((await revoke(theirKeyItem!.id, team.owner.client, other.organization.id)).status).toBe(
      404,
    );
    expect((await revoke(theirKeyItem!.id, team.owner.client, org)).status).toBe(404);
    expect((await v1("/call-records", theirKey)).status).toBe(200);
  });

  it("refuses a key once it is revoked, and keeps it listed as revoked", async () => {
    const { key, apiKey } = await create(team.owner.client, "Short-lived");
    expect((await v1("/call-records", key)).status).toBe(200);

    const revoked = await revoke(apiKey.id, team.admin.client);
    expect(revoked.status).toBe(200);
    const item = (await revoked.json()) as ApiKeyItem;
    expect(item.revokedAt).not.toBeNull();
    await expectRefused(await v1("/call-records", key));
    await expectRefused(await v1(`/call-records/${ours.answeredId}`, key));

    expect((await list()).find((k) => k.id === apiKey.id)).toMatchObject({
      name: "Short-lived",
      revokedAt: item.revokedAt,
    });
    // Again: nothing changes.
    const again = await revoke(apiKey.id);
    expect(again.status).toBe(200);
    expect(((await again.json()) as ApiKeyItem).revokedAt).toBe(item.revokedAt);
    expect((await revoke(crypto.randomUUID())).status).toBe(404);
    expect((await revoke("not-an-id")).status).toBe(404);

    // The audit trail says who created and revoked it.
    const trail = await team.owner.client.json<{ items: { action: string; actor: string }[] }>(
      `/api/organizations/${org}/audit-events`,
    );
    expect(trail.items.filter((e) => e.action.startsWith("api_key.")).slice(0, 2)).toEqual([
      expect.objectContaining({ action: "api_key.revoked", actor: team.admin.fullName }),
      expect.objectContaining({ action: "api_key.created", actor: team.owner.fullName }),
    ]);
  });

  it("revokes the keys a member created when the owner removes them, and says so first", async () => {
    const leaving = await inviteAndAccept(app.url, db, team.owner.client, org, {
      role: "admin",
      fullName: "Leaving Admin",
    });
    const first = await create(leaving.client, "Leaving's CRM sync");
    const second = await create(leaving.client, "Leaving's BI export");
    const ownersKey = await create(team.owner.client, "Owner's own");
    expect((await v1("/call-records", first.key)).status).toBe(200);
    // The team list says how many keys go with them (the removal dialog reads it).
    const members = await team.owner.client.json<Member[]>(`/api/organizations/${org}/members`);
    expect(members.find((m) => m.id === leaving.memberId)?.active_api_keys).toBe(2);

    const removed = await team.owner.client.request(
      `/api/organizations/${org}/members/${leaving.memberId}`,
      { method: "DELETE" },
    );
    expect(removed.status).toBe(204);
    for (const key of [first.key, second.key]) {
      await expectRefused(await v1("/call-records", key));
      await expectRefused(await v1(`/call-records/${ours.answeredId}`, key));
    }
    // Other members' keys go on working.
    expect((await v1("/call-records", ownersKey.key)).status).toBe(200);
    const listed = await list();
    for (const id of [first.apiKey.id, second.apiKey.id]) {
      expect(listed.find((k) => k.id === id)?.revokedAt).not.toBeNull();
    }
    expect(listed.find((k) => k.id === ownersKey.apiKey.id)?.revokedAt).toBeNull();
    // The trail: the removal, and each key it revoked, by the owner.
    const trail = await team.owner.client.json<{
      items: { action: string; actor: string; subjectLabel: string | null; after: unknown }[];
    }>(`/api/organizations/${org}/audit-events`);
    const recent = trail.items.slice(0, 3);
    expect(recent.map((e) => [e.action, e.actor])).toEqual([
      ["member.removed", team.owner.fullName],
      ["api_key.revoked", team.owner.fullName],
      ["api_key.revoked", team.owner.fullName],
    ]);
    expect(recent[0]).toMatchObject({
      subjectLabel: "Leaving Admin",
      after: { revokedApiKeys: 2 },
    });
  });

  it("revokes an admin's keys when they are made a member, and records the change of role", async () => {
    const demoted = await inviteAndAccept(app.url, db, team.owner.client, org, {
      role: "admin",
      fullName: "Demoted Admin",
    });
    const { key, apiKey } = await create(demoted.client, "Demoted's key");
    expect((await v1("/call-records", key)).status).toBe(200);
    const path = `/api/organizations/${org}/members/${demoted.memberId}`;
    // Only owners change roles, never their own, never an owner's.
    expect(
      (await team.admin.client.request(path, { method: "PATCH", json: { role: "member" } })).status,
    ).toBe(403);
    expect(
      (
        await team.owner.client.request(
          `/api/organizations/${org}/members/${team.owner.memberId}`,
          {
            method: "PATCH",
            json: { role: "admin" },
          },
        )
      ).status,
    ).toBe(403);
    expect(
      (await team.owner.client.request(path, { method: "PATCH", json: { role: "owner" } })).status,
    ).toBe(400);
    const changed = await team.owner.client.json<Member>(path, {
      method: "PATCH",
      json: { role: "member" },
    });
    expect(changed).toMatchObject({ role: "member", active_api_keys: 0 });
    await expectRefused(await v1("/call-records", key));
    expect((await list()).find((k) => k.id === apiKey.id)?.revokedAt).not.toBeNull();
    const trail = await team.owner.client.json<{
      items: { action: string; before: unknown; after: unknown }[];
    }>(`/api/organizations/${org}/audit-events`);
    expect(trail.items[0]).toMatchObject({
      action: "member.role_changed",
      before: { role: "admin" },
      after: { role: "member", revokedApiKeys: 1 },
    });
    expect(trail.items[1]).toMatchObject({ action: "api_key.revoked" });
    // Made an admin again: the old key stays revoked.
    await team.owner.client.json(path, { method: "PATCH", json: { role: "admin" } });
    await expectRefused(await v1("/call-records", key));
  });

  it("refuses a key whose creator is no longer an owner or admin, even if not revoked", async () => {
    // As if a revocation were missed: the rule holds at every request.
    const leaving = await inviteAndAccept(app.url, db, team.owner.client, org, {
      role: "admin",
      fullName: "Quietly Gone",
    });
    const { key } = await create(leaving.client, "Orphan");
    expect((await v1("/call-records", key)).status).toBe(200);
    await db.execute(
      sql`update organization_members set role = 'member' where id = ${leaving.memberId}`,
    );
    await expectRefused(await v1("/call-records", key));
    await db.execute(sql`delete from organization_members where id = ${leaving.memberId}`);
    await expectRefused(await v1("/call-records", key));
  });

  it("refuses a missing, malformed or unknown key with 401 and a JSON error", async () => {
    const { key } = await create();
    await expectRefused(await v1("/call-records"));
    await expectRefused(await v1("/call-records", ""));
    await expectRefused(await v1("/call-records", "garbage"));
    await expectRefused(await v1("/call-records", `rb_live_${"A".repeat(32)}`));
    await expectRefused(await v1("/call-records", `${key}x`));
    await expectRefused(await v1("/call-records", key.toUpperCase()));
    await expectRefused(await v1("/call-records", undefined, { authorization: `Basic ${key}` }));
    await expectRefused(await v1(`/call-records?api_key=${key}`));
    await expectRefused(await v1(`/call-records/${ours.answeredId}`, "garbage"));
  });

  it("takes no session on the public API and no API key on the app's API", async () => {
    const { key } = await create();
    // The owner's browser-like client sends its session cookie and its access token.
    const owner = team.owner.client;
    expect(owner.accessToken).toBeTruthy();
    await expectRefused(await owner.request("/api/v1/call-records"));
    await expectRefused(await owner.request(`/api/v1/call-records/${ours.answeredId}`));

    // A key is not an access token: the app's own routes refuse it.
    for (const path of [
      `/api/organizations/${org}/call-records`,
      `/api/organizations/${org}/api-keys`,
      "/api/organizations",
      "/api/account",
    ]) {
      const response = await fetch(`${app.url}${path}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      const text = await response.text();
      expect(text, path).not.toContain(ours.submissionId);
    }
    const records = await fetch(`${app.url}/api/organizations/${org}/call-records`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(records.status).toBe(401);
    // "Who am I?" answers nobody.
    const session = await fetch(`${app.url}/api/session`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(await session.json()).toBeNull();
  });

  it("notes when a key was last used, at most once a minute", async () => {
    const { key, apiKey } = await create(team.owner.client, "Busy");
    const lastUsed = async () => (await list()).find((k) => k.id === apiKey.id)!.lastUsedAt;
    expect(await lastUsed()).toBeNull();
    await v1("/call-records", key);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await v1("/call-records", key);
    expect(await lastUsed()).toBe(first);
    // A minute later (moved back in the database rather than waiting), the next use is noted.
    await db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(Date.now() - 61_000) })
      .where(eq(apiKeys.id, apiKey.id));
    await v1("/call-records", key);
    expect(Date.parse((await lastUsed())!)).toBeGreaterThan(Date.now() - 10_000);
  });

  it("limits requests per key per minute, without touching other keys", async () => {
    const { key } = await create(team.owner.client, "Greedy");
    const { key: calm } = await create(team.owner.client, "Calm");
    for (let i = 0; i < REQUESTS_PER_MINUTE; i++) {
      const response = await v1("/call-records", key);
      expect(response.status).toBe(200);
      await response.body?.cancel();
    }
    const limited = await v1("/call-records", key);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ error: { code: "rate_limited" } });
    expect((await v1("/call-records", calm)).status).toBe(200);
  });

  it("serves its OpenAPI document publicly, valid and describing both paths", async () => {
    const response = await fetch(`${app.url}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: a JSON document read field by field
    const document = (await response.json()) as any;
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.servers).toEqual([{ url: app.config.publicUrl }]);
    expect(Object.keys(document.paths)).toEqual([
      "/api/v1/call-records",
      "/api/v1/call-records/{id}",
    ]);
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(["CallRecordPage", "CallRecord", "Outcomes", "Error"]),
    );
    await expect(SwaggerParser.validate(document)).resolves.toBeTruthy();
  });
});
