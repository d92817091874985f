import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  isNearExpiry,
  REFRESH_THRESHOLD_TICKS,
  REFRESH_TICK_MS,
  startRefreshLoop,
} from "./token-refresh";

function fakeDocument(initial: "visible" | "hidden") {
  const handlers = new Set<() => void>();
  const doc = {
    visibilityState: initial as DocumentVisibilityState,
    addEventListener: (_: string, h: () => void) => {
      handlers.add(h);
    },
    removeEventListener: (_: string, h: () => void) => {
      handlers.delete(h);
    },
    set(next: "visible" | "hidden") {
      doc.visibilityState = next;
      for (const h of handlers) h();
    },
  };
  return doc;
}

describe("token refresh", () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000_000_000 }));
  afterEach(() => vi.useRealTimers());

  it("counts a token as near expiry within the threshold of ticks", () => {
    const now = Date.now();
    const threshold = REFRESH_TICK_MS * REFRESH_THRESHOLD_TICKS;
    expect(isNearExpiry((now + threshold) / 1000, now)).toBe(true);
    expect(isNearExpiry((now + threshold + 1000) / 1000, now)).toBe(false);
  });

  it("refreshes on the tick that finds the token near expiry, not before", () => {
    const refresh = vi.fn(async () => undefined);
    const expiresAt = (Date.now() + 10 * 60_000) / 1000;
    const doc = fakeDocument("visible");
    const stop = startRefreshLoop({ expiresAt: () => expiresAt, refresh, document: doc });
    vi.advanceTimersByTime(10 * 60_000 - REFRESH_TICK_MS * REFRESH_THRESHOLD_TICKS - 1);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(REFRESH_TICK_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
    stop();
  });

  it("stops while the tab is hidden and refreshes when it becomes visible again", () => {
    const refresh = vi.fn(async () => undefined);
    const doc = fakeDocument("visible");
    const stop = startRefreshLoop({ expiresAt: () => Date.now() / 1000, refresh, document: doc });
    doc.set("hidden");
    vi.advanceTimersByTime(REFRESH_TICK_MS * 10);
    expect(refresh).not.toHaveBeenCalled();
    doc.set("visible");
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(REFRESH_TICK_MS);
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(REFRESH_TICK_MS * 10);
    expect(refresh).toHaveBeenCalledTimes(2);
  });
});
