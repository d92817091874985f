/**
 * The events Ringback sends to an organization's webhook endpoints (Standard
 * Webhooks: webhook-id, webhook-timestamp, webhook-signature "v1,<base64 HMAC-SHA256>").
 */
export const webhookEventTypes = [
  "submission.received",
  "call.started",
  "call.completed",
  "call.failed",
  "contact.opted_out",
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** What "Send test event" sends: not an event an endpoint subscribes to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";
export type WebhookMessageType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;
