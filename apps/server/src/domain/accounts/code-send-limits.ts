import type pg from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "../../lib/app-error.ts";

const PHONE_WINDOW_SECONDS = 15 * 60;
const IP_WINDOW_SECONDS = 60 * 60;

/**
 * SMS costs money and is abused for toll fraud: one-time-code sends are limited per phone number
 * (per 15 minutes) and per client address (per hour). Counters live in PostgreSQL so every web
 * process shares them.
 */
export function createCodeSendLimits(
  pool: pg.Pool,
  limits: { codeSendsPerPhone: number; codeSendsPerIp: number },
) {
  const common = {
    storeClient: pool,
    storeType: "pool",
    tableName: "rate_limits",
    tableCreated: true,
    clearExpiredByTimeout: false,
  };
  const perPhone = new RateLimiterPostgres({
    ...common,
    keyPrefix: "code-phone",
    points: limits.codeSendsPerPhone,
    duration: PHONE_WINDOW_SECONDS,
  });
  const perIp = new RateLimiterPostgres({
    ...common,
    keyPrefix: "code-ip",
    points: limits.codeSendsPerIp,
    duration: IP_WINDOW_SECONDS,
  });

  async function take(limiter: RateLimiterPostgres, key: string, message: string) {
    try {
      await limiter.consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const minutes = Math.max(1, Math.ceil(error.msBeforeNext / 60_000));
      throw new AppError(
        "rate_limited",
        `${message} Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        { retryAfterSeconds: Math.ceil(error.msBeforeNext / 1000) },
      );
    }
  }

  return {
    /** Counts one send; throws AppError("rate_limited") with a clear message over a limit. */
    async consume(input: { phone: string; ip: string }): Promise<void> {
      await take(
        perPhone,
        input.phone,
        "Too many verification codes were requested for this phone number.",
      );
      await take(perIp, input.ip, "Too many verification codes were requested from your network.");
    },
  };
}
export type CodeSendLimits = ReturnType<typeof createCodeSendLimits>;
