import {
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookPayload,
} from "@ringback/contracts";
import { and, desc, eq, sql } from "drizzle-orm";
import { webhookDeliveries } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { isUuid } from "../../lib/uuid.ts";
import { LEASE_MS } from "./deliver-webhook.ts";
import { clock, type WebhookDeps } from "./webhook-deps.ts";
import { getWebhookEndpoint } from "./webhook-endpoints.ts";
import { newMessageId } from "./webhook-signature.ts";

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export function toWebhookDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    messageId: row.messageId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === "pending" ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    responseStatus: row.responseStatus,
    responseBody: row.responseBody,
    error: row.error,
  };
}

/** An endpoint's delivery log, newest first, a page at a time (older: `before` = last id). */
export async function listWebhookDeliveries(
  deps: Pick<WebhookDeps, "db">,
  input: { organizationId: string; endpointId: string; before?: string | undefined },
): Promise<WebhookDeliveryPage> {
  const endpoint = await getWebhookEndpoint(deps.db, input.organizationId, input.endpointId);
  const conditions = [eq(webhookDeliveries.endpointId, endpoint.id)];
  if (input.before) {
    // Keyset on (created_at, id) as the index orders it: exact, however many share a time.
    conditions.push(
      sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (
        select created_at, id from webhook_deliveries
        where id = ${input.before} and endpoint_id = ${endpoint.id})`,
    );
  }
  const rows = await deps.db
    .select()
    .from(webhookDeliveries)
    .where(and(...conditions))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_DELIVERIES_PAGE_SIZE + 1);
  const items = rows.slice(0, WEBHOOK_DELIVERIES_PAGE_SIZE).map(toWebhookDelivery);
  return {
    items,
    nextBefore: rows.length > WEBHOOK_DELIVERIES_PAGE_SIZE ? (items.at(-1)?.id ?? null) : null,
  };
}

function refuseWhenDisabled(endpoint: { enabled: boolean }, action: string): void {
  if (!endpoint.enabled) {
    throw new AppError("conflict", `Enable the endpoint to ${action}.`);
  }
}

/**
 * Resend: the same message (its webhook-id and body) goes out again now, newly timestamped and
 * signed. Its attempts go on counting; if this one fails, the retry schedule carries on from
 * where it was (a delivery that had used all ten attempts fails again).
 */
export async function resendWebhookDelivery(
  deps: WebhookDeps,
  input: { organizationId: string; endpointId: string; deliveryId: string },
): Promise<WebhookDelivery> {
  const endpoint = await getWebhookEndpoint(deps.db, input.organizationId, input.endpointId);
  refuseWhenDisabled(endpoint, "resend its deliveries");
  const now = clock(deps);
  const [row] = isUuid(input.deliveryId)
    ? await deps.db
        .update(webhookDeliveries)
        .set({ status: "pending", nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
        .where(
          and(
            eq(webhookDeliveries.id, input.deliveryId),
            eq(webhookDeliveries.endpointId, endpoint.id),
          ),
        )
        .returning()
    : [];
  if (!row) throw new AppError("not_found", "Delivery not found");
  await deps.queue.enqueue([{ deliveryId: row.id, attempt: row.attempts }]);
  return toWebhookDelivery(row);
}

/** "Send test event": a webhook.test message to this endpoint alone, whatever it subscribes to. */
export async function sendWebhookTestEvent(
  deps: WebhookDeps,
  input: { organizationId: string; endpointId: string },
): Promise<WebhookDelivery> {
  const endpoint = await getWebhookEndpoint(deps.db, input.organizationId, input.endpointId);
  refuseWhenDisabled(endpoint, "send it a test event");
  const now = clock(deps);
  const payload: WebhookPayload<typeof WEBHOOK_TEST_EVENT> = {
    type: WEBHOOK_TEST_EVENT,
    timestamp: now.toISOString(),
    data: {
      message: "A test event from Ringback: this endpoint receives and verifies webhooks.",
      endpointId: endpoint.id,
    },
  };
  const [row] = await deps.db
    .insert(webhookDeliveries)
    .values({
      organizationId: endpoint.organizationId,
      endpointId: endpoint.id,
      messageId: newMessageId(),
      eventType: WEBHOOK_TEST_EVENT,
      payload,
      createdAt: now,
      nextAttemptAt: new Date(now.getTime() + LEASE_MS),
    })
    .returning();
  await deps.queue.enqueue([{ deliveryId: row!.id, attempt: 0 }]);
  return toWebhookDelivery(row!);
}
