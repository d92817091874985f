import { timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import {
  sandboxTypeformAccounts,
  sandboxTypeformAuthCodes,
  sandboxTypeformForms,
  sandboxTypeformTokens,
} from "../../../../db/schema/index.ts";
import { html, layout, messagePage } from "../../../../lib/html.ts";
import { type SandboxApiEnv, type SandboxContext, typeformError } from "./context.ts";
import { newFormId, newOpaqueToken, sha256 } from "./ids.ts";
import { sampleForms } from "./sample-forms.ts";

/** Typeform's scopes and what the consent page says each one allows. */
const SCOPES: Record<string, string> = {
  offline: "Stay connected when you are not using Ringback",
  "accounts:read": "See your account's name and email address",
  "forms:read": "See your forms",
  "forms:write": "Create, change and delete your forms",
  "images:read": "See your images",
  "images:write": "Upload and delete images",
  "themes:read": "See your themes",
  "themes:write": "Create, change and delete themes",
  "responses:read": "See the responses to your forms",
  "responses:write": "Delete responses to your forms",
  "webhooks:read": "See the webhooks on your forms",
  "webhooks:write": "Create, change and delete webhooks on your forms",
  "workspaces:read": "See your workspaces",
  "workspaces:write": "Create, change and delete workspaces",
};

/** The app the sandbox's one OAuth client stands for. */
const APP_NAME = "Ringback";
const CODE_TTL_MS = 10 * 60 * 1000;
const ACCOUNT_MAX_LENGTH = 100;

interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string | null;
}

type Params = Record<string, string | undefined>;

/** Checks client_id, redirect_uri (same origin as Ringback), response_type and scope. */
function validateAuthorizeRequest(
  ctx: SandboxContext,
  params: Params,
): { ok: true; request: AuthorizeRequest } | { ok: false; message: string } {
  const clientId = params.client_id ?? "";
  if (!clientId) return { ok: false, message: "The request has no client_id." };
  if (clientId !== ctx.clientId) {
    return { ok: false, message: `No app is registered with the client_id “${clientId}”.` };
  }
  const redirectUri = params.redirect_uri ?? "";
  let redirect: URL;
  try {
    redirect = new URL(redirectUri);
  } catch {
    return { ok: false, message: "The request has no valid redirect_uri." };
  }
  if (redirect.origin !== ctx.publicOrigin || redirect.hash) {
    return {
      ok: false,
      message: `The redirect_uri is not registered for this app: it must be on ${ctx.publicOrigin}.`,
    };
  }
  if (params.response_type && params.response_type !== "code") {
    return { ok: false, message: "Only response_type=code is supported." };
  }
  const scopes = [...new Set((params.scope ?? "").split(/[\s+]+/).filter(Boolean))];
  if (scopes.length === 0) return { ok: false, message: "The request asks for no scope." };
  const unknown = scopes.filter((s) => !(s in SCOPES));
  if (unknown.length > 0) {
    return { ok: false, message: `Unknown scope: ${unknown.join(", ")}.` };
  }
  return { ok: true, request: { clientId, redirectUri, scopes, state: params.state ?? null } };
}

function consentPage(
  request: AuthorizeRequest,
  options: { account: string; error?: string },
): string {
  const errorId = "account-error";
  return layout({
    title: `Allow ${APP_NAME} to access your account?`,
    body: html`<div class="app"><span class="app-icon" aria-hidden="true">R</span><span class="muted">${APP_NAME} · client <code>${request.clientId}</code></span></div>
<h1>${APP_NAME} wants to access your Typeform sandbox account</h1>
<p class="lead">If you allow it, ${APP_NAME} will be able to:</p>
<ul class="scopes">
${request.scopes.map((scope) => html`<li>${SCOPES[scope] ?? scope}<code>${scope}</code></li>\n`)}
</ul>
<form method="post">
<input type="hidden" name="client_id" value="${request.clientId}">
<input type="hidden" name="redirect_uri" value="${request.redirectUri}">
<input type="hidden" name="scope" value="${request.scopes.join(" ")}">
${request.state !== null ? html`<input type="hidden" name="state" value="${request.state}">` : ""}
<div class="question">
<label class="field-label" for="account">Account</label>
<p class="hint" id="account-hint">Any name will do. Each sandbox account has its own sample forms: use the same name again to get back to them.</p>
<input type="text" id="account" name="account" value="${options.account}" maxlength="${ACCOUNT_MAX_LENGTH}" required autocomplete="username" spellcheck="false" aria-describedby="account-hint${options.error ? ` ${errorId}` : ""}"${options.error ? html` aria-invalid="true"` : ""}>
${options.error ? html`<p class="error" id="${errorId}">${options.error}</p>` : ""}
</div>
<p class="small muted">You are signing in to Ringback's built-in Typeform sandbox, not to Typeform. Deny sends you back to ${APP_NAME} without connecting.</p>
<div class="actions">
<button class="btn" type="submit" name="decision" value="allow">Allow</button>
<button class="btn secondary" type="submit" name="decision" value="deny" formnovalidate>Deny</button>
</div>
</form>`,
  });
}

