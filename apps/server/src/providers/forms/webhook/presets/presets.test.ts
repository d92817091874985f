import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Delivery } from "../../form-source.ts";
import { verifyWebhook, WPFORMS_TOLERANCE_MS } from "../auth.ts";
import {
  parseWebhookDelivery,
  webhookSampleFields,
  webhookSettingsSchema,
  webhookTestSubmission,
} from "../webhook-source.ts";
import { webhookPresets } from "./index.ts";

const fixture = (path: string) =>
  readFileSync(new URL(`../fixtures/${path}`, import.meta.url), "utf8");

const delivery = (
  rawBody: string,
  headers: Record<string, string>,
  preset: string,
  auth: Record<string, unknown>,
): Delivery => ({
  rawBody,
  headers: new Headers(headers),
  settings: { preset, auth },
  pathToken: null,
});
const verify = (d: Delivery, secret: string) =>
  verifyWebhook(d, webhookSettingsSchema.parse(d.settings).auth, secret);

afterEach(() => vi.useRealTimers());

describe("Google Ads lead form", () => {
  const json = { "content-type": "application/json" };
  const google = (body: string) => delivery(body, json, "google-ads", { mode: "google-key" });

  it("reads Google's published production sample, trailing comma and all, with its key", () => {
    const raw = fixture("google-ads/sample-production.raw.txt");
    expect(() => JSON.parse(raw)).toThrow();
    expect(verify(google(raw), "xfdgdgsgfchgvhgfchg")).toBe(true);
    const lead = parseWebhookDelivery(google(raw));
    expect(lead.responseId).toBe(
      "lead:Cj0KCQjwit_8BRCoARIsAIx3Rj7g-AeL6z35IWb6VYiZUygtTfwD3hDlgSGmY-XTTlK3lfV1wcuIwIAaAmMxEALw_wcB",
    );
    expect(lead.responseIdWindowMs).toBeUndefined();
    expect(lead.test).toBe(false);
    expect(lead.answers).toMatchObject({
      FULL_NAME: "John Doe",
      PHONE_NUMBER: "+11234567890",
      form_id: "1234",
      campaign_id: "123456",
    });
    expect(lead.questions[0]).toMatchObject({ id: "FULL_NAME", title: "Full Name (FULL_NAME)" });
    // The key is never stored: not a field, and redacted in the raw body kept.
    expect(Object.keys(lead.answers)).not.toContain("google_key");
    expect(JSON.stringify(lead.raw)).not.toContain("xfdgdgsgfchgvhgfchg");
  });

  it("takes the test sample's Google_key spelling and marks it a test lead", () => {
    const body = fixture("google-ads/sample-test.json");
    expect(verify(google(body), "xfdgdgsgfchgvhgfchg")).toBe(true);
    expect(parseWebhookDelivery(google(body)).test).toBe(true);
  });

  it("refuses a wrong, missing or differently typed key, and an unreadable body", () => {
    const body = fixture("google-ads/send-test-data.json");
    expect(verify(google(body), "12345")).toBe(true);
    expect(verify(google(body), "1234")).toBe(false);
    expect(verify(google(body.replace('"google_key": "12345",', "")), "12345")).toBe(false);
    expect(verify(google(body.replace('"12345"', "12345")), "12345")).toBe(false);
    expect(verify(google("not json"), "12345")).toBe(false);
  });

  it("keeps 64-bit ids as the digits sent and offers first + last name as one name", () => {
    const body = fixture("google-ads/send-test-data.json").replace(
      '"campaign_id": 7581129110',
      '"campaign_id": 9007199254740993',
    );
    const lead = parseWebhookDelivery(google(body));
    expect(lead.answers.campaign_id).toBe("9007199254740993");
    expect(lead.answers.form_id).toBe("40000000000");
    const fields = webhookSampleFields(lead, { preset: "google-ads" });
    expect(fields.phone[0]!.id).toBe("PHONE_NUMBER");
    expect(fields.email[0]!.id).toBe("EMAIL");
    expect(fields.text[0]).toMatchObject({
      id: "FIRST_NAME+LAST_NAME",
      title: "First Name (FIRST_NAME) + Last Name (LAST_NAME)",
      example: "FirstName LastName",
      contact: "full_name",
    });
  });
});

describe("WPForms", () => {
  const vector = JSON.parse(fixture("wpforms/signed-request.json")) as {
    secret: string;
    headers: Record<string, string>;
    raw_body: string;
  };
  const wp = (body: string, headers = vector.headers) =>
    delivery(body, headers, "wpforms", { mode: "wpforms" });

  it("verifies the addon's signature of t.body, within a day of t", () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 + 60_000 });
    expect(verify(wp(vector.raw_body), vector.secret)).toBe(true);
    expect(verify(wp(vector.raw_body), "another secret")).toBe(false);
    expect(verify(wp(`${vector.raw_body} `), vector.secret)).toBe(false);
    expect(verify(wp(vector.raw_body, { "content-type": "application/json" }), vector.secret)).toBe(
      false,
    );
    vi.setSystemTime(1_700_000_000_000 + WPFORMS_TOLERANCE_MS + 1000);
    expect(verify(wp(vector.raw_body), vector.secret)).toBe(false);
  });

  it("reads the mapped names and the entry id, and refuses a form-encoded body", () => {
    const lead = parseWebhookDelivery(wp(fixture("wpforms/json-body.json")));
    expect(lead.responseId).toBe("lead:123");
    expect(lead.answers).toMatchObject({ phone: "+1 555-010-0199", name: "John Doe" });
    expect(() =>
      parseWebhookDelivery(
        wp("name=John&phone=%2B15550100199", {
          "content-type": "application/x-www-form-urlencoded",
        }),
      ),
    ).toThrow("WPForms (WordPress) sends JSON: choose the JSON format in its webhook settings.");
  });
});

