import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { z } from "zod";
import type { Delivery } from "../form-source.ts";
import { parseJson } from "./body.ts";

/**
 * How an assistant's webhook deliveries prove they come from the business's own tool, chosen per
 * assistant (docs/connecting-forms.md, "Any form or tool"):
 * - `standard-webhooks` (the default): Standard Webhooks' `webhook-id`, `webhook-timestamp` and
 *   `webhook-signature` headers, signed with the `whsec_` secret, at most five minutes off;
 * - `hmac`: an HMAC-SHA256 of the raw body in a header the business names, hex or base64, with
 *   an optional prefix such as `sha256=`;
 * - `bearer`: `Authorization: Bearer <secret>`, and `path`: the secret as the URL's last segment,
 *   for tools that cannot sign. Anyone who has the URL (or sees one request) can send leads;
 * - a vendor's own way, offered by its preset (presets/): `google-key` (Google Ads puts the key
 *   the advertiser set in the body), `wpforms` (WPForms' `X-WPForms-Webhook-Signature`) and
 *   `webflow` (Webflow's `x-webflow-timestamp` and `x-webflow-signature`).
 */
export const webhookAuthSchema = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("standard-webhooks") }),
  z.object({
    mode: z.literal("hmac"),
    header: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9-]{1,100}$/, "Enter a header name: letters, digits and dashes"),
    encoding: z.enum(["hex", "base64"]),
    prefix: z.string().max(40).default(""),
  }),
  z.object({ mode: z.literal("bearer") }),
  z.object({ mode: z.literal("path") }),
  z.object({ mode: z.literal("google-key") }),
  z.object({ mode: z.literal("wpforms") }),
  z.object({ mode: z.literal("webflow") }),
]);
export type WebhookAuth = z.infer<typeof webhookAuthSchema>;

/** The modes any tool can use; the others belong to a vendor's preset. */
export const GENERIC_AUTH_MODES: readonly WebhookAuth["mode"][] = [
  "standard-webhooks",
  "hmac",
  "bearer",
  "path",
];

/**
 * A new secret: Standard Webhooks' `whsec_` and 32 random bytes in base64, which every mode can
 * use as it is (an HMAC key, a bearer token; `path` wants URL-safe characters, so its own).
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

const equal = (given: string, wanted: string) => {
  const a = Buffer.from(given, "utf8");
  const b = Buffer.from(wanted, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The key an HMAC is made with: the secret's bytes as the business pasted it into its tool. */
export const hmacOf = (secret: string, body: string, encoding: "hex" | "base64") =>
  createHmac("sha256", secret).update(body, "utf8").digest(encoding);

/** The path token a secret stands for (URL-safe, whatever characters the secret has). */
export function pathTokenOf(secret: string): string {
  return createHmac("sha256", secret).update("ringback:path-token:v1").digest("base64url");
}

/** Whether a delivery is authentic under the assistant's mode, with one of its secrets. */
export function verifyWebhook(delivery: Delivery, auth: WebhookAuth, secret: string): boolean {
  switch (auth.mode) {
    case "standard-webhooks":
      return verifyStandardWebhook(delivery, secret);
    case "hmac": {
      const given = (delivery.headers.get(auth.header) ?? "").trim();
      if (!given.startsWith(auth.prefix)) return false;
      return equal(
        given.slice(auth.prefix.length),
        hmacOf(secret, delivery.rawBody, auth.encoding),
      );
    }
    case "bearer": {
      const given = /^Bearer\s+(.+)$/i.exec(delivery.headers.get("authorization")?.trim() ?? "");
      return given !== null && equal(given[1]!.trim(), secret);
    }
    case "path":
      return delivery.pathToken !== null && equal(delivery.pathToken, pathTokenOf(secret));
    case "google-key":
      return verifyGoogleKey(delivery, secret);
    case "wpforms":
      return verifyWpforms(delivery, secret);
    case "webflow":
      return verifyWebflow(delivery, secret);
  }
}

