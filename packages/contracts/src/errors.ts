import { z } from "zod";

/** Every API error has this shape; `message` is safe to show to a user. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const errorCodes = [
  "bad_request",
  "validation_failed",
  "unauthenticated",
  "forbidden",
  "not_found",
  "conflict",
  "payload_too_large",
  "rate_limited",
  "unavailable",
  "provider_error",
  "internal",
] as const;
export type ErrorCode = (typeof errorCodes)[number];
