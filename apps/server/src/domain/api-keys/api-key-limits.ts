import type pg from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";

/**
 * Requests per minute per API key on the public read API, counted in PostgreSQL so that every
 * web process shares them (as the code-send limits are, ADR 0011). One key's busy integration
 * slows only itself; the app's own pages are not counted.
 */
export function createApiKeyLimits(pool: pg.Pool, requestsPerMinute: number) {
  const limiter = new RateLimiterPostgres({
    storeClient: pool,
    storeType: "pool",
    tableName: "rate_limits",
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix: "api-key",
    points: requestsPerMinute,
    duration: 60,
  });
  return {
    limit: requestsPerMinute,
    /** Counts one request; how many are left this minute, or how long to wait when none are. */
    async consume(
      apiKeyId: string,
    ): Promise<
      { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number }
    > {
      try {
        const result = await limiter.consume(apiKeyId);
        return { allowed: true, remaining: result.remainingPoints };
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
        };
      }
    },
  };
}
export type ApiKeyLimits = ReturnType<typeof createApiKeyLimits>;
