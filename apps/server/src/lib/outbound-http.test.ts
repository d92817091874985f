import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeAnswer, PUBLIC_STAND_IN, startFakeInternet } from "./fake-internet.ts";
import { parseAllowedNetworks } from "./outbound-addresses.ts";
import { createOutboundClient, type OutboundPolicy } from "./outbound-http.ts";

let routes: Record<string, FakeAnswer> = {};
let internet: Awaited<ReturnType<typeof startFakeInternet>>;

beforeAll(async () => {
  internet = await startFakeInternet(
    (request) => routes[`${request.url.host}${request.url.pathname}`] ?? { status: 404 },
  );
});
afterAll(() => internet.close());

const open: OutboundPolicy = { requireHttps: false, allowedNetworks: [] };
const client = (policy: Partial<OutboundPolicy> = {}) =>
  createOutboundClient({ ...open, ...policy }, internet.transport);
const get = (url: string, policy: Partial<OutboundPolicy> = {}, maxBytes = 1024) =>
  client(policy).request(url, { timeoutMs: 2000, maxBytes });

function reset() {
  routes = {};
  internet.seen.length = 0;
  internet.connects.length = 0;
}

const NOT_PUBLIC = [
  "127.0.0.1",
  "127.8.9.10",
  "0.0.0.0",
  "10.0.0.1",
  "172.16.5.4",
  "192.168.1.1",
  "100.64.0.1",
  "169.254.169.254", // AWS, GCP and Azure metadata
  "224.0.0.1",
  "255.255.255.255",
  "::1",
  "::",
  "::ffff:127.0.0.1",
  "::ffff:169.254.169.254",
  "fe80::1",
  "fd00:ec2::254", // AWS metadata over IPv6 (unique-local)
  "fc00::1",
  "ff02::1",
];

describe("the guarded outbound client refuses what is not public", () => {
  it.each(NOT_PUBLIC)("a URL written with %s, before any connection", async (address) => {
    reset();
    const host = address.includes(":") ? `[${address}]` : address;
    await expect(get(`http://${host}:8080/latest/meta-data/`)).rejects.toMatchObject({
      code: "refused",
      message: expect.stringMatching(/not a public address$/),
    });
    expect(internet.connects).toEqual([]);
    expect(internet.seen).toEqual([]);
  });

  it.each(NOT_PUBLIC)("a name that resolves to %s", async (address) => {
    reset();
    internet.resolve("metadata.attacker.test", address);
    await expect(get("https://metadata.attacker.test/recording.wav")).rejects.toMatchObject({
      code: "refused",
      message: `Refused: metadata.attacker.test resolves to ${address}, which is not a public address`,
    });
    expect(internet.connects).toEqual([]);
  });

  it("a name whose answer mixes a public and a private address", async () => {
    reset();
    internet.resolve("rebind.attacker.test", PUBLIC_STAND_IN, "10.0.0.7");
    await expect(get("http://rebind.attacker.test/")).rejects.toMatchObject({ code: "refused" });
    expect(internet.connects).toEqual([]);
  });

  it("other schemes, credentials in the URL, and http where https is required", async () => {
    reset();
    for (const url of ["file:///etc/passwd", "ftp://files.example.com/a.wav", "gopher://x/"]) {
      await expect(get(url)).rejects.toMatchObject({ code: "refused" });
    }
    await expect(get("https://user:pw@files.example.com/a.wav")).rejects.toMatchObject({
      code: "refused",
    });
    await expect(
      get("http://files.example.com/a.wav", { requireHttps: true }),
    ).rejects.toMatchObject({ code: "refused", message: "Only https:// URLs are allowed" });
    expect(internet.connects).toEqual([]);
  });
});