function redirectBack(c: Context, request: AuthorizeRequest, params: Record<string, string>) {
  const url = new URL(request.redirectUri);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  if (request.state !== null) url.searchParams.set("state", request.state);
  c.header("Cache-Control", "no-store");
  return c.redirect(url.toString(), 302);
}

/** Finds the account by name, creating it with the sample forms the first time. */
async function findOrCreateAccount(ctx: SandboxContext, name: string): Promise<string> {
  const login = name.toLowerCase();
  return ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(sandboxTypeformAccounts)
      .values({ login, alias: name })
      .onConflictDoNothing()
      .returning({ id: sandboxTypeformAccounts.id });
    if (created) {
      const now = Date.now();
      // Newest first in listings, in the order sampleForms() gives.
      await tx.insert(sandboxTypeformForms).values(
        sampleForms().map((form, i) => {
          const at = new Date(now - i * 1000);
          return {
            id: newFormId(),
            accountId: created.id,
            title: form.title,
            definition: form.definition,
            createdAt: at,
            lastUpdatedAt: at,
          };
        }),
      );
      ctx.logger.info({ account: login }, "Typeform sandbox account created with sample forms");
      return created.id;
    }
    const [existing] = await tx
      .select({ id: sandboxTypeformAccounts.id })
      .from(sandboxTypeformAccounts)
      .where(eq(sandboxTypeformAccounts.login, login));
    return existing!.id;
  });
}

function clientMatches(ctx: SandboxContext, id: string, secret: string): boolean {
  const expected = Buffer.from(ctx.clientSecret);
  const given = Buffer.from(secret);
  return (
    id === ctx.clientId && expected.length === given.length && timingSafeEqual(expected, given)
  );
}

async function issueTokens(
  ctx: SandboxContext,
  grant: { accountId: string; clientId: string; scope: string },
) {
  const now = new Date();
  // Expired access tokens are of no further use: clear them as new ones are issued.
  await ctx.db
    .delete(sandboxTypeformTokens)
    .where(and(eq(sandboxTypeformTokens.kind, "access"), lt(sandboxTypeformTokens.expiresAt, now)));
  const accessToken = newOpaqueToken();
  const offline = grant.scope.split(" ").includes("offline");
  const refreshToken = offline ? newOpaqueToken() : null;
  await ctx.db.insert(sandboxTypeformTokens).values([
    {
      tokenHash: sha256(accessToken),
      kind: "access",
      ...grant,
      expiresAt: new Date(now.getTime() + ctx.accessTokenTtlSeconds * 1000),
    },
    ...(refreshToken
      ? [{ tokenHash: sha256(refreshToken), kind: "refresh" as const, ...grant, expiresAt: null }]
      : []),
  ]);
  return {
    access_token: accessToken,
    token_type: "bearer",
    expires_in: ctx.accessTokenTtlSeconds,
    ...(refreshToken ? { refresh_token: refreshToken } : {}),
    scope: grant.scope,
  };
}

async function readParams(c: Context): Promise<Params> {
  const type = c.req.header("content-type") ?? "";
  const out: Params = {};
  if (type.includes("application/json")) {
    const body = (await c.req.json().catch(() => null)) as unknown;
    if (body && typeof body === "object") {
      for (const [k, v] of Object.entries(body)) if (typeof v === "string") out[k] = v;
    }
    return out;
  }
  const body = await c.req.parseBody().catch(() => ({}));
  for (const [k, v] of Object.entries(body)) if (typeof v === "string") out[k] = v;
  return out;
}

/** `Authorization: Basic base64(client_id:client_secret)`, the other client authentication. */
function basicCredentials(c: Context): { id: string; secret: string } | null {
  const header = c.req.header("authorization") ?? "";
  const match = /^Basic\s+(.+)$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  return {
    id: decodeURIComponent(decoded.slice(0, colon)),
    secret: decodeURIComponent(decoded.slice(colon + 1)),
  };
}

