import { and, eq } from "drizzle-orm";
import type { Database } from "../../../../db/database.ts";
import { sandboxTypeformResponses, sandboxTypeformWebhooks } from "../../../../db/schema/index.ts";
import type { Logger } from "../../../../lib/logger.ts";
import { signTypeformPayload } from "../typeform-signature.ts";
import type { DeliveryRetryPolicy, SandboxContext } from "./context.ts";

export const SANDBOX_TYPEFORM_DELIVER_JOB = "sandbox.typeform.deliver";

/** Typeform gives up on a delivery after 30 seconds. */
const DELIVERY_TIMEOUT_MS = 30_000;

/**
 * Typeform retries five times, after 5, 10, 20, 60 and 120 minutes; the sandbox keeps the
 * count and the doubling but counts in seconds, so that a local receiver that was down for a
 * moment gets its delivery soon: about 2, 4, 8, 16 and 32 seconds (with jitter).
 */
export const DEFAULT_DELIVERY_RETRY: DeliveryRetryPolicy = {
  retryLimit: 5,
  retryDelay: 2,
  retryDelayMax: 300,
};

export interface DeliveryJobData {
  webhookId: string;
  responseToken: string;
  /**
   * `sha256=…` of the payload, made when the delivery was queued: the worker has no key to
   * decrypt the webhook's secret, which is stored encrypted.
   */
  signature: string | null;
}

/** Per queue instance: the one createQueue() call it needs. */
const queuesReady = new WeakMap<object, Promise<void>>();

function ensureQueue(queue: SandboxContext["queue"]): Promise<void> {
  let ready = queuesReady.get(queue);
  if (!ready) {
    ready = queue.createQueue(SANDBOX_TYPEFORM_DELIVER_JOB).catch((error: unknown) => {
      queuesReady.delete(queue);
      throw error;
    });
    queuesReady.set(queue, ready);
  }
  return ready;
}

/**
 * Queues one delivery per enabled webhook of the form (the ones whose event_types do not turn
 * form_response off). Returns how many were queued.
 */
export async function enqueueDeliveries(
  ctx: SandboxContext,
  input: { formId: string; responseToken: string; payload: string },
): Promise<number> {
  const webhooks = await ctx.db
    .select()
    .from(sandboxTypeformWebhooks)
    .where(
      and(
        eq(sandboxTypeformWebhooks.formId, input.formId),
        eq(sandboxTypeformWebhooks.enabled, true),
      ),
    );
  const targets = webhooks.filter((w) => w.eventTypes?.form_response !== false);
  if (targets.length === 0) return 0;
  // Creating a queue is idempotent; a web-only process may send before any worker created it.
  await ensureQueue(ctx.queue);
  for (const webhook of targets) {
    const data: DeliveryJobData = {
      webhookId: webhook.id,
      responseToken: input.responseToken,
      signature: webhook.secretEncrypted
        ? signTypeformPayload(input.payload, ctx.secrets.decrypt(webhook.secretEncrypted))
        : null,
    };
    await ctx.queue.send(SANDBOX_TYPEFORM_DELIVER_JOB, data, {
      ...ctx.deliveryRetry,
      retryBackoff: true,
    });
  }
  return targets.length;
}

export type DeliveryOutcome = "delivered" | "disabled" | "skipped";

/** Thrown for a failed attempt, so that the queue retries it with back-off. */
export class DeliveryFailedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DeliveryFailedError";
  }
}

/**
 * One delivery attempt, as Typeform makes it: POST the JSON body with its signature; 2xx is
 * done; 404 or 410 disables the webhook at once (no retry); anything else, a timeout or a
 * connection error throws, and the queue retries.
 */
export async function deliverSandboxWebhook(
  db: Database,
  logger: Logger,
  data: DeliveryJobData,
  doFetch: typeof fetch = fetch,
): Promise<DeliveryOutcome> {
  const [webhook] = await db
    .select()
    .from(sandboxTypeformWebhooks)
    .where(eq(sandboxTypeformWebhooks.id, data.webhookId));
  if (!webhook?.enabled) {
    logger.info({ webhookId: data.webhookId }, "Webhook deleted or disabled: delivery dropped");
    return "skipped";
  }
  const [response] = await db
    .select({ payload: sandboxTypeformResponses.payload })
    .from(sandboxTypeformResponses)
    .where(eq(sandboxTypeformResponses.token, data.responseToken));
  if (!response) {
    logger.info({ responseToken: data.responseToken }, "Response deleted: delivery dropped");
    return "skipped";
  }
  const log = logger.child({ webhookId: webhook.id, tag: webhook.tag, url: webhook.url });
  let status: number;
  try {
    const result = await doFetch(webhook.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "Typeform Webhooks (Ringback sandbox)",
        ...(data.signature ? { "typeform-signature": data.signature } : {}),
      },
      body: response.payload,
      redirect: "manual",
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    status = result.status;
    await result.body?.cancel().catch(() => undefined);
  } catch (error) {
    log.warn({ err: error }, "Webhook delivery failed; it will be retried");
    throw new DeliveryFailedError(`Delivery to ${webhook.url} failed`, { cause: error });
  }
  if (status >= 200 && status < 300) {
    log.info({ status }, "Webhook delivered");
    return "delivered";
  }
  if (status === 404 || status === 410) {
    await db
      .update(sandboxTypeformWebhooks)
      .set({ enabled: false, updatedAt: new Date() })
      .where(eq(sandboxTypeformWebhooks.id, webhook.id));
    log.warn({ status }, "Webhook answered 404/410: disabled, as Typeform does");
    return "disabled";
  }
  log.warn({ status }, "Webhook delivery failed; it will be retried");
  throw new DeliveryFailedError(`Delivery to ${webhook.url} answered HTTP ${status}`);
}
