import {
  bearerRequest,
  dateOf,
  objectOf,
  plainFields,
  testId,
  textOf,
  type WebhookPreset,
} from "./preset.ts";

/** The entry's own facts, listed after its fields. */
const ENTRY_META = new Set([
  "id",
  "status",
  "form_id",
  "ip",
  "source_url",
  "currency",
  "post_id",
  "date_created",
  "date_updated",
  "is_starred",
  "is_read",
  "user_agent",
  "payment_status",
  "payment_date",
  "payment_amount",
  "payment_method",
  "transaction_id",
  "is_fulfilled",
  "created_by",
  "transaction_type",
  "source_id",
]);

/** Input ids in form order: by field id, then by input (`1.3` before `1.6` before `2`). */
function byInputId(a: { path: string }, b: { path: string }): number {
  const [fieldA = 0, inputA = 0] = a.path.split(".").map(Number);
  const [fieldB = 0, inputB = 0] = b.path.split(".").map(Number);
  return fieldA - fieldB || inputA - inputB || a.path.localeCompare(b.path);
}

/**
 * Gravity Forms' Webhooks add-on: by default the whole entry as JSON, its fields keyed by their
 * input ids (`1.3` first name, `1.6` last name, `4.1` a ticked consent box) beside the entry's
 * meta (`id`, `form_id`, `date_created` in UTC). It cannot sign: the business adds an
 * `Authorization: Bearer <secret>` request header. The entry `id` is the lead's id.
 */
export const gravityFormsPreset: WebhookPreset = {
  id: "gravity-forms",
  name: "Gravity Forms (WordPress)",
  description: "Forms built with Gravity Forms and its Webhooks add-on.",
  authModes: [{ mode: "bearer" }, { mode: "path" }],
  secretFrom: "ringback",
  jsonOnly: false,
  idempotencyKey: "the entry's id",
  help: [
    "In WordPress, open the form in Gravity Forms, go to Settings › Webhooks, and add a feed: paste the URL as the Request URL, with the POST method, the JSON format and All Fields as the body.",
    "Under Request Headers, add Authorization with the value Bearer followed by a space and the secret.",
    "Gravity Forms names fields by their ids (1.3 is a name's first part, 4.1 a ticked consent box): pick them below by the values the test submission shows.",
  ],
  docs: [
    {
      label: "Gravity Forms Webhooks add-on",
      url: "https://docs.gravityforms.com/triggering-webhooks-form-submissions/",
    },
  ],
  mapping: { phone: [], name: [], email: [] },
  read(body) {
    const entry = objectOf(body);
    const fields = plainFields(entry);
    return {
      // The form's fields first, in input-id order (1.3, 1.6, 2…: a parsed object lists
      // number-like keys in its own order), then the entry's meta.
      fields: [
        ...fields.filter((field) => !ENTRY_META.has(field.path)).sort(byInputId),
        ...fields.filter((field) => ENTRY_META.has(field.path)),
      ],
      leadId: textOf(entry.id),
      test: false,
      submittedAt: dateOf(entry.date_created),
    };
  },
  testSubmission(secret, now) {
    // fixtures/gravity-forms/entry.json, its own entry id each time.
    const at = now.toISOString().slice(0, 19).replace("T", " ");
    return bearerRequest(
      secret,
      JSON.stringify({
        id: testId(now),
        status: "active",
        form_id: "1",
        source_url: "https://example.com/contact/",
        date_created: at,
        date_updated: at,
        "1.3": "John",
        "1.6": "Doe",
        "2": "john.doe@example.com",
        "3": "(555) 010-0199",
        "4.1": "1",
        "4.2": "I agree to the privacy policy.",
        "5": "Please call me back.",
      }),
    );
  },
};
