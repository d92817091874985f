import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeAnswer, PUBLIC_STAND_IN, startFakeInternet } from "../../lib/fake-internet.ts";
import { createOutboundClient, strictOutboundClient } from "../../lib/outbound-http.ts";
import { createVendorHttp, type VendorHttpOptions } from "./vendor-http.ts";
import { VoiceProviderError } from "./voice-provider.ts";

interface Seen {
  url: string;
  method: string;
  authorization: string | null;
  contentType: string | null;
  redirect: RequestInit["redirect"];
  body: unknown;
}

/** A fetch that records each request and answers with `answer` (or never, until aborted). */
function fakeFetch(answer: (url: URL) => Response | "hang") {
  const seen: Seen[] = [];
  const doFetch = (async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    seen.push({
      url: url.href,
      method: init?.method ?? "GET",
      authorization: headers.get("authorization"),
      contentType: headers.get("content-type"),
      redirect: init?.redirect,
      body: typeof init?.body === "string" ? JSON.parse(init.body) : init?.body,
    });
    const answered = answer(url);
    if (answered !== "hang") return answered;
    // Like fetch: pending until the signal aborts, then rejected with its reason.
    return new Promise<Response>((_resolve, reject) => {
      const signal = init?.signal;
      if (!signal) return;
      signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    });
  }) as typeof fetch;
  return { seen, doFetch };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

function http(answer: (url: URL) => Response | "hang", overrides: Partial<VendorHttpOptions> = {}) {
  const { seen, doFetch } = fakeFetch(answer);
  const client = createVendorHttp({
    vendor: "Acme",
    apiUrl: "https://api.acme.test/v1",
    authorization: "Bearer key_123",
    fetch: doFetch,
    outbound: strictOutboundClient,
    timeoutMs: 15_000,
    mayHaveDialled: (method, path) => method === "POST" && path === "/calls",
    errorDetail: (body) => (typeof body.message === "string" ? body.message : null),
    ...overrides,
  });
  return { client, seen };
}

describe("request", () => {
  it("sends the key, JSON and nothing else to the vendor's API", async () => {
    const { client, seen } = http(() => json(200, { ok: true }));
    await client.request("POST", "/calls", { to: "+14155550123" });
    await client.request("GET", "/calls/c1");
    expect(seen).toEqual([
      {
        url: "https://api.acme.test/v1/calls",
        method: "POST",
        authorization: "Bearer key_123",
        contentType: "application/json",
        redirect: undefined,
        body: { to: "+14155550123" },
      },
      {
        url: "https://api.acme.test/v1/calls/c1",
        method: "GET",
        authorization: "Bearer key_123",
        contentType: null,
        redirect: undefined,
        body: undefined,
      },
    ]);
  });

  it("times out: outcome_unknown for a request that may have dialled, network for the others", async () => {
    const { client } = http(() => "hang", { timeoutMs: 20 });
    const dial = await client.request("POST", "/calls", {}).catch((e: unknown) => e);
    expect(dial).toBeInstanceOf(VoiceProviderError);
    expect(dial).toMatchObject({
      message: "Connection error with Acme. Please try again later.",
      status: 502,
      code: "outcome_unknown",
      mayHaveDialled: true,
    });
    expect((dial as Error).cause).toMatchObject({ name: "TimeoutError" });
    for (const [method, path] of [
      ["GET", "/calls/c1"],
      ["POST", "/agents"],
      ["PATCH", "/calls"],
    ] as const) {
      await expect(client.request(method, path, {})).rejects.toMatchObject({
        message: "Connection error with Acme. Please try again later.",
        status: 502,
        code: "network",
        mayHaveDialled: false,
      });
    }
  });

  it("reports a refused connection the same way", async () => {
    const { client } = http(() => {
      throw new TypeError("fetch failed");
    });
    await expect(client.request("POST", "/calls", {})).rejects.toMatchObject({
      code: "outcome_unknown",
    });
    await expect(client.request("GET", "/calls")).rejects.toMatchObject({ code: "network" });
  });
});

