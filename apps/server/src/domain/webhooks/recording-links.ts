import type { SecretBox } from "../../lib/secret-box.ts";

/** How long a webhook's recording link works: past the retries (3 days) and a late resend. */
export const RECORDING_LINK_DAYS = 7;

/** Signs the expiring recording links that call.completed carries. */
export interface RecordingLinks {
  sign(callRecordId: string, now: Date): { url: string; expiresAt: string };
}

const payload = (callRecordId: string, expires: string) =>
  `webhook-recording:v1\n${callRecordId}\n${expires}`;

/**
 * Links to GET /api/recordings/:callRecordId for the organization's own systems, which have no
 * Ringback session: the signature binds the call and the expiry (and a purpose of its own, so a
 * link signed for anything else never passes). Unlike the app's signed links, no user is bound:
 * whoever holds the link hears the recording until it expires, as the business asked.
 */
export function createRecordingLinks(box: SecretBox, publicUrl: string): RecordingLinks {
  return {
    sign(callRecordId, now) {
      const expiresAt = new Date(now.getTime() + RECORDING_LINK_DAYS * 86_400_000);
      const expires = String(Math.floor(expiresAt.getTime() / 1000));
      const query = new URLSearchParams({
        exp: expires,
        sig: box.sign(payload(callRecordId, expires)),
      });
      return {
        url: `${publicUrl}/api/recordings/${callRecordId}?${query}`,
        expiresAt: expiresAt.toISOString(),
      };
    },
  };
}

/** True when the link's signature is for this call and it has not expired. */
export function verifyRecordingLink(
  box: SecretBox,
  callRecordId: string,
  query: { exp?: string | undefined; sig?: string | undefined },
  now = new Date(),
): boolean {
  const { exp, sig } = query;
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
  if (Number(exp) * 1000 <= now.getTime()) return false;
  return box.verify(payload(callRecordId, exp), sig);
}
