import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  connectionState,
  onServerBack,
  probeDelay,
  reportReachable,
  reportUnreachable,
} from "./connection";

describe("the connection to the server", () => {
  let hour = 0;
  beforeEach(() => {
    // Each test an hour after the last: the module's memory of a recent recovery is stale.
    vi.useFakeTimers();
    hour += 1;
    vi.setSystemTime(Date.UTC(2030, 0, 1, hour));
  });
  afterEach(() => {
    reportReachable();
    vi.useRealTimers();
  });

  it("backs off between health checks, at most 15 s apart", () => {
    expect([0, 1, 2, 3, 4, 10].map(probeDelay)).toEqual([
      2_000, 4_000, 8_000, 15_000, 15_000, 15_000,
    ]);
  });

  it("probes while the server is down, and says once when it is back", async () => {
    const answers = [false, false, true];
    const probe = vi.fn(async () => answers.shift() ?? true);
    const back = vi.fn();
    const stop = onServerBack(back);
    reportUnreachable(probe);
    // A second failure while probing starts no second prober.
    reportUnreachable(probe);
    expect(connectionState()).toBe("down");
    await vi.advanceTimersByTimeAsync(2_000);
    expect(probe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(back).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(8_000);
    expect(probe).toHaveBeenCalledTimes(3);
    expect(connectionState()).toBe("ok");
    expect(back).toHaveBeenCalledTimes(1);
    // Up: no more probes.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probe).toHaveBeenCalledTimes(3);
    stop();
  });

  it("keeps backing off when the server fails again right after it came back", async () => {
    const probe = vi.fn(async () => true);
    reportUnreachable(probe);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(connectionState()).toBe("ok");
    // At once down again (one broken endpoint, a flapping server): the next check waits 4 s.
    reportUnreachable(probe);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(probe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(probe).toHaveBeenCalledTimes(2);
    // Stable for a while, a new outage starts from 2 s again.
    await vi.advanceTimersByTimeAsync(31_000);
    reportUnreachable(probe);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(probe).toHaveBeenCalledTimes(3);
  });

  it("stops probing when a request gets through first", async () => {
    const probe = vi.fn(async () => false);
    const back = vi.fn();
    const stop = onServerBack(back);
    reportUnreachable(probe);
    reportReachable();
    expect(back).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(probe).not.toHaveBeenCalled();
    stop();
  });
});
