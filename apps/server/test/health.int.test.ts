import { apiErrorSchema, healthResponseSchema } from "@ringback/contracts";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { adminUrl, startTestRingback } from "./harness.ts";

describe("GET /api/health", async () => {
  const app = await startTestRingback();

  it("answers 200 with the database and queue up", async () => {
    const response = await fetch(`${app.url}/api/health`);
    expect(response.status).toBe(200);
    const body = healthResponseSchema.parse(await response.json());
    expect(body.status).toBe("ok");
    expect(body.database.status).toBe("up");
    expect(body.queue.status).toBe("up");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("sends security headers", async () => {
    const response = await fetch(`${app.url}/api/health`);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await fetch(`${app.url}/api/no-such-thing`);
    expect(response.status).toBe(404);
    expect(apiErrorSchema.parse(await response.json()).error.code).toBe("not_found");
  });

  it("refuses request bodies over the size limit with 413", async () => {
    const response = await fetch(`${app.url}/api/health`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ padding: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(apiErrorSchema.parse(await response.json()).error.code).toBe("payload_too_large");
  });
});

describe("GET /api/health when the database is down", async () => {
  const app = await startTestRingback();
  const name = new URL(app.database.url).pathname.slice(1);
  const asAdmin = async (sql: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: adminUrl() });
    await client.connect();
    try {
      await client.query(sql, params);
    } finally {
      await client.end();
    }
  };

  it("answers 503 naming the failing component, and recovers when the database is back", async () => {
    await asAdmin(`alter database ${name} with allow_connections false`);
    await asAdmin("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [
      name,
    ]);
    try {
      const response = await fetch(`${app.url}/api/health`);
      expect(response.status).toBe(503);
      const body = healthResponseSchema.parse(await response.json());
      expect(body.status).toBe("degraded");
      expect(body.database.status).toBe("down");
      expect(body.database.error).toBeTruthy();
    } finally {
      await asAdmin(`alter database ${name} with allow_connections true`);
    }
    await expect
      .poll(async () => (await fetch(`${app.url}/api/health`)).status, { timeout: 15_000 })
      .toBe(200);
  });
});
