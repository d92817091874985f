import { describe, expect, it } from "vitest";
import { callRecords, formAssistants } from "../src/db/schema/index.ts";
import { startTestRingback } from "./harness.ts";
import { createTeam, inviteAndAccept } from "./organization-harness.ts";

/**
 * GET /api/organizations/locate: an address of a call record or an assistant, opened while
 * another organization is current, finds the organization to switch to — only among the
 * caller's own organizations, and says nothing of the others.
 */
describe("locating a record among the caller's organizations", async () => {
  const app = await startTestRingback();
  const db = app.database.db;
  const a = await createTeam(app.url, db, { label: "locate-a" });
  const b = await createTeam(app.url, db, { label: "locate-b" });
  const [assistant] = await db
    .insert(formAssistants)
    .values({ organizationId: a.organization.id, name: "Front desk" })
    .returning({ id: formAssistants.id });
  const [call] = await db
    .insert(callRecords)
    .values({ organizationId: a.organization.id, status: "answered" })
    .returning({ id: callRecords.id });
  const locate = (kind: string, id: string) => `/api/organizations/locate?kind=${kind}&id=${id}`;

  it("names the organization of a member's record, whatever their role", async () => {
    expect(await a.member.client.json(locate("call-record", call!.id))).toEqual({
      organizationId: a.organization.id,
    });
    expect(await a.owner.client.json(locate("assistant", assistant!.id))).toEqual({
      organizationId: a.organization.id,
    });
  });

  it("answers another organization's record as it answers one that does not exist", async () => {
    for (const path of [
      locate("call-record", call!.id),
      locate("assistant", assistant!.id),
      locate("assistant", crypto.randomUUID()),
    ]) {
      const response = await b.owner.client.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: "not_found", message: "Not found in your organizations" },
      });
    }
  });

  it("finds it once the caller joins that organization", async () => {
    const joined = await inviteAndAccept(app.url, db, a.owner.client, a.organization.id, {
      role: "member",
      fullName: "Joins Later",
    });
    expect(await joined.client.json(locate("call-record", call!.id))).toEqual({
      organizationId: a.organization.id,
    });
  });

  it("refuses a query it cannot read, and a caller who is not signed in", async () => {
    for (const path of [
      "/api/organizations/locate?kind=submission&id=00000000-0000-4000-8000-000000000000",
      "/api/organizations/locate?kind=assistant&id=not-a-uuid",
      "/api/organizations/locate",
    ]) {
      expect((await a.owner.client.request(path)).status, path).toBe(400);
    }
    const anonymous = await fetch(`${app.url}${locate("assistant", assistant!.id)}`);
    expect(anonymous.status).toBe(401);
  });
});
