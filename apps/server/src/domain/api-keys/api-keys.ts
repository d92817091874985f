import { createHash, randomInt } from "node:crypto";
import {
  API_KEY_DISPLAY_LENGTH,
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  type ApiKeyItem,
  type CreatedApiKey,
  MAX_ACTIVE_API_KEYS,
  permissions,
} from "@ringback/contracts";
import { and, count, desc, eq, inArray, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { apiKeys, organizationMembers, organizations, users } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { isUuid } from "../../lib/uuid.ts";
import { type AuditActor, recordAuditEvent } from "../compliance/audit.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Who may hold a working key: whoever may manage keys (the one permission table). */
const rolesThatMayHoldKeys = [...permissions["apiKeys:manage"]];

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const RANDOM_LENGTH = 32;

/**
 * A new key: `rb_live_` and 32 letters and digits drawn evenly (randomInt is unbiased), about
 * 190 bits. Letters and digits only, so a double-click selects all of it.
 */
export function generateApiKey(): string {
  let key = API_KEY_PREFIX;
  for (let i = 0; i < RANDOM_LENGTH; i++) key += ALPHABET[randomInt(ALPHABET.length)];
  return key;
}

/**
 * What is stored: SHA-256 of the whole key, in hex. A key has 190 random bits, so a fast hash
 * is enough (nothing to brute-force, unlike a password), and a lookup costs one index read.
 */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

const itemColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  createdBy: users.name,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

function toItem(row: {
  id: string;
  name: string;
  prefix: string;
  createdBy: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}): ApiKeyItem {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdBy: row.createdBy?.trim() || null,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** The organization's keys, newest first; revoked ones stay listed as revoked. */
export async function listApiKeys(db: Database, organizationId: string): Promise<ApiKeyItem[]> {
  const rows = await db
    .select(itemColumns)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
    .where(eq(apiKeys.organizationId, organizationId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toItem);
}

/**
 * Creates a key and returns it in full, this once: only its hash and its first characters are
 * stored. The audit trail records who created it.
 */
export async function createApiKey(
  db: Database,
  input: { organizationId: string; name: string; actor: AuditActor },
): Promise<CreatedApiKey> {
  const key = generateApiKey();
  const item = await db.transaction(async (tx) => {
    // One creation at a time per organization, so the cap on active keys holds.
    await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, input.organizationId))
      .for("update");
    const [active] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.organizationId, input.organizationId), isNull(apiKeys.revokedAt)));
    if ((active?.n ?? 0) >= MAX_ACTIVE_API_KEYS) {
      throw new AppError(
        "conflict",
        `An organization can have at most ${MAX_ACTIVE_API_KEYS} API keys. Revoke one you no longer use first.`,
      );
    }
    const [row] = await tx
      .insert(apiKeys)
      .values({
        organizationId: input.organizationId,
        name: input.name,
        prefix: key.slice(0, API_KEY_DISPLAY_LENGTH),
        keyHash: hashApiKey(key),
        createdByUserId: input.actor.userId,
      })
      .returning();
    await recordAuditEvent(tx, {
      organizationId: input.organizationId,
      actor: input.actor,
      action: "api_key.created",
      subject: { type: "api_key", id: row!.id, label: `${row!.name} (${row!.prefix}…)` },
    });
    return toItem({ ...row!, createdBy: input.actor.label });
  });
  return { apiKey: item, key };
}

/**
 * Revokes a key: refused from the next request on, and kept in the list as revoked. Revoking a
 * revoked key changes nothing (and records nothing).
 */
export async function revokeApiKey(
  db: Database,
  input: { organizationId: string; apiKeyId: string; actor: AuditActor },
): Promise<ApiKeyItem> {
  if (!isUuid(input.apiKeyId)) throw new AppError("not_found", "API key not found");
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(apiKeys.id, input.apiKeyId),
          eq(apiKeys.organizationId, input.organizationId),
          isNull(apiKeys.revokedAt),
        ),
      )
      .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix });
    if (!revoked) return;
    await recordAuditEvent(tx, {
      organizationId: input.organizationId,
      actor: input.actor,
      action: "api_key.revoked",
      subject: { type: "api_key", id: revoked.id, label: `${revoked.name} (${revoked.prefix}…)` },
    });
  });
  const [row] = await db
    .select(itemColumns)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
    .where(and(eq(apiKeys.id, input.apiKeyId), eq(apiKeys.organizationId, input.organizationId)));
  if (!row) throw new AppError("not_found", "API key not found");
  return toItem(row);
}

/**
 * Revokes every active key `userId` created in the organization, in the caller's transaction
 * (removing a member, or making an admin a member), each with its line in the audit trail.
 * Returns how many were revoked.
 */
export async function revokeApiKeysCreatedBy(
  tx: Tx,
  input: { organizationId: string; userId: string; actor: AuditActor },
): Promise<number> {
  const revoked = await tx
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(apiKeys.organizationId, input.organizationId),
        eq(apiKeys.createdByUserId, input.userId),
        isNull(apiKeys.revokedAt),
      ),
    )
    .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix });
  for (const key of revoked) {
    await recordAuditEvent(tx, {
      organizationId: input.organizationId,
      actor: input.actor,
      action: "api_key.revoked",
      subject: { type: "api_key", id: key.id, label: `${key.name} (${key.prefix}…)` },
    });
  }
  return revoked.length;
}

/** How often a key's last use is written: at most once a minute per key. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The organization of a key that is well-formed, known and not revoked; null otherwise. A key
 * that is not even shaped like one is refused without a query. Notes the use at most once a
 * minute, so a busy integration costs one index read per request, not a write.
 */
export async function authenticateApiKey(
  db: Database,
  key: string,
  now = new Date(),
): Promise<{ apiKeyId: string; organizationId: string } | null> {
  if (!API_KEY_PATTERN.test(key)) return null;
  // A key speaks for the member who created it: it works only while they are still an owner or
  // an admin of the organization (removing them or making them a member revokes it too; this
  // join is the same rule where a revocation was missed, e.g. a key whose creator is gone).
  const [row] = await db
    .select({
      id: apiKeys.id,
      organizationId: apiKeys.organizationId,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .innerJoin(
      organizationMembers,
      and(
        eq(organizationMembers.organizationId, apiKeys.organizationId),
        eq(organizationMembers.userId, apiKeys.createdByUserId),
        inArray(organizationMembers.role, rolesThatMayHoldKeys),
      ),
    )
    .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.revokedAt)));
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    // Guarded in SQL too: of concurrent first requests in a minute, one writes.
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiKeys.id, row.id),
          or(
            isNull(apiKeys.lastUsedAt),
            lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS)),
          ),
        ),
      );
  }
  return { apiKeyId: row.id, organizationId: row.organizationId };
}
