/**
 * Whether the server answers, as the app's own requests find out. A request that cannot reach
 * it (a network error, or a gateway's 502/504 while it restarts) says so here; from then on
 * GET /api/health is asked now and then (2 s, 4 s… at most 15 s, and at once when the browser is
 * back online) until it answers, and then everyone listening hears that the server is back: the
 * pages read again what failed meanwhile (queries.tsx), and the "Live updates paused" banner
 * goes. Nothing here shows anything by itself.
 */
export type ConnectionState = "ok" | "down";

let state: ConnectionState = "ok";
const listeners = new Set<() => void>();
const recovered = new Set<() => void>();
let probing = false;
/** Health checks since the last stable recovery: a failure right after one keeps backing off. */
let attempts = 0;
let backAt = Number.NEGATIVE_INFINITY;
/** A recovery this recent that fails again is the same outage (or one broken endpoint). */
const STABLE_MS = 30_000;

export function connectionState(): ConnectionState {
  return state;
}

export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs `listener` each time the server answers again after it did not. */
export function onServerBack(listener: () => void): () => void {
  recovered.add(listener);
  return () => recovered.delete(listener);
}

function set(next: ConnectionState) {
  if (state === next) return;
  state = next;
  if (next === "ok") backAt = Date.now();
  for (const listener of listeners) listener();
  if (next === "ok") for (const listener of recovered) listener();
}

/** The wait before health check `attempt` (0-based): 2 s, 4 s, 8 s, then every 15 s. */
export function probeDelay(attempt: number): number {
  return Math.min(2_000 * 2 ** Math.max(0, attempt), 15_000);
}

/** A request found the server: all is well (and a probe under way can stop). */
export function reportReachable(): void {
  set("ok");
}

/** A request could not reach the server: probe until it answers. */
export function reportUnreachable(probe: () => Promise<boolean> = healthAnswers): void {
  if (Date.now() - backAt > STABLE_MS) attempts = 0;
  set("down");
  if (probing) return;
  probing = true;
  void (async () => {
    while (state === "down") {
      await wait(probeDelay(attempts));
      attempts += 1;
      if (state !== "down") break;
      if (await probe().catch(() => false)) set("ok");
    }
    probing = false;
  })();
}

async function healthAnswers(): Promise<boolean> {
  const response = await fetch("/api/health", { cache: "no-store" });
  return response.ok;
}

/** Resolves after `ms`, or at once when the browser comes back online. */
function wait(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      globalThis.removeEventListener?.("online", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    globalThis.addEventListener?.("online", done);
  });
}

/**
 * Statuses a gateway answers while the server behind it is down or restarting. Not 503: the
 * server itself answers that (its database is away, say), and the page says so with Retry.
 */
export const GATEWAY_DOWN = new Set([502, 504]);
