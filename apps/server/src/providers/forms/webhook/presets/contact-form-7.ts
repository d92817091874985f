import { bearerRequest, type WebhookPreset } from "./preset.ts";

/**
 * Contact Form 7, through the "CF7 to Webhook" plugin: one JSON key per named form tag
 * (`your-name`, `your-tel`; a `webhook:<key>` option renames one), lists for checkboxes. It
 * cannot sign and sends no id: the business adds an `Authorization: Bearer <secret>` custom
 * header, and an identical body within a day counts as the same delivery.
 */
export const contactForm7Preset: WebhookPreset = {
  id: "contact-form-7",
  name: "Contact Form 7 (WordPress)",
  description: "Contact Form 7 forms, sent by the CF7 to Webhook plugin.",
  authModes: [{ mode: "bearer" }, { mode: "path" }],
  secretFrom: "ringback",
  jsonOnly: false,
  idempotencyKey: "none: an identical body within 24 hours",
  help: [
    "Install the CF7 to Webhook plugin, open the form's Webhook tab, tick Send to Webhook and paste the URL.",
    "Under Custom headers, add the line Authorization: Bearer followed by a space and the secret.",
    "Fields arrive under their form-tag names (your-name, your-tel): pick them below by the values the test submission shows.",
  ],
  docs: [{ label: "CF7 to Webhook plugin", url: "https://wordpress.org/plugins/cf7-to-zapier/" }],
  mapping: {
    phone: ["your-tel", "your-phone", "tel", "phone"],
    name: ["your-name", "name"],
    email: ["your-email", "email"],
  },
  testSubmission(secret, now) {
    // fixtures/contact-form-7/body.json; the time keeps each press its own body.
    return bearerRequest(
      secret,
      JSON.stringify({
        "your-name": "John Doe",
        "your-email": "john.doe@example.com",
        "your-tel": "+1 555 010 0199",
        "your-subject": "Quote request",
        "your-message": "Please call me back.",
        "your-consent": "1",
        "your-services": ["Web design", "SEO"],
        _date: now.toISOString(),
      }),
    );
  },
};
