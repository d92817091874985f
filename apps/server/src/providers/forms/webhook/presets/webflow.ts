import {
  dateOf,
  hmacHex,
  objectOf,
  plainFields,
  testId,
  textOf,
  type WebhookPreset,
} from "./preset.ts";

/**
 * Webflow's `form_submission` webhook: `{triggerType, payload: {name, data, submittedAt, id,
 * formId…}}`, `data` keyed by each field's label, phone numbers sometimes JSON numbers. Signed
 * (auth.ts) with the Webflow app's client secret, or the secret Webflow shows for a webhook made
 * through its API; a webhook added in the site's dashboard is not signed, so it takes the token
 * in the URL. `payload.id` is the submission's id.
 */
export const webflowPreset: WebhookPreset = {
  id: "webflow",
  name: "Webflow form",
  description: "Form submissions from a Webflow site.",
  authModes: [{ mode: "webflow" }, { mode: "path" }],
  secretFrom: "tool",
  jsonOnly: true,
  idempotencyKey: "payload.id",
  help: [
    "Create a form_submission webhook with this URL through Webflow's API or your Webflow app, and paste the app's client secret (or the webhook's secret) below under Use your tool's secret: Ringback checks Webflow's signature and refuses requests older than 5 minutes.",
    "A webhook added in the site's settings (Site settings › Apps & integrations › Webhooks) is not signed: choose Token in the URL and paste that whole URL instead.",
    "Fields arrive under their labels (First Name, Phone Number): renaming a field in Webflow changes it, so pick fields again after renaming.",
  ],
  docs: [
    {
      label: "Webflow form_submission event",
      url: "https://developers.webflow.com/data/reference/webhooks/events/form-submission",
    },
    {
      label: "Verifying Webflow webhook signatures",
      url: "https://developers.webflow.com/data/docs/working-with-webhooks",
    },
  ],
  mapping: {
    phone: ["Phone Number", "Phone", "phone"],
    name: ["Name", "Full Name", "name", "First Name+Last Name", "First Name"],
    email: ["Email", "email", "Email Address"],
  },
  read(body) {
    const payload = objectOf(objectOf(body).payload);
    const data = objectOf(payload.data);
    return {
      fields: plainFields(data),
      leadId: textOf(payload.id) ?? textOf(objectOf(body)._id),
      test: false,
      submittedAt: dateOf(payload.submittedAt),
    };
  },
  testSubmission(secret, now) {
    // fixtures/webflow/form-submission.json, its own id each time, signed as Webflow signs.
    const body = JSON.stringify({
      triggerType: "form_submission",
      payload: {
        name: "Contact Us",
        siteId: "65427cf400e02b306eaa049c",
        data: {
          "First Name": "Zaphod",
          "Last Name": "Beeblebrox",
          email: "zaphod@heartofgold.ai",
          "Phone Number": 15550000000,
        },
        submittedAt: now.toISOString(),
        id: testId(now),
        formId: "65429eadebe8a9f3a30f62d0",
        formElementId: "4e038d2c-6a1e-4953-7be9-a59a2b453177",
      },
    });
    const timestamp = String(now.getTime());
    return {
      body,
      headers: {
        "content-type": "application/json",
        "x-webflow-timestamp": timestamp,
        "x-webflow-signature": hmacHex(secret, `${timestamp}:${body}`),
      },
    };
  },
};
