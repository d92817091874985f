import { type Query, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { getAuthState, refreshSession } from "./session";

/**
 * Keeps an organization's screens live (issue 6 §8): reads the server-sent events of
 * GET /api/organizations/:id/events — with fetch, because EventSource cannot send the bearer
 * token — and refetches the organization's queries when a call record or submission changes.
 * Reconnects with back-off (at once when the browser comes back online or the tab is shown
 * again); a reconnect refetches what was loaded before it, so nothing missed while away stays
 * stale (and what was loaded since, the first load of the page, is not fetched twice). The hook says
 * whether the stream is up, so the page can say when it is not (issue 12 §6). The server ends a
 * stream whose session or membership is over (an `end` event): the session and every query are
 * then read again, so the app follows (sign-in, or another organization).
 */
/**
 * The queries that show calls and submissions. Not the forms or fields: those come from the
 * form provider, whose rate limit a call's progress must not spend.
 */
const LIVE_QUERIES = new Set(["stats", "assistants", "call-records"]);

/**
 * Whether a change may have passed this query by: it shows the organization's calls or
 * submissions and its data was loaded before `loadedBefore` (a change event: every such query;
 * a stream that opened: those loaded before it was asked for, which changes in between could
 * have missed; what loaded since is as new as the stream).
 */
export function isStale(
  query: Pick<Query, "queryKey" | "state">,
  organizationId: string,
  loadedBefore: number,
): boolean {
  const [scope, id, kind] = query.queryKey;
  return (
    scope === "organization" &&
    id === organizationId &&
    LIVE_QUERIES.has(String(kind)) &&
    query.state.dataUpdatedAt < loadedBefore
  );
}

/** connecting: the first attempt; live: the stream is open; paused: it dropped or never opened. */
export type LiveStatus = "connecting" | "live" | "paused";

/** The wait before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s… at most 15 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempt), 15_000);
}

/** Resolves after `ms`, or earlier on `wake` (online again, tab shown) or on abort. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener("online", done);
      document.removeEventListener("visibilitychange", onVisible);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") done();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener("online", done);
    document.addEventListener("visibilitychange", onVisible);
    signal.addEventListener("abort", done);
  });
}

export function useLiveUpdates(organizationId: string | null | undefined): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>("connecting");
  useEffect(() => {
    if (!organizationId) return;
    setStatus("connecting");
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | null = null;
    let loadedBefore = Number.NEGATIVE_INFINITY;
    /** Refetches the live queries loaded before `before` (a change: all of them). */
    const refetch = (before = Number.POSITIVE_INFINITY) => {
      loadedBefore = Math.max(loadedBefore, before);
      if (timer) return;
      // Several changes in a burst (a call's ring, talk and end) become one refetch.
      timer = setTimeout(() => {
        timer = null;
        const cutoff = loadedBefore;
        loadedBefore = Number.NEGATIVE_INFINITY;
        // A load already under way is kept, not cancelled and sent again.
        void queryClient.invalidateQueries(
          { predicate: (query) => isStale(query, organizationId, cutoff) },
          { cancelRefetch: false },
        );
      }, 250);
    };

    const run = async () => {
      let attempt = 0;
      let refreshedToken = false;
      while (!controller.signal.aborted) {
        try {
          const auth = getAuthState();
          const token = auth.status === "signed-in" ? auth.session.access_token : null;
          if (!token) return;
          const askedAt = Date.now();
          const response = await fetch(`/api/organizations/${organizationId}/events`, {
            headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" },
            signal: controller.signal,
          });
          if (response.status === 401) {
            const session = await refreshSession({ force: true }).catch(() => null);
            // An expired token is routine: try again at once with the new one, once.
            if (session && !refreshedToken) {
              refreshedToken = true;
              continue;
            }
          } else if (response.ok && response.body) {
            attempt = 0;
            refreshedToken = false;
            setStatus("live");
            // Whatever changed while the stream was down (or before it first opened).
            refetch(askedAt);
            const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
            let buffer = "";
            for (;;) {
              const { value, done } = await reader.read();
              if (done) break;
              buffer += value;
              const events = buffer.split("\n\n");
              buffer = events.pop() ?? "";
              if (events.some((e) => e.split("\n").includes("event: change"))) refetch();
              if (events.some((e) => e.split("\n").includes("event: end"))) {
                // The session or the membership that opened the stream is over: find out which
                // (a signed-out session goes to sign-in, a lost organization to the next one).
                void refreshSession({ force: true }).catch(() => null);
                void queryClient.invalidateQueries();
                break;
              }
            }
          }
        } catch {
          if (controller.signal.aborted) return;
        }
        if (controller.signal.aborted) return;
        setStatus("paused");
        await sleep(reconnectDelay(attempt), controller.signal);
        attempt += 1;
      }
    };
    void run();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [organizationId, queryClient]);
  return organizationId ? status : "connecting";
}
