import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { getAuthState, refreshSession } from "./session";

/**
 * Keeps an organization's screens live (issue 6 §8): reads the server-sent events of
 * GET /api/organizations/:id/events — with fetch, because EventSource cannot send the bearer
 * token — and refetches the organization's queries when a call record or submission changes.
 * Reconnects with back-off; a reconnect refetches too, so nothing missed while away stays stale.
 */
/**
 * The queries that show calls and submissions. Not the forms or fields: those come from the
 * form provider, whose rate limit a call's progress must not spend.
 */
const LIVE_QUERIES = new Set(["stats", "assistants", "call-records"]);

export function useLiveUpdates(organizationId: string | null | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!organizationId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refetch = () => {
      if (timer) return;
      // Several changes in a burst (a call's ring, talk and end) become one refetch.
      timer = setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({
          predicate: (query) =>
            query.queryKey[0] === "organization" &&
            query.queryKey[1] === organizationId &&
            LIVE_QUERIES.has(String(query.queryKey[2])),
        });
      }, 250);
    };

    const run = async () => {
      let delay = 1000;
      while (!controller.signal.aborted) {
        try {
          const auth = getAuthState();
          const token = auth.status === "signed-in" ? auth.session.access_token : null;
          if (!token) return;
          const response = await fetch(`/api/organizations/${organizationId}/events`, {
            headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" },
            signal: controller.signal,
          });
          if (response.status === 401) {
            await refreshSession({ force: true }).catch(() => null);
          } else if (response.ok && response.body) {
            delay = 1000;
            refetch();
            const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
            let buffer = "";
            for (;;) {
              const { value, done } = await reader.read();
              if (done) break;
              buffer += value;
              const events = buffer.split("\n\n");
              buffer = events.pop() ?? "";
              if (events.some((e) => e.split("\n").includes("event: change"))) refetch();
            }
          }
        } catch {
          if (controller.signal.aborted) return;
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, 30_000);
      }
    };
    void run();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [organizationId, queryClient]);
}
