import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { z } from "zod";
import type { Delivery } from "../form-source.ts";

/**
 * How an assistant's webhook deliveries prove they come from the business's own tool, chosen per
 * assistant (docs/connecting-forms.md, "Any form or tool"):
 * - `standard-webhooks` (the default): Standard Webhooks' `webhook-id`, `webhook-timestamp` and
 *   `webhook-signature` headers, signed with the `whsec_` secret, at most five minutes off;
 * - `hmac`: an HMAC-SHA256 of the raw body in a header the business names, hex or base64, with
 *   an optional prefix such as `sha256=`;
 * - `bearer`: `Authorization: Bearer <secret>`, and `path`: the secret as the URL's last segment,
 *   for tools that cannot sign. Anyone who has the URL (or sees one request) can send leads.
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
]);
export type WebhookAuth = z.infer<typeof webhookAuthSchema>;

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
const hmacOf = (secret: string, body: string, encoding: "hex" | "base64") =>
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
  }
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
