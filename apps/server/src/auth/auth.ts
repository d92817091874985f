import { APIError, betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { jwt, phoneNumber, twoFactor } from "better-auth/plugins";
import { isValidPhoneNumber } from "libphonenumber-js";
import { z } from "zod";
import type { Config } from "../config/env.ts";
import type { Database } from "../db/database.ts";
import { accounts, jwks, sessions, twoFactors, users, verifications } from "../db/schema/index.ts";
import {
  CODE_LENGTH,
  CODE_MAX_WRONG_TRIES,
  CODE_TTL_SECONDS,
  isPlaceholderEmail,
  placeholderEmail,
} from "../domain/accounts/sign-in-rules.ts";
import type { Logger } from "../lib/logger.ts";
import { SmsDeliveryError, type SmsSender } from "../providers/sms/sms-sender.ts";
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  createAccessTokenVerifier,
} from "./access-token.ts";
import { createPhoneCodes, PHONE_CODE_IDENTIFIER_PREFIX } from "./phone-codes.ts";
import { createSessionTokens, hashSessionTokensAtRest } from "./session-tokens.ts";

export const ACCESS_TOKEN_TTL = "15m";
export {
  CODE_LENGTH,
  CODE_MAX_WRONG_TRIES,
  CODE_TTL_SECONDS,
  isPlaceholderEmail,
  placeholderEmail,
};

export interface AuthDeps {
  db: Database;
  config: Pick<Config, "publicUrl" | "secretKey" | "isProduction">;
  smsSender: SmsSender;
  logger: Logger;
}

/**
 * The identity layer: phone one-time codes, sessions, TOTP second factor and signed access
 * tokens, all from better-auth (ADR 0005). Organizations, members and invitations are our own
 * domain (domain/organizations), behind the one tenancy middleware.
 */
