import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { connectTypeform } from "./form-connection-helpers.ts";
import { appRoutes, startTestRingback } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";

/**
 * Every route the app serves under /api, from Hono's route table (a route added later is covered
 * without touching this file), called with odd path and query values: whatever arrives, the
 * answer is never a 5xx: a request the server cannot read is refused, never a server error.
 */
describe("API routes under odd path and query values", async () => {
  const app = await startTestRingback({
    env: { CODE_SENDS_PER_IP: "100000", API_KEY_REQUESTS_PER_MINUTE: "100000" },
  });
  const db = app.database.db;
  const team = await createTeam(app.url, db);
  const organizationId = team.organization.id;
  const owner = team.owner.client;
  // Connected, with an assistant, so that routes get past "not connected" to their own logic.
  const { assistantId } = await connectTypeform(owner, organizationId);
  // The public API (/api/v1) takes an organization API key, not the owner's session.
  const { key: apiKey } = await owner.json<{ key: string }>(
    `/api/organizations/${organizationId}/api-keys`,
    { method: "POST", json: { name: "Fuzz" } },
  );
  /** Real values for every parameter, so that only the one being fuzzed is odd. */
  const real: Record<string, string> = {
    organizationId,
    assistantId,
    provider: "typeform",
    formId: "unknownform",
  };
  const realValue = (name: string) => real[name] ?? crypto.randomUUID();

  const routes = new Map<string, { method: string; path: string }>();
  for (const route of appRoutes(app)) {
    if (route.method === "ALL" || !route.path.startsWith("/api/")) continue;
    routes.set(`${route.method} ${route.path}`, route);
  }

  /** Values as they appear in a URL (already percent-encoded where needed). */
  const oddValues = [
    "abc",
    "1",
    "-1",
    "0",
    "null",
    "undefined",
    "%00",
    "a%00b",
    "%ff",
    "%E0%A4%A",
    "%ED%A0%80",
    "..%2F..%2Fetc",
    "%27%20or%201%3D1--",
    encodeURIComponent("日本語"),
    encodeURIComponent("🙂‮"),
    "x".repeat(5000),
    "00000000-0000-0000-0000-000000000000",
    "00000000-0000-4000-8000-00000000000G",
  ];
  const queryNames = [
    "search",
    "status",
    "sort",
    "page",
    "assistantId",
    "assistant",
    "from",
    "to",
    "actor",
    "kind",
    "cursor",
    "reconnect",
    "q",
    "code",
    "state",
  ];

  function fill(path: string, value: (name: string) => string): string {
    return path
      .replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, (_, name: string) => value(name))
      .replace(/\*$/, value("*"));
  }

  async function call(method: string, url: string): Promise<number> {
    const response = await owner.request(url, {
      method,
      ...(url.startsWith("/api/v1/") ? { headers: { authorization: `Bearer ${apiKey}` } } : {}),
      ...(method === "GET" || method === "HEAD" ? {} : { json: {} }),
    });
    await response.body?.cancel(); // the events route streams
    return response.status;
  }

  it("knows the routes it fuzzes", () => {
    expect(routes.size).toBeGreaterThan(30);
    expect(routes.has("GET /api/organizations/:organizationId/call-records")).toBe(true);
    expect(routes.has("GET /api/v1/call-records/:id")).toBe(true);
  });

  // A test per route, each parameter odd in turn and every other one real (so that the route
  // itself runs).
  for (const { method, path } of routes.values()) {
    const params = [...path.matchAll(/:([A-Za-z0-9_]+)|\*$/g)].map((m) => m[1] ?? "*");
    if (params.length === 0) continue;
    it(`answers every odd path value of ${method} ${path} with less than 500`, async () => {
      const failures: string[] = [];
      for (const param of params) {
        for (const odd of oddValues) {
          const url = fill(path, (name) => (name === param ? odd : realValue(name)));
          const status = await call(method, url);
          if (status >= 500) failures.push(`${method} ${url.slice(0, 120)} → ${status}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  // Every query parameter a route might read, all odd at once: a test per GET route.
  const getRoutes = [...routes.values()].filter((r) => r.method === "GET");
  for (const route of getRoutes) {
    it(`answers odd query values of GET ${route.path} with less than 500`, async () => {
      const failures: string[] = [];
      for (const odd of oddValues) {
        const path = fill(route.path, realValue);
        const url = `${path}?${queryNames.map((name) => `${name}=${odd}`).join("&")}`;
        const status = await call("GET", url);
        if (status >= 500) failures.push(`GET ${url.slice(0, 160)} → ${status}`);
      }
      expect(failures).toEqual([]);
    });
  }

  it("answers random query strings with less than 500", async () => {
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...getRoutes),
        fc.dictionary(
          fc.constantFrom(...queryNames),
          fc.oneof(
            fc.constantFrom(...oddValues),
            fc.string({ maxLength: 300 }).map(encodeURIComponent),
          ),
          { maxKeys: 4 },
        ),
        async (route, query) => {
          const search = Object.entries(query)
            .map(([k, v]) => `${k}=${v}`)
            .join("&");
          const url = `${fill(route.path, realValue)}?${search}`;
          const status = await call("GET", url);
          if (status >= 500) failures.push(`GET ${url.slice(0, 160)} → ${status}`);
        },
      ),
      { numRuns: 150 },
    );
    expect(failures).toEqual([]);
  });
});
