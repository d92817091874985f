import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Retell signs each webhook with the account's API key (one "with a webhook badge" in Retell's
 * dashboard, https://docs.retellai.com/features/secure-webhook):
 *
 *   x-retell-signature: v=<timestamp, ms since epoch>,d=<hex HMAC-SHA256(API key, raw body + timestamp)>
 *
 * and refuses a signature more than five minutes away from now. This is exactly what the SDK's
 * `Retell.verify(body, apiKey, signature)` does (retell-typescript-sdk src/lib/webhook_auth.ts,
 * `symmetric.verify`: regex /^v=(\d+),d=([0-9a-f]+)$/i, a 64-hex digest, |now - v| <= 5 min,
 * HMAC over `body + v`); here with node:crypto and a constant-time comparison.
 */
export const RETELL_SIGNATURE_HEADER = "x-retell-signature";

/** The SDK's FIVE_MINUTES: how far the signed timestamp may be from now. */
export const RETELL_SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;

const SIGNATURE = /^v=(\d+),d=([0-9a-f]+)$/i;
const SHA_256_HEX_LENGTH = 64;

function digest(rawBody: string, apiKey: string, timestamp: number): Buffer {
  return createHmac("sha256", apiKey).update(`${rawBody}${timestamp}`, "utf8").digest();
}

/** The header Retell would send for this body (the SDK's `sign`); used by the simulator. */
export function signRetellPayload(
  rawBody: string,
  apiKey: string,
  timestamp: number = Date.now(),
): string {
  return `v=${timestamp},d=${digest(rawBody, apiKey, timestamp).toString("hex")}`;
}

/** Constant-time check of the header against the raw body; false for anything odd or stale. */
export function verifyRetellSignature(
  rawBody: string,
  header: string | null | undefined,
  apiKey: string,
  now: number = Date.now(),
): boolean {
  if (!header || !apiKey) return false;
  const match = SIGNATURE.exec(header);
  if (!match) return false;
  const timestamp = Number(match[1]);
  const hex = match[2]!;
  if (
    !Number.isSafeInteger(timestamp) ||
    hex.length !== SHA_256_HEX_LENGTH ||
    Math.abs(now - timestamp) > RETELL_SIGNATURE_TOLERANCE_MS
  ) {
    return false;
  }
  const given = Buffer.from(hex, "hex");
  const expected = digest(rawBody, apiKey, timestamp);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
