import type { FormConnection, FormFieldsResponse, FormListItem } from "@ringback/contracts";
import { and, eq, isNotNull, isNull, ne } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { formAssistants, users } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Logger } from "../../lib/logger.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import {
  type FormFields,
  FormSourceError,
  type TokenSet,
} from "../../providers/forms/form-source.ts";
import { isPlaceholderEmail } from "../accounts/sign-in-rules.ts";
import { findAssistantRow } from "../assistants/assistants.ts";
import {
  findCredentials,
  readFormFields,
  saveCredentials,
  withAccessToken,
} from "./credentials.ts";
import { capability, type FormSources } from "./form-sources.ts";
import { consumeOAuthState, issueOAuthState } from "./oauth-state.ts";

export interface ConnectionDeps {
  db: Database;
  box: SecretBox;
  providers: FormSources;
  publicUrl: string;
  logger: Logger;
}

/** The provider's redirect URI: register exactly this with the provider (docs/connecting-forms.md). */
export function callbackUrl(publicUrl: string, providerId: string): string {
  return `${publicUrl}/api/form-connections/${providerId}/callback`;
}

/** Where the browser lands after connecting (/admin/form-connection/{provider}). */
export function returnUrl(
  publicUrl: string,
  providerId: string,
  result: { ok: true; assistantId: string | null } | { ok: false; reason: string },
): string {
  const url = new URL(`${publicUrl}/admin/form-connection/${providerId}`);
  if (result.ok) {
    url.searchParams.set("auth", "success");
    if (result.assistantId) url.searchParams.set("assistantId", result.assistantId);
  } else {
    url.searchParams.set("auth", "error");
    url.searchParams.set("reason", result.reason);
  }
  return url.toString();
}

export async function getConnection(
  deps: Pick<ConnectionDeps, "db" | "providers">,
  organizationId: string,
  providerId: string,
): Promise<FormConnection> {
  const provider = deps.providers.get(providerId);
  const row = await findCredentials(deps.db, organizationId, provider.id);
  const connected = row !== null && row.sandbox === provider.sandbox;
  return {
    provider: provider.id,
    connected,
    sandbox: provider.sandbox,
    connected_at: connected ? row!.updatedAt.toISOString() : null,
  };
}

/**
 * Starts connecting for an assistant. Already connected (and not asked to reconnect): straight
 * back to the app. Otherwise: the provider's consent page with a fresh single-use state.
 */
export async function startConnection(
  deps: ConnectionDeps,
  input: {
    organizationId: string;
    userId: string;
    providerId: string;
    assistantId: string;
    reconnect: boolean;
    /** The nonce the initiating browser holds in an HttpOnly cookie (oauth-state.ts). */
    browserNonce: string;
  },
): Promise<{ url: string }> {
  const provider = deps.providers.get(input.providerId);
  const assistant = await findAssistantRow(deps.db, input.organizationId, input.assistantId);
  if (!assistant) throw new AppError("not_found", "Assistant not found");
  if (!input.reconnect) {
    const connection = await getConnection(deps, input.organizationId, provider.id);
    if (connection.connected) {
      return {
        url: returnUrl(deps.publicUrl, provider.id, { ok: true, assistantId: assistant.id }),
      };
    }
  }
  const state = await issueOAuthState(
    deps.db,
    deps.box,
    {
      provider: provider.id,
      userId: input.userId,
      organizationId: input.organizationId,
      assistantId: assistant.id,
    },
    input.browserNonce,
  );
  return {
    url: capability(provider, "oauth").authorizationUrl({
      state,
      redirectUri: callbackUrl(deps.publicUrl, provider.id),
      // The sandbox's consent page cannot see Ringback's session: tell it who is connecting so
      // its account name is filled in. Real providers are not told the user's email.
      loginHint: provider.sandbox ? await sandboxLoginHint(deps.db, input.userId) : undefined,
    }),
  };
}

/** The user's email, as their sandbox account name; none for someone signed in by phone only. */
async function sandboxLoginHint(db: Database, userId: string): Promise<string | undefined> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user && !isPlaceholderEmail(user.email) ? user.email : undefined;
}

/**
 * Where the provider's redirect back leads: a URL in the app with the return reasons, or, for
 * a state completed in a browser that did not start it, a refusal page (that browser's person
 * may not even use Ringback; nothing is connected and the state is spent).
 */
export type ConnectionResult = { redirect: string } | { refused: "other_browser" };

/**
 * The provider's redirect back. A forged, replayed or expired state stores nothing
 * (invalid_state); nor does a good state brought by another browser (a link sent to a victim
 * would otherwise connect the victim's account to the sender's organization).
 */
