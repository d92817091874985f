import { readFileSync } from "node:fs";
import {
  type WebhookMessageType,
  webhookDataSchemas,
  webhookExamples,
  webhookPayloadSchema,
} from "@ringback/contracts";
import { describe, expect, it } from "vitest";
import { renderWebhooksDoc, WEBHOOKS_DOC_PATH } from "./webhooks-doc.ts";

describe("the webhook events' documentation", () => {
  it("has an example of every event that matches its schema", () => {
    for (const type of Object.keys(webhookDataSchemas) as WebhookMessageType[]) {
      expect(webhookPayloadSchema(type).safeParse(webhookExamples[type]).success, type).toBe(true);
    }
  });

  it("is up to date with the contracts (npm run docs:webhooks)", () => {
    expect(readFileSync(WEBHOOKS_DOC_PATH, "utf8")).toBe(renderWebhooksDoc());
  });
});
