import type { ApiError } from "@ringback/contracts";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type pg from "pg";
import { isDatabaseUnavailable } from "../../lib/database-unavailable.ts";
import type { Logger } from "../../lib/logger.ts";

/**
 * How long a caller should wait before trying again. Form and voice providers retry any 5xx on
 * their own schedule; the header asks the polite ones to come back soon.
 */
export const RETRY_AFTER_SECONDS = 10;

export const UNAVAILABLE_MESSAGE =
  "Ringback is temporarily unavailable. Please try again in a moment.";

/**
 * The answer to a request that failed because the database could not be reached: 503 with
 * Retry-After — never a 500 (nothing is wrong with the request) and never a 404/410 (a provider
 * takes those as "stop sending"). A delivery answered this way was not acknowledged; its
 * provider sends it again and the de-duplication key keeps it single.
 */
function unavailableResponse(c: Context, logger: Logger, reason: string): Response {
  logger.warn({ path: c.req.path, reason }, "The database is unreachable; answered 503");
  const body: ApiError = { error: { code: "unavailable", message: UNAVAILABLE_MESSAGE } };
  return new Response(JSON.stringify(body), {
    status: 503,
    headers: {
      "content-type": "application/json; charset=UTF-8",
      "retry-after": String(RETRY_AFTER_SECONDS),
      "cache-control": "no-store",
    },
  });
}

/** For app.onError: the 503 when the error says the database is unreachable, else null. */
export function answerDatabaseUnavailable(
  c: Context,
  logger: Logger,
  error: unknown,
): Response | null {
  if (!isDatabaseUnavailable(error)) return null;
  return unavailableResponse(c, logger, error instanceof Error ? error.message : String(error));
}

/**
 * For answers a library made itself rather than throwing (better-auth turns a failed query
 * into its own 500, and its session check into a 401 "Unauthorized"): when such an answer
 * comes while the database does not answer a `select 1`, the caller gets the 503 instead — and
 * none of the library's cookies, so that nobody is signed out by an outage.
 */
export function databaseOutageAnswers(deps: { pool: pg.Pool; logger: Logger }) {
  const reachable = reachability(deps.pool);
  return createMiddleware(async (c, next) => {
    await next();
    const { status } = c.res;
    const doubtful = status === 500 || (status === 401 && c.req.path.startsWith("/api/auth/"));
    if (!doubtful || (await reachable())) return;
    await c.res.body?.cancel().catch(() => undefined);
    c.res = undefined; // replaced, not merged: the library's headers and cookies are dropped
    c.res = unavailableResponse(c, deps.logger, `HTTP ${status} while the database is unreachable`);
  });
}

/** Whether the database answers `select 1` within a second; one probe per second at most. */
function reachability(pool: pg.Pool): () => Promise<boolean> {
  let last: { at: number; result: Promise<boolean> } | null = null;
  return () => {
    if (last && Date.now() - last.at < 1000) return last.result;
    const result = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 1000);
      const settle = (answered: boolean) => {
        clearTimeout(timer);
        resolve(answered);
      };
      pool.query("select 1").then(
        () => settle(true),
        () => settle(false),
      );
    });
    last = { at: Date.now(), result };
    return result;
  };
}