export async function completeConnection(
  deps: ConnectionDeps,
  input: {
    providerId: string;
    code?: string;
    state?: string;
    error?: string;
    browserNonce?: string;
  },
): Promise<ConnectionResult> {
  const provider = deps.providers.get(input.providerId);
  const consumed = await consumeOAuthState(
    deps.db,
    deps.box,
    input.state,
    provider.id,
    input.browserNonce,
  );
  const claims = consumed.ok || consumed.reason === "other_browser" ? consumed.claims : null;
  const fail = async (reason: string) => {
    // Connect created an assistant for this attempt; if nothing was done with it, a failed
    // connection should not leave an empty "Unnamed assistant" behind on the dashboard.
    if (claims?.assistantId) await discardPristineAssistant(deps.db, claims.assistantId);
    return { redirect: returnUrl(deps.publicUrl, provider.id, { ok: false, reason }) };
  };
  if (!consumed.ok && consumed.reason === "other_browser") {
    deps.logger.warn(
      { provider: provider.id, organizationId: consumed.claims.organizationId },
      "Refused an OAuth callback from a browser that did not start the connection",
    );
    await fail("invalid_state");
    return { refused: "other_browser" };
  }
  if (!consumed.ok) return fail("invalid_state");
  const granted = consumed.claims;
  if (input.error) return fail(input.error === "access_denied" ? "access_denied" : input.error);
  if (!granted.userId) return fail("missing_user_id");
  if (!input.code) return fail("token_exchange_missing_code");

  let tokens: TokenSet;
  try {
    tokens = await capability(provider, "oauth").exchangeCode({
      code: input.code,
      redirectUri: callbackUrl(deps.publicUrl, provider.id),
    });
  } catch (error) {
    deps.logger.warn({ err: error, provider: provider.id }, "OAuth code exchange failed");
    if (error instanceof FormSourceError && error.code.startsWith("token_exchange")) {
      return fail(error.code);
    }
    return fail("token_exchange_exception");
  }
  try {
    await saveCredentials(deps.db, deps.box, {
      organizationId: granted.organizationId,
      provider,
      tokens,
      connectedBy: granted.userId,
    });
  } catch (error) {
    deps.logger.error({ err: error }, "Could not store form provider credentials");
    return fail("db_error");
  }
  return {
    redirect: returnUrl(deps.publicUrl, provider.id, {
      ok: true,
      assistantId: granted.assistantId,
    }),
  };
}

/** Deletes an assistant that has no name, no form and is not active (a Connect that failed). */
async function discardPristineAssistant(db: Database, assistantId: string): Promise<void> {
  await db
    .delete(formAssistants)
    .where(
      and(
        eq(formAssistants.id, assistantId),
        isNull(formAssistants.name),
        isNull(formAssistants.formId),
        eq(formAssistants.isActive, false),
      ),
    );
}

/**
 * The wizard's step 1: the account's forms, each marked when another assistant of the organization
 * already uses it (with that assistant's name).
 */
export async function listForms(
  deps: ConnectionDeps,
  input: { organizationId: string; providerId: string; assistantId: string | null },
): Promise<FormListItem[]> {
  const provider = deps.providers.get(input.providerId);
  const forms = await withAccessToken(
    deps,
    { organizationId: input.organizationId, provider },
    (t) => capability(provider, "forms").list(t),
  );
  const used = await deps.db
    .select({ formId: formAssistants.formId, id: formAssistants.id, name: formAssistants.name })
    .from(formAssistants)
    .where(
      and(
        eq(formAssistants.organizationId, input.organizationId),
        eq(formAssistants.provider, provider.id),
        isNotNull(formAssistants.formId),
        ...(input.assistantId ? [ne(formAssistants.id, input.assistantId)] : []),
      ),
    );
  const usedBy = new Map(used.map((u) => [u.formId, u]));
  return forms.map((form) => {
    const other = usedBy.get(form.id);
    return {
      id: form.id,
      title: form.title,
      last_updated_at: form.lastUpdatedAt,
      public_url: form.displayUrl,
      edit_url: form.editUrl,
      isInUse: other !== undefined,
      associatedAssistantName: other ? other.name?.trim() || "Unnamed assistant" : null,
    };
  });
}

/** One form's fields, grouped by what they can answer. */
export async function getFormFields(
  deps: ConnectionDeps,
  input: { organizationId: string; providerId: string; formId: string },
): Promise<FormFieldsResponse> {
  const provider = deps.providers.get(input.providerId);
  const fields = await readFormFields(deps, {
    organizationId: input.organizationId,
    provider,
    formId: input.formId,
  });
  return formFieldsResponse(fields);
}

/** A form's fields as the API shows them. */
export function formFieldsResponse(fields: FormFields): FormFieldsResponse {
  return {
    form_id: fields.formId,
    title: fields.title,
    public_url: fields.displayUrl,
    edit_url: fields.editUrl,
    fields: {
      all: fields.all,
      phone: fields.phone,
      checkbox: fields.checkbox,
      text: fields.text,
      email: fields.email,
      hidden: fields.hidden,
    },
  };
}
