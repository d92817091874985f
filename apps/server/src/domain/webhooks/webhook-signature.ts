import { createHmac, randomBytes } from "node:crypto";

/** Standard Webhooks' secret prefix: what follows is the key, base64-encoded. */
export const SECRET_PREFIX = "whsec_";

/** A new endpoint secret: `whsec_` and 32 random bytes in base64 (Standard Webhooks). */
export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}

/** A message id (`webhook-id`): `msg_` and 24 random characters, unique per event. */
export function newMessageId(): string {
  return `msg_${pooledRandomBytes(18).toString("base64url")}`;
}

// Every ingest makes a message id: random bytes drawn from a pool refilled 8 KiB at a time, not
// one getrandom call each (as crypto.randomUUID does; bench:ingest).
let entropy = Buffer.alloc(0);
let used = 0;
function pooledRandomBytes(size: number): Buffer {
  if (used + size > entropy.length) {
    entropy = randomBytes(8192);
    used = 0;
  }
  used += size;
  return entropy.subarray(used - size, used);
}

/**
 * The `webhook-signature` header of one attempt: `v1,` and the base64 HMAC-SHA256, keyed with
 * the secret's bytes, of `${id}.${timestamp}.${body}` (timestamp in whole seconds).
 */
export function signWebhook(
  secret: string,
  message: { id: string; timestamp: number; body: string },
): string {
  const key = Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    "base64",
  );
  const digest = createHmac("sha256", key)
    .update(`${message.id}.${message.timestamp}.${message.body}`)
    .digest("base64");
  return `v1,${digest}`;
}

/** The three Standard Webhooks headers (and the content type) of one attempt. */
export function webhookHeaders(
  secret: string,
  message: { id: string; timestamp: number; body: string },
): Record<string, string> {
  return {
    "content-type": "application/json",
    "user-agent": "Ringback-Webhooks/1.0",
    "webhook-id": message.id,
    "webhook-timestamp": String(message.timestamp),
    "webhook-signature": signWebhook(secret, message),
  };
}
