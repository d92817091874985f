import { z } from "zod";

/**
 * What Ringback made of one request to an assistant's webhook URL, as "Recent deliveries" shows
 * it: the words a business reads while it sets up its tool.
 */
export const deliveryResults = [
  "accepted",
  "not-available",
  "invalid-phone",
  "duplicate",
  "test-lead",
  "sample",
  "ignored",
  "refused-signature",
  "refused-no-phone",
  "refused-no-consent",
  "refused-body",
  "rate-limited",
  "too-old",
] as const;
export type DeliveryResult = (typeof deliveryResults)[number];

export const deliveryResultLabels: Record<DeliveryResult, string> = {
  accepted: "Accepted",
  "not-available": "Accepted: not available for a call",
  "invalid-phone": "Accepted: invalid phone number",
  duplicate: "Duplicate",
  "test-lead": "Test lead",
  sample: "Sample: fields learned",
  ignored: "Ignored",
  "refused-signature": "Refused: bad signature",
  "refused-no-phone": "Refused: no phone number",
  "refused-no-consent": "Refused: no consent answer",
  "refused-body": "Refused: unreadable body",
  "rate-limited": "Refused: too many requests",
  "too-old": "Too old to call",
};

/** The results that refused a request: the sender got a 4xx and should fix something. */
export const refusedDeliveryResults: readonly DeliveryResult[] = [
  "refused-signature",
  "refused-no-phone",
  "refused-no-consent",
  "refused-body",
  "rate-limited",
];

/** One request in GET …/assistants/:id/deliveries. */
export const sourceDeliverySchema = z.object({
  id: z.string(),
  receivedAt: z.string(),
  result: z.enum(deliveryResults),
  /** The reason in words, as the sender was answered, or null. */
  detail: z.string().nullable(),
  httpStatus: z.number(),
  /** The call it led to (Call Records), or null. */
  callRecordId: z.string().nullable(),
  contentType: z.string().nullable(),
  /** The body as received, secrets redacted; null after 7 days. */
  body: z.string().nullable(),
  bodyBytes: z.number(),
});
export type SourceDelivery = z.infer<typeof sourceDeliverySchema>;

/** How many requests "Recent deliveries" keeps per assistant. */
export const RECENT_DELIVERIES = 100;
/** How long their bodies are kept. */
export const DELIVERY_BODY_DAYS = 7;
