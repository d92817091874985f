import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const entry = fileURLToPath(new URL("../src/main.ts", import.meta.url));

export interface RingbackProcess {
  child: ChildProcess;
  logs: Record<string, unknown>[];
  stderr: () => string;
  waitForLog(message: string | RegExp, timeoutMs?: number): Promise<Record<string, unknown>>;
  exited: Promise<number | null>;
}

// Children still running when the test process ends (a set-up that failed before its afterAll
// could stop them) are killed with it, so they never outlive the run.
const children = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

/** Runs the real server entry point as a child process with the given environment. */
export function spawnRingback(env: Record<string, string>, args: string[] = []): RingbackProcess {
  const child = spawn(process.execPath, [entry, ...args], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      LOG_LEVEL: "info",
      NODE_ENV: "test",
      // Respondents where it is noon (calls at any hour); only a test process may say so.
      ...(env.NODE_ENV && env.NODE_ENV !== "test"
        ? {}
        : { RESPONDENT_TIME_ZONE_FOR_TESTS: "midday" }),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  const logs: Record<string, unknown>[] = [];
  const waiters: {
    match: (e: Record<string, unknown>) => boolean;
    resolve: (e: Record<string, unknown>) => void;
  }[] = [];
  let stderr = "";
  let buffer = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    buffer += chunk.toString();
    let newline = buffer.indexOf("\n");
    while (newline >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf("\n");
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        entry = { msg: line };
      }
      logs.push(entry);
      for (const w of [...waiters]) {
        if (w.match(entry)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(entry);
        }
      }
    }
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    logs,
    stderr: () => stderr,
    exited,
    waitForLog(message, timeoutMs = 30_000) {
      const match = (e: Record<string, unknown>) =>
        typeof e.msg === "string" &&
        (typeof message === "string" ? e.msg.includes(message) : message.test(e.msg));
      const seen = logs.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `Timed out waiting for log "${message}". stderr: ${stderr}\nlogs: ${JSON.stringify(logs)}`,
              ),
            ),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
        void exited.then((code) => {
          clearTimeout(timer);
          reject(
            new Error(
              `Process exited (${code}) before log "${message}". stderr: ${stderr}\nlogs: ${JSON.stringify(logs)}`,
            ),
          );
        });
      });
    },
  };
}

/** Waits until the process logs its URL, and returns it. */
export async function listeningUrl(p: RingbackProcess): Promise<string> {
  const entry = await p.waitForLog("Ringback is running at");
  return entry.url as string;
}

export async function stopProcess(
  p: RingbackProcess,
  signal: NodeJS.Signals = "SIGTERM",
): Promise<number | null> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return p.child.exitCode;
  p.child.kill(signal);
  return p.exited;
}

/**
 * Waits until the process answers GET /api/health with 200 (for processes started with a quiet
 * LOG_LEVEL, which do not log their URL).
 */
export async function waitUntilHealthy(
  p: RingbackProcess,
  url: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (p.child.exitCode !== null || p.child.signalCode !== null) {
      throw new Error(`Process exited (${p.child.exitCode}) before it was healthy: ${p.stderr()}`);
    }
    const status = await fetch(`${url}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) {
      throw new Error(`Not healthy after ${timeoutMs} ms (last ${status}): ${p.stderr()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
