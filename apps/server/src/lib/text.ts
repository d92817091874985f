/**
 * PostgreSQL text and jsonb cannot hold U+0000, so a NUL that reaches SQL is a 500. Input is
 * checked once where it enters: paths and query strings by http/middleware/input-guard.ts,
 * JSON bodies by http/validate.ts, and provider deliveries are cleaned (stripNul) before they
 * are stored.
 */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 64 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes("\u0000") || hasNul(v, depth + 1));
}

const isPlainObject = (value: object) => {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * The same value with every U+0000 removed from its strings and keys (arrays and plain objects
 * are copied; dates and other objects are kept as they are).
 */
export function stripNul<T>(value: T): T {
  if (typeof value === "string") return value.replaceAll("\u0000", "") as T;
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(stripNul) as T;
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k.replaceAll("\u0000", ""), stripNul(v)]),
  ) as T;
}
