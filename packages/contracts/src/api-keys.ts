import { z } from "zod";

/**
 * Organization API keys for the read API (/api/v1). A key is `rb_live_` and 32
 * letters and digits (about 190 random bits); Ringback keeps only its SHA-256 and its first
 * characters, so it is shown once, when it is created.
 */
export const API_KEY_PREFIX = "rb_live_";
export const API_KEY_PATTERN = /^rb_live_[0-9A-Za-z]{32}$/;
/** How much of a key the settings page shows to tell keys apart ("rb_live_3kF9"). */
export const API_KEY_DISPLAY_LENGTH = API_KEY_PREFIX.length + 4;
export const API_KEY_NAME_MAX = 60;
/** Keys not revoked, per organization: enough for every system a business runs. */
export const MAX_ACTIVE_API_KEYS = 20;

/** POST /api/organizations/:organizationId/api-keys */
export const createApiKeySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Give the key a name.")
    .max(API_KEY_NAME_MAX, `At most ${API_KEY_NAME_MAX} characters.`),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

/** One key on the settings page (GET …/api-keys, newest first; revoked keys stay listed). */
export interface ApiKeyItem {
  id: string;
  name: string;
  /** The key's first characters, e.g. "rb_live_3kF9". */
  prefix: string;
  /** Who created it (their name as it reads now); null when they are gone. */
  createdBy: string | null;
  createdAt: string;
  /** The last request it made, to the minute; null when never used. */
  lastUsedAt: string | null;
  /** When it was revoked; a revoked key is refused. */
  revokedAt: string | null;
}

/** POST …/api-keys: the new key, in full this once. */
export interface CreatedApiKey {
  apiKey: ApiKeyItem;
  key: string;
}