/** GET/POST /oauth/authorize (the consent page) and POST /oauth/token. */
export function oauthRoutes(ctx: SandboxContext) {
  return new Hono()
    .get("/authorize", (c) => {
      c.header("Cache-Control", "no-store");
      const checked = validateAuthorizeRequest(ctx, c.req.query());
      if (!checked.ok) return c.html(messagePage("This link can't be used", checked.message), 400);
      const hint = (c.req.query("login_hint") ?? "").trim().slice(0, ACCOUNT_MAX_LENGTH);
      return c.html(consentPage(checked.request, { account: hint }));
    })
    .post("/authorize", async (c) => {
      c.header("Cache-Control", "no-store");
      const params = await readParams(c);
      const checked = validateAuthorizeRequest(ctx, params);
      if (!checked.ok) return c.html(messagePage("This link can't be used", checked.message), 400);
      const { request } = checked;
      if (params.decision === "deny") {
        return redirectBack(c, request, {
          error: "access_denied",
          error_description: "The user denied access.",
        });
      }
      if (params.decision !== "allow") {
        return c.html(consentPage(request, { account: params.account ?? "" }), 400);
      }
      const account = (params.account ?? "").trim();
      if (!account || account.length > ACCOUNT_MAX_LENGTH) {
        return c.html(
          consentPage(request, {
            account,
            error: account
              ? `Use at most ${ACCOUNT_MAX_LENGTH} characters.`
              : "Enter an account name to continue.",
          }),
          422,
        );
      }
      const accountId = await findOrCreateAccount(ctx, account);
      const now = new Date();
      await ctx.db
        .delete(sandboxTypeformAuthCodes)
        .where(lt(sandboxTypeformAuthCodes.expiresAt, now));
      const code = newOpaqueToken();
      await ctx.db.insert(sandboxTypeformAuthCodes).values({
        codeHash: sha256(code),
        accountId,
        clientId: request.clientId,
        redirectUri: request.redirectUri,
        scope: request.scopes.join(" "),
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      });
      return redirectBack(c, request, { code });
    })
    .post("/token", async (c) => {
      c.header("Cache-Control", "no-store");
      c.header("Pragma", "no-cache");
      const params = await readParams(c);
      const basic = basicCredentials(c);
      const clientId = params.client_id ?? basic?.id ?? "";
      const clientSecret = params.client_secret ?? basic?.secret ?? "";
      if (!clientMatches(ctx, clientId, clientSecret)) {
        return typeformError(c, 401, "invalid_client", "Client authentication failed.");
      }
      const grantType = params.grant_type ?? (params.code ? "authorization_code" : "");
      if (grantType === "authorization_code") {
        if (!params.code || !params.redirect_uri) {
          return typeformError(c, 400, "invalid_request", "code and redirect_uri are required.");
        }
        // Single use: the first exchange marks the code used; every later one fails.
        const [grant] = await ctx.db
          .update(sandboxTypeformAuthCodes)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(sandboxTypeformAuthCodes.codeHash, sha256(params.code)),
              isNull(sandboxTypeformAuthCodes.usedAt),
              gt(sandboxTypeformAuthCodes.expiresAt, new Date()),
            ),
          )
          .returning();
        if (!grant || grant.clientId !== clientId) {
          return typeformError(
            c,
            400,
            "invalid_grant",
            "The authorization code is invalid, expired or already used.",
          );
        }
        if (grant.redirectUri !== params.redirect_uri) {
          return typeformError(
            c,
            400,
            "invalid_grant",
            "The redirect_uri does not match the one the code was issued for.",
          );
        }
        return c.json(
          await issueTokens(ctx, { accountId: grant.accountId, clientId, scope: grant.scope }),
        );
      }
      if (grantType === "refresh_token") {
        if (!params.refresh_token) {
          return typeformError(c, 400, "invalid_request", "refresh_token is required.");
        }
        // Rotation: the refresh token is consumed; the answer carries a new one.
        const [old] = await ctx.db
          .delete(sandboxTypeformTokens)
          .where(
            and(
              eq(sandboxTypeformTokens.tokenHash, sha256(params.refresh_token)),
              eq(sandboxTypeformTokens.kind, "refresh"),
              eq(sandboxTypeformTokens.clientId, clientId),
            ),
          )
          .returning();
        if (!old) {
          return typeformError(
            c,
            400,
            "invalid_grant",
            "The refresh token is invalid or has already been used.",
          );
        }
        return c.json(
          await issueTokens(ctx, { accountId: old.accountId, clientId, scope: old.scope }),
        );
      }
      return typeformError(
        c,
        400,
        "unsupported_grant_type",
        "grant_type must be authorization_code or refresh_token.",
      );
    });
}

/** Bearer access token on every API call: unknown or expired → 403 AUTHENTICATION_ERROR. */
export function bearerAuth(ctx: SandboxContext): MiddlewareHandler<SandboxApiEnv> {
  return async (c, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "");
    const [token] = match
      ? await ctx.db
          .select({
            accountId: sandboxTypeformTokens.accountId,
            scope: sandboxTypeformTokens.scope,
          })
          .from(sandboxTypeformTokens)
          .where(
            and(
              eq(sandboxTypeformTokens.tokenHash, sha256(match[1]!)),
              eq(sandboxTypeformTokens.kind, "access"),
              gt(sandboxTypeformTokens.expiresAt, new Date()),
            ),
          )
      : [];
    if (!token) {
      return typeformError(
        c,
        403,
        "AUTHENTICATION_ERROR",
        "The access token is incorrect in your request.",
      );
    }
    c.set("caller", { accountId: token.accountId, scopes: new Set(token.scope.split(" ")) });
    await next();
  };
}

/** 403 unless the caller's token carries the scope. */
export function requireScope(scope: string): MiddlewareHandler<SandboxApiEnv> {
  return async (c, next) => {
    if (!c.get("caller").scopes.has(scope)) {
      return typeformError(
        c,
        403,
        "FORBIDDEN",
        `The access token does not grant the scope ${scope} this request needs.`,
      );
    }
    await next();
  };
}
