import { ApiRequestError } from "@/lib/api-client";

/** The text to show for any error (the server's own words for API errors). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

/** The assistant does not exist for this organization (or the id is not an id at all). */
export function isNotFound(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    (error.status === 404 || (error.status === 400 && error.code !== "validation_failed"))
  );
}

/** A failure reported by the form provider (its words, already worded for a person). */
export function isProviderError(error: unknown): boolean {
  return error instanceof ApiRequestError && error.code === "provider_error";
}

/**
 * Activation toasts: the provider refusing the webhook reads 'Failed to create
 * webhook: {reason}' (including 'No webhook ID returned'); anything else 'Failed to activate
 * assistant: {msg}'.
 */
export function activationErrorToast(error: unknown): string {
  if (isProviderError(error)) return `Failed to create webhook: ${errorMessage(error)}`;
  return `Failed to activate assistant: ${errorMessage(error)}`;
}
