import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import {
  generateWebhookSecret,
  newMessageId,
  signWebhook,
  webhookHeaders,
} from "./webhook-signature.ts";

describe("Standard Webhooks signatures", () => {
  it("are verified by the standardwebhooks package", () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({
      type: "webhook.test",
      timestamp: new Date().toISOString(),
      data: { a: "é" },
    });
    const id = newMessageId();
    const headers = webhookHeaders(secret, { id, timestamp: Math.floor(Date.now() / 1000), body });
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("match the specification's published example", () => {
    // From the Standard Webhooks specification's test vectors.
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const signature = signWebhook(secret, {
      id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
      timestamp: 1614265330,
      body: '{"test": 2432232314}',
    });
    expect(signature).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("do not verify with another secret or a changed body", () => {
    const body = '{"type":"call.started"}';
    const headers = webhookHeaders(generateWebhookSecret(), {
      id: newMessageId(),
      timestamp: Math.floor(Date.now() / 1000),
      body,
    });
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow();
  });
});
