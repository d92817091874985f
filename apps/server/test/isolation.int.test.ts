import { apiErrorSchema } from "@ringback/contracts";
import { describe, expect, it } from "vitest";
import { signUp, TestClient } from "./auth-client.ts";
import { appRoutes, startTestRingback } from "./harness.ts";
import { createTeam, invite, uniqueEmail } from "./organization-harness.ts";

const ORGANIZATION_PREFIX = "/api/organizations/:organizationId";

interface ScopedRoute {
  method: string;
  path: string;
}

/**
 * Every method + path the real app serves under /api/organizations/:organizationId, read from
 * Hono's route table, so a route added later is covered without touching this file. `ALL`
 * entries are middleware (`app.use`), not endpoints.
 */
function organizationScopedRoutes(table: ScopedRoute[]): ScopedRoute[] {
  const seen = new Map<string, ScopedRoute>();
  for (const route of table) {
    if (route.method === "ALL") continue;
    if (route.path !== ORGANIZATION_PREFIX && !route.path.startsWith(`${ORGANIZATION_PREFIX}/`)) {
      continue;
    }
    seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path });
  }
  return [...seen.values()];
}

/** The `:name` parameters of a path other than :organizationId. */
function otherParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)]
    .map((m) => m[1]!)
    .filter((name) => name !== "organizationId");
}

function fillPath(path: string, organizationId: string, ids: Record<string, string>): string {
  return path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, (_, name: string) =>
    name === "organizationId" ? organizationId : (ids[name] ?? crypto.randomUUID()),
  );
}

describe("tenant isolation of /api/organizations/:organizationId", async () => {
  const app = await startTestRingback({ env: { CODE_SENDS_PER_IP: "1000" } });
  const db = app.database.db;

  const routes = organizationScopedRoutes(appRoutes(app));

  const victim = await createTeam(app.url, db, {
    label: "victim",
    organizationName: "Victim Holdings Zanzibar",
  });
  const victimId = victim.organization.id;
  const pendingEmail = uniqueEmail("victim-invitee");
  const pending = await invite(db, victim.owner.client, victimId, {
    email: pendingEmail,
    role: "admin",
  });
  const attackerEmail = uniqueEmail("attacker");
  const attacker = await signUp(app.url, db, {
    fullName: "Mallory Attacker",
    email: attackerEmail,
    organizationName: "Attacker Inc",
  });

  /** Real ids from the victim organization, by the parameter name routes use for them. */
  const victimIds: Record<string, string> = {
    memberId: victim.member.memberId,
    invitationId: pending.invitation.id,
  };
  /** Nothing of this may appear in a reply to someone outside the victim organization. */
  const secrets = [
    victim.organization.name,
    victim.owner.email,
    victim.admin.email,
    victim.member.email,
    victim.owner.fullName,
    victim.admin.fullName,
    victim.member.fullName,
    pendingEmail,
    pending.token,
  ];
  /** A body that would pass validation on any write route, so only authorization can stop it. */
  const body = { name: "Taken over", email: attackerEmail, role: "admin" };

  const snapshot = async () => {
    const base = `/api/organizations/${victimId}`;
    const client = victim.owner.client;
    return {
      organization: await client.json(base),
      members: await client.json(`${base}/members`),
      invitations: await client.json(`${base}/invitations`),
      adminOrganizations: await victim.admin.client.json("/api/organizations"),
      memberOrganizations: await victim.member.client.json("/api/organizations"),
    };
  };
  const before = await snapshot();

  const call = (client: TestClient, route: ScopedRoute, path: string) =>
    client.request(path, {
      method: route.method,
      ...(route.method === "GET" || route.method === "DELETE" ? {} : { json: body }),
    });

  /** The reply is the bare error shape and gives nothing of the victim away. */
  const expectBareError = async (response: Response) => {
    const text = await response.text();
    const parsed = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(["error"]);
    const { error } = apiErrorSchema.parse(parsed);
    expect(Object.keys(error).sort()).toEqual(["code", "message"]);
    for (const secret of secrets) expect(text).not.toContain(secret);
  };

  it("finds the organization-scoped routes of the real app", () => {
    expect(routes.length).toBeGreaterThan(0);
    const names = routes.map((r) => `${r.method} ${r.path}`);
    // A sanity check that the enumeration sees nested routes, not a full list to maintain.
    expect(names).toContain(`PATCH ${ORGANIZATION_PREFIX}`);
    expect(names).toContain(`DELETE ${ORGANIZATION_PREFIX}/members/:memberId`);
  });

  for (const route of routes) {
    const label = `${route.method} ${route.path}`;
    const victimPath = fillPath(route.path, victimId, victimIds);

    it(`${label}: 401 without a session`, async () => {
      const response = await call(new TestClient(app.url), route, victimPath);
      expect(response.status).toBe(401);
      await expectBareError(response);
    });

    it(`${label}: 404 or 403 for the owner of another organization`, async () => {
      const response = await call(attacker.client, route, victimPath);
      expect([403, 404]).toContain(response.status);
      await expectBareError(response);
    });

    if (otherParams(route.path).length > 0) {
      // The attacker's own organization in the path, the victim's ids after it.
      it(`${label}: the victim's ids do not work through the attacker's own organization`, async () => {
        const path = fillPath(route.path, attacker.organization.id, victimIds);
        const response = await call(attacker.client, route, path);
        expect([403, 404]).toContain(response.status);
        await expectBareError(response);
      });
    }
  }

  it("leaves the victim's organization, members and invitations as they were", async () => {
    expect(await snapshot()).toEqual(before);
  });
});
