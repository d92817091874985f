import type { ApiError } from "@ringback/contracts";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import type pg from "pg";
import type { Database } from "../db/database.ts";
import { AppError } from "../lib/app-error.ts";
import type { Logger } from "../lib/logger.ts";
import type { Queue } from "../queue/queue.ts";
import { requestLog } from "./middleware/request-log.ts";
import { securityHeaders } from "./middleware/security.ts";
import { mountWebApp } from "./middleware/static-web.ts";
import { healthRoutes } from "./routes/health.routes.ts";

export interface AppDeps {
  db: Database;
  pool: pg.Pool;
  queue: Queue;
  logger: Logger;
  isProduction: boolean;
  /** Folder of the built web app; omitted in API-only tests. */
  webDist?: string;
}

/** 1 MiB is far above any form or API payload Ringback accepts. */
const MAX_BODY_BYTES = 1024 * 1024;

export function createApp(deps: AppDeps) {
  const app = new Hono();
  app.use("*", requestId());
  app.use("*", requestLog(deps.logger));
  app.use("*", securityHeaders({ isProduction: deps.isProduction }));
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json(errorBody("payload_too_large", "The request body is too large."), 413),
    }),
  );

  const api = new Hono().route("/health", healthRoutes(deps));
  app.route("/api", api);
  app.all("/api/*", (c) => c.json(errorBody("not_found", "Not found."), 404));

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
