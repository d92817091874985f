import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { InstanceLock, InstanceLockedError } from "./instance-lock.ts";

describe("InstanceLock", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const dataDir = () => {
    const d = mkdtempSync(path.join(tmpdir(), "ringback-lock-"));
    dirs.push(d);
    return d;
  };
  const writeLock = (dir: string, pid: number) =>
    writeFileSync(
      path.join(dir, "ringback.lock"),
      JSON.stringify({ pid, hostname: hostname(), startedAt: "x" }),
    );

  it("writes this process's pid and removes the file on release", () => {
    const dir = dataDir();
    const lock = InstanceLock.acquire(dir);
    expect(JSON.parse(readFileSync(path.join(dir, "ringback.lock"), "utf8")).pid).toBe(process.pid);
    lock.release();
    expect(() => readFileSync(path.join(dir, "ringback.lock"))).toThrow();
  });

  it("refuses when a live process holds the lock, naming it", () => {
    const dir = dataDir();
    writeLock(dir, process.ppid);
    expect(() => InstanceLock.acquire(dir)).toThrow(InstanceLockedError);
    expect(() => InstanceLock.acquire(dir)).toThrow(`pid ${process.ppid}`);
  });

  const holder = (dir: string) =>
    JSON.parse(readFileSync(path.join(dir, "ringback.lock"), "utf8")).pid as number;

  it("takes over a lock whose process is gone, and reports it", () => {
    const dir = dataDir();
    writeLock(dir, 2_147_483_000);
    const stale: number[] = [];
    const lock = InstanceLock.acquire(dir, (previous) => stale.push(previous.pid));
    expect(stale).toEqual([2_147_483_000]);
    expect(holder(dir)).toBe(process.pid);
    lock.release();
    expect(existsSync(path.join(dir, "ringback.lock"))).toBe(false);
  });

  it("treats an unreadable lock file as stale: takes it over and reports the recovery", () => {
    for (const content of ["{half", "", '{"hostname":"x"}']) {
      const dir = dataDir();
      writeFileSync(path.join(dir, "ringback.lock"), content);
      const stale: number[] = [];
      const lock = InstanceLock.acquire(dir, (previous) => stale.push(previous.pid));
      expect(stale, content).toHaveLength(1);
      expect(holder(dir), content).toBe(process.pid);
      lock.release();
      expect(existsSync(path.join(dir, "ringback.lock")), content).toBe(false);
    }
  });
});
