/** Codes: 6 digits, 5 minutes, single use, 5 wrong tries (sign-in and the opt-out page). */
export const CODE_LENGTH = 6;
export const CODE_TTL_SECONDS = 5 * 60;
export const CODE_MAX_WRONG_TRIES = 5;

/**
 * Phone sign-up creates the user before we know their email; the identity layer requires one,
 * so it gets a placeholder on the reserved `.invalid` domain that the API never shows.
 */
const PLACEHOLDER_EMAIL_DOMAIN = "phone.ringback.invalid";
export function placeholderEmail(phone: string): string {
  return `${phone.replace(/\D/g, "")}@${PLACEHOLDER_EMAIL_DOMAIN}`;
}
export function isPlaceholderEmail(email: string | null | undefined): boolean {
  return !email || email.endsWith(`@${PLACEHOLDER_EMAIL_DOMAIN}`);
}
