/**
 * What a read shows: a spinner while it has never answered, an error with Retry
 * when it failed and there is nothing to show, the content with an "out of date" notice when a
 * refresh failed, else the content. An empty list is only ever shown when the server said so.
 */
export type LoadState = "loading" | "failed" | "stale" | "ready";

export function loadState(query: { data: unknown; error: unknown }): LoadState {
  if (query.data === undefined) return query.error ? "failed" : "loading";
  return query.error ? "stale" : "ready";
}
