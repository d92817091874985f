import { createHash } from "node:crypto";
import { FORM_CONSENT_TEXT_FIELD, FORM_CONSENT_TEXT_LABEL } from "@ringback/contracts";
import { Webhook } from "standardwebhooks";
import { z } from "zod";
import type {
  Delivery,
  FormField,
  FormFields,
  FormSource,
  NormalizedSubmission,
} from "../form-source.ts";
import { FormSourceError, JOINED_FIELD_SEPARATOR } from "../form-source.ts";
import {
  GENERIC_AUTH_MODES,
  hmacOf,
  newWebhookSecret,
  pathTokenOf,
  verifyWebhook,
  webhookAuthSchema,
} from "./auth.ts";
import { type FlatField, flatten, parseJson, readBody } from "./body.ts";
import {
  authModesOf,
  CUSTOM_PRESET,
  type PresetReading,
  presetIds,
  presetOf,
  type WebhookPreset,
} from "./presets/index.ts";

/**
 * What an assistant sets for a webhook source: the tool that sends (a preset, or `custom`) and
 * how its deliveries are authenticated — one of the preset's own ways, or any generic one.
 */
export const webhookSettingsSchema = z.preprocess(
  // Without a mode, the preset's own way (Standard Webhooks without a preset).
  (input) => {
    if (typeof input !== "object" || input === null || "auth" in input) return input;
    const preset = presetOf((input as { preset?: string }).preset);
    return { ...input, auth: preset?.authModes[0] ?? { mode: "standard-webhooks" } };
  },
  z
    .object({
      preset: z.enum(presetIds).default(CUSTOM_PRESET),
      auth: webhookAuthSchema,
    })
    .superRefine((settings, context) => {
      const preset = presetOf(settings.preset);
      const modes = authModesOf(preset, GENERIC_AUTH_MODES);
      if (!modes.includes(settings.auth.mode)) {
        context.addIssue({
          code: "custom",
          path: ["auth", "mode"],
          message: `${preset?.name ?? "A custom webhook"} cannot authenticate that way: choose ${modes.join(" or ")}.`,
        });
      }
    }),
);
export type WebhookSettings = z.infer<typeof webhookSettingsSchema>;

/** The assistant's settings, or the defaults where it saved none (or none this version reads). */
export function webhookSettingsOf(settings: unknown): WebhookSettings {
  const parsed = webhookSettingsSchema.safeParse(settings ?? {});
  return parsed.success ? parsed.data : webhookSettingsSchema.parse({});
}

/** How long an identical body counts as the same delivery, for a sender that sends no id. */
export const BODY_DEDUPE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The lead's id, most specific first: the tool's own id for the lead (Google Ads' `lead_id`, a
 * form's entry id), the delivery's id (Standard Webhooks' `webhook-id`, the same on each retry of
 * one event); else the body's SHA-256, which counts as the same delivery for a day.
 */
function deliveryId(
  delivery: Delivery,
  reading: PresetReading,
): { responseId: string; windowMs?: number } {
  if (reading.leadId) return { responseId: `lead:${reading.leadId.slice(0, 200)}` };
  const id = delivery.headers.get("webhook-id")?.trim();
  if (id) return { responseId: `webhook-id:${id.slice(0, 200)}` };
  const hash = createHash("sha256").update(delivery.rawBody, "utf8").digest("hex");
  return { responseId: `sha256:${hash}`, windowMs: BODY_DEDUPE_WINDOW_MS };
}

/** Keys that carry a sender's secret in the body (Google Ads' key): never stored or shown. */
const SECRET_KEYS = new Set(["google_key", "Google_key"]);
const REDACTED = "[redacted]";

/** A body's value with the secrets it carries replaced. */
export function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SECRET_KEYS.has(key) ? REDACTED : redactValue(item),
    ]),
  );
}