export function createAuth(deps: AuthDeps) {
  const { db, config, smsSender, logger } = deps;
  // Secrets at rest are hashes only (ADR 0011): session tokens (session-tokens.ts), phone codes
  // (phone-codes.ts, which also counts guesses atomically) and secret verification identifiers.
  const sessionTokenFor = createSessionTokens(config.secretKey);
  const phoneCodes = createPhoneCodes({
    db,
    secretKey: config.secretKey,
    maxTries: CODE_MAX_WRONG_TRIES,
  });

  const secondFactor = twoFactor({
    issuer: "Ringback",
    // Ringback accounts have no passwords: the session itself authorizes enrolment.
    allowPasswordless: true,
    // Second-factor codes by SMS are not offered (no sendOTP); were they, they would be hashed.
    otpOptions: { storeOTP: "hashed" },
  });
  // better-auth challenges for the second factor only after its password sign-in paths; our
  // sign-in is the phone code, so the same after-hook runs on /phone-number/verify too.
  const challenge = secondFactor.hooks.after[0]!;
  secondFactor.hooks.after.push({
    matcher: (context) => context.path === "/phone-number/verify",
    handler: challenge.handler,
  });

  const auth = betterAuth({
    appName: "Ringback",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.secretKey,
    database: hashSessionTokensAtRest(
      drizzleAdapter(db, {
        provider: "pg",
        schema: {
          user: users,
          session: sessions,
          account: accounts,
          verification: verifications,
          twoFactor: twoFactors,
          jwks,
        },
      }),
      sessionTokenFor,
    ),
    verification: {
      // Identifiers that are secrets (a two-factor challenge's key, a trusted device's) are stored
      // as SHA-256. Phone-code identifiers name only the phone number; their value is the secret.
      storeIdentifier: {
        default: "hashed",
        overrides: { [PHONE_CODE_IDENTIFIER_PREFIX]: "plain" },
      },
    },
    databaseHooks: {
      verification: {
        create: {
          before: async (data) =>
            data.identifier.startsWith(PHONE_CODE_IDENTIFIER_PREFIX)
              ? { data: { ...data, value: phoneCodes.storedValue(data.identifier, data.value) } }
              : undefined,
        },
      },
    },
    // Ringback has no passwords. The phone-number plugin's password routes would let a phone code
    // set one (and then sign in with it), so they do not exist here.
    disabledPaths: [
      "/sign-in/phone-number",
      "/phone-number/request-password-reset",
      "/phone-number/reset-password",
    ],
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    // CSRF: cookie-authenticated calls must come from our own origin (whatever port we run on).
    trustedOrigins: (request) => {
      const origins = [new URL(config.publicUrl).origin];
      if (request) origins.push(new URL(request.url).origin);
      return origins;
    },
    // Our own limits (per phone number and per client address) run in the HTTP layer, where
    // the socket address is known; see http/routes/auth.routes.ts.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: config.isProduction,
      database: { generateId: () => crypto.randomUUID() },
    },
    logger: {
      log: (level, message, ...args) => logger[level]({ args }, `auth: ${message}`),
    },
    plugins: [
      phoneNumber({
        otpLength: CODE_LENGTH,
        expiresIn: CODE_TTL_SECONDS,
        // Checked by us: the code's HMAC, and at most CODE_MAX_WRONG_TRIES guesses per code
        // counted atomically (the plugin's own check compares plain codes).
        verifyOTP: ({ phoneNumber: phone, code }) => phoneCodes.check(phone, code),
        phoneNumberValidator: (phone) => isValidPhoneNumber(phone),
        signUpOnVerification: { getTempEmail: placeholderEmail, getTempName: () => "" },
        sendOTP: async ({ phoneNumber: to, code }) => {
          try {
            await smsSender.send({
              to,
              body: `Your Ringback verification code is ${code}. It expires in 5 minutes.`,
            });
          } catch (error) {
            logger.error({ err: error, to }, "Could not send a verification code");
            if (error instanceof SmsDeliveryError) {
              throw new APIError("BAD_GATEWAY", {
                code: "SMS_DELIVERY_FAILED",
                message: "Failed to send verification code",
              });
            }
            throw error;
          }
        },
      }),
      secondFactor,
      jwt({
        jwt: {
          issuer: ACCESS_TOKEN_ISSUER,
          audience: ACCESS_TOKEN_AUDIENCE,
          expirationTime: ACCESS_TOKEN_TTL,
          definePayload: ({ session }) => ({ sid: session.id }),
        },
      }),
      accessTokenSession(),
    ],
  });

  const verifyAccessToken = createAccessTokenVerifier(
    async () => (await auth.api.getJwks()) as { keys: never[] },
  );

  /**
   * The redirect with an access token in the URL hash: the token is exchanged for the
   * session it was issued for, set as the (httpOnly) session cookie.
   */
  function accessTokenSession() {
    return {
      id: "ringback-access-token-session",
      endpoints: {
        sessionFromAccessToken: createAuthEndpoint(
          "/session/from-access-token",
          { method: "POST", body: z.object({ accessToken: z.string().min(1) }) },
          async (ctx) => {
            let claims: { sid: string };
            try {
              claims = await verifyAccessToken(ctx.body.accessToken);
            } catch (error) {
              throw new APIError("UNAUTHORIZED", {
                code: "INVALID_ACCESS_TOKEN",
                message: error instanceof Error ? error.message : "Invalid JWT",
              });
            }
            // Only the token's digest is stored; the token is rebuilt from the session id.
            const found = await ctx.context.internalAdapter.findSession(
              sessionTokenFor(claims.sid),
            );
            if (!found || found.session.expiresAt < new Date()) {
              throw new APIError("UNAUTHORIZED", {
                code: "SESSION_EXPIRED",
                message: "This sign-in link has expired. Please sign in again.",
              });
            }
            await setSessionCookie(ctx, found);
            return ctx.json({ status: true });
          },
        ),
      },
    } as const;
  }

  return { auth, verifyAccessToken };
}

export type Auth = ReturnType<typeof createAuth>["auth"];
