/**
 * The access token refreshes automatically when near expiry, and when the tab
 * becomes visible again; refreshing stops while the tab is hidden. (The tick interval and
 * threshold are ours.)
 */
export const REFRESH_TICK_MS = 30_000;
export const REFRESH_THRESHOLD_TICKS = 3;

/** True when the token expires within the threshold (expiresAt in epoch seconds). */
export function isNearExpiry(expiresAt: number, nowMs: number): boolean {
  return expiresAt * 1000 - nowMs <= REFRESH_TICK_MS * REFRESH_THRESHOLD_TICKS;
}

/** The part of `document` the loop needs (tests pass a fake). */
export interface VisibilitySource {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: "visibilitychange", listener: () => void): void;
  removeEventListener(type: "visibilitychange", listener: () => void): void;
}

export interface RefreshLoopDeps {
  expiresAt(): number | null;
  refresh(): Promise<unknown>;
  now?: () => number;
  document?: VisibilitySource;
}

/** Starts the refresh loop; returns a function that stops it. */
export function startRefreshLoop(deps: RefreshLoopDeps): () => void {
  const doc = deps.document ?? document;
  const now = deps.now ?? Date.now;
  let timer: ReturnType<typeof setInterval> | null = null;

  const tick = () => {
    const expiresAt = deps.expiresAt();
    if (expiresAt !== null && isNearExpiry(expiresAt, now())) void deps.refresh();
  };
  const start = () => {
    if (timer === null) timer = setInterval(tick, REFRESH_TICK_MS);
  };
  const stop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  const onVisibility = () => {
    if (doc.visibilityState === "visible") {
      void deps.refresh();
      start();
    } else {
      stop();
    }
  };

  doc.addEventListener("visibilitychange", onVisibility);
  if (doc.visibilityState === "visible") start();
  return () => {
    stop();
    doc.removeEventListener("visibilitychange", onVisibility);
  };
}
