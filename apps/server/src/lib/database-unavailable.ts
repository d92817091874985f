/**
 * Whether an error means "the database cannot be reached right now" (it is down, restarting,
 * failing over, or the network to it is) rather than "this query is wrong". The first is a
 * temporary fault the caller should retry (HTTP 503); the second is a bug (500).
 *
 * Drivers and libraries wrap what they get — Drizzle's DrizzleQueryError carries pg's error as
 * its `cause`, pg-boss and better-auth pass pg's errors on, AggregateError holds several — so
 * the whole `cause` chain is searched. A failed HTTP request to another service (fetch's
 * "fetch failed" TypeError, whose cause may well be ECONNREFUSED) is not the database and stops
 * the search.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0 && seen.size < 32) {
    const current = pending.shift();
    if (typeof current !== "object" || current === null || seen.has(current)) continue;
    seen.add(current);
    if (current instanceof TypeError && current.message === "fetch failed") continue;
    if (isConnectionFailure(current)) return true;
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return false;
}

/**
 * SQLSTATEs that say the server cannot serve this connection: class 08 (connection exception),
 * 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting up, shutting
 * down, in recovery), 53300 too many connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);

/** Socket errors of a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "EAI_AGAIN",
  "ENOTFOUND",
]);

/** node-postgres's own words for a lost or never-made connection (these carry no code). */
const PG_CONNECTION_MESSAGES = [
  /^Connection terminated/, // "… unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect$/, // pg.Pool's connectionTimeoutMillis
  /is not queryable$/, // a client whose connection failed or was closed
];

/**
 * The database did not answer within a request's deadline (a stuck connection, a lock, a server
 * in the middle of a restart): for the caller, the same as unreachable — a 503 it retries.
 */
export class DatabaseDeadlineError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} got no answer from the database within ${ms} ms`);
    this.name = "DatabaseDeadlineError";
  }
}

/**
 * `work`, or a DatabaseDeadlineError once `ms` have passed without it settling. The work itself
 * goes on (a statement cannot be taken back once sent); whatever it commits later must be safe to
 * repeat, as a form delivery is (the provider's retry is de-duplicated).
 */
export function withDatabaseDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DatabaseDeadlineError(what, ms)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

function isConnectionFailure(error: object): boolean {
  if (error instanceof DatabaseDeadlineError) return true;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string") {
    if (NETWORK_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && (code.startsWith("08") || UNAVAILABLE_SQLSTATES.has(code))) {
      return true;
    }
  }
  return typeof message === "string" && PG_CONNECTION_MESSAGES.some((m) => m.test(message));
}
