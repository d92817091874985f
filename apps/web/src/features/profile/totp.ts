import { ApiRequestError } from "@/lib/api-client";

/** The base32 secret of an otpauth:// URI, for people who type it in instead of scanning. */
export function secretFromTotpUri(totpURI: string): string | null {
  try {
    return new URL(totpURI).searchParams.get("secret");
  } catch {
    return null;
  }
}

/** Groups of four, as authenticator apps show them: easier to read back and compare. */
export function formatSecret(secret: string): string {
  return (
    secret
      .replace(/\s+/g, "")
      .match(/.{1,4}/g)
      ?.join(" ") ?? ""
  );
}

/** better-auth's two-factor error codes, in words a person can act on. */
const twoFactorMessages: Record<string, string> = {
  INVALID_CODE: "Invalid verification code",
  TOTP_NOT_ENABLED: "The setup has expired. Start again.",
  TOTP_ALREADY_ENABLED: "An authenticator app is already set up for your account.",
  UNAUTHORIZED: "Your session has ended. Please sign in again.",
};

export function twoFactorErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) return twoFactorMessages[error.code] ?? error.message;
  return fallback;
}
