import { listenForNotifications } from "../../lib/pg-listener.ts";
import { dispatchDueDeliveries } from "./deliver-webhook.ts";
import { WEBHOOK_DELIVERIES_CHANNEL } from "./emit-webhook-event.ts";
import type { WebhookDeps } from "./webhook-deps.ts";

/**
 * The worker's ear for new deliveries: each NOTIFY (sent when an event's transaction commits)
 * hands due deliveries to the queue at once. Notifications that arrive while a dispatch runs
 * are folded into one more run after it, so a burst of events costs a few dispatches, not one
 * each. The sweeper (every minute) covers whatever this misses.
 */
export function startWebhookDispatcher(options: { databaseUrl: string; webhooks: WebhookDeps }) {
  const { webhooks } = options;
  let running = false;
  let again = false;
  const run = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await dispatchDueDeliveries(webhooks);
      } while (again);
    } catch (error) {
      webhooks.logger.error({ err: error }, "Could not hand webhook deliveries to the queue");
    } finally {
      running = false;
    }
  };
  return listenForNotifications({
    databaseUrl: options.databaseUrl,
    channel: WEBHOOK_DELIVERIES_CHANNEL,
    applicationName: "ringback-webhooks",
    logger: webhooks.logger,
    onNotify: () => void run(),
  });
}
