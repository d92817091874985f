import { createHash, timingSafeEqual } from "node:crypto";
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

const hashOf = (nonce: string) => createHash("sha256").update(nonce).digest("hex");

/**
 * Issues a state for one connection attempt: a row that binds user, organization, assistant
 * and the initiating browser (the hash of a nonce that browser holds in an HttpOnly cookie),
 * sent to the provider as `<row id>.<signature>`.
 */
export async function issueOAuthState(
  db: Database,
  box: SecretBox,
  claims: StateClaims,
  browserNonce: string,
): Promise<string> {
  const [row] = await db
    .insert(oauthStates)
    .values({
      ...claims,
      browserHash: hashOf(browserNonce),
      expiresAt: new Date(Date.now() + OAUTH_STATE_TTL_MS),
    })
    .returning({ id: oauthStates.id });
  return `${row!.id}.${box.sign(`oauth-state:${row!.id}`)}`;
}

export type ConsumedState =
  | { ok: true; claims: StateClaims }
  /** invalid: forged, replayed, expired or another provider's. */
  | { ok: false; reason: "invalid" }
  /** A good state completed in a browser that did not start it (no or another nonce). */
  | { ok: false; reason: "other_browser"; claims: StateClaims };

/**
 * Spends a state: it must carry our signature, exist, be unused and unexpired, and belong to
 * this provider. Spending is one conditional update, so a replay (or a race) finds it used.
 * A state completed in another browser is spent too: it has left the browser that started it,
 * so nobody may use it.
 */
export async function consumeOAuthState(
  db: Database,
  box: SecretBox,
  state: string | undefined,
  provider: string,
  browserNonce: string | undefined,
): Promise<ConsumedState> {
  const invalid = { ok: false, reason: "invalid" } as const;
  const [id, signature] = (state ?? "").split(".");
  if (!id || !signature || !/^[0-9a-f-]{36}$/.test(id)) return invalid;
  if (!box.verify(`oauth-state:${id}`, signature)) return invalid;
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
  if (!row) return invalid;
  const claims: StateClaims = {
    provider: row.provider,
    userId: row.userId,
    organizationId: row.organizationId,
    assistantId: row.assistantId,
  };
  const expected = Buffer.from(row.browserHash ?? "", "hex");
  const presented = Buffer.from(hashOf(browserNonce ?? ""), "hex");
  const sameBrowser =
    browserNonce !== undefined &&
    browserNonce !== "" &&
    expected.length === presented.length &&
    timingSafeEqual(expected, presented);
  return sameBrowser ? { ok: true, claims } : { ok: false, reason: "other_browser", claims };
}
