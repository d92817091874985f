import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Bland signs each webhook: `X-Webhook-Signature: <hex HMAC-SHA256(signing secret, body)>`
 * (https://docs.bland.ai/tutorials/webhook-signing). Their example re-serializes the parsed body;
 * we check the raw body as received, which is what was signed.
 */
export const BLAND_SIGNATURE_HEADER = "x-webhook-signature";

export function signBlandPayload(rawBody: string, secret: string): string {
  return createHmac("sha256", secret).update(rawBody, "utf8").digest("hex");
}

/** Constant-time check of the header against the raw body; false for a missing or odd header. */
export function verifyBlandSignature(
  rawBody: string,
  header: string | null | undefined,
  secret: string,
): boolean {
  if (!header || !secret) return false;
  const expected = Buffer.from(signBlandPayload(rawBody, secret), "utf8");
  const given = Buffer.from(header.trim().toLowerCase(), "utf8");
  return expected.length === given.length && timingSafeEqual(expected, given);
}
