/** The reasons a source's connection returns with, in words; `name`: the source's. */
export function connectionReturnMessage(name: string, reason: string | null): string {
  if (reason === "token_exchange_403") {
    return `${name} authorization failed (403 Forbidden). Please verify your redirect URI configuration in ${name}.`;
  }
  if (reason === "token_exchange_exception") {
    return `Connection error with ${name}. Please try again later.`;
  }
  if (reason?.startsWith("token_exchange")) {
    return `Failed to authenticate with ${name} (${reason}). The redirect URI or client credentials may be incorrect. Please check your ${name} app configuration.`;
  }
  if (reason === "db_error") return "Failed to save your credentials. Please try again.";
  if (reason === "missing_user_id") return "Authentication session expired. Please try again.";
  if (reason === "invalid_state") {
    return "Invalid state parameter in the OAuth response. Please try again.";
  }
  return "Failed to connect your account. Please try again.";
}
