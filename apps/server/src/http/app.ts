import type { ApiError } from "@ringback/contracts";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import type pg from "pg";
import { createAuth } from "../auth/auth.ts";
import type { Config } from "../config/env.ts";
import type { Database } from "../db/database.ts";
import { createCodeSendLimits } from "../domain/accounts/code-send-limits.ts";
import { AppError } from "../lib/app-error.ts";
import type { Logger } from "../lib/logger.ts";
import { createEmailSender } from "../providers/email/index.ts";
import { createSmsSender } from "../providers/sms/index.ts";
import type { Queue } from "../queue/queue.ts";
import { authenticate } from "./middleware/authenticate.ts";
import { requestLog } from "./middleware/request-log.ts";
import { securityHeaders } from "./middleware/security.ts";
import { mountWebApp } from "./middleware/static-web.ts";
import { accountRoutes, signupRoutes } from "./routes/account.routes.ts";
import { authRoutes } from "./routes/auth.routes.ts";
import { devOutboxRoutes } from "./routes/dev-outbox.routes.ts";
import { healthRoutes } from "./routes/health.routes.ts";
import { invitationAcceptRoutes, invitationPreviewRoutes } from "./routes/invitations.routes.ts";
import { organizationRoutes, organizationsRoutes } from "./routes/organizations.routes.ts";
import { sessionRoutes } from "./routes/session.routes.ts";

export interface AppDeps {
  db: Database;
  pool: pg.Pool;
  queue: Queue;
  logger: Logger;
  config: Config;
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
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json(errorBody("payload_too_large", "The request body is too large."), 413),
    }),
  );

  const { db, config, logger } = deps;
  const smsSender = createSmsSender(config, { db, logger });
  const emailSender = createEmailSender(config, { db, logger });
  const { auth, verifyAccessToken } = createAuth({ db, config, smsSender, logger });
  const signedIn = authenticate({ db, verifyAccessToken });
  const organizationDeps = { db, emailSender, publicUrl: config.publicUrl, logger };

  const api = new Hono()
    .route("/health", healthRoutes(deps))
    .route(
      "/auth",
      authRoutes({
        auth,
        limits: createCodeSendLimits(deps.pool, config.rateLimits),
        trustProxy: config.trustProxy,
      }),
    )
    .route("/session", sessionRoutes({ auth, db }))
    .route("/signup", signupRoutes({ db }))
    .route("/invitations", invitationPreviewRoutes({ db }));
  // Everything below needs a signed-in caller (Bearer access token).
  api.use("/account/*", signedIn).use("/account", signedIn);
  api.use("/organizations/*", signedIn).use("/organizations", signedIn);
  api.use("/invitations/:token/accept", signedIn);
  api
    .route("/account", accountRoutes({ db }))
    .route("/organizations", organizationsRoutes(organizationDeps))
    .route("/organizations/:organizationId", organizationRoutes(organizationDeps))
    .route("/invitations", invitationAcceptRoutes({ db }));
  app.route("/api", api);
  app.all("/api/*", (c) => c.json(errorBody("not_found", "Not found."), 404));
  // The outboxes of the console senders; they do not exist in production.
  if (!config.isProduction) app.route("/dev", devOutboxRoutes({ db }));

  if (deps.webDist) mountWebApp(app, deps.webDist);

  app.onError((error, c) => {
    if (error instanceof AppError) {
      return c.json(errorBody(error.code, error.message, error.details), error.status as 400);
    }
    deps.logger.error({ err: error, path: c.req.path }, "Unhandled error");
    return c.json(errorBody("internal", "Something went wrong. Please try again."), 500);
  });
  return app;
}

function errorBody(code: ApiError["error"]["code"], message: string, details?: unknown): ApiError {
  return { error: { code, message, ...(details === undefined ? {} : { details }) } };
}
