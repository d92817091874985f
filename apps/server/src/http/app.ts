import { type ApiError, dashboardChartsQuerySchema } from "@ringback/contracts";
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { requestId } from "hono/request-id";
import type pg from "pg";
import { createAuth } from "../auth/auth.ts";
import type { Config } from "../config/env.ts";
import type { Database } from "../db/database.ts";
import { createCodeSendLimits } from "../domain/accounts/code-send-limits.ts";
import { createApiKeyLimits } from "../domain/api-keys/api-key-limits.ts";
import { dashboardStats } from "../domain/assistants/dashboard-stats.ts";
import { createTestCallLimits } from "../domain/calls/test-calls.ts";
import { chartWindow, windowOf } from "../domain/dashboard/dashboard-charts.ts";
import { AppError } from "../lib/app-error.ts";
import type { Logger } from "../lib/logger.ts";
import { createEmailSender } from "../providers/email/index.ts";
import { FormSourceError } from "../providers/forms/form-source.ts";
import { createSmsSender } from "../providers/sms/index.ts";
import { voicePlatforms } from "../providers/voice/registry.ts";
import type { Queue } from "../queue/queue.ts";
import type { ChangeFeed } from "../realtime/change-feed.ts";
import { createStreamGuard } from "../realtime/stream-guard.ts";
import type { Services } from "../services.ts";
import { currentOrganizationName } from "./current-organization-name.ts";
import { authenticate } from "./middleware/authenticate.ts";
import { bodyLimit } from "./middleware/body-limit.ts";
import { compressJson } from "./middleware/compress-json.ts";
import {
  answerDatabaseUnavailable,
  databaseOutageAnswers,
} from "./middleware/database-unavailable.ts";
import { inputGuard } from "./middleware/input-guard.ts";
import { requestLog } from "./middleware/request-log.ts";
import { securityHeaders } from "./middleware/security.ts";
import { mountWebApp } from "./middleware/static-web.ts";
import { withOrganization } from "./middleware/tenancy.ts";
import { accountRoutes, signupRoutes } from "./routes/account.routes.ts";
import { apiKeysRoutes } from "./routes/api-keys.routes.ts";
import { assistantsRoutes } from "./routes/assistants.routes.ts";
import { authRoutes } from "./routes/auth.routes.ts";
import { callRecordsRoutes } from "./routes/call-records.routes.ts";
import { complianceRoutes } from "./routes/compliance.routes.ts";
import { dashboardRoutes } from "./routes/dashboard.routes.ts";
import { devOutboxRoutes } from "./routes/dev-outbox.routes.ts";
import { eventsRoutes } from "./routes/events.routes.ts";
import {
  formConnectionCallbackRoutes,
  formConnectionsRoutes,
} from "./routes/form-connections.routes.ts";
import { healthRoutes } from "./routes/health.routes.ts";
import { integrationsRoutes } from "./routes/integrations.routes.ts";
import { invitationAcceptRoutes, invitationPreviewRoutes } from "./routes/invitations.routes.ts";
import { optOutRoutes } from "./routes/opt-out.routes.ts";
import { organizationRoutes, organizationsRoutes } from "./routes/organizations.routes.ts";
import { publicApiRoutes } from "./routes/public-api.routes.ts";
import { sessionRoutes } from "./routes/session.routes.ts";
import { sourceDeliveriesRoutes } from "./routes/source-deliveries.routes.ts";
import { testCallsRoutes } from "./routes/test-calls.routes.ts";
import { voiceOptionsRoutes } from "./routes/voice-options.routes.ts";
import { voiceSettingsRoutes } from "./routes/voice-settings.routes.ts";
import { voiceWebhookRoutes } from "./routes/voice-webhooks.routes.ts";
import { webhookEndpointsRoutes } from "./routes/webhook-endpoints.routes.ts";
import { webhookRecordingRoutes } from "./routes/webhook-recordings.routes.ts";
import { webhookRoutes } from "./routes/webhooks.routes.ts";
import { parseQuery } from "./validate.ts";

export interface AppDeps {
  db: Database;
  pool: pg.Pool;
  queue: Queue;
  logger: Logger;
  config: Config;
  services: Services;
  /** Database change notifications for server-sent events. */
  feed: ChangeFeed;
  /** Folder of the built web app; omitted in API-only tests. */
  webDist?: string;
}

/** 1 MiB is far above any form or API payload Ringback accepts. */
const MAX_BODY_BYTES = 1024 * 1024;

