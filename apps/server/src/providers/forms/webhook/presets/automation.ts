import { flatten } from "../body.ts";
import { bearerRequest, objectOf, testId, textOf, type WebhookPreset } from "./preset.ts";

/**
 * The body a Zap or a Make scenario should send: one key per thing Ringback needs, filled from
 * the trigger's fields. `id`, when the trigger has one, makes a repeat of a run one lead.
 */
const EXAMPLE_BODY = `{
  "id": "the trigger's submission id",
  "name": "Jane Doe",
  "phone": "+1 415 555 0123",
  "email": "jane@example.com",
  "consent": true
}`;

const POLLING_WARNING =
  "Use an instant trigger (one marked Instant, or a webhook trigger): a polling trigger on Zapier's free plan checks for new leads only every 15 minutes, and a lead called 15 minutes late is much less likely to pick up.";

const read = (body: unknown) => ({
  fields: flatten(body),
  leadId: textOf(objectOf(body).id),
  test: false,
  submittedAt: null,
});

const mapping = {
  phone: ["phone", "Phone", "phone_number"],
  name: ["name", "Name", "full_name", "first_name+last_name"],
  email: ["email", "Email"],
} as const;

const testSubmission = (secret: string, now: Date) =>
  bearerRequest(
    secret,
    JSON.stringify({
      id: testId(now),
      name: "Jane Doe",
      phone: "+1 415 555 0123",
      email: "jane@example.com",
      consent: true,
    }),
  );

/** What Zapier and Make send alike: the keys the business maps, a bearer header, no signature. */
const automationTool = {
  authModes: [{ mode: "bearer" }, { mode: "path" }],
  secretFrom: "ringback",
  jsonOnly: false,
  idempotencyKey: "id, else an identical body within 24 hours",
  exampleBody: EXAMPLE_BODY,
  mapping,
  read,
  testSubmission,
} satisfies Partial<WebhookPreset>;

/** Webhooks by Zapier's POST action: JSON or form, any keys, no signature (a bearer header). */
export const zapierPreset: WebhookPreset = {
  ...automationTool,
  id: "zapier",
  name: "Zapier",
  description: "Any app Zapier connects, through a Webhooks by Zapier action.",
  help: [
    "Add a Webhooks by Zapier action with the POST event. Paste the URL, choose the JSON payload type, and add the data keys of the example below, each filled from your trigger.",
    "Under Headers, add Authorization with the value Bearer followed by a space and the secret.",
    POLLING_WARNING,
  ],
  docs: [
    {
      label: "Send webhooks in Zaps",
      url: "https://help.zapier.com/hc/en-us/articles/8496326446989-Send-webhooks-in-Zaps",
    },
  ],
};

/** Make's HTTP "Make a request" module: a raw JSON body, a bearer header. */
export const makePreset: WebhookPreset = {
  ...automationTool,
  id: "make",
  name: "Make",
  description: "Any app Make connects, through an HTTP Make a request module.",
  help: [
    "Add an HTTP Make a request module: paste the URL, choose the POST method, the Raw body type with JSON (application/json), and paste the example below as the request content, each value mapped from your trigger.",
    "Under Headers, add Authorization with the value Bearer followed by a space and the secret.",
    "Start the scenario with an instant trigger (a webhook, or a module marked Instant): a scheduled scenario waits for its next run before the lead reaches Ringback.",
  ],
  docs: [{ label: "Make HTTP app", url: "https://apps.make.com/http" }],
};
