import { and, eq, sql } from "drizzle-orm";
import {
  organizationMembers,
  organizations,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from "../../db/schema/index.ts";
import { guardedPost } from "../../lib/guarded-post.ts";
import { createBatchedSender } from "../../queue/batched-sender.ts";
import type { Queue } from "../../queue/queue.ts";
import { clock, type WebhookDeliveryQueue, type WebhookDeps } from "./webhook-deps.ts";
import { cancelPendingDeliveries } from "./webhook-endpoints.ts";
import { webhookHeaders } from "./webhook-signature.ts";

export const DELIVER_WEBHOOK_JOB = "webhooks.deliver";

/**
 * Seconds to wait after each failed attempt (Standard Webhooks' suggested schedule): the first
 * attempt at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h — 10 attempts
 * over about 3 days, after which the delivery has failed.
 */
export const RETRY_DELAYS_SECONDS = [
  5,
  5 * 60,
  30 * 60,
  2 * 3600,
  5 * 3600,
  10 * 3600,
  14 * 3600,
  20 * 3600,
  24 * 3600,
] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** An endpoint failing every delivery for this long is disabled, and its owners are told. */
export const DISABLE_AFTER_MS = 5 * 86_400_000;
export const DISABLED_AFTER_FAILURES = "Disabled after 5 days of failed deliveries";

/** The first bytes of a response kept in the delivery log. */
export const RESPONSE_BYTES_KEPT = 1024;

/**
 * Attempts to one endpoint at once in one worker: a slow endpoint (10 s a request) holds at
 * most these of the worker's slots, so other endpoints' deliveries keep going. Its others wait.
 */
export const MAX_IN_FLIGHT_PER_ENDPOINT = 2;
const DEFER_MS = 15_000;

/**
 * How long a delivery handed to the queue (or being attempted) is left alone by the sweeper:
 * past it, the job is presumed lost (a crash between commit and enqueue, a dead worker) and
 * the sweeper hands the delivery to the queue again.
 */
export const LEASE_MS = 2 * 60_000;

/** webhooks.deliver jobs, inserted in batches (see createBatchedSender). */
export function createWebhookDeliveryQueue(queue: Queue): WebhookDeliveryQueue {
  const sender = createBatchedSender<{ deliveryId: string; attempt: number }>(
    queue,
    DELIVER_WEBHOOK_JOB,
  );
  return {
    enqueue: async (jobs) => {
      await Promise.all(
        jobs.map((job) =>
          sender.send({
            data: { deliveryId: job.deliveryId, attempt: job.attempt },
            ...(job.startAfter ? { startAfter: job.startAfter } : {}),
            // A database hiccup inside the handler: the job again soon (the claim is idempotent).
            retryLimit: 3,
            retryDelay: 10,
            retryBackoff: true,
          }),
        ),
      );
    },
  };
}

const inFlight = new Map<string, number>();

export type AttemptResult =
  | "succeeded"
  | "retrying"
  | "failed"
  | "canceled"
  | "deferred"
  | "skipped";

/**
 * One attempt of one delivery (a webhooks.deliver job). The attempt is claimed first (its
 * attempts count moves on, compare-and-set), so a duplicate job does nothing; then the message
 * is signed with the endpoint's secret, POSTed (guarded, 10 s at most, 1 KiB of answer read),
 * and the outcome recorded: a 2xx succeeded; anything else is retried on the schedule until its
 * tenth attempt. An endpoint that has failed for 5 days is disabled and its owners are emailed.
 */
export async function attemptDelivery(
  deps: WebhookDeps,
  job: { deliveryId: string; attempt: number },
): Promise<AttemptResult> {
  const now = clock(deps);
  const [row] = await deps.db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, job.deliveryId));
  if (row?.delivery.status !== "pending" || row.delivery.attempts !== job.attempt) {
    return "skipped";
  }
  const { delivery, endpoint } = row;
  const stillThis = and(
    eq(webhookDeliveries.id, delivery.id),
    eq(webhookDeliveries.status, "pending"),
    eq(webhookDeliveries.attempts, job.attempt),
  );
  if (!endpoint.enabled) {
    await deps.db
      .update(webhookDeliveries)
      .set({ status: "canceled", nextAttemptAt: null, error: "Canceled: the endpoint is disabled" })
      .where(stillThis);
    return "canceled";
  }
  if ((inFlight.get(endpoint.id) ?? 0) >= MAX_IN_FLIGHT_PER_ENDPOINT) {
    // The endpoint is busy with this worker's other attempts (slow, or a burst): later.
    const startAfter = new Date(now.getTime() + DEFER_MS);
    await deps.db.update(webhookDeliveries).set({ nextAttemptAt: startAfter }).where(stillThis);
    await deps.queue.enqueue([{ deliveryId: delivery.id, attempt: job.attempt, startAfter }]);
    return "deferred";
  }
  const claimed = await deps.db
    .update(webhookDeliveries)
    .set({
      attempts: job.attempt + 1,
      lastAttemptAt: now,
      nextAttemptAt: new Date(now.getTime() + LEASE_MS),
    })
    .where(stillThis)
    .returning({ id: webhookDeliveries.id });
  if (claimed.length === 0) return "skipped";

  const payload = delivery.payload as { type: string; timestamp: string; data: unknown };
  // The envelope's own order (jsonb keeps keys in an order of its own).
  const body = JSON.stringify({
    type: payload.type,
    timestamp: payload.timestamp,
    data: payload.data,
  });
  let secret: string | null = null;
  try {
    secret = deps.box.decrypt(endpoint.secretEncrypted);
  } catch (error) {
    deps.logger.error({ err: error, endpointId: endpoint.id }, "Cannot read a webhook secret");
  }
  let result: Awaited<ReturnType<typeof guardedPost>>;
  if (secret === null) {
    // Not sendable unsigned: an attempt that failed (SECRET_KEY changed? rotating fixes it).
    result = { ok: false, error: "Could not read the endpoint's secret", durationMs: 0 };
  } else {
    inFlight.set(endpoint.id, (inFlight.get(endpoint.id) ?? 0) + 1);
    try {
      result = await guardedPost(deps.outbound, {
        url: endpoint.url,
        headers: webhookHeaders(secret, {
          id: delivery.messageId,
          timestamp: Math.floor(now.getTime() / 1000),
          body,
        }),
        body,
        timeoutMs: deps.timeoutMs,
        maxResponseBytes: RESPONSE_BYTES_KEPT,
      });
    } finally {
      const left = (inFlight.get(endpoint.id) ?? 1) - 1;
      if (left > 0) inFlight.set(endpoint.id, left);
      else inFlight.delete(endpoint.id);
    }
  }
  // The outcome is as of when the answer came (the clock a test controls does not move here).
  const at = clock(deps);
  const attempts = job.attempt + 1;
  const succeeded = result.ok && result.status >= 200 && result.status < 300;
  const response = {
    responseStatus: result.ok ? result.status : null,
    responseBody: result.ok ? result.body : null,
    error: result.ok ? null : result.error,
  };

  if (succeeded) {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(webhookDeliveries)
        .set({ status: "succeeded", nextAttemptAt: null, ...response })
        .where(eq(webhookDeliveries.id, delivery.id));
      await tx
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(
          and(
            eq(webhookEndpoints.id, endpoint.id),
            sql`${webhookEndpoints.failingSince} is not null`,
          ),
        );
    });
    deps.logger.info(
      { deliveryId: delivery.id, status: result.ok ? result.status : null, ms: result.durationMs },
      "Webhook delivered",
    );
    return "succeeded";
  }

  const gaveUp = attempts >= MAX_ATTEMPTS;
  const next = gaveUp ? null : new Date(at.getTime() + RETRY_DELAYS_SECONDS[attempts - 1]! * 1000);
  const disabled = await deps.db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({ status: gaveUp ? "failed" : "pending", nextAttemptAt: next, ...response })
      .where(eq(webhookDeliveries.id, delivery.id));
    const [failing] = await tx
      .update(webhookEndpoints)
      .set({
        failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)`,
      })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning({ since: webhookEndpoints.failingSince, enabled: webhookEndpoints.enabled });
    if (!failing?.enabled || !failing.since) return false;
    if (at.getTime() - failing.since.getTime() < DISABLE_AFTER_MS) return false;
    const turnedOff = await tx
      .update(webhookEndpoints)
      .set({
        enabled: false,
        disabledReason: DISABLED_AFTER_FAILURES,
        disabledAt: at,
        updatedAt: at,
      })
      .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
      .returning({ id: webhookEndpoints.id });
    if (turnedOff.length === 0) return false;
    await cancelPendingDeliveries(
      tx,
      endpoint.id,
      "Canceled: the endpoint was disabled after 5 days of failures",
    );
    return true;
  });
  deps.logger.warn(
    {
      deliveryId: delivery.id,
      endpointId: endpoint.id,
      attempt: attempts,
      status: result.ok ? result.status : null,
      error: result.ok ? undefined : result.error,
      nextAttemptAt: next,
    },
    "Webhook delivery failed",
  );
  if (disabled) {
    await emailOwnersEndpointDisabled(deps, {
      organizationId: endpoint.organizationId,
      url: endpoint.url,
    });
    return gaveUp ? "failed" : "canceled";
  }
  if (next) {
    await deps.queue.enqueue([{ deliveryId: delivery.id, attempt: attempts, startAfter: next }]);
    return "retrying";
  }
  return "failed";
}

/** Tells each owner (with an email address) that an endpoint was disabled, and what to do. */
async function emailOwnersEndpointDisabled(
  deps: WebhookDeps,
  input: { organizationId: string; url: string },
): Promise<void> {
  const owners = await deps.db
    .select({ email: users.email, organization: organizations.name })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(
      and(
        eq(organizationMembers.organizationId, input.organizationId),
        eq(organizationMembers.role, "owner"),
      ),
    );
  for (const owner of owners) {
    if (!owner.email) continue;
    try {
      await deps.email.send({
        to: owner.email,
        subject: `Webhook endpoint disabled: ${input.url}`,
        text: [
          `Ringback could not deliver events to ${input.url} for 5 days, so it has disabled this webhook endpoint of ${owner.organization}.`,
          "",
          "Events are not sent to it while it is disabled. Once the endpoint answers again with a 2xx status, enable it on the Webhooks page:",
          `${deps.publicUrl}/admin/settings/webhooks`,
          "",
          "Its delivery log there shows the responses (or errors) Ringback got.",
        ].join("\n"),
      });
    } catch (error) {
      deps.logger.warn(
        { err: error },
        "Could not email an owner about a disabled webhook endpoint",
      );
    }
  }
}

/**
 * Hands due deliveries to the queue: new ones (the worker heard their NOTIFY), retries whose
 * job was lost, and attempts whose worker died. Each is leased first (next_attempt_at moves
 * LEASE_MS on), so that this runs as often as it likes without handing one over twice in a
 * lease. Run on every NOTIFY and by the sweeper every minute.
 */
export async function dispatchDueDeliveries(deps: WebhookDeps): Promise<number> {
  let handed = 0;
  for (let round = 0; round < 20; round += 1) {
    const now = clock(deps);
    const { rows } = await deps.db.execute<{ id: string; attempts: number }>(sql`
      update webhook_deliveries set next_attempt_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz
      where id in (
        select id from webhook_deliveries
        where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
        order by next_attempt_at
        limit 500
        for update skip locked
      )
      returning id, attempts`);
    if (rows.length === 0) break;
    await deps.queue.enqueue(rows.map((r) => ({ deliveryId: r.id, attempt: r.attempts })));
    handed += rows.length;
    if (rows.length < 500) break;
  }
  return handed;
}
