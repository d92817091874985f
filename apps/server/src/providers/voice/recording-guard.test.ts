import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeAnswer, PUBLIC_STAND_IN, startFakeInternet } from "../../lib/fake-internet.ts";
import { createOutboundClient } from "../../lib/outbound-http.ts";
import { createBlandProvider } from "./bland/bland-provider.ts";
import { createRetellProvider } from "./retell/retell-provider.ts";
import { createVapiProvider } from "./vapi/vapi-provider.ts";
import type { VoiceAdapterOptions, VoiceProvider } from "./voice-provider.ts";

/**
 * Recording URLs come from the voice platforms' payloads (webhooks, get-call answers), so an
 * organization that brings its own account can put any URL there. Every platform's adapter must
 * fetch them through the guarded client: none may reach loopback, directly, through IPv4-mapped
 * IPv6, by a name that resolves there, or by a redirect. The pretend internet sends every
 * connection to one local server and records what the client tried to reach, so nothing leaves
 * loopback even if the guard were broken.
 */
let internet: Awaited<ReturnType<typeof startFakeInternet>>;
let routes: Record<string, FakeAnswer> = {};
beforeAll(async () => {
  internet = await startFakeInternet(
    (request) => routes[`${request.url.host}${request.url.pathname}`] ?? { status: 404 },
  );
});
afterAll(() => internet.close());
beforeEach(() => {
  routes = {};
  internet.seen.length = 0;
  internet.connects.length = 0;
});

const INTERNAL = [
  ["a loopback address", "http://127.0.0.1:8090/latest/meta-data/iam/security-credentials/"],
  ["an IPv4-mapped loopback address", "http://[::ffff:127.0.0.1]:8090/latest/meta-data/"],
  ["a name that resolves to loopback", "http://internal.attacker.test:8090/admin"],
  ["the cloud metadata address", "http://169.254.169.254/latest/meta-data/"],
] as const;

function adapterOptions(apiUrl: string): VoiceAdapterOptions {
  return {
    apiKey: "key_123",
    apiUrl,
    webhookSecret: "secret",
    callerNumber: "+14155550100",
    simulator: false,
    fetch: (async () => new Response("{}", { status: 500 })) as typeof fetch,
    outbound: createOutboundClient(
      { requireHttps: false, allowedNetworks: [] },
      internet.transport,
    ),
  };
}

const agents = {
  get: async () => null,
  save: async () => undefined,
  withLock: <T>(_id: string, fn: () => Promise<T>) => fn(),
};

const platforms: [string, () => VoiceProvider, (internal: string) => string][] = [
  // Bland and Retell fetch the URL their payload gives; a public storage URL may redirect.
  ["Bland", () => createBlandProvider(adapterOptions("https://api.bland.test")), (url) => url],
  [
    "Retell",
    () => createRetellProvider({ ...adapterOptions("https://api.retell.test"), agents }),
    (url) => url,
  ],
  // Vapi's recording is its API's endpoint, which answers with a redirect to storage: the
  // redirect is what a hostile account (or a compromised API) controls.
  [
    "Vapi",
    () => createVapiProvider(adapterOptions("https://api.vapi.test")),
    (url) => {
      routes["api.vapi.test/call/c1/mono-recording"] = { status: 302, headers: { location: url } };
      return "https://api.vapi.test/call/c1/mono-recording";
    },
  ],
];

describe.each(platforms)(
  "%s recordings go through the guarded client",
  (_name, adapter, urlFor) => {
    it.each(INTERNAL)(
      "refuses %s, as a final refusal, without connecting",
      async (_what, internal) => {
        internet.resolve("internal.attacker.test", "127.0.0.1");
        await expect(adapter().fetchRecording(urlFor(internal))).rejects.toMatchObject({
          code: "recording_refused",
          status: 400,
        });
        // Vapi's own API was reached for the redirect; nothing else.
        expect(internet.connects.every((c) => c.host === PUBLIC_STAND_IN)).toBe(true);
        expect(internet.seen.every((s) => s.url.hostname.endsWith(".test"))).toBe(true);
        expect(internet.seen.some((s) => s.url.hostname === "internal.attacker.test")).toBe(false);
      },
    );

    it("refuses a public URL that answers 302 to another loopback port", async () => {
      routes["files.attacker.test/r.wav"] = {
        status: 302,
        headers: { location: "http://127.0.0.1:9999/internal" },
      };
      await expect(
        adapter().fetchRecording(urlFor("https://files.attacker.test/r.wav")),
      ).rejects.toMatchObject({ code: "recording_refused" });
      expect(internet.seen.map((s) => s.url.hostname)).toContain("files.attacker.test");
      expect(internet.connects.every((c) => c.host === PUBLIC_STAND_IN)).toBe(true);
    });

    it("still fetches a public recording", async () => {
      routes["files.example.test/r.wav"] = {
        status: 200,
        headers: { "content-type": "audio/wav" },
        body: "RIFF",
      };
      const fetched = await adapter().fetchRecording(urlFor("https://files.example.test/r.wav"));
      const chunks: Uint8Array[] = [];
      for await (const chunk of fetched.body) chunks.push(chunk);
      expect(Buffer.concat(chunks).toString()).toBe("RIFF");
    });
  },
);
