import type { Assistant, DashboardStats } from "@ringback/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "./api-client";

/**
 * An organization's assistants and dashboard stats: read by the dashboard and the wizard, and
 * refetched by live updates (lib/live-updates.ts) when calls change.
 */
const organizationPath = (organizationId: string) => `/api/organizations/${organizationId}`;

export const assistantsQueryKey = (organizationId: string) =>
  ["organization", organizationId, "assistants"] as const;
export const assistantQueryKey = (organizationId: string, assistantId: string) =>
  [...assistantsQueryKey(organizationId), assistantId] as const;
export const statsQueryKey = (organizationId: string) =>
  ["organization", organizationId, "stats"] as const;
/** GET …/assistants — newest first. Refetched on focus until realtime lands. */
export function useAssistants(organizationId: string | undefined) {
  return useQuery({
    queryKey: assistantsQueryKey(organizationId ?? ""),
    queryFn: ({ signal }) =>
      api.get<Assistant[]>(`${organizationPath(organizationId!)}/assistants`, { signal }),
    enabled: Boolean(organizationId),
    staleTime: 0,
    refetchOnWindowFocus: "always",
  });
}

/**
 * GET …/stats — the dashboard's cards, computed on the server: over the dashboard's range
 * (`query`: `days=N` or `from=…&to=…`) in the browser's time zone, or all time without.
 */
export function useDashboardStats(
  organizationId: string | undefined,
  enabled = true,
  window: { query: string; timeZone: string } | null = null,
) {
  const query = window ? `?${window.query}&tz=${encodeURIComponent(window.timeZone)}` : "";
  return useQuery({
    queryKey: [...statsQueryKey(organizationId ?? ""), window?.query ?? "all", window?.timeZone],
    queryFn: ({ signal }) =>
      api.get<DashboardStats>(`${organizationPath(organizationId!)}/stats${query}`, { signal }),
    enabled: Boolean(organizationId) && enabled,
    staleTime: 0,
    refetchOnWindowFocus: "always",
  });
}

type SetupProgress = Pick<
  Assistant,
  "name" | "form_id" | "phone_field_id" | "checkbox_field_id" | "assistant_script" | "is_active"
>;

/**
 * What an unfinished assistant needs next, in the order the wizard asks for it (its
 * steps 0–3); null once it could be activated. Used for the dashboard's drafts.
 */
export function nextSetupStep(assistant: SetupProgress): string | null {
  if (!assistant.name?.trim()) return "Name the assistant";
  if (!assistant.form_id) return "Choose a form";
  if (!assistant.phone_field_id || !assistant.checkbox_field_id) return "Choose the call fields";
  if (!assistant.assistant_script?.trim()) return "Write the call script";
  return null;
}

/** A draft: set-up not finished, and so never active. */
export function isDraftAssistant(assistant: SetupProgress): boolean {
  return !assistant.is_active && nextSetupStep(assistant) !== null;
}

/**
 * Brand new: never given a name or a form. Leaving one offers to discard it, so that clicking
 * "Create New Assistant" by mistake leaves nothing behind.
 */
export function isBrandNewAssistant(assistant: Pick<Assistant, "name" | "form_id">): boolean {
  return !assistant.name?.trim() && !assistant.form_id;
}
