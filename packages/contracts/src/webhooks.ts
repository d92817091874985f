import { z } from "zod";
import {
  type WebhookEventType,
  type WebhookMessageType,
  webhookEventTypes,
} from "./webhook-types.ts";

export * from "./webhook-events.ts";
export * from "./webhook-types.ts";

/** What the Webhooks page says about each event, next to its checkbox. */
export const webhookEventDescriptions: Record<WebhookEventType, string> = {
  "submission.received": "A form submission is received.",
  "call.started": "A call is placed (the voice provider accepted the dial).",
  "call.completed":
    "A call reached a person: duration, summary, outcomes, transcript and a recording link.",
  "call.failed": "A call ended without reaching a person: voicemail, no answer, busy or an error.",
  "contact.opted_out": "A number is added to the do-not-call list.",
};

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** Endpoints per organization: enough for a CRM, an automation tool and a test receiver. */
export const MAX_WEBHOOK_ENDPOINTS = 20;
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;

const urlSchema = z
  .string()
  .trim()
  .min(1, "Enter the endpoint's URL.")
  .max(WEBHOOK_URL_MAX, `The URL is too long (at most ${WEBHOOK_URL_MAX} characters).`)
  .pipe(z.url({ protocol: /^https?$/, error: "Enter a full URL starting with https://." }))
  .refine(
    (value) => !/^https?:\/\/[^/?#]*@/i.test(value),
    "Leave the user name and password out of the URL.",
  );

const descriptionSchema = z
  .string()
  .trim()
  .max(
    WEBHOOK_DESCRIPTION_MAX,
    `The description is too long (at most ${WEBHOOK_DESCRIPTION_MAX} characters).`,
  );

const eventsSchema = z
  .array(z.enum(webhookEventTypes, "Choose events from the list."))
  .min(1, "Choose at least one event.")
  .max(webhookEventTypes.length * 2)
  .transform((events) => webhookEventTypes.filter((type) => events.includes(type)));

/** POST …/webhook-endpoints. (https:// is required in production; the server says so.) */
export const createWebhookEndpointSchema = z.object({
  url: urlSchema,
  description: descriptionSchema.default(""),
  events: eventsSchema,
});
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointSchema>;

/** PATCH …/webhook-endpoints/:id: any of the fields; enabling clears a disabled reason. */
export const updateWebhookEndpointSchema = z
  .object({
    url: urlSchema.optional(),
    description: descriptionSchema.optional(),
    events: eventsSchema.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: "Nothing to change.",
  });
export type UpdateWebhookEndpointInput = z.input<typeof updateWebhookEndpointSchema>;

/** GET …/webhook-endpoints/:id/deliveries: older pages by the last delivery's id. */
export const webhookDeliveriesQuerySchema = z.object({
  before: z.uuid().optional().catch(undefined),
});

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** Why it is disabled, when it is ("Disabled after 5 days of failed deliveries"). */
  disabledReason: string | null;
  disabledAt: string | null;
  /** The first failure of the current run of failures; null while deliveries succeed. */
  failingSince: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The signing secret (`whsec_…`): only in the answers to create and rotate, never again. */
export interface WebhookSecret {
  secret: string;
}

export interface CreatedWebhookEndpoint extends WebhookSecret {
  endpoint: WebhookEndpoint;
}

/**
 * pending: waiting for its first or next attempt (retried with back-off); succeeded: a 2xx;
 * failed: every attempt failed (about 3 days); canceled: its endpoint was disabled.
 */
export const webhookDeliveryStatuses = ["pending", "succeeded", "failed", "canceled"] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

export interface WebhookDelivery {
  id: string;
  /** `webhook-id`: the same for every attempt and resend of this message. */
  messageId: string;
  eventType: WebhookMessageType;
  status: WebhookDeliveryStatus;
  attempts: number;
  createdAt: string;
  lastAttemptAt: string | null;
  /** When the next attempt is due (pending only). */
  nextAttemptAt: string | null;
  /** The last attempt's HTTP status; null when it got no response. */
  responseStatus: number | null;
  /** The first bytes of the last response (at most 1 KiB). */
  responseBody: string | null;
  /** Why the last attempt got no response ("Connection refused", "Timed out after 10 s"). */
  error: string | null;
}

export interface WebhookDeliveryPage {
  items: WebhookDelivery[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: string | null;
}
