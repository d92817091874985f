import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import type { Delivery } from "../form-source.ts";
import { newWebhookSecret, pathTokenOf, verifyWebhook, webhookAuthSchema } from "./auth.ts";

const delivery = (
  rawBody: string,
  headers: Record<string, string>,
  pathToken: string | null = null,
): Delivery => ({
  rawBody,
  headers: new Headers(headers),
  settings: null,
  pathToken,
});

/** Standard Webhooks' own library test vector (fixtures/README.md). */
const vector = JSON.parse(
  readFileSync(new URL("./fixtures/standard-webhooks-test-vector.json", import.meta.url), "utf8"),
) as { secret: string; headers: Record<string, string>; raw_body: string };

const standard = webhookAuthSchema.parse({ mode: "standard-webhooks" });

/** Headers signed now by the package itself, as a sender using it would. */
function signed(secret: string, body: string, id = "msg_1", at = new Date()) {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(id, at, body),
  };
}

describe("Standard Webhooks", () => {
  it("checks the library's own vector: its signature is of id.timestamp.body with the secret", () => {
    const at = new Date(Number(vector.headers["webhook-timestamp"]) * 1000);
    // The vector is from 2021: signed again at that moment, the package makes the same signature.
    expect(
      new Webhook(vector.secret).sign(vector.headers["webhook-id"]!, at, vector.raw_body),
    ).toBe(vector.headers["webhook-signature"]);
    // As delivered today it is five years old: refused as a replay.
    expect(verifyWebhook(delivery(vector.raw_body, vector.headers), standard, vector.secret)).toBe(
      false,
    );
  });

  it("accepts a fresh signature, JSON or form body, and one of several signatures", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({ phone: "+14155550123" });
    expect(verifyWebhook(delivery(body, signed(secret, body)), standard, secret)).toBe(true);
    const form = "phone=%2B14155550123&name=Sam";
    expect(verifyWebhook(delivery(form, signed(secret, form)), standard, secret)).toBe(true);
    const headers = signed(secret, body);
    headers["webhook-signature"] = `v1,bm9wZQ== ${headers["webhook-signature"]}`;
    expect(verifyWebhook(delivery(body, headers), standard, secret)).toBe(true);
  });

  it("refuses a wrong secret, a changed body, a stale or future timestamp, and missing headers", () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ phone: "+14155550123" });
    expect(verifyWebhook(delivery(body, signed(newWebhookSecret(), body)), standard, secret)).toBe(
      false,
    );
    expect(verifyWebhook(delivery(`${body} `, signed(secret, body)), standard, secret)).toBe(false);
    const stale = signed(secret, body, "msg_2", new Date(Date.now() - 6 * 60_000));
    expect(verifyWebhook(delivery(body, stale), standard, secret)).toBe(false);
    const future = signed(secret, body, "msg_3", new Date(Date.now() + 6 * 60_000));
    expect(verifyWebhook(delivery(body, future), standard, secret)).toBe(false);
    expect(verifyWebhook(delivery(body, {}), standard, secret)).toBe(false);
    // A secret that is not Standard Webhooks' base64 never verifies (and never throws).
    expect(verifyWebhook(delivery(body, signed(secret, body)), standard, "not base64!")).toBe(
      false,
    );
  });
});

describe("HMAC of the body in a header", () => {
  const secret = "shared-secret";
  const body = '{"phone":"+14155550123"}';
  const hex = createHmac("sha256", secret).update(body).digest("hex");
  const base64 = createHmac("sha256", secret).update(body).digest("base64");

  it("reads the header the business named, hex or base64, with its prefix", () => {
    const hexAuth = webhookAuthSchema.parse({
      mode: "hmac",
      header: "X-Signature",
      encoding: "hex",
      prefix: "sha256=",
    });
    expect(hexAuth).toMatchObject({ header: "x-signature" });
    expect(verifyWebhook(delivery(body, { "x-signature": `sha256=${hex}` }), hexAuth, secret)).toBe(
      true,
    );
    expect(verifyWebhook(delivery(body, { "x-signature": hex }), hexAuth, secret)).toBe(false);
    const b64 = webhookAuthSchema.parse({ mode: "hmac", header: "x-hub", encoding: "base64" });
    expect(verifyWebhook(delivery(body, { "x-hub": base64 }), b64, secret)).toBe(true);
    expect(verifyWebhook(delivery(body, { "x-hub": hex }), b64, secret)).toBe(false);
    expect(verifyWebhook(delivery(body, {}), b64, secret)).toBe(false);
  });

  it("refuses a header name that is not one", () => {
    expect(
      webhookAuthSchema.safeParse({ mode: "hmac", header: "x sig", encoding: "hex" }).success,
    ).toBe(false);
  });
});

describe("for tools that cannot sign", () => {
  it("takes the secret as a bearer token", () => {
    const auth = webhookAuthSchema.parse({ mode: "bearer" });
    expect(verifyWebhook(delivery("{}", { authorization: "Bearer s3cret" }), auth, "s3cret")).toBe(
      true,
    );
    expect(verifyWebhook(delivery("{}", { authorization: "bearer s3cret" }), auth, "s3cret")).toBe(
      true,
    );
    expect(verifyWebhook(delivery("{}", { authorization: "Bearer wrong" }), auth, "s3cret")).toBe(
      false,
    );
    expect(verifyWebhook(delivery("{}", {}), auth, "s3cret")).toBe(false);
  });

  it("takes the secret's token as the URL's last segment", () => {
    const auth = webhookAuthSchema.parse({ mode: "path" });
    const secret = newWebhookSecret();
    const token = pathTokenOf(secret);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verifyWebhook(delivery("{}", {}, token), auth, secret)).toBe(true);
    expect(verifyWebhook(delivery("{}", {}, pathTokenOf(newWebhookSecret())), auth, secret)).toBe(
      false,
    );
    expect(verifyWebhook(delivery("{}", {}, null), auth, secret)).toBe(false);
  });
});
