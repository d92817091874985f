import type { FormSourceManifest } from "@ringback/contracts";
import { z } from "zod";
import { GENERIC_AUTH_MODES } from "./auth.ts";
import { CUSTOM_PRESET, webhookPresets } from "./presets/index.ts";

/**
 * Any form or tool that can send a webhook, as Ringback shows it: the dashboard's card, the
 * wizard's wording and help. It needs no installation settings: each assistant has its own URL
 * and secret.
 */
export const webhookManifest = {
  id: "webhook",
  name: "Any form or tool (webhook)",
  icon: "webhook",
  description:
    "Website forms (WordPress, Webflow), Google Ads lead forms, Zapier, Make: anything that can send a webhook.",
  capabilities: {
    connect: false,
    listForms: false,
    readFields: false,
    manageWebhooks: false,
    sampleFields: true,
    backfill: false,
  },
  formNoun: "form",
  help: {
    details: [
      "Each assistant has its own webhook URL and signing secret: paste both into the tool that sends your leads.",
    ],
    form: [
      "Choose the tool that sends your leads: Ringback then knows how it signs, what its fields are called and how it tells one lead from another.",
      "Send a test submission to the URL: Ringback lists the fields it received, with their values, for you to choose from.",
      "Standard Webhooks signing is the default. Tools that cannot sign can send the secret as a bearer token or in the URL instead, but then anyone with the URL can send leads.",
    ],
  },
  docs: [{ label: "Standard Webhooks", url: "https://www.standardwebhooks.com/" }],
  settings: z.toJSONSchema(z.object({})),
  endpoint: {
    authModes: [
      {
        id: "standard-webhooks",
        label: "Standard Webhooks signature",
        description:
          "The tool signs each request with the secret (webhook-id, webhook-timestamp and webhook-signature headers).",
        lessSecure: false,
        fields: [],
      },
      {
        id: "hmac",
        label: "HMAC signature in a header",
        description: "The tool puts an HMAC-SHA256 of the body, made with the secret, in a header.",
        lessSecure: false,
        fields: [
          {
            key: "header",
            label: "Header name",
            default: "x-signature",
            placeholder: "x-signature",
          },
          { key: "encoding", label: "Encoding", options: ["hex", "base64"], default: "hex" },
          { key: "prefix", label: "Prefix", default: "", placeholder: "sha256=" },
        ],
      },
      {
        id: "bearer",
        label: "Bearer token",
        description: "The tool sends the secret in an Authorization: Bearer header.",
        lessSecure: true,
        fields: [],
      },
      {
        id: "path",
        label: "Token in the URL",
        description: "The URL itself carries a token made from the secret: paste the whole URL.",
        lessSecure: true,
        fields: [],
      },
      {
        id: "google-key",
        label: "Google Ads key",
        description: "Google Ads sends the key you set on the lead form in each lead (google_key).",
        lessSecure: false,
        fields: [],
      },
      {
        id: "wpforms",
        label: "WPForms signature",
        description:
          "WPForms signs each request with the webhook's secret (X-WPForms-Webhook-Signature).",
        lessSecure: false,
        fields: [],
      },
      {
        id: "webflow",
        label: "Webflow signature",
        description:
          "Webflow signs each request with your app's client secret (x-webflow-timestamp and x-webflow-signature); requests older than 5 minutes are refused.",
        lessSecure: false,
        fields: [],
      },
    ],
    presets: [
      {
        id: CUSTOM_PRESET,
        name: "Any tool",
        description: "Standard Webhooks, or your own signing: the body's own fields.",
        authModes: [...GENERIC_AUTH_MODES],
        secretFrom: "ringback",
        idempotencyKey: "webhook-id, else an identical body within 24 hours",
        help: [],
        docs: [{ label: "Standard Webhooks", url: "https://www.standardwebhooks.com/" }],
        exampleBody: null,
      },
      ...webhookPresets.map((preset) => ({
        id: preset.id,
        name: preset.name,
        description: preset.description,
        authModes: preset.authModes.map((auth) => auth.mode),
        secretFrom: preset.secretFrom,
        idempotencyKey: preset.idempotencyKey,
        help: [...preset.help],
        docs: [...preset.docs],
        exampleBody: preset.exampleBody ?? null,
      })),
    ],
  },
} satisfies FormSourceManifest;
