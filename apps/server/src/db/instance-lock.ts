import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

export class InstanceLockedError extends Error {
  readonly dataDir: string;
  readonly pid: number;
  constructor(dataDir: string, pid: number) {
    super(
      `Another Ringback process (pid ${pid}) is already using DATA_DIR ${dataDir}. ` +
        "Stop it first, or give this one its own DATA_DIR. To run web and worker processes " +
        "side by side, point them all at a shared PostgreSQL with DATABASE_URL.",
    );
    this.name = "InstanceLockedError";
    this.dataDir = dataDir;
    this.pid = pid;
  }
}

interface LockFile {
  pid: number;
  hostname: string;
  startedAt: string;
}

/**
 * An exclusive claim on DATA_DIR for the process that owns the embedded PostgreSQL. The lock
 * is a file created with O_EXCL; a lock whose process is gone (killed, crashed) is stale and
 * is taken over.
 */
export class InstanceLock {
  private readonly file: string;
  private constructor(file: string) {
    this.file = file;
  }

  static acquire(dataDir: string, onStale?: (previous: LockFile) => void): InstanceLock {
    const file = path.join(dataDir, "ringback.lock");
    const mine: LockFile = {
      pid: process.pid,
      hostname: hostname(),
      startedAt: new Date().toISOString(),
    };
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        writeFileSync(file, JSON.stringify(mine), { flag: "wx", mode: 0o644 });
        return new InstanceLock(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const previous = readLock(file);
      if (
        previous &&
        previous.pid !== process.pid &&
        isAlive(previous.pid) &&
        previous.hostname === hostname()
      ) {
        throw new InstanceLockedError(dataDir, previous.pid);
      }
      if (previous) onStale?.(previous);
      rmSync(file, { force: true });
    }
    throw new Error(`Could not take the lock ${file}`);
  }

  release(): void {
    const current = readLock(this.file);
    if (current?.pid === process.pid) rmSync(this.file, { force: true });
  }
}

function readLock(file: string): LockFile | null {
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<LockFile>;
    return typeof parsed.pid === "number"
      ? { pid: parsed.pid, hostname: parsed.hostname ?? "", startedAt: parsed.startedAt ?? "" }
      : { pid: -1, hostname: "", startedAt: "" };
  } catch {
    // Unreadable or half-written: treat as stale rather than locking the user out forever.
    return { pid: -1, hostname: "", startedAt: "" };
  }
}

export function isAlive(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
