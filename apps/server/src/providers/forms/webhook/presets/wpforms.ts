import { hmacHex, objectOf, plainFields, testId, textOf, type WebhookPreset } from "./preset.ts";

/**
 * WPForms' Webhooks addon: the body's keys are the names the site owner gave each mapped field;
 * the addon signs with the secret it shows for the webhook
 * (`X-WPForms-Webhook-Signature: t=<unix>,v=<hex HMAC of "<t>.<body>">`, auth.ts). It signs the
 * JSON it sends, so the webhook must use the JSON format (a form-encoded body is signed as a JSON
 * rendering Ringback never receives). It has no lead id: map the entry id (`{entry_id}`) to
 * `entry_id` and each submission is one lead however often it arrives.
 */
export const wpformsPreset: WebhookPreset = {
  id: "wpforms",
  name: "WPForms (WordPress)",
  description: "Forms built with WPForms and its Webhooks addon.",
  authModes: [{ mode: "wpforms" }],
  secretFrom: "tool",
  jsonOnly: true,
  idempotencyKey: "entry_id (map {entry_id} to it), else the body",
  help: [
    "In WordPress, open the form in WPForms, go to Settings › Webhooks, and add a webhook: paste the URL as the Request URL, choose the POST method and the JSON format.",
    "Copy the webhook's Secret from WPForms and paste it below under Use your tool's secret.",
    "Under Request Body, map the fields Ringback needs (phone, name, email, the consent checkbox) and add entry_id mapped to the Entry ID smart tag, so that a submission sent twice is one lead.",
  ],
  docs: [
    {
      label: "WPForms Webhooks addon",
      url: "https://wpforms.com/docs/how-to-install-and-use-the-webhooks-addon-with-wpforms/",
    },
  ],
  mapping: { phone: ["phone", "Phone"], name: ["name", "Name"], email: ["email", "Email"] },
  read(body) {
    // A date-time field is {value, unix}: its value is what the person chose.
    const record = Object.fromEntries(
      Object.entries(objectOf(body)).map(([key, value]) => [key, objectOf(value).value ?? value]),
    );
    const fields = plainFields(record);
    return { fields, leadId: textOf(objectOf(body).entry_id), test: false, submittedAt: null };
  },
  testSubmission(secret, now) {
    // fixtures/wpforms/json-body.json with its own entry id, signed as the addon signs.
    const body = JSON.stringify({
      name: "John Doe",
      email: "john.doe@example.com",
      phone: "+1 555-010-0199",
      consent: "I agree to be contacted",
      entry_id: testId(now),
    });
    const t = Math.floor(now.getTime() / 1000);
    return {
      body,
      headers: {
        "content-type": "application/json; charset=utf-8",
        "user-agent": "wpforms-webhooks/1.4.0",
        "x-wpforms-webhook-id": "1",
        "x-wpforms-webhook-signature": `t=${t},v=${hmacHex(secret, `${t}.${body}`)}`,
      },
    };
  },
};
