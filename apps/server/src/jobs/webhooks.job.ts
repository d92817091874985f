import { z } from "zod";
import {
  attemptDelivery,
  DELIVER_WEBHOOK_JOB,
  dispatchDueDeliveries,
} from "../domain/webhooks/deliver-webhook.ts";
import { defineJob, noPayload } from "./job.ts";

/**
 * One attempt of one outgoing webhook. Each delivery is a job of its own, so a
 * slow endpoint holds one slot for at most its 10 s timeout, and at most two slots per endpoint
 * (MAX_IN_FLIGHT_PER_ENDPOINT); calls run in their own queue and never wait for these.
 */
export const deliverWebhookJob = defineJob({
  name: DELIVER_WEBHOOK_JOB,
  payload: z.object({ deliveryId: z.string().min(1), attempt: z.number().int().min(0) }),
  // Mostly waiting on other servers: several at once. (New jobs wake a worker by NOTIFY; the
  // 2 s poll finds retries coming due, which are never sooner than 5 s.)
  concurrency: 10,
  needs: ["webhooks"],
  async handle(data, { webhooks, logger }) {
    const result = await attemptDelivery(webhooks, data);
    logger.debug({ deliveryId: data.deliveryId, result }, "Webhook attempt handled");
    return result;
  },
});

/**
 * When a worker starts and every minute: hand the queue deliveries whose job was lost (a crash
 * between commit and enqueue, a missed NOTIFY, a worker that died mid-attempt).
 */
export const sweepWebhooksJob = defineJob({
  name: "webhooks.sweep",
  payload: noPayload,
  cron: "* * * * *",
  runOnStart: true,
  needs: ["webhooks"],
  handle: (_data, { webhooks }) => dispatchDueDeliveries(webhooks),
});
