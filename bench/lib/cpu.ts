import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** User + system CPU seconds of one process (Linux /proc), 0 once it is gone. */
function processSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the name).
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The PostgreSQL server processes (postmaster and backends) on this machine. */
function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = readFileSync(`/proc/${entry}/comm`, "utf8").trim();
      if (comm === "postgres") pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

/**
 * CPU used between two readings by the app, by PostgreSQL and by this process (the load
 * generator), in cores (CPU seconds per second of wall time). Backends that ended between the
 * readings are not counted (the app keeps its pool's connections open).
 */
export function cpuMeter(appPid: number) {
  const read = () => {
    const pg = new Map(postgresPids().map((pid) => [pid, processSeconds(pid)]));
    const own = process.cpuUsage();
    return {
      at: performance.now(),
      app: processSeconds(appPid),
      pg,
      self: (own.user + own.system) / 1e6,
    };
  };
  let start = read();
  return {
    reset() {
      start = read();
    },
    /** Cores used since the last reset. */
    cores() {
      const end = read();
      const seconds = (end.at - start.at) / 1000;
      let pg = 0;
      for (const [pid, used] of end.pg) pg += used - (start.pg.get(pid) ?? 0);
      return {
        app: (end.app - start.app) / seconds,
        postgres: pg / seconds,
        generator: (end.self - start.self) / seconds,
      };
    },
  };
}
