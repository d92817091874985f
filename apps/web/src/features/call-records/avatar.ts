/** The respondent avatar's size. */
export const AVATAR_SIZE = 80;

/** SHA-256 of the trimmed, lower-cased email, in hex (Gravatar's key). */
export async function emailHash(email: string): Promise<string> {
  const bytes = new TextEncoder().encode(email.trim().toLowerCase());
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The respondent's picture from the public avatar service (Gravatar), 80 px; `d=404` makes a
 * missing picture fail, so the initials show instead (as they do offline).
 */
export async function avatarUrl(email: string): Promise<string> {
  return `https://www.gravatar.com/avatar/${await emailHash(email)}?s=${AVATAR_SIZE}&d=404`;
}

/** Up to two initials of a name, or of the email's local part. */
export function initials(name: string | null, email: string | null): string {
  const source = name?.trim() || email?.split("@")[0] || "";
  const words = source.split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words.at(-1)![0]] : [source[0], source[1]];
  return letters.filter(Boolean).join("").toUpperCase() || "?";
}