describe("the guarded outbound client connects to the address it checked", () => {
  it("resolves once and connects to that address, with the name for SNI and Host", async () => {
    reset();
    routes["files.example.com/a.wav"] = { status: 200, body: "RIFF" };
    const response = await get("https://files.example.com/a.wav");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("RIFF");
    expect(internet.connects).toEqual([
      { host: PUBLIC_STAND_IN, port: 443, secure: true, servername: "files.example.com" },
    ]);
    expect(internet.seen[0]!.headers.host).toBe("files.example.com");
  });

  it("lets networks the operator allows through, and trusted URLs as they are", async () => {
    reset();
    routes["crm.internal/hook"] = { status: 204 };
    internet.resolve("crm.internal", "10.1.2.3");
    const allowed = parseAllowedNetworks("10.1.2.0/24");
    expect((await get("http://crm.internal/hook", { allowedNetworks: allowed })).status).toBe(204);
    routes["127.0.0.1:3000/sandbox/bland/recordings/c.wav"] = { status: 200, body: "RIFF" };
    const trusted = (url: URL) => url.href.startsWith("http://127.0.0.1:3000/sandbox/");
    const own = await get("http://127.0.0.1:3000/sandbox/bland/recordings/c.wav", { trusted });
    expect(await own.text()).toBe("RIFF");
    // Trust is for those URLs only: the same server's other paths are still refused.
    await expect(get("http://127.0.0.1:3000/dev/sms", { trusted })).rejects.toMatchObject({
      code: "refused",
    });
    await expect(
      get("http://127.0.0.1:3000/sandbox/../dev/sms", { trusted }),
    ).rejects.toMatchObject({ code: "refused" });
  });
});

describe("redirects", () => {
  it("checks every hop: a redirect to a private address is refused", async () => {
    reset();
    internet.resolve("internal.attacker.test", "127.0.0.1");
    routes["files.example.com/a.wav"] = {
      status: 302,
      headers: { location: "http://internal.attacker.test:9000/secret" },
    };
    await expect(get("https://files.example.com/a.wav")).rejects.toMatchObject({
      code: "refused",
    });
    routes["files.example.com/b.wav"] = {
      status: 302,
      headers: { location: "http://[::ffff:169.254.169.254]/latest/meta-data/" },
    };
    await expect(get("https://files.example.com/b.wav")).rejects.toMatchObject({
      code: "refused",
    });
    expect(internet.connects.map((c) => c.host)).toEqual([PUBLIC_STAND_IN, PUBLIC_STAND_IN]);
  });

  it("follows at most the cap, and never carries credentials along", async () => {
    reset();
    for (let n = 0; n < 8; n += 1) {
      routes[`hop.example.com/${n}`] = { status: 302, headers: { location: `/${n + 1}` } };
    }
    routes["hop.example.com/3"] = { status: 200, body: "done" };
    const three = await client().request("https://hop.example.com/0", {
      timeoutMs: 2000,
      maxBytes: 100,
      maxRedirects: 3,
      credentials: { authorization: "Bearer key" },
    });
    expect(await three.text()).toBe("done");
    expect(internet.seen.map((s) => [s.url.pathname, s.headers.authorization ?? null])).toEqual([
      ["/0", "Bearer key"],
      ["/1", null],
      ["/2", null],
      ["/3", null],
    ]);
    routes["hop.example.com/3"] = { status: 307, headers: { location: "/4" } };
    await expect(
      client().request("https://hop.example.com/0", { timeoutMs: 2000, maxBytes: 100 }),
    ).rejects.toMatchObject({ code: "refused", message: "More than 5 redirects" });
  });

  it("answers a 3xx as it is when no redirect may be followed", async () => {
    reset();
    routes["hook.example.com/in"] = { status: 301, headers: { location: "http://10.0.0.1/" } };
    const response = await client().request("https://hook.example.com/in", {
      method: "POST",
      body: "{}",
      timeoutMs: 2000,
      maxBytes: 100,
      maxRedirects: 0,
    });
    expect(response.status).toBe(301);
    expect(internet.seen).toHaveLength(1);
  });
});

describe("caps", () => {
  it("stops reading past maxBytes", async () => {
    reset();
    routes["files.example.com/big.wav"] = { status: 200, body: Buffer.alloc(5000, 1) };
    const response = await get("https://files.example.com/big.wav", {}, 1000);
    await expect(response.text()).rejects.toMatchObject({ code: "too_large" });
  });

  it("gives up at the deadline, headers or body", async () => {
    reset();
    routes["slow.example.com/x"] = "hang";
    await expect(
      client().request("https://slow.example.com/x", { timeoutMs: 100, maxBytes: 100 }),
    ).rejects.toMatchObject({ code: "timeout", message: "Timed out after 100 ms" });
  });
});
