import { randomBytes } from "node:crypto";
import { listFormsQuerySchema, startConnectionSchema } from "@ringback/contracts";
import { type Context, Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import {
  type ConnectionDeps,
  completeConnection,
  getConnection,
  getFormFields,
  listForms,
  startConnection,
} from "../../domain/form-connections/connections.ts";
import { htmlDocument } from "../../lib/html-document.ts";
import { type TenantVariables, withOrganization } from "../middleware/tenancy.ts";
import { secureCookie } from "../secure-cookies.ts";
import { parseJson, parseQuery } from "../validate.ts";

/**
 * The initiating browser's nonce (oauth-state.ts): HttpOnly, sent only to the callback path,
 * SameSite=Lax so the provider's top-level redirect back carries it, gone after the state's
 * 10 minutes. One nonce per browser serves every connection it starts.
 */
const BROWSER_COOKIE = "ringback_oauth_browser";
const BROWSER_COOKIE_PATH = "/api/form-connections/";

function browserNonce(c: Context, secure: boolean): string {
  const existing = getCookie(c, BROWSER_COOKIE);
  const nonce =
    existing && /^[A-Za-z0-9_-]{43}$/.test(existing)
      ? existing
      : randomBytes(32).toString("base64url");
  setCookie(c, BROWSER_COOKIE, nonce, {
    path: BROWSER_COOKIE_PATH,
    httpOnly: true,
    sameSite: "Lax",
    secure,
    maxAge: 10 * 60,
  });
  return nonce;
}

/** /api/organizations/:organizationId/form-connections — one organization's connections. */
export function formConnectionsRoutes(
  deps: ConnectionDeps & { cookies: { isProduction: boolean; trustProxy: boolean } },
) {
  const { db } = deps;
  return (
    new Hono<{ Variables: TenantVariables }>()
      // GET …/form-connections/:provider — connected or not, sandbox or real.
      .get("/:provider", withOrganization(db, "assistants:read"), async (c) =>
        c.json(await getConnection(deps, c.get("organizationId"), c.req.param("provider"))),
      )
      // POST …/form-connections/:provider/authorize — where to send the browser to connect.
      .post("/:provider/authorize", withOrganization(db, "connections:manage"), async (c) => {
        deps.providers.get(c.req.param("provider")); // An unknown provider is a 404, body or not.
        const { assistantId } = await parseJson(c, startConnectionSchema);
        return c.json(
          await startConnection(deps, {
            organizationId: c.get("organizationId"),
            userId: c.get("userId"),
            providerId: c.req.param("provider"),
            assistantId,
            reconnect: c.req.query("reconnect") === "true",
            browserNonce: browserNonce(c, secureCookie(c, deps.cookies)),
          }),
        );
      })
      // GET …/form-connections/:provider/forms?assistantId= — the account's forms, in-use marked.
      .get("/:provider/forms", withOrganization(db, "assistants:read"), async (c) => {
        const { assistantId } = parseQuery(c, listFormsQuerySchema);
        return c.json(
          await listForms(deps, {
            organizationId: c.get("organizationId"),
            providerId: c.req.param("provider"),
            assistantId: assistantId ?? null,
          }),
        );
      })
      // GET …/form-connections/:provider/forms/:formId/fields — the form's fields in response groups.
      .get("/:provider/forms/:formId/fields", withOrganization(db, "assistants:read"), async (c) =>
        c.json(
          await getFormFields(deps, {
            organizationId: c.get("organizationId"),
            providerId: c.req.param("provider"),
            formId: c.req.param("formId"),
          }),
        ),
      )
  );
}

/**
 * GET /api/form-connections/:provider/callback — the provider's redirect URI. Public: the
 * signed, single-use state carries who is connecting, and the browser's cookie proves it is the
 * browser that started. The answer is a redirect into the app with
 * auth=success|error, or a page that refuses a connection finished in another browser.
 */
export function formConnectionCallbackRoutes(deps: ConnectionDeps) {
  return new Hono().get("/:provider/callback", async (c) => {
    const result = await completeConnection(deps, {
      providerId: c.req.param("provider"),
      code: c.req.query("code"),
      state: c.req.query("state"),
      error: c.req.query("error"),
      browserNonce: getCookie(c, BROWSER_COOKIE),
    });
    if ("refused" in result) return c.html(otherBrowserPage(deps.publicUrl), 400);
    return c.redirect(result.redirect, 302);
  });
}

/** A plain page (no script, inline style only) for a connection finished in another browser. */
function otherBrowserPage(publicUrl: string): string {
  return htmlDocument({
    title: "Connection not completed · Ringback",
    styles: `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:32rem;margin:12vh auto;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem}
h1{font-size:1.25rem;margin:0 0 .75rem}p{line-height:1.5;color:#334155}
a{display:inline-block;margin-top:.75rem;padding:.5rem 1rem;border-radius:.5rem;background:#0f172a;color:#fff;text-decoration:none}
`,
    body: `<main>
<h1>This connection was started in another browser</h1>
<p>For your security, Ringback connects a form account only in the browser that started the connection. Nothing was connected.</p>
<p>If you want to connect your account, sign in to Ringback in this browser and click Connect again. If someone sent you this link, you can close this page.</p>
<a href="${new URL("/admin/dashboard", publicUrl).toString()}">Go to Ringback</a>
</main>`,
  });
}
