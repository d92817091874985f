import {
  createLocalJWKSet,
  decodeProtectedHeader,
  errors,
  type JSONWebKeySet,
  type JWTPayload,
  jwtVerify,
} from "jose";
import { AppError } from "../lib/app-error.ts";

/** Issuer and audience of the access tokens Ringback signs (and the only ones it accepts). */
export const ACCESS_TOKEN_ISSUER = "ringback";
export const ACCESS_TOKEN_AUDIENCE = "ringback";

export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  /** The server-side session the token was issued for: logging out revokes the token too. */
  sid: string;
}

/**
 * Verifies access tokens against the published JWKS. Failures carry these texts:
 * 'JWKS is empty', 'No matching signing key found in JWKS', 'Invalid JWT signature'.
 * Keys are cached; an unknown key id reloads them once (keys rotate).
 */
export function createAccessTokenVerifier(loadJwks: () => Promise<JSONWebKeySet>) {
  let cached: JSONWebKeySet | null = null;

  async function keySet(forceReload: boolean): Promise<JSONWebKeySet> {
    if (!cached || forceReload) cached = await loadJwks();
    return cached;
  }

  async function verifyWith(token: string, jwks: JSONWebKeySet): Promise<AccessTokenClaims> {
    if (jwks.keys.length === 0) throw invalid("JWKS is empty");
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), {
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
    });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") {
      throw invalid("Invalid JWT claims");
    }
    return payload as AccessTokenClaims;
  }

  return async function verifyAccessToken(token: string): Promise<AccessTokenClaims> {
    try {
      decodeProtectedHeader(token);
    } catch {
      throw invalid("Invalid JWT");
    }
    try {
      try {
        return await verifyWith(token, await keySet(false));
      } catch (error) {
        if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
        return await verifyWith(token, await keySet(true));
      }
    } catch (error) {
      throw toAppError(error);
    }
  };
}

function invalid(message: string): AppError {
  return new AppError("unauthenticated", message);
}

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof errors.JWKSNoMatchingKey) {
    return invalid("No matching signing key found in JWKS");
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return invalid("Invalid JWT signature");
  }
  if (error instanceof errors.JWTExpired) return invalid("JWT expired");
  if (error instanceof errors.JOSEError) return invalid(`Invalid JWT: ${error.message}`);
  throw error;
}
