import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSecretBox, DecryptionError } from "./secret-box.ts";

const box = createSecretBox("a-test-secret-key-that-is-long-enough");

describe("secret box", () => {
  it("round-trips any text, with a fresh IV each time", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(box.decrypt(box.encrypt(text))).toBe(text);
      }),
    );
    expect(box.encrypt("same")).not.toBe(box.encrypt("same"));
  });

  it("refuses a tampered ciphertext and another key's ciphertext", () => {
    const sealed = box.encrypt("token-123");
    const [v, iv, tag, data] = sealed.split(".");
    const flipped = Buffer.from(data!, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.decrypt([v, iv, tag, flipped.toString("base64url")].join("."))).toThrow(
      DecryptionError,
    );
    const other = createSecretBox("another-secret-key-that-is-long-enough");
    expect(() => other.decrypt(sealed)).toThrow(DecryptionError);
    expect(() => box.decrypt("garbage")).toThrow(DecryptionError);
  });

  it("signs and verifies in constant time; any other value fails", () => {
    const signature = box.sign("state-abc");
    expect(box.verify("state-abc", signature)).toBe(true);
    expect(box.verify("state-abd", signature)).toBe(false);
    expect(box.verify("state-abc", `${signature}x`)).toBe(false);
    expect(box.verify("state-abc", "")).toBe(false);
  });
});
