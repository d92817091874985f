import { ApiRequestError } from "@/lib/api-client";

/** One toast slot for the sign-in screens: a new message replaces the last, it does not stack. */
export const AUTH_TOAST_ID = "auth";

/** better-auth's code errors, in words a person can act on ('Invalid verification code'). */
const codeMessages: Record<string, string> = {
  INVALID_OTP: "Invalid verification code",
  OTP_EXPIRED: "This code has expired. Request a new one.",
  TOO_MANY_ATTEMPTS: "Too many wrong attempts. Request a new code.",
  OTP_NOT_FOUND: "This code is no longer valid. Request a new one.",
  INVALID_CODE: "Invalid verification code",
  INVALID_TWO_FACTOR_COOKIE: "This sign-in took too long. Please start again.",
  INVALID_PHONE_NUMBER: "Enter a valid phone number with its country code, e.g. +1 415 555 0123.",
};

export function verificationErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return codeMessages[error.code] ?? error.message;
  return "Invalid verification code";
}

export function sendErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) return codeMessages[error.code] ?? error.message;
  return fallback;
}
