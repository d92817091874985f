import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { oauthStates } from "../../db/schema/index.ts";
import type { SecretBox } from "../../lib/secret-box.ts";

/** SPEC/issue: the OAuth state expires in 10 minutes. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

export interface StateClaims {
  provider: string;
  userId: string;
  organizationId: string;
  assistantId: string | null;
}

/**
 * Issues a state for one connection attempt: a row that binds user, organization and assistant,
 * sent to the provider as `<row id>.<signature>`.
 */
export async function issueOAuthState(
  db: Database,
  box: SecretBox,
  claims: StateClaims,
): Promise<string> {
  const [row] = await db
    .insert(oauthStates)
    .values({ ...claims, expiresAt: new Date(Date.now() + OAUTH_STATE_TTL_MS) })
    .returning({ id: oauthStates.id });
  return `${row!.id}.${box.sign(`oauth-state:${row!.id}`)}`;
}

/**
 * Spends a state: it must carry our signature, exist, be unused and unexpired, and belong to
 * this provider. Spending is one conditional update, so a replay (or a race) finds it used.
 * Returns null for any failure: the caller shows one 'Invalid state parameter' message.
 */
export async function consumeOAuthState(
  db: Database,
  box: SecretBox,
  state: string | undefined,
  provider: string,
): Promise<StateClaims | null> {
  const [id, signature] = (state ?? "").split(".");
  if (!id || !signature || !/^[0-9a-f-]{36}$/.test(id)) return null;
  if (!box.verify(`oauth-state:${id}`, signature)) return null;
  const [row] = await db
    .update(oauthStates)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oauthStates.id, id),
        eq(oauthStates.provider, provider),
        isNull(oauthStates.usedAt),
        gt(oauthStates.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!row) return null;
  return {
    provider: row.provider,
    userId: row.userId,
    organizationId: row.organizationId,
    assistantId: row.assistantId,
  };
}
