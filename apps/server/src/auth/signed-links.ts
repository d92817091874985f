import type { SecretBox } from "../lib/secret-box.ts";

/** Who a signed link was issued to: a user, within one of their sessions. */
export interface LinkSubject {
  userId: string;
  sessionId: string;
}

const payload = (pathname: string, subject: LinkSubject, expires: string) =>
  `signed-link:v1\n${pathname}\n${subject.userId}\n${subject.sessionId}\n${expires}`;

/**
 * A GET link to one API path that works without an Authorization header, for the places a
 * browser cannot send one (an <audio> element's src). The signature binds the exact path, the
 * user and session it was issued to, and the expiry; the API still checks that the session
 * exists and runs the usual tenancy check, so logging out or leaving the organization ends it.
 */
export function signLink(
  box: SecretBox,
  pathname: string,
  subject: LinkSubject,
  expiresAt: Date,
): string {
  const expires = String(Math.floor(expiresAt.getTime() / 1000));
  const signature = box.sign(payload(pathname, subject, expires));
  const query = new URLSearchParams({
    uid: subject.userId,
    sid: subject.sessionId,
    exp: expires,
    sig: signature,
  });
  return `${pathname}?${query}`;
}

/** The link's subject when its signature matches this path and it has not expired; else null. */
export function verifyLink(
  box: SecretBox,
  pathname: string,
  query: URLSearchParams,
  now = new Date(),
): LinkSubject | null {
  const userId = query.get("uid");
  const sessionId = query.get("sid");
  const expires = query.get("exp");
  const signature = query.get("sig");
  if (!userId || !sessionId || !expires || !signature || !/^\d{1,12}$/.test(expires)) return null;
  if (Number(expires) * 1000 <= now.getTime()) return null;
  const subject = { userId, sessionId };
  return box.verify(payload(pathname, subject, expires), signature) ? subject : null;
}
