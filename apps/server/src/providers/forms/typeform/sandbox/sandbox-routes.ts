import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { html, layout, messagePage } from "../../../../lib/html.ts";
import { createSecretBox } from "../../../../lib/secret-box.ts";
import { adminPageRoutes } from "./admin-pages.ts";
import type { SandboxApiEnv, SandboxContext, TypeformSandboxDeps } from "./context.ts";
import { typeformError } from "./context.ts";
import { sandboxTypeformUrls, TYPEFORM_SANDBOX_PATH } from "./credentials.ts";
import { DEFAULT_DELIVERY_RETRY } from "./deliver.ts";
import { formsApiRoutes } from "./forms-api.ts";
import { bearerAuth, oauthRoutes } from "./oauth.ts";
import { publicPageRoutes } from "./public-pages.ts";
import { responsesApiRoutes } from "./responses-api.ts";
import { webhooksApiRoutes } from "./webhooks-api.ts";

/** Typeform's default access-token lifetime: 7 days. */
const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 7 * 24 * 3600;
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The built-in Typeform sandbox, mounted at /sandbox/typeform when no Typeform app is
 * configured. It speaks Typeform's API to Ringback's unchanged Typeform adapter:
 *
 * - `/api/oauth/authorize` (consent page), `/api/oauth/token`, `/api/me`, `/api/forms`,
 *   `/api/forms/:id`, `/api/forms/:id/webhooks[/:tag]`: Typeform's API and OAuth endpoints;
 * - `/to/:formId`: a form's public page (its `_links.display`); submitting it delivers a signed
 *   `form_response` webhook to each enabled webhook of the form (job sandbox.typeform.deliver);
 * - `/admin/form/:formId/create`: the form's edit page (the adapter's editUrl).
 */
export function typeformSandboxRoutes(deps: TypeformSandboxDeps) {
  const publicUrl = deps.publicUrl.replace(/\/+$/, "");
  const { apiUrl, adminUrl } = sandboxTypeformUrls(publicUrl);
  const baseUrl = `${publicUrl}${TYPEFORM_SANDBOX_PATH}`;
  const ctx: SandboxContext = {
    db: deps.db,
    queue: deps.queue,
    logger: deps.logger.child({ module: "typeform-sandbox" }),
    clientId: deps.clientId,
    clientSecret: deps.clientSecret,
    secrets: createSecretBox(deps.clientSecret),
    accessTokenTtlSeconds: deps.accessTokenTtlSeconds ?? DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
    deliveryRetry: deps.deliveryRetry ?? DEFAULT_DELIVERY_RETRY,
    publicOrigin: new URL(publicUrl).origin,
    baseUrl,
    basePath: new URL(baseUrl).pathname,
    apiUrl,
    adminUrl,
    displayUrl: (formId) => `${baseUrl}/to/${formId}`,
  };

  const api = new Hono<SandboxApiEnv>();
  api.route("/oauth", oauthRoutes(ctx));
  const authenticated = new Hono<SandboxApiEnv>()
    .use("*", bearerAuth(ctx))
    .route("/", formsApiRoutes(ctx))
    .route("/forms/:formId/webhooks", webhooksApiRoutes(ctx))
    .route("/forms/:formId/responses", responsesApiRoutes(ctx));
  api.route("/", authenticated);
  api.all("*", (c) => typeformError(c, 404, "NOT_FOUND", "The requested resource was not found."));

  const app = new Hono();
  app.use(
    "*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => typeformError(c, 413, "PAYLOAD_TOO_LARGE", "The request body is too large."),
    }),
  );
  app.route("/api", api);
  app.route("/", publicPageRoutes(ctx));
  app.route("/admin", adminPageRoutes(ctx));
  app.get("/", (c) =>
    c.html(
      layout({
        title: "Typeform sandbox",
        body: html`<h1>Typeform sandbox</h1>
<p class="lead">Ringback runs without a Typeform app configured, so it talks to this built-in stand-in instead: the same OAuth, forms and webhooks API, sample forms, and public form pages that deliver signed webhooks as Typeform does.</p>
<p>Connect Typeform from Ringback's dashboard to create a sandbox account with its sample forms.</p>`,
      }),
    ),
  );
  app.all("*", (c) =>
    c.req.path === `${ctx.basePath}/`
      ? c.redirect(ctx.basePath, 301)
      : c.html(
          messagePage("Page not found", "There is no such page in the Typeform sandbox."),
          404,
        ),
  );
  app.onError((error, c) => {
    ctx.logger.error({ err: error, path: c.req.path }, "Typeform sandbox error");
    if (c.req.path.startsWith(`${ctx.basePath}/api/`)) {
      return typeformError(c, 500, "INTERNAL_ERROR", "Something went wrong in the sandbox.");
    }
    return c.html(messagePage("Something went wrong", "Please try again."), 500);
  });
  return app;
}