describe("Webflow", () => {
  const vector = JSON.parse(fixture("webflow/signed-request.json")) as {
    secret: string;
    headers: Record<string, string>;
    raw_body: string;
  };
  const webflow = (body: string) => delivery(body, vector.headers, "webflow", { mode: "webflow" });

  it("verifies the hex HMAC of timestamp:body, and refuses it 5 minutes on", () => {
    const at = Number(vector.headers["x-webflow-timestamp"]);
    vi.useFakeTimers({ now: at + 4 * 60_000 });
    expect(verify(webflow(vector.raw_body), vector.secret)).toBe(true);
    expect(verify(webflow(vector.raw_body), "whsec-another")).toBe(false);
    vi.setSystemTime(at + 5 * 60_000 + 1);
    expect(verify(webflow(vector.raw_body), vector.secret)).toBe(false);
  });

  it("reads data by label, a phone number sent as a JSON number included", () => {
    const lead = parseWebhookDelivery(webflow(fixture("webflow/form-submission.json")));
    expect(lead.responseId).toBe("lead:6321ca84df3949bfc6752327");
    expect(lead.submittedAt?.toISOString()).toBe("2022-09-14T12:35:16.117Z");
    expect(lead.answers["Phone Number"]).toBe(15550000000);
    const fields = webhookSampleFields(lead, { preset: "webflow" });
    expect(fields.phone[0]).toMatchObject({ id: "Phone Number", example: "15550000000" });
    expect(fields.email[0]!.id).toBe("email");
    expect(fields.text[0]!.id).toBe("First Name+Last Name");
  });
});

describe("Gravity Forms and Contact Form 7", () => {
  it("reads a Gravity Forms entry by input id, fields before meta, the entry id as the lead's", () => {
    const lead = parseWebhookDelivery(
      delivery(
        fixture("gravity-forms/entry.json"),
        { "content-type": "application/json" },
        "gravity-forms",
        { mode: "bearer" },
      ),
    );
    expect(lead.responseId).toBe("lead:123");
    expect(lead.submittedAt?.toISOString()).toBe("2025-01-15T10:30:00.000Z");
    expect(lead.questions.slice(0, 4).map((q) => q.id)).toEqual(["1.3", "1.6", "2", "3"]);
    const fields = webhookSampleFields(lead, { preset: "gravity-forms" });
    expect(fields.phone[0]!.id).toBe("3");
    expect(fields.email[0]!.id).toBe("2");
  });

  it("reads Contact Form 7's tags; with no id, the body stands for the lead for a day", () => {
    const body = fixture("contact-form-7/body.json");
    const lead = parseWebhookDelivery(
      delivery(body, { "content-type": "application/json" }, "contact-form-7", { mode: "bearer" }),
    );
    expect(lead.responseId).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(lead.responseIdWindowMs).toBe(24 * 60 * 60 * 1000);
    expect(lead.answers["your-services"]).toEqual(["Web design", "SEO"]);
    const fields = webhookSampleFields(lead, { preset: "contact-form-7" });
    expect(fields.phone[0]!.id).toBe("your-tel");
    expect(fields.text[0]!.id).toBe("your-name");
    expect(fields.checkbox[0]!.id).toBe("your-consent");
  });
});

describe("Zapier", () => {
  it("reads Zapier's JSON and form examples as the same fields", () => {
    const read = (body: string, type: string) =>
      parseWebhookDelivery(delivery(body, { "content-type": type }, "zapier", { mode: "bearer" }))
        .answers;
    expect(read(fixture("zapier/post-json.json"), "application/json")).toEqual({
      first_name: "Bryan",
      last_name: "Helmig",
      age: 27,
    });
    expect(read(fixture("zapier/post-form.txt"), "application/x-www-form-urlencoded")).toEqual({
      first_name: "Bryan",
      last_name: "Helmig",
      age: "27",
    });
  });
});

describe("every preset", () => {
  it("takes only its own ways to authenticate", () => {
    expect(
      webhookSettingsSchema.safeParse({ preset: "google-ads", auth: { mode: "bearer" } }).success,
    ).toBe(false);
    expect(
      webhookSettingsSchema.safeParse({ preset: "custom", auth: { mode: "webflow" } }).success,
    ).toBe(false);
    expect(webhookSettingsSchema.parse({}).preset).toBe("custom");
  });

  it.each([
    ...webhookPresets.flatMap((preset) =>
      preset.authModes.map((auth) => [preset.id, auth.mode] as const),
    ),
    ["custom", "standard-webhooks"] as const,
    ["custom", "hmac"] as const,
  ])("%s sends a test submission that verifies with %s and names a phone", (preset, mode) => {
    const auth =
      mode === "hmac"
        ? { mode, header: "x-signature", encoding: "base64", prefix: "sha256=" }
        : { mode };
    const settings = webhookSettingsSchema.parse({ preset, auth });
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const request = webhookTestSubmission(secret, settings, new Date());
    const sent: Delivery = {
      rawBody: request.rawBody,
      headers: request.headers,
      settings,
      pathToken: request.pathToken,
    };
    expect(verifyWebhook(sent, settings.auth, secret)).toBe(true);
    expect(verifyWebhook(sent, settings.auth, "whsec_b3RoZXIgc2VjcmV0IG9mIDMyIGJ5dGVzISE=")).toBe(
      false,
    );
    const lead = parseWebhookDelivery(sent);
    const fields = webhookSampleFields(lead, settings);
    expect(fields.phone[0]?.type, `${preset}: ${fields.phone[0]?.id}`).toBe("phone");
  });
});
