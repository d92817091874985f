import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { Database } from "../../db/database.ts";
import type { ChangeFeed } from "../../realtime/change-feed.ts";
import { type TenantVariables, withOrganization } from "../middleware/tenancy.ts";

/**
 * GET /api/organizations/:organizationId/events — server-sent events: one `change` event per
 * change to the organization's call records or submissions, and a comment every 20 s so proxies
 * keep the stream open. Members only (the tenancy check runs before the stream opens).
 */
export function eventsRoutes(deps: { db: Database; feed: ChangeFeed }) {
  return new Hono<{ Variables: TenantVariables }>().get(
    "/",
    withOrganization(deps.db, "assistants:read"),
    (c) => {
      c.header("Cache-Control", "no-store");
      c.header("X-Accel-Buffering", "no");
      return streamSSE(c, async (stream) => {
        const queue: string[] = [];
        let wake: (() => void) | null = null;
        const unsubscribe = deps.feed.subscribe(c.get("organizationId"), (change) => {
          queue.push(JSON.stringify({ table: change.table, id: change.id }));
          wake?.();
        });
        stream.onAbort(unsubscribe);
        await stream.writeSSE({ event: "ready", data: "{}" });
        while (!stream.aborted) {
          while (queue.length > 0) {
            await stream.writeSSE({ event: "change", data: queue.shift()! });
          }
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, 20_000).unref();
          });
          wake = null;
          if (queue.length === 0 && !stream.aborted) await stream.write(": keep-alive\n\n");
        }
        unsubscribe();
      });
    },
  );
}
