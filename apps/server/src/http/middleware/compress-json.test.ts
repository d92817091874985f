import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { describe, expect, it } from "vitest";
import { compressJson } from "./compress-json.ts";

/** A JSON document of exactly `bytes` bytes. */
const jsonOf = (bytes: number) => `{"a":"${"x".repeat(bytes - 8)}"}`;

const app = new Hono();
app.use("/api/*", compressJson({ threshold: 1024 }));
app.get("/api/json/:bytes", (c) => {
  c.header("Content-Type", "application/json");
  return c.body(jsonOf(Number(c.req.param("bytes"))));
});
app.get("/api/problem", (c) => {
  c.header("Content-Type", "application/problem+json; charset=utf-8");
  c.header("ETag", '"v1"');
  return c.body(jsonOf(4000), 422);
});
app.get("/api/encoded", (c) => {
  c.header("Content-Type", "application/json");
  c.header("Content-Encoding", "br");
  return c.body(new Uint8Array(brotliCompressSync(jsonOf(4000))));
});
app.get("/api/no-transform", (c) => {
  c.header("Cache-Control", "private, no-transform");
  c.header("Content-Type", "application/json");
  return c.body(jsonOf(4000));
});
app.get("/api/partial", (c) => {
  c.header("Content-Type", "application/json");
  c.header("Content-Range", "bytes 0-3999/8000");
  return c.body(jsonOf(4000), 206);
});
app.get("/api/text", (c) => c.text("x".repeat(4000)));
app.get("/api/audio", (c) => {
  c.header("Content-Type", "audio/wav");
  return c.body(new Uint8Array(4000));
});
app.get("/api/events", (c) =>
  streamSSE(c, async (stream) => {
    await stream.writeSSE({ event: "ready", data: jsonOf(4000) });
  }),
);
app.get("/api/session", (c) => c.json({ token: "t".repeat(4000) }));
app.get("/api/auth/token", (c) => c.json({ token: "t".repeat(4000) }));

const get = (path: string, acceptEncoding?: string, method = "GET") =>
  app.request(path, {
    method,
    headers: acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding },
  });

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe("compressJson", () => {
  it("compresses JSON of the threshold or more, Brotli first, with Vary and Content-Length", async () => {
    const response = await get("/api/json/1024", "gzip, deflate, br");
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    const body = await bytesOf(response);
    expect(Number(response.headers.get("content-length"))).toBe(body.length);
    expect(body.length).toBeLessThan(1024);
    expect(brotliDecompressSync(body).toString()).toBe(jsonOf(1024));
  });

  it("leaves JSON under the threshold as it is, still saying it varies", async () => {
    const response = await get("/api/json/1023", "br, gzip");
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect((await bytesOf(response)).toString()).toBe(jsonOf(1023));
  });

  it("honours q-values, and sends the bytes as they are when nothing is accepted", async () => {
    const gzipped = await get("/api/json/5000", "br;q=0.5, gzip;q=0.8");
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(await bytesOf(gzipped)).toString()).toBe(jsonOf(5000));
    for (const header of [undefined, "", "identity", "br;q=0, gzip;q=0", "deflate"]) {
      const plain = await get("/api/json/5000", header);
      expect(plain.headers.get("content-encoding"), String(header)).toBeNull();
      expect((await bytesOf(plain)).toString()).toBe(jsonOf(5000));
    }
  });

  it("compresses +json types and keeps the status, weakening a strong ETag", async () => {
    const response = await get("/api/problem", "gzip");
    expect(response.status).toBe(422);
    expect(response.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("etag")).toBe('W/"v1"');
    expect(gunzipSync(await bytesOf(response)).toString()).toBe(jsonOf(4000));
  });

  it("never compresses twice, a partial answer, or against no-transform", async () => {
    const encoded = await get("/api/encoded", "gzip, br");
    expect(encoded.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(await bytesOf(encoded)).toString()).toBe(jsonOf(4000));
    for (const path of ["/api/partial", "/api/no-transform"]) {
      const response = await get(path, "gzip, br");
      expect(response.headers.get("content-encoding"), path).toBeNull();
      expect((await bytesOf(response)).toString()).toBe(jsonOf(4000));
    }
  });

  it("leaves the event stream, audio and other text alone", async () => {
    const events = await get("/api/events", "gzip, br");
    expect(events.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(events.headers.get("content-encoding")).toBeNull();
    expect((await bytesOf(events)).toString()).toContain("event: ready");
    for (const path of ["/api/audio", "/api/text"]) {
      const response = await get(path, "gzip, br");
      expect(response.headers.get("content-encoding"), path).toBeNull();
      expect((await bytesOf(response)).length).toBe(4000);
    }
  });

  it("never compresses the answers that carry tokens (BREACH)", async () => {
    for (const path of ["/api/session", "/api/auth/token"]) {
      const response = await get(path, "gzip, br");
      expect(response.headers.get("content-encoding"), path).toBeNull();
      expect(((await response.json()) as { token: string }).token).toHaveLength(4000);
    }
  });

  it("answers HEAD without compressing", async () => {
    const response = await get("/api/json/5000", "br", "HEAD");
    expect(response.headers.get("content-encoding")).toBeNull();
  });
});
