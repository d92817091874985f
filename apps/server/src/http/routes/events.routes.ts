import { can } from "@ringback/contracts";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { Database } from "../../db/database.ts";
import type { ChangeFeed } from "../../realtime/change-feed.ts";
import type { StreamEnd, StreamGuard } from "../../realtime/stream-guard.ts";
import { type TenantVariables, withOrganization } from "../middleware/tenancy.ts";

const PERMISSION = "assistants:read" as const;

/**
 * GET /api/organizations/:organizationId/events — server-sent events: a `change` event
 * ({table, id}) per change to the organization's call records, submissions and, for owners and
 * admins (who alone see the Webhooks page), webhook deliveries; a change of a row already waiting
 * to be written is written once. A comment every 20 s keeps proxies from closing the stream.
 * Members only: the tenancy check runs before the stream opens, and the stream guard ends it (an
 * `end` event, then the stream closes) once its session is signed out, revoked or expired or its
 * user is no longer a member (the reconnect is then refused), and follows a change of role.
 */
export function eventsRoutes(deps: { db: Database; feed: ChangeFeed; guard: StreamGuard }) {
  return new Hono<{ Variables: TenantVariables }>().get(
    "/",
    withOrganization(deps.db, PERMISSION),
    (c) => {
      c.header("Cache-Control", "no-store");
      c.header("X-Accel-Buffering", "no");
      return streamSSE(c, async (stream) => {
        // In order, once each: a busy endpoint's delivery claimed and answered before the
        // stream is written to is one event.
        const queue = new Set<string>();
        let wake: (() => void) | null = null;
        let ended: StreamEnd | null = null;
        // Owners and admins alone see the Webhooks page; a role change applies at once.
        let seesWebhooks = can(c.get("role"), "webhooks:manage");
        const unsubscribe = deps.feed.subscribe(c.get("organizationId"), (change) => {
          if (change.table === "webhook_deliveries" && !seesWebhooks) return;
          queue.add(JSON.stringify({ table: change.table, id: change.id }));
          wake?.();
        });
        const unwatch = deps.guard.watch(
          {
            sessionId: c.get("sessionId"),
            userId: c.get("userId"),
            organizationId: c.get("organizationId"),
            role: c.get("role"),
            permission: PERMISSION,
          },
          (reason) => {
            ended = reason;
            wake?.();
          },
          (role) => {
            seesWebhooks = can(role, "webhooks:manage");
          },
        );
        stream.onAbort(() => {
          unsubscribe();
          unwatch();
        });
        await stream.writeSSE({ event: "ready", data: "{}" });
        while (!stream.aborted) {
          if (ended) {
            // Said once, so the page can tell a lost connection from an ended session.
            await stream.writeSSE({ event: "end", data: JSON.stringify({ reason: ended }) });
            break;
          }
          for (const data of queue) {
            queue.delete(data);
            await stream.writeSSE({ event: "change", data });
          }
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, 20_000).unref();
          });
          wake = null;
          if (queue.size === 0 && !stream.aborted) await stream.write(": keep-alive\n\n");
        }
        unsubscribe();
        unwatch();
      });
    },
  );
}
