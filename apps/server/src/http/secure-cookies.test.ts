import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { secureCookie } from "./secure-cookies.ts";

/** What secureCookie says for a request to `url` with `headers`, under `config`. */
async function verdict(
  config: { isProduction: boolean; trustProxy: boolean },
  url: string,
  headers: Record<string, string> = {},
): Promise<boolean> {
  const app = new Hono().get("/", (c) => c.text(String(secureCookie(c, config))));
  return (await (await app.request(url, { headers })).text()) === "true";
}

describe("the Secure flag of Ringback's cookies", () => {
  it("is always set in production, behind a TLS proxy with an http PUBLIC_URL too", async () => {
    for (const trustProxy of [false, true]) {
      expect(await verdict({ isProduction: true, trustProxy }, "http://ringback.internal/")).toBe(
        true,
      );
    }
  });

  it("elsewhere follows the request's scheme, read from X-Forwarded-Proto only behind a trusted proxy", async () => {
    const dev = { isProduction: false, trustProxy: false };
    expect(await verdict(dev, "http://localhost:3000/")).toBe(false);
    expect(await verdict(dev, "https://localhost:3000/")).toBe(true);
    // An untrusted client cannot claim https (nor hide it).
    expect(await verdict(dev, "http://localhost:3000/", { "x-forwarded-proto": "https" })).toBe(
      false,
    );
    const proxied = { isProduction: false, trustProxy: true };
    expect(await verdict(proxied, "http://app/", { "x-forwarded-proto": "https" })).toBe(true);
    expect(await verdict(proxied, "http://app/", { "x-forwarded-proto": "https, http" })).toBe(
      true,
    );
    expect(await verdict(proxied, "http://app/", { "x-forwarded-proto": "http" })).toBe(false);
    expect(await verdict(proxied, "http://app/")).toBe(false);
  });
});
