import type pg from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "../../lib/app-error.ts";

const PHONE_WINDOW_SECONDS = 15 * 60;
const IP_WINDOW_SECONDS = 60 * 60;
/** Longer than any IPv6 address; keeps a junk X-Forwarded-For inside the key column. */
const MAX_ADDRESS_LENGTH = 100;

const PHONE_MESSAGE = "Too many verification codes were requested for this phone number.";
const NETWORK_MESSAGE = "Too many verification codes were requested from your network.";

/**
 * SMS costs money and is abused for toll fraud, so one-time-code sends are limited (ADR 0011):
 *
 * 1. per phone number *from one client address* (`codeSendsPerPhone` per 15 minutes), so that a
 *    stranger who uses up a number's sends from their address does not lock its owner out;
 * 2. per client address (`codeSendsPerIp` per hour);
 * 3. per phone number from all addresses together (`codeSendsPerPhoneTotal` per 15 minutes,
 *    higher than 1), against SMS pumping from many addresses.
 *
 * A send refused by one limit is given back to the limits before it, so refused requests use up
 * nothing: hammering one number from one address never eats into the number's total. Counters
 * live in PostgreSQL so every web process shares them.
 */
export function createCodeSendLimits(
  pool: pg.Pool,
  limits: { codeSendsPerPhone: number; codeSendsPerPhoneTotal: number; codeSendsPerIp: number },
) {
  const limiter = (keyPrefix: string, points: number, duration: number) =>
    new RateLimiterPostgres({
      storeClient: pool,
      storeType: "pool",
      tableName: "rate_limits",
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix,
      points,
      duration,
    });
  const perPhoneFromAddress = limiter(
    "code-phone-ip",
    limits.codeSendsPerPhone,
    PHONE_WINDOW_SECONDS,
  );
  const perIp = limiter("code-ip", limits.codeSendsPerIp, IP_WINDOW_SECONDS);
  const perPhone = limiter("code-phone", limits.codeSendsPerPhoneTotal, PHONE_WINDOW_SECONDS);

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
      const address = input.ip.slice(0, MAX_ADDRESS_LENGTH);
      const checks: [RateLimiterPostgres, string, string][] = [
        [perPhoneFromAddress, `${input.phone}|${address}`, PHONE_MESSAGE],
        [perIp, address, NETWORK_MESSAGE],
        [perPhone, input.phone, PHONE_MESSAGE],
      ];
      const taken: [RateLimiterPostgres, string][] = [];
      for (const [limiter, key, message] of checks) {
        try {
          await take(limiter, key, message);
        } catch (error) {
          await Promise.all(taken.map(([counted, countedKey]) => counted.reward(countedKey)));
          throw error;
        }
        taken.push([limiter, key]);
      }
    },
  };
}
export type CodeSendLimits = ReturnType<typeof createCodeSendLimits>;
