import type { WebhookEventType, WebhookPayload } from "@ringback/contracts";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import type { Logger } from "../../lib/logger.ts";
import { newMessageId } from "./webhook-signature.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * The channel a NOTIFY goes out on when deliveries are stored. PostgreSQL sends a notification
 * only when its transaction commits, so the worker hears of a delivery exactly when its row is
 * there to be read (and never of one that was rolled back).
 */
export const WEBHOOK_DELIVERIES_CHANNEL = "ringback_webhook_deliveries";

export interface WebhookEvent<T extends WebhookEventType = WebhookEventType> {
  organizationId: string;
  type: T;
  data: WebhookPayload<T>["data"];
  /** When it happened (default: now). */
  at?: Date;
}

/**
 * Records one event for every enabled endpoint of its organization that subscribes to its type:
 * one webhook_deliveries row each — the whole Standard Webhooks body ({type, timestamp, data})
 * and one message id (`webhook-id`) shared by the event's deliveries — in the caller's
 * transaction, in one statement. Nothing is sent here: the worker hears of the rows when the
 * transaction commits (NOTIFY) and each delivery becomes a job of its own, so a slow or dead
 * endpoint never holds up the caller (a call, an ingest). The sweeper catches any it missed.
 * Returns how many deliveries were stored (0 for an organization without endpoints).
 */
export async function emitWebhookEvent(
  tx: Tx | Database,
  event: WebhookEvent | WebhookEvent[],
): Promise<number> {
  const events = Array.isArray(event) ? event : [event];
  if (events.length === 0) return 0;
  const rows = events.map((e) => {
    const at = e.at ?? new Date();
    return {
      organization_id: e.organizationId,
      type: e.type,
      message_id: newMessageId(),
      payload: { type: e.type, timestamp: at.toISOString(), data: e.data },
      created_at: at.toISOString(),
    };
  });
  const { rows: result } = await tx.execute<{ stored: number }>(sql`
    with events as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as e(organization_id text, type text, message_id text, payload jsonb, created_at timestamptz)
    ), stored as (
      insert into webhook_deliveries (organization_id, endpoint_id, message_id, event_type,
        payload, next_attempt_at, created_at)
      select e.organization_id, w.id, e.message_id, e.type, e.payload, e.created_at, e.created_at
      from events e
      join webhook_endpoints w on w.organization_id = e.organization_id
        and w.enabled and e.type = any(w.events)
      returning 1
    ), notified as (
      select pg_notify(${WEBHOOK_DELIVERIES_CHANNEL}, '') from (select 1 from stored limit 1) s
    )
    select (select count(*) from stored)::int as stored,
      (select count(*) from notified)::int as notified`);
  return result[0]?.stored ?? 0;
}

/**
 * The same, outside a transaction, for callers whose own work is already committed (an ingest,
 * a dial): a failure is logged, never thrown — a webhook must not fail a lead or a call.
 */
export async function emitWebhookEventSafely(
  deps: { db: Database; logger: Logger },
  event: WebhookEvent | WebhookEvent[],
): Promise<void> {
  try {
    await emitWebhookEvent(deps.db, event);
  } catch (error) {
    deps.logger.error({ err: error }, "Could not record a webhook event; it is not sent");
  }
}
