import { createHash, randomBytes } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Random base62 characters without modulo bias (bytes ≥ 248 are skipped). */
export function base62Id(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** Typeform's ids: forms 8 characters, fields 12, webhooks and events 10. */
export const newFormId = () => base62Id(8);
export const newFieldId = () => base62Id(12);
export const newWebhookId = () => base62Id(10);
export const newEventId = () => base62Id(10);
export const newChoiceId = () => base62Id(12);

/** A response token like Typeform's: 32 hex characters. */
export const newResponseToken = () => randomBytes(16).toString("hex");

/** Opaque OAuth codes and tokens (Typeform's look like 40 hex characters). */
export const newOpaqueToken = () => randomBytes(20).toString("hex");

/** Codes and tokens are stored by this hash only. */
export function sha256(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}
