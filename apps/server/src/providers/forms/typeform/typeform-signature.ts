import { createHmac, timingSafeEqual } from "node:crypto";

/** Typeform signs each delivery: `Typeform-Signature: sha256=<base64 HMAC-SHA256(secret, raw body)>`. */
export const TYPEFORM_SIGNATURE_HEADER = "typeform-signature";

export function signTypeformPayload(rawBody: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(rawBody, "utf8").digest("base64")}`;
}

/** Constant-time check of the header against the raw body; false for a missing or odd header. */
export function verifyTypeformSignature(
  rawBody: string,
  header: string | null | undefined,
  secret: string,
): boolean {
  if (!header || !secret) return false;
  const expected = Buffer.from(signTypeformPayload(rawBody, secret));
  const given = Buffer.from(header.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