/** A raw body as the deliveries log keeps it: its secrets replaced (JSON), else as sent. */
export function redactBody(rawBody: string): string {
  const json = parseJson(rawBody.trim());
  if (json !== undefined) return JSON.stringify(redactValue(json), null, 2);
  // A form body: a key named like a secret has its value replaced.
  const form = new URLSearchParams(rawBody);
  if (![...SECRET_KEYS].some((key) => form.has(key))) return rawBody;
  for (const key of SECRET_KEYS) if (form.has(key)) form.set(key, REDACTED);
  return form.toString();
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

/** The body as the preset reads it (no preset: its own fields). */
function readWith(preset: WebhookPreset | null, body: unknown): PresetReading {
  return (
    preset?.read?.(body) ?? { fields: flatten(body), leadId: null, test: false, submittedAt: null }
  );
}

export function parseWebhookDelivery(delivery: Delivery): NormalizedSubmission {
  const preset = presetOf(webhookSettingsOf(delivery.settings).preset);
  const contentType = delivery.headers.get("content-type");
  const body = readBody(delivery.rawBody, contentType);
  if (
    preset?.jsonOnly &&
    (typeof body !== "object" || body === null || !isJson(contentType, delivery.rawBody))
  ) {
    throw new FormSourceError(
      `${preset.name} sends JSON: choose the JSON format in its webhook settings.`,
      { status: 415, code: "unsupported_media_type" },
    );
  }
  const reading = readWith(preset, body);
  const { responseId, windowMs } = deliveryId(delivery, reading);
  return {
    responseId,
    ...(windowMs ? { responseIdWindowMs: windowMs } : {}),
    formId: "",
    submittedAt: reading.submittedAt,
    landedAt: null,
    questions: reading.fields.map((field) => ({
      id: field.path,
      ref: field.path,
      title: field.title ?? field.path,
      type: kindOf(field),
      value: field.value,
    })),
    answers: Object.fromEntries(reading.fields.map((field) => [field.path, field.value])),
    hidden: {},
    test: reading.test,
    raw: redactValue(body),
  };
}

/** A JSON body: declared so, or sent without a type and shaped like JSON. */
function isJson(contentType: string | null, rawBody: string): boolean {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/json" || type.endsWith("+json")) return true;
  const text = rawBody.trim();
  return (
    type !== "application/x-www-form-urlencoded" && (text.startsWith("{") || text.startsWith("["))
  );
}

/** Fields a consent answer is likely in, by name: a ticked box or a yes. */
const CONSENT_LIKE = /consent|agree|accept|opt.?in|permission|tcpa|call/i;

/**
 * The availability choices: fields likely to hold a consent answer (yes/no, lists, names that
 * say consent), then the form's own consent text, then every other field. A sender with no
 * such field (a Google Ads lead form) thus starts from its consent text.
 */
function consentChoices(all: FormField[]): FormField[] {
  const likely = (field: FormField) =>
    ["boolean", "list"].includes(field.type) || CONSENT_LIKE.test(field.id);
  const consentText: FormField = {
    id: FORM_CONSENT_TEXT_FIELD,
    title: FORM_CONSENT_TEXT_LABEL,
    type: "consent_text",
    ref: null,
  };
  return [...all.filter(likely), consentText, ...all.filter((field) => !likely(field))];
}

/**
 * The fields a sample showed, each with the value it carried. Any field may be chosen for any
 * role (a tool names its fields as it likes): each list offers them all, the likely ones first —
 * the preset's own mapping before any guess, so that the wizard starts from it.
 */
export function webhookSampleFields(
  submission: NormalizedSubmission,
  settings: unknown = null,
): FormFields {
  const preset = presetOf(webhookSettingsOf(settings).preset);
  const all: FormField[] = submission.questions.map((question) => ({
    id: question.id,
    title: question.title,
    type: question.type,
    ref: question.ref,
    example: exampleOf(question.value as FlatField["value"]),
  }));
  const byId = new Map(all.map((field) => [field.id, field]));
  // A first and last name the preset names are offered joined, as one name.
  const joined: FormField[] = (preset?.mapping.name ?? []).flatMap((id) => {
    const parts = id.split(JOINED_FIELD_SEPARATOR);
    if (parts.length < 2 || !parts.every((part) => byId.has(part))) return [];
    const fields = parts.map((part) => byId.get(part)!);
    return [
      {
        id,
        title: fields.map((field) => field.title).join(" + "),
        type: "text",
        ref: null,
        contact: "full_name",
        example: fields
          .map((field) => field.example ?? "")
          .join(" ")
          .trim(),
      },
    ];
  });
  // The preset's first name choice the sample has: a single field is marked as the person's
  // whole name, as a joined first + last name is, so that the wizard preselects it.
  const firstName = (preset?.mapping.name ?? []).find((id) =>
    id.split(JOINED_FIELD_SEPARATOR).every((part) => byId.has(part)),
  );
  const withJoined = [
    ...all.map((field) =>
      field.id === firstName ? { ...field, contact: "full_name" as const } : field,
    ),
    ...joined,
  ];
  const mapped = (ids: readonly string[] = []) =>
    ids.flatMap((id) => withJoined.filter((field) => field.id === id));
  const likelyFirst = (
    list: FormField[],
    ids: readonly string[] | undefined,
    likely: (field: FormField) => boolean,
  ) => {
    const first = mapped(ids);
    const rest = list.filter((field) => !first.includes(field));
    return [...first, ...rest.filter(likely), ...rest.filter((field) => !likely(field))];
  };
  const ofKind =
    (...kinds: string[]) =>
    (field: FormField) =>
      kinds.includes(field.type);
  return {
    formId: submission.formId,
    title: "Webhook",
    lastUpdatedAt: null,
    displayUrl: null,
    editUrl: null,
    all,
    phone: likelyFirst(all, preset?.mapping.phone, ofKind("phone")),
    checkbox: consentChoices(all),
    text: likelyFirst(withJoined, preset?.mapping.name, ofKind("text")),
    email: likelyFirst(all, preset?.mapping.email, ofKind("email")),
    hidden: [],
  };
}

/**
 * What the assistant's tool would send, signed the way the assistant's settings say: the
 * preset's own documented request, or for any other tool a small lead signed as the chosen mode
 * signs (Standard Webhooks by its own package).
 */
export function webhookTestSubmission(
  secret: string,
  settings: unknown,
  now: Date,
): { rawBody: string; headers: Headers; pathToken: string | null } {
  const { preset: presetId, auth } = webhookSettingsOf(settings);
  const preset = presetOf(presetId);
  const request = preset
    ? preset.testSubmission(secret, now)
    : {
        body: JSON.stringify({
          id: `test-${now.getTime()}`,
          name: "Jane Doe",
          phone: "+1 415 555 0123",
          email: "jane@example.com",
          consent: true,
        }),
        headers: { "content-type": "application/json" } as Record<string, string>,
      };
  const headers = new Headers(request.headers);
  switch (auth.mode) {
    case "standard-webhooks": {
      const id = `msg_test_${now.getTime()}`;
      headers.set("webhook-id", id);
      headers.set("webhook-timestamp", String(Math.floor(now.getTime() / 1000)));
      headers.set("webhook-signature", new Webhook(secret).sign(id, now, request.body));
      break;
    }
    case "hmac":
      headers.set(auth.header, `${auth.prefix}${hmacOf(secret, request.body, auth.encoding)}`);
      break;
    case "bearer":
      headers.set("authorization", `Bearer ${secret}`);
      break;
    case "path":
      // The tool sends no secret: the URL carries it.
      headers.delete("authorization");
      break;
    default:
      // The vendor's own signature, which the preset's request carries.
      break;
  }
  return {
    rawBody: request.body,
    headers,
    pathToken: auth.mode === "path" ? pathTokenOf(secret) : null,
  };
}

/**
 * Any form or tool that can send a webhook: a URL and a secret per assistant, and a preset per
 * tool that knows its vendor's ways (presets/).
 */
export function createWebhookSource(): FormSource {
  return {
    id: "webhook",
    name: "Any form or tool (webhook)",
    sandbox: false,
    samples: {
      fields: webhookSampleFields,
      redactBody,
      testSubmission: webhookTestSubmission,
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