/**
 * Google Ads lead forms carry no signature: the key the advertiser typed into the form's webhook
 * settings arrives in the body as `google_key` (Google's own test samples spell it `Google_key`).
 * Compared in constant time; dedupe on `lead_id` is what stops a replay.
 */
function verifyGoogleKey(delivery: Delivery, secret: string): boolean {
  const body = parseJson(delivery.rawBody);
  if (typeof body !== "object" || body === null) return false;
  const record = body as Record<string, unknown>;
  const key = record.google_key ?? record.Google_key;
  return typeof key === "string" && equal(key, secret);
}

/**
 * How far a WPForms signature's `t` may be from now. WPForms sends from a background task that a
 * quiet site may run late, so five minutes would lose real leads; a day is as long as an
 * identical body counts as the same delivery (webhook-source.ts), so a replay inside it is one
 * lead and one after it is refused.
 */
export const WPFORMS_TOLERANCE_MS = 24 * 60 * 60 * 1000;

/**
 * WPForms: `X-WPForms-Webhook-Signature: t=<unix seconds>,v=<hex HMAC-SHA256 of "<t>.<body>">`,
 * keyed with the secret WPForms shows for the webhook. The body signed is the JSON sent, so only
 * the JSON format verifies (WPForms signs a JSON rendering of a form-encoded body instead).
 */
function verifyWpforms(delivery: Delivery, secret: string, now = Date.now()): boolean {
  const header = delivery.headers.get("x-wpforms-webhook-signature") ?? "";
  const parts = Object.fromEntries(
    header.split(",").map((part) => {
      const at = part.indexOf("=");
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    }),
  );
  const t = parts.t ?? "";
  if (!/^\d{1,12}$/.test(t) || !parts.v) return false;
  if (Math.abs(now - Number(t) * 1000) > WPFORMS_TOLERANCE_MS) return false;
  return equal(parts.v.toLowerCase(), hmacOf(secret, `${t}.${delivery.rawBody}`, "hex"));
}

/** Webflow refuses nothing older than this itself; its documentation says to (replays). */
export const WEBFLOW_TOLERANCE_MS = 5 * 60 * 1000;

/**
 * Webflow: `x-webflow-timestamp` (milliseconds since the epoch) and `x-webflow-signature`, the
 * hex HMAC-SHA256 of `<timestamp>:<body>` keyed with the app's client secret (or the webhook's
 * own secret); refused when more than five minutes off.
 */
function verifyWebflow(delivery: Delivery, secret: string, now = Date.now()): boolean {
  const timestamp = delivery.headers.get("x-webflow-timestamp")?.trim() ?? "";
  const signature = delivery.headers.get("x-webflow-signature")?.trim().toLowerCase() ?? "";
  if (!/^\d{1,15}$/.test(timestamp) || !signature) return false;
  if (Math.abs(now - Number(timestamp)) > WEBFLOW_TOLERANCE_MS) return false;
  return equal(signature, hmacOf(secret, `${timestamp}:${delivery.rawBody}`, "hex"));
}

/**
 * Standard Webhooks through its own package: the three headers, a matching `v1` signature, and a
 * timestamp within five minutes either way (the body is read apart: it may be a form too).
 */
function verifyStandardWebhook(delivery: Delivery, secret: string): boolean {
  let webhook: Webhook;
  try {
    webhook = new Webhook(secret);
  } catch {
    return false;
  }
  const headers = {
    "webhook-id": delivery.headers.get("webhook-id") ?? "",
    "webhook-timestamp": delivery.headers.get("webhook-timestamp") ?? "",
    "webhook-signature": delivery.headers.get("webhook-signature") ?? "",
  };
  try {
    webhook.verify(delivery.rawBody, headers, { jsonParse: false });
    return true;
  } catch (error) {
    if (error instanceof WebhookVerificationError) return false;
    throw error;
  }
}
