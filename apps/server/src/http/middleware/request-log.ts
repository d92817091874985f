import type { MiddlewareHandler } from "hono";
import type { Logger } from "../../lib/logger.ts";

/** One structured line per request; static assets only at debug level. */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const path = c.req.path;
    const entry = {
      method: c.req.method,
      path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      requestId: c.get("requestId" as never),
    };
    if (c.res.status >= 500) logger.error(entry, "request failed");
    else if (path.startsWith("/api/")) logger.info(entry, "request");
    else logger.debug(entry, "request");
  };
}
