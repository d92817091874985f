import type { WebhookDelivery } from "@ringback/contracts";
import { describe, expect, it } from "vitest";
import { deliveryStatus } from "./delivery-log";

const delivery = (over: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: "d1",
  messageId: "msg_1",
  eventType: "webhook.test",
  status: "pending",
  attempts: 0,
  createdAt: "2026-03-02T15:04:05.000Z",
  lastAttemptAt: null,
  nextAttemptAt: null,
  responseStatus: null,
  responseBody: null,
  error: null,
  ...over,
});

describe("deliveryStatus", () => {
  it("is Sending until an attempt has been answered or has failed, the first one under way too", () => {
    expect(deliveryStatus(delivery({ attempts: 0 })).label).toBe("Sending");
    // The worker has claimed the first attempt and is waiting for the endpoint: not a retry.
    expect(
      deliveryStatus(delivery({ attempts: 1, lastAttemptAt: "2026-03-02T15:04:06Z" })),
    ).toEqual({ label: "Sending", tone: "info" });
  });

  it("is Retrying once an attempt got a refusal or no answer", () => {
    expect(deliveryStatus(delivery({ attempts: 1, responseStatus: 500 }))).toEqual({
      label: "Retrying",
      tone: "warning",
    });
    expect(deliveryStatus(delivery({ attempts: 2, error: "Connection refused" })).label).toBe(
      "Retrying",
    );
  });

  it("says how a settled delivery ended", () => {
    expect(deliveryStatus(delivery({ status: "succeeded", responseStatus: 200 })).label).toBe(
      "Delivered",
    );
    expect(deliveryStatus(delivery({ status: "failed", responseStatus: 500 })).label).toBe(
      "Failed",
    );
    expect(deliveryStatus(delivery({ status: "canceled" })).label).toBe("Canceled");
  });
});
