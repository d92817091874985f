import { describe, expect, it } from "vitest";
import { negotiateEncoding, varyOnAcceptEncoding } from "./accept-encoding.ts";

const all = ["br", "gzip", "identity"] as const;

describe("negotiateEncoding", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, br", "br"],
    ["br", "br"],
    ["BR;Q=1", "br"],
    ["gzip", "gzip"],
    ["deflate", "identity"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0.4, gzip;q=0.8", "gzip"],
    ["br;q=0.9, gzip;q=0.8", "br"],
    ["gzip;q=0.5", "gzip"],
    ["br;q=0, gzip;q=0", "identity"],
    ["identity", "identity"],
    ["identity, gzip;q=0.5", "identity"],
    ["identity;q=0.2, gzip;q=0.5", "gzip"],
    ["*", "br"],
    ["*;q=0.3, br;q=0.1", "gzip"],
    ["*;q=0", "identity"],
    ["identity;q=0", "identity"],
    ["br;q=abc, gzip", "gzip"],
    ["br;q=2, gzip;q=0.1", "gzip"],
    ["", "identity"],
    [" , ;", "identity"],
  ] as const)("%j → %s", (header, expected) => {
    expect(negotiateEncoding(header, all)).toBe(expected);
  });

  it("sends no coding without the header", () => {
    expect(negotiateEncoding(undefined, all)).toBe("identity");
  });

  it("chooses only among the codings on hand", () => {
    expect(negotiateEncoding("br, gzip", ["gzip", "identity"])).toBe("gzip");
    expect(negotiateEncoding("br", ["gzip", "identity"])).toBe("identity");
    expect(negotiateEncoding("br, gzip", ["identity"])).toBe("identity");
  });
});

describe("varyOnAcceptEncoding", () => {
  it("adds Accept-Encoding once", () => {
    expect(varyOnAcceptEncoding(null)).toBe("Accept-Encoding");
    expect(varyOnAcceptEncoding("Origin")).toBe("Origin, Accept-Encoding");
    expect(varyOnAcceptEncoding("Origin, accept-encoding")).toBe("Origin, accept-encoding");
    expect(varyOnAcceptEncoding("*")).toBe("*");
  });
});
