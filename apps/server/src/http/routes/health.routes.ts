import type { HealthResponse } from "@ringback/contracts";
import { Hono } from "hono";
import type pg from "pg";
import type { Queue } from "../../queue/queue.ts";

const version = process.env.npm_package_version ?? "0.0.0";

async function probe(check: () => Promise<unknown>): Promise<HealthResponse["database"]> {
  const started = performance.now();
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error("timed out after 2s")), 2000).unref(),
      ),
    ]);
    return { status: "up", latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { status: "down", error: error instanceof Error ? error.message : String(error) };
  }
}

export function healthRoutes(deps: { pool: pg.Pool; queue: Queue }) {
  // GET /api/health — the state of the database and the queue; 503 when either is down.
  return new Hono().get("/", async (c) => {
    const [database, queue] = await Promise.all([
      probe(() => deps.pool.query("select 1")),
      probe(async () => {
        if (!(await deps.queue.isInstalled())) throw new Error("queue schema is not installed");
      }),
    ]);
    const ok = database.status === "up" && queue.status === "up";
    const body: HealthResponse = {
      status: ok ? "ok" : "degraded",
      version,
      uptimeSeconds: Math.round(process.uptime()),
      database,
      queue,
    };
    c.header("Cache-Control", "no-store");
    return c.json(body, ok ? 200 : 503);
  });
}
