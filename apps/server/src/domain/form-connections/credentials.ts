import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { formCredentials } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import {
  type FormFields,
  type FormSource,
  FormSourceError,
  type TokenSet,
} from "../../providers/forms/form-source.ts";
import { capability } from "./form-sources.ts";

/** Refresh a little before the provider's expiry rather than fail a call on it. */
const EXPIRY_MARGIN_MS = 60_000;

export async function findCredentials(db: Database, organizationId: string, provider: string) {
  const [row] = await db
    .select()
    .from(formCredentials)
    .where(
      and(
        eq(formCredentials.organizationId, organizationId),
        eq(formCredentials.provider, provider),
      ),
    );
  return row ?? null;
}

/** Stores tokens encrypted, one row per organization and provider (reconnecting replaces them). */
export async function saveCredentials(
  db: Database,
  box: SecretBox,
  input: {
    organizationId: string;
    provider: FormSource;
    tokens: TokenSet;
    connectedBy: string | null;
  },
): Promise<string> {
  const values = {
    accessTokenEncrypted: box.encrypt(input.tokens.accessToken),
    refreshTokenEncrypted: input.tokens.refreshToken
      ? box.encrypt(input.tokens.refreshToken)
      : null,
    tokenExpiresAt: input.tokens.expiresAt,
    scope: input.tokens.scope,
    sandbox: input.provider.sandbox,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(formCredentials)
    .values({
      organizationId: input.organizationId,
      provider: input.provider.id,
      connectedBy: input.connectedBy,
      ...values,
    })
    .onConflictDoUpdate({
      target: [formCredentials.organizationId, formCredentials.provider],
      set: { ...values, connectedBy: input.connectedBy },
    })
    .returning({ id: formCredentials.id });
  return row!.id;
}

export class NotConnectedError extends FormSourceError {
  constructor(providerName: string) {
    super(`${providerName} is not connected. Connect your account first.`, {
      status: 409,
      code: "not_connected",
    });
  }
}

/**
 * Runs a provider call with the organization's access token. A token near expiry is refreshed
 * first; a call refused with 401/403 refreshes once and retries. Refresh tokens rotate, so a
 * refresh holds the credentials row (SELECT … FOR UPDATE): a second process that wanted to
 * refresh at the same moment finds the new tokens instead of spending the old refresh token.
 */
export async function withAccessToken<T>(
  deps: { db: Database; box: SecretBox },
  input: { organizationId: string; provider: FormSource },
  run: (accessToken: string) => Promise<T>,
): Promise<T> {
  const { db, box } = deps;
  const { provider } = input;
  let row = await findCredentials(db, input.organizationId, provider.id);
  if (!row || row.sandbox !== provider.sandbox) throw new NotConnectedError(provider.name);

  const refresh = (seen: NonNullable<typeof row>) =>
    db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(formCredentials)
        .where(eq(formCredentials.id, seen.id))
        .for("update");
      if (!locked) throw new NotConnectedError(provider.name);
      if (locked.accessTokenEncrypted !== seen.accessTokenEncrypted) {
        row = locked;
        return box.decrypt(locked.accessTokenEncrypted);
      }
      if (!locked.refreshTokenEncrypted) {
        throw new FormSourceError("Authentication required", {
          status: 401,
          code: "no_refresh_token",
        });
      }
      const oldRefreshToken = box.decrypt(locked.refreshTokenEncrypted);
      const tokens = await capability(provider, "oauth").refresh(oldRefreshToken);
      const [updated] = await tx
        .update(formCredentials)
        .set({
          accessTokenEncrypted: box.encrypt(tokens.accessToken),
          refreshTokenEncrypted: box.encrypt(tokens.refreshToken ?? oldRefreshToken),
          tokenExpiresAt: tokens.expiresAt,
          scope: tokens.scope ?? locked.scope,
          updatedAt: new Date(),
        })
        .where(eq(formCredentials.id, locked.id))
        .returning();
      row = updated!;
      return tokens.accessToken;
    });

  const current = row;
  const accessToken =
    current.tokenExpiresAt && current.tokenExpiresAt.getTime() - EXPIRY_MARGIN_MS < Date.now()
      ? await refresh(current)
      : box.decrypt(current.accessTokenEncrypted);
  try {
    return await run(accessToken);
  } catch (error) {
    if (!(error instanceof FormSourceError) || !error.isAuthFailure) throw error;
    return run(await refresh(row));
  }
}

/**
 * One form's fields as the provider has them now. A form the provider does not know (deleted,
 * another account's, a made-up id) is a 404 "Form not found", not a provider failure.
 */
export async function readFormFields(
  deps: { db: Database; box: SecretBox },
  input: { organizationId: string; provider: FormSource; formId: string },
): Promise<FormFields> {
  try {
    return await withAccessToken(deps, input, (token) =>
      capability(input.provider, "fields").read(token, input.formId),
    );
  } catch (error) {
    if (error instanceof FormSourceError && error.status === 404) {
      throw new AppError("not_found", "Form not found");
    }
    throw error;
  }
}