describe("readJson and invalid", () => {
  it("turns unreadable JSON into invalid_response", async () => {
    const { client } = http(() => new Response("<html>", { status: 200 }));
    await expect(client.readJson(new Response("<html>"))).rejects.toMatchObject({
      message: "Received invalid data from Acme",
      status: 502,
      code: "invalid_response",
    });
    await expect(client.readJson(json(200, { a: 1 }))).resolves.toEqual({ a: 1 });
    expect(client.invalid()).toMatchObject({ status: 502, code: "invalid_response" });
  });
});

describe("failure", () => {
  const { client } = http(() => json(200, {}), {
    statusErrors: { 402: { message: "Acme wants paying.", code: "payment_required" } },
  });

  it.each([401, 403])("%i: the key was refused", async (status) => {
    const error = await client.failure(json(status, { message: "Unauthorized" }), "Listing");
    expect(error).toMatchObject({
      message: "Acme refused the API key. Check the Voice settings.",
      status,
      code: "unauthorized",
      isAuthFailure: true,
    });
  });

  it("429: rate limited", async () => {
    expect(await client.failure(json(429, { message: "slow down" }), "Placing the call")).toEqual(
      expect.objectContaining({
        message: "Acme is rate limiting calls. Please try again shortly.",
        status: 429,
        code: "rate_limited",
      }),
    );
  });

  it("5xx: a bad gateway, with the vendor's detail or the context", async () => {
    expect(await client.failure(json(500, { message: "boom" }), "Placing the call")).toMatchObject({
      message: "Acme: boom",
      status: 502,
      code: "http_500",
    });
    const notJson = new Response("Service Unavailable", { status: 503 });
    expect(await client.failure(notJson, "Placing the call")).toMatchObject({
      message: "Placing the call failed (HTTP 503)",
      status: 502,
      code: "http_503",
    });
  });

  it("other statuses: the vendor's detail, a vendor's own status, and no crash on a null body", async () => {
    expect(await client.failure(json(400, { message: "bad number" }), "Placing")).toMatchObject({
      message: "Acme: bad number",
      status: 400,
      code: "http_400",
    });
    expect(await client.failure(json(402, { message: "pay" }), "Placing")).toMatchObject({
      message: "Acme wants paying.",
      status: 402,
      code: "payment_required",
    });
    expect(await client.failure(json(404, null), "Fetching the call")).toMatchObject({
      message: "Fetching the call failed (HTTP 404)",
      status: 404,
      code: "http_404",
    });
  });
});