export function createApp(deps: AppDeps) {
  const app = new Hono();
  app.use("*", requestId());
  app.use("*", requestLog(deps.logger));
  app.use("*", securityHeaders({ isProduction: deps.config.isProduction }));
  // JSON answers of 1 KiB or more go out Brotli- or gzip-compressed.
  app.use("/api/*", compressJson({ threshold: 1024 }));
  app.use("/api/*", databaseOutageAnswers(deps));
  app.use("/api/*", inputGuard());
  app.use("/sandbox/*", inputGuard());
  app.use(
    "/api/*",
    bodyLimit({
      maxBytes: MAX_BODY_BYTES,
      onTooLarge: (c) =>
        c.json(errorBody("payload_too_large", "The request body is too large."), 413),
    }),
  );

  const { db, config, logger } = deps;
  const smsSender = createSmsSender(config, { db, logger });
  const emailSender = createEmailSender(config, { db, logger });
  const { auth, verifyAccessToken } = createAuth({ db, config, smsSender, logger });
  // One set of one-time-code send limits for sign-in and the public opt-out page: both text a
  // code to a number, so an SMS pumper gains nothing by alternating them, and a number's owner is
  // held to the same per-address counters on both (ADR 0011). (Separate instances would share
  // the counters anyway: same table, same keys.)
  const codeSendLimits = createCodeSendLimits(deps.pool, config.rateLimits);
  const signedIn = authenticate({ db, box: deps.services.box, verifyAccessToken });
  const organizationDeps = { db, emailSender, publicUrl: config.publicUrl, logger };
  const { box, formProviders: providers, calls } = deps.services;
  const providerDeps = {
    db,
    box,
    providers,
    publicUrl: config.publicUrl,
    logger,
    queue: deps.queue,
    sandbox: config.sandboxes.callSimulator,
  };

  const api = new Hono()
    .route("/health", healthRoutes(deps))
    .route(
      "/auth",
      authRoutes({
        auth,
        limits: codeSendLimits,
        trustProxy: config.trustProxy,
      }),
    )
    .route("/session", sessionRoutes({ auth, db }))
    .route(
      "/opt-out",
      optOutRoutes({
        db,
        secretKey: config.secretKey,
        smsSender,
        limits: codeSendLimits,
        logger,
        trustProxy: config.trustProxy,
      }),
    )
    .route("/signup", signupRoutes({ db }))
    .route("/invitations", invitationPreviewRoutes({ db }))
    .route("/form-connections", formConnectionCallbackRoutes(providerDeps))
    // Recording links in call.completed webhooks: the link's signature, never a session.
    .route(
      "/recordings",
      webhookRecordingRoutes({ db, box, stores: deps.services.recordings.stores }),
    )
    .route(
      "/webhooks",
      webhookRoutes({ ...deps.services.ingestion, deadlineMs: config.ingestDeadlineMs }),
    )
    .route("/voice-webhooks", voiceWebhookRoutes({ calls }))
    // The public read API: an organization API key, never a session.
    .route(
      "/v1",
      publicApiRoutes({
        db,
        limits: createApiKeyLimits(deps.pool, config.rateLimits.apiKeyRequestsPerMinute),
        publicUrl: config.publicUrl,
      }),
    );
  // Everything below needs a signed-in caller (Bearer access token).
  api.use("/account/*", signedIn).use("/account", signedIn);
  api.use("/integrations", signedIn);
  api.use("/organizations/*", signedIn).use("/organizations", signedIn);
  api.use("/invitations/:token/accept", signedIn);
  api
    .route("/account", accountRoutes({ db }))
    .route(
      "/integrations",
      integrationsRoutes({ modules: deps.services.formSourceModules, providers }),
    )
    .route("/organizations", organizationsRoutes(organizationDeps))
    .route("/organizations/:organizationId", organizationRoutes(organizationDeps))
    // "Call me now": a test call to the signed-in user's own phone.
    .route(
      "/organizations/:organizationId/assistants/:assistantId/test-calls",
      testCallsRoutes({ db, calls, limits: createTestCallLimits(deps.pool) }),
    )
    // "Recent deliveries" and "Send a test submission".
    .route(
      "/organizations/:organizationId/assistants/:assistantId/deliveries",
      sourceDeliveriesRoutes({ ...deps.services.ingestion, sandbox: providerDeps.sandbox }),
    )
    .route("/organizations/:organizationId/assistants", assistantsRoutes(providerDeps))
    .route(
      "/organizations/:organizationId/form-connections",
      formConnectionsRoutes({
        ...providerDeps,
        cookies: { isProduction: config.isProduction, trustProxy: config.trustProxy },
      }),
    )
    .route(
      "/organizations/:organizationId/events",
      eventsRoutes({ db, feed: deps.feed, guard: createStreamGuard({ db, logger: deps.logger }) }),
    )
    .route(
      "/organizations/:organizationId/call-records",
      callRecordsRoutes({
        db,
        box,
        stores: deps.services.recordings.stores,
        recordingLinks: deps.services.calls.recordingLinks,
        calls: deps.services.calls,
      }),
    )
    .route("/organizations/:organizationId", complianceRoutes({ db, box }))
    .route(
      "/organizations/:organizationId/webhook-endpoints",
      webhookEndpointsRoutes(deps.services.webhooks),
    )
    // The organization's voice platform (Settings → Voice).
    .route(
      "/organizations/:organizationId/voice",
      voiceSettingsRoutes({
        db,
        box,
        voices: deps.services.voices,
        publicUrl: config.publicUrl,
        secretKey: config.secretKey,
        logger,
      }),
    )
    .route("/organizations/:organizationId/dashboard", dashboardRoutes({ db }))
    .route("/organizations/:organizationId/api-keys", apiKeysRoutes({ db }))
    // The wizard's voice options: the organization's provider and its voices.
    .route(
      "/organizations/:organizationId/voice/voices",
      voiceOptionsRoutes({ db, voices: deps.services.voices }),
    )
    // GET /api/organizations/:organizationId/stats — the dashboard's cards: all time, or with
    // ?days=N&tz=Area/City (today and the days before it, in the zone) or ?from=…&to=…&tz=… (a
    // custom range of days) the charts' window.
    .get(
      "/organizations/:organizationId/stats",
      withOrganization(db, "assistants:read"),
      async (c) => {
        const windowed = c.req.query("days") !== undefined || c.req.query("from") !== undefined;
        const query = parseQuery(c, dashboardChartsQuerySchema);
        const window = windowed ? await chartWindow(db, windowOf(query, new Date())) : null;
        return c.json(await dashboardStats(db, c.req.param("organizationId"), window));
      },
    )
    .route("/invitations", invitationAcceptRoutes({ db }));
  app.route("/api", api);
  app.all("/api/*", (c) => c.json(errorBody("not_found", "Not found."), 404));
  // The outboxes of the console senders; they do not exist in production.
  if (!config.isProduction) app.route("/dev", devOutboxRoutes({ db }));

  // Where sandboxes may run, the built-in call simulator serves each voice platform's API (before
  // the SPA fallback): the installation's default without BLAND_* keys, and any organization
  // that picks a simulated platform. config.sandboxes is the decision services.ts
  // wires the vendors by.
  if (config.sandboxes.callSimulator) {
    for (const platform of Object.values(voicePlatforms)) {
      app.route(
        platform.sandbox.path,
        platform.sandbox.routes({
          db,
          queue: deps.queue,
          logger,
          publicUrl: config.publicUrl,
          secretKey: config.secretKey,
          pace: config.simulatorPace,
        }),
      );
    }
  }
  // A form source without credentials (where sandboxes are allowed): its built-in sandbox.
  for (const source of deps.services.formSourceModules) {
    if (source.sandbox && providers.get(source.manifest.id).sandbox) {
      app.route(
        source.sandbox.path,
        source.sandbox.routes({ config, db, queue: deps.queue, logger }),
      );
    }
  }

  if (deps.webDist) {
    mountWebApp(app, deps.webDist, {
      // The dashboard's first view names the current organization (ADR 0022).
      organizationName: (c) =>
        currentOrganizationName(
          { auth, db },
          { headers: c.req.raw.headers, cookie: (name) => getCookie(c, name) },
        ),
      logger,
    });
  }

  app.onError((error, c) => {
    if (error instanceof AppError) {
      return c.json(errorBody(error.code, error.message, error.details), error.status as 400);
    }
    if (error instanceof FormSourceError) {
      // The provider's own words (already worded for a person); never its status as ours.
      deps.logger.warn({ err: error, path: c.req.path }, "Form provider call failed");
      return c.json(
        errorBody(error.code === "not_connected" ? "conflict" : "provider_error", error.message, {
          providerCode: error.code,
        }),
        error.code === "not_connected" ? 409 : 502,
      );
    }
    // The database is down or unreachable: a temporary 503 with Retry-After, not a bug's 500.
    const unavailable = answerDatabaseUnavailable(c, deps.logger, error);
    if (unavailable) return unavailable;
    deps.logger.error({ err: error, path: c.req.path }, "Unhandled error");
    return c.json(errorBody("internal", "Something went wrong. Please try again."), 500);
  });
  return app;
}

function errorBody(code: ApiError["error"]["code"], message: string, details?: unknown): ApiError {
  return { error: { code, message, ...(details === undefined ? {} : { details }) } };
}
