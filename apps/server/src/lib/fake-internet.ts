import { createServer, type IncomingHttpHeaders } from "node:http";
import net, { type AddressInfo, isIP } from "node:net";
import type { OutboundTransport, ResolvedAddress } from "./outbound-http.ts";

/**
 * For tests of the guarded outbound client: a pretend internet inside this process. Names resolve
 * to whatever the test says (by default a public stand-in address), and every connection the
 * client makes — to any address — really goes to one HTTP server on 127.0.0.1, which answers as
 * the test says. So the guard is exercised with any address at all while no packet leaves
 * loopback, even if the guard is broken; `connects` shows what the client tried to reach.
 */

export interface FakeRequest {
  /** As the client asked for it: scheme from the connection, host from the Host header. */
  url: URL;
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type FakeAnswer =
  | { status: number; headers?: Record<string, string>; body?: string | Buffer }
  | "hang";

/** A public address that names resolve to by default (the client never really connects to it). */
export const PUBLIC_STAND_IN = "93.184.215.14";

export async function startFakeInternet(answer: (request: FakeRequest) => FakeAnswer) {
  const seen: FakeRequest[] = [];
  const connects: { host: string; port: number; secure: boolean; servername?: string }[] = [];
  const names = new Map<string, ResolvedAddress[]>();
  const secureByPort = new Map<number, boolean>();
  const sockets = new Set<net.Socket>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const secure = secureByPort.get(req.socket.remotePort ?? 0) ?? false;
      const request: FakeRequest = {
        url: new URL(req.url ?? "/", `${secure ? "https" : "http"}://${req.headers.host}`),
        method: req.method ?? "GET",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      seen.push(request);
      const planned = answer(request);
      if (planned === "hang") return;
      res.writeHead(planned.status, planned.headers ?? {}).end(planned.body ?? "");
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const transport: OutboundTransport = {
    async resolve(hostname) {
      return names.get(hostname) ?? [{ address: PUBLIC_STAND_IN, family: 4 }];
    },
    connect(options, secure) {
      connects.push({
        host: String(options.host),
        port: Number(options.port),
        secure,
        ...(options.servername ? { servername: options.servername } : {}),
      });
      // Always the local server, whatever address was asked for; plain HTTP even for https:
      // the TLS layer is the platform's, the guard is what is under test.
      const socket = net.connect({ host: "127.0.0.1", port });
      socket.once("connect", () => secureByPort.set(socket.localPort ?? 0, secure));
      return socket;
    },
  };

  return {
    transport,
    seen,
    connects,
    /** Makes `hostname` resolve to these addresses. */
    resolve(hostname: string, ...addresses: string[]) {
      names.set(
        hostname,
        addresses.map((address) => ({ address, family: isIP(address) })),
      );
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