describe("fetchRecording", () => {
  let routes: Record<string, FakeAnswer> = {};
  let internet: Awaited<ReturnType<typeof startFakeInternet>>;
  beforeAll(async () => {
    internet = await startFakeInternet(
      (request) =>
        routes[`${request.url.protocol}//${request.url.host}${request.url.pathname}`] ?? {
          status: 404,
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ message: "Not found" }),
        },
    );
  });
  afterAll(() => internet.close());
  beforeEach(() => {
    routes = {};
    internet.seen.length = 0;
    internet.connects.length = 0;
  });

  /** The client as an adapter has it: the guarded client over the pretend internet. */
  const recordings = () =>
    http(() => json(500, {}), {
      outbound: createOutboundClient(
        { requireHttps: false, allowedNetworks: [] },
        internet.transport,
      ),
    }).client;
  const ownApi = (url: URL) => url.origin === "https://api.acme.test";
  const audio: FakeAnswer = { status: 200, headers: { "content-type": "audio/wav" }, body: "RIFF" };
  const read = async (body: AsyncIterable<Uint8Array>) => {
    const chunks: Uint8Array[] = [];
    for await (const chunk of body) chunks.push(chunk);
    return Buffer.concat(chunks).toString("utf8");
  };
  const seen = () => internet.seen.map((s) => [s.url.href, s.headers.authorization ?? null]);

  it("sends the key to the vendor's own API only, never to another origin", async () => {
    for (const url of [
      "https://api.acme.test/recordings/1.wav",
      "https://storage.acme.test/1.wav",
      "https://api.acme.test.evil.example/1.wav",
      "http://api.acme.test/recordings/1.wav",
    ]) {
      routes[url] = audio;
    }
    const own = await recordings().fetchRecording("https://api.acme.test/recordings/1.wav", {
      timeoutMs: 1000,
      sendKeyTo: ownApi,
    });
    expect(await read(own.body)).toBe("RIFF");
    expect(own.contentType).toBe("audio/wav");
    for (const elsewhere of [
      "https://storage.acme.test/1.wav",
      "https://api.acme.test.evil.example/1.wav",
      "http://api.acme.test/recordings/1.wav",
    ]) {
      await read(
        (await recordings().fetchRecording(elsewhere, { timeoutMs: 1000, sendKeyTo: ownApi })).body,
      );
    }
    expect(seen()).toEqual([
      ["https://api.acme.test/recordings/1.wav", "Bearer key_123"],
      ["https://storage.acme.test/1.wav", null],
      ["https://api.acme.test.evil.example/1.wav", null],
      ["http://api.acme.test/recordings/1.wav", null],
    ]);
  });

  it("follows the own API's redirect to storage without the key", async () => {
    routes["https://api.acme.test/calls/1/rec"] = {
      status: 302,
      headers: { location: "https://storage.acme.test/signed/1.wav?sig=abc" },
    };
    routes["https://storage.acme.test/signed/1.wav"] = audio;
    const fetched = await recordings().fetchRecording("https://api.acme.test/calls/1/rec", {
      timeoutMs: 1000,
      sendKeyTo: ownApi,
    });
    expect(await read(fetched.body)).toBe("RIFF");
    expect(seen()).toEqual([
      ["https://api.acme.test/calls/1/rec", "Bearer key_123"],
      ["https://storage.acme.test/signed/1.wav?sig=abc", null],
    ]);
  });

  it("refuses a recording on an internal address, directly or by redirect, as final", async () => {
    internet.resolve("metadata.attacker.test", "169.254.169.254");
    routes["https://api.acme.test/calls/2/rec"] = {
      status: 302,
      headers: { location: "http://127.0.0.1:9000/internal" },
    };
    for (const url of [
      "http://127.0.0.1:8080/latest/meta-data/",
      "http://[::ffff:127.0.0.1]:8080/x",
      "http://metadata.attacker.test/latest/meta-data/",
      "https://api.acme.test/calls/2/rec",
    ]) {
      await expect(
        recordings().fetchRecording(url, { timeoutMs: 1000, sendKeyTo: ownApi }),
        url,
      ).rejects.toMatchObject({ status: 400, code: "recording_refused" });
    }
    // Only the vendor's own API was reached (the first hop of the redirect).
    expect(internet.connects.map((c) => c.host)).toEqual([PUBLIC_STAND_IN]);
  });

  it("refuses a redirect to a non-http URL", async () => {
    routes["https://api.acme.test/calls/1/rec"] = {
      status: 302,
      headers: { location: "file:///etc/passwd" },
    };
    await expect(
      recordings().fetchRecording("https://api.acme.test/calls/1/rec", {
        timeoutMs: 1000,
        sendKeyTo: ownApi,
      }),
    ).rejects.toMatchObject({ code: "recording_refused" });
    expect(internet.seen).toHaveLength(1);
  });

  it("refuses non-http URLs, reports 404 and times out as a network error", async () => {
    routes["https://api.acme.test/slow.wav"] = "hang";
    for (const bad of ["file:///etc/passwd", "not a url", "ftp://api.acme.test/1.wav"]) {
      await expect(
        recordings().fetchRecording(bad, { timeoutMs: 1000, sendKeyTo: ownApi }),
      ).rejects.toMatchObject({
        message: "The recording URL is not an http(s) URL",
        status: 400,
        code: "invalid_recording_url",
      });
    }
    expect(internet.seen).toHaveLength(0);
    await expect(
      recordings().fetchRecording("https://api.acme.test/missing.wav", {
        timeoutMs: 1000,
        sendKeyTo: ownApi,
      }),
    ).rejects.toMatchObject({ message: "Acme: Not found", status: 404, code: "http_404" });
    await expect(
      recordings().fetchRecording("https://api.acme.test/slow.wav", {
        timeoutMs: 50,
        sendKeyTo: ownApi,
      }),
    ).rejects.toMatchObject({
      message: "Connection error with Acme. Please try again later.",
      code: "network",
    });
  });
});
