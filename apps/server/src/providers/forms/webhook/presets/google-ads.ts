import type { FlatField } from "../body.ts";
import {
  dateOf,
  objectOf,
  type PresetField,
  testId,
  textOf,
  type WebhookPreset,
} from "./preset.ts";

/**
 * Google Ads lead form assets: Google POSTs each lead as JSON with no signature; the key the
 * advertiser typed into the form's webhook settings arrives as `google_key` (auth.ts). The
 * answers are `user_column_data[]`, each told apart by `column_id` (`PHONE_NUMBER`,
 * `FULL_NAME`, `EMAIL`…; `column_name` may be empty), ids are 64-bit numbers (kept as the digits
 * sent: body.ts), `lead_id` is unique across all forms, and `is_test` marks the leads the
 * "Send test data" button sends (developers.google.com/google-ads/webhook/docs).
 */
export const googleAdsPreset: WebhookPreset = {
  id: "google-ads",
  name: "Google Ads lead form",
  description: "Leads from a lead form asset on your Google Ads campaigns.",
  authModes: [{ mode: "google-key" }],
  secretFrom: "ringback",
  jsonOnly: true,
  idempotencyKey: "lead_id",
  help: [
    "In Google Ads, open the lead form asset, go to Lead delivery, and choose Webhook integration.",
    "Paste the URL as the Webhook URL and the key as the Key, then press Send test data: the test lead appears below as a Test lead, and Ringback learns the form's fields from it. Test leads are never called.",
    "Google Ads forms have no checkbox for a call: choose The form's own consent text and paste the consent wording your lead form shows.",
  ],
  docs: [
    {
      label: "Google Ads lead form webhooks",
      url: "https://developers.google.com/google-ads/webhook/docs/overview",
    },
  ],
  mapping: {
    phone: ["PHONE_NUMBER", "WORK_PHONE"],
    name: ["FULL_NAME", "FIRST_NAME+LAST_NAME", "FIRST_NAME"],
    email: ["EMAIL", "WORK_EMAIL"],
  },
  read(body) {
    const lead = objectOf(body);
    const columns = Array.isArray(lead.user_column_data) ? lead.user_column_data : [];
    const fields: PresetField[] = [];
    for (const entry of columns) {
      const column = objectOf(entry);
      const id = textOf(column.column_id);
      if (!id) continue;
      const name = textOf(column.column_name);
      const value = column.string_value;
      fields.push({
        path: id,
        title: name ? `${name} (${id})` : id,
        value: typeof value === "string" ? value : (textOf(value) ?? null),
      });
    }
    // The lead's own facts, after its answers; never the key.
    for (const key of [
      "lead_id",
      "form_id",
      "campaign_id",
      "adgroup_id",
      "creative_id",
      "gcl_id",
    ]) {
      const value = textOf(lead[key]);
      if (value !== null) fields.push({ path: key, value } satisfies FlatField);
    }
    return {
      fields,
      leadId: textOf(lead.lead_id),
      test: lead.is_test === true,
      submittedAt: dateOf(lead.lead_submit_time),
    };
  },
  testSubmission(secret, now) {
    // Google's documented test sample ("Name, Phone", fixtures/google-ads/sample-test.json), as
    // the Send test data button sends it: its own lead id each time, the key the advertiser set.
    const id = testId(now);
    const body = {
      lead_id: `TeSter-${id}`,
      user_column_data: [
        { column_name: "Full Name", string_value: "FirstName LastName", column_id: "FULL_NAME" },
        { column_name: "User Phone", string_value: "+16505550123", column_id: "PHONE_NUMBER" },
        { column_name: "User Email", string_value: "test@example.com", column_id: "EMAIL" },
      ],
      api_version: "1.0",
      form_id: 40000000000,
      campaign_id: 7581129110,
      google_key: secret,
      is_test: true,
      gcl_id: "TeSter-123abc456def",
    };
    return { body: JSON.stringify(body), headers: { "content-type": "application/json" } };
  },
};
