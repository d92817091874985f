import type { Assistant, FormProviderId } from "@ringback/contracts";
import { ApiRequestError, api } from "./api-client";

/**
 * Starts connecting a form provider (Connect): creates a new, unnamed assistant
 * unless one is given, asks the server where to go (the provider's consent page, or straight
 * back when the organization is already connected) and sends the browser there.
 */
export async function startProviderConnection(input: {
  organizationId: string;
  provider: FormProviderId;
  assistantId?: string;
  reconnect?: boolean;
}): Promise<void> {
  const assistantId =
    input.assistantId ??
    (
      await api.post<Assistant>(`/api/organizations/${input.organizationId}/assistants`, {
        provider: input.provider,
      })
    ).id;
  const { url } = await api.post<{ url?: string }>(
    `/api/organizations/${input.organizationId}/form-connections/${input.provider}/authorize${input.reconnect ? "?reconnect=true" : ""}`,
    { assistantId },
  );
  if (!url) throw new NoRedirectError();
  window.location.assign(url);
}

export class NoRedirectError extends Error {}

/** Connection errors, for the toast; `name`: the source's (its manifest's). */
export function connectionErrorToast(name: string, error: unknown): string {
  if (error instanceof NoRedirectError) return `Failed to connect to ${name}. Please try again.`;
  if (error instanceof ApiRequestError) return `Failed to connect to ${name}: ${error.message}`;
  return `An unexpected error occurred: ${error instanceof Error ? error.message : String(error)}`;
}
