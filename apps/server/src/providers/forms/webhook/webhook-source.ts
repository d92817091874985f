import { createHash } from "node:crypto";
import { z } from "zod";
import type {
  Delivery,
  FormField,
  FormFields,
  FormSource,
  NormalizedSubmission,
} from "../form-source.ts";
import { newWebhookSecret, pathTokenOf, verifyWebhook, webhookAuthSchema } from "./auth.ts";
import { type FlatField, flatten, readBody } from "./body.ts";

/** What an assistant sets for a webhook source: how its deliveries are authenticated. */
export const webhookSettingsSchema = z.object({
  auth: webhookAuthSchema.default({ mode: "standard-webhooks" }),
});
export type WebhookSettings = z.infer<typeof webhookSettingsSchema>;

/** The assistant's settings, or the defaults where it saved none (or none this version reads). */
export function webhookSettingsOf(settings: unknown): WebhookSettings {
  const parsed = webhookSettingsSchema.safeParse(settings ?? {});
  return parsed.success ? parsed.data : webhookSettingsSchema.parse({});
}

/**
 * The delivery's own id where the sender gives one (Standard Webhooks' `webhook-id`, the same on
 * each retry of one event); else the body's SHA-256, so that a retried body is one lead.
 */
function deliveryId(delivery: Delivery): string {
  const id = delivery.headers.get("webhook-id")?.trim();
  if (id) return `webhook-id:${id.slice(0, 200)}`;
  return `sha256:${createHash("sha256").update(delivery.rawBody, "utf8").digest("hex")}`;
}

const PHONE_LIKE = /^\+?[\d\s().-]{7,24}$/;
const EMAIL_LIKE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What a sent value looks like, for ordering the wizard's choices (any field can be chosen). */
function kindOf(field: FlatField): "phone" | "email" | "boolean" | "number" | "list" | "text" {
  const { value } = field;
  if (typeof value === "boolean") return "boolean";
  if (Array.isArray(value)) return "list";
  if (typeof value === "number") return String(value).length >= 7 ? "phone" : "number";
  if (typeof value === "string") {
    if (EMAIL_LIKE.test(value.trim())) return "email";
    if (PHONE_LIKE.test(value.trim()) && value.replace(/\D/g, "").length >= 7) return "phone";
  }
  return "text";
}

/** A value as the wizard shows it beside its field. */
function exampleOf(value: FlatField["value"]): string {
  if (value === null) return "";
  const text = Array.isArray(value) ? value.join(", ") : String(value);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

export function parseWebhookDelivery(delivery: Delivery): NormalizedSubmission {
  const body = readBody(delivery.rawBody, delivery.headers.get("content-type"));
  const fields = flatten(body);
  return {
    responseId: deliveryId(delivery),
    formId: "",
    submittedAt: null,
    landedAt: null,
    questions: fields.map((field) => ({
      id: field.path,
      ref: field.path,
      title: field.path,
      type: kindOf(field),
      value: field.value,
    })),
    answers: Object.fromEntries(fields.map((field) => [field.path, field.value])),
    hidden: {},
    raw: body,
  };
}

/**
 * The fields a sample showed, each with the value it carried. Any field may be chosen for any
 * role (a tool names its fields as it likes): each list offers them all, the likely ones first.
 */
export function webhookSampleFields(submission: NormalizedSubmission): FormFields {
  const all: FormField[] = submission.questions.map((question) => ({
    id: question.id,
    title: question.title,
    type: question.type,
    ref: question.ref,
    example: exampleOf(question.value as FlatField["value"]),
  }));
  const likelyFirst = (...kinds: string[]) => [
    ...all.filter((field) => kinds.includes(field.type)),
    ...all.filter((field) => !kinds.includes(field.type)),
  ];
  return {
    formId: submission.formId,
    title: "Webhook",
    lastUpdatedAt: null,
    displayUrl: null,
    editUrl: null,
    all,
    phone: likelyFirst("phone"),
    checkbox: likelyFirst("boolean", "list"),
    text: likelyFirst("text"),
    email: likelyFirst("email"),
    hidden: [],
  };
}

/** Any form or tool that can send a webhook: a URL and a secret per assistant. */
export function createWebhookSource(): FormSource {
  return {
    id: "webhook",
    name: "Any form or tool (webhook)",
    sandbox: false,
    samples: {
      fields: webhookSampleFields,
      newSecret: newWebhookSecret,
      settings: webhookSettingsSchema,
      endpointUrl: (url, secret, settings) =>
        webhookSettingsOf(settings).auth.mode === "path" ? `${url}/${pathTokenOf(secret)}` : url,
    },
    verifyDelivery: (delivery, secret) =>
      verifyWebhook(delivery, webhookSettingsOf(delivery.settings).auth, secret),
    parseDelivery: parseWebhookDelivery,
  };
}
