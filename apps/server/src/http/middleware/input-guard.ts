import { createMiddleware } from "hono/factory";
import { AppError } from "../../lib/app-error.ts";

/**
 * The first line against odd input, for every API and sandbox route at once: a path or query
 * string that is not valid percent-encoded UTF-8, or that decodes to a NUL (which PostgreSQL
 * refuses in text), is a 400 before any route or SQL sees it. Route parameters that name rows
 * are then checked by their own routes (a non-UUID id is a 404 or 400, never a query).
 */
export function inputGuard() {
  return createMiddleware(async (c, next) => {
    const url = c.req.url;
    const start = url.indexOf("/", url.indexOf("//") + 2);
    const target = start < 0 ? "" : url.slice(start);
    let decoded: string;
    try {
      decoded = decodeURIComponent(target.replaceAll("+", " "));
    } catch {
      throw new AppError("bad_request", "The address of this request is not valid.");
    }
    if (decoded.includes("\u0000")) {
      throw new AppError("bad_request", "The address of this request contains a NUL character.");
    }
    await next();
  });
}
