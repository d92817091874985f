import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll } from "vitest";

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on 127.0.0.1 for tests of the sandboxes' deliveries: each path answers its
 * list of statuses in turn (the last one repeats). Closed after the file's tests.
 */
export async function startReceiver() {
  const received: Received[] = [];
  const plans = new Map<string, number[]>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const plan = plans.get(path) ?? [200];
      const status = plan.length > 1 ? plan.shift()! : plan[0]!;
      res.writeHead(status, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    url: (path: string, statuses: number[] = [200]) => {
      plans.set(path, [...statuses]);
      return `http://127.0.0.1:${port}${path}`;
    },
    at: (path: string) => received.filter((r) => r.path === path),
  };
}

/** Polls until `check` gives something other than undefined/false. */
export async function waitFor<T>(
  check: () => Promise<T | undefined> | T | undefined,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error("Timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
