import { type Query, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { onServerBack } from "./connection";
import { getAuthState, refreshSession } from "./session";

/**
 * Keeps an organization's screens live: reads the server-sent events of
 * GET /api/organizations/:id/events — with fetch, because EventSource cannot send the bearer
 * token — and refetches the organization's queries a change may have passed by: those showing
 * calls and submissions when a call record or submission changes, the Webhooks page's when a
 * webhook delivery does.
 * Reconnects with back-off (at once when the browser comes back online or the tab is shown
 * again); a reconnect refetches what was loaded before it, so nothing missed while away stays
 * stale (and what was loaded since, the first load of the page, is not fetched twice). The hook says
 * whether the stream is up, so the page can say when it is not (docs/architecture.md, the events route). The server ends a
 * stream whose session or membership is over (an `end` event): the session and every query are
 * then read again, so the app follows (sign-in, or another organization).
 */
/**
 * The queries a change to each table may pass by, by their key's kind (`["organization", id,
 * kind, …]`). Calls and submissions: the queries that show them, not the forms or fields (those
 * come from the form provider, whose rate limit a call's progress must not spend). Webhook
 * deliveries: the Webhooks page's endpoints and each endpoint's delivery log (`"webhook-endpoints"`,
 * whose keys the logs' extend), since a delivery's answer also moves its endpoint's "failing
 * since" and may disable it.
 */
const LIVE_QUERIES: Readonly<Record<string, readonly string[]>> = {
  call_records: ["stats", "assistants", "call-records"],
  form_submissions: ["stats", "assistants", "call-records"],
  webhook_deliveries: ["webhook-endpoints"],
};
const ALL_LIVE_KINDS = [...new Set(Object.values(LIVE_QUERIES).flat())];

/**
 * The query kinds changes to `tables` may pass by; all of them for a table this page does not
 * know (a newer server), so that nothing stays stale.
 */
export function liveKinds(tables: Iterable<string>): string[] {
  const kinds = new Set<string>();
  for (const table of tables)
    for (const kind of LIVE_QUERIES[table] ?? ALL_LIVE_KINDS) kinds.add(kind);
  return [...kinds];
}

/** Every live kind, for a stream that opened (whatever changed while it was down). */
export const everyLiveKind = (): string[] => [...ALL_LIVE_KINDS];

/**
 * Whether a change may have passed this query by: it is the organization's, of a kind with a
 * cutoff in `loadedBefore`, and its data was loaded before that cutoff (a change event: every
 * such query; a stream that opened: those loaded before it was asked for, which changes in
 * between could have missed; what loaded since is as new as the stream).
 */
export function isStale(
  query: Pick<Query, "queryKey" | "state">,
  organizationId: string,
  loadedBefore: ReadonlyMap<string, number>,
): boolean {
  const [scope, id, kind] = query.queryKey;
  if (scope !== "organization" || id !== organizationId) return false;
  const cutoff = loadedBefore.get(String(kind));
  return cutoff !== undefined && query.state.dataUpdatedAt < cutoff;
}

/** The `table` of each `change` event among `events` (SSE messages, without their blank line). */
export function changedTables(events: readonly string[]): string[] {
  const tables: string[] = [];
  for (const event of events) {
    const lines = event.split("\n");
    if (!lines.includes("event: change")) continue;
    const data = lines.find((line) => line.startsWith("data: "));
    let table = "";
    try {
      table = String((JSON.parse(data?.slice(6) ?? "") as { table?: unknown }).table ?? "");
    } catch {
      // Unreadable: treated as a table this page does not know.
    }
    tables.push(table);
  }
  return tables;
}

/** connecting: the first attempt; live: the stream is open; paused: it dropped or never opened. */
export type LiveStatus = "connecting" | "live" | "paused";

/** The wait before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s… at most 15 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempt), 15_000);
}

/**
 * Resolves after `ms`, or earlier on a wake-up (online again, the tab shown, the server answering
 * again: connection.ts) or on abort.
 */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stopWatching();
      window.removeEventListener("online", done);
      document.removeEventListener("visibilitychange", onVisible);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") done();
    };
    const timer = setTimeout(done, ms);
    const stopWatching = onServerBack(done);
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
    /** Per query kind, the time before which its data is stale. */
    let loadedBefore = new Map<string, number>();
    /** Refetches the queries of `kinds` loaded before `before` (a change: all of them). */
    const refetch = (kinds: readonly string[], before = Number.POSITIVE_INFINITY) => {
      for (const kind of kinds) {
        loadedBefore.set(
          kind,
          Math.max(loadedBefore.get(kind) ?? Number.NEGATIVE_INFINITY, before),
        );
      }
      if (timer || loadedBefore.size === 0) return;
      // Several changes in a burst (a call's ring, talk and end; a busy webhook endpoint's
      // deliveries) become one refetch.
      timer = setTimeout(() => {
        timer = null;
        const cutoffs = loadedBefore;
        loadedBefore = new Map();
        // A load already under way is kept, not cancelled and sent again.
        void queryClient.invalidateQueries(
          { predicate: (query) => isStale(query, organizationId, cutoffs) },
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
            refetch(everyLiveKind(), askedAt);
            const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
            let buffer = "";
            for (;;) {
              const { value, done } = await reader.read();
              if (done) break;
              buffer += value;
              const events = buffer.split("\n\n");
              buffer = events.pop() ?? "";
              const tables = changedTables(events);
              if (tables.length > 0) refetch(liveKinds(tables));
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
