import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import {
  type FormField,
  type FormFields,
  FormSourceError,
  type NormalizedSubmission,
} from "../../../src/providers/forms/form-source.ts";
import type { FormSourceModule } from "../../../src/providers/forms/source-module.ts";

/**
 * A form source that exists only in tests: "a URL and a secret, with fields learned from a
 * sample submission". Everything about it is in this folder; a test registers it
 * (`startTestRingback({ formSources: [...formSourceModules, echo] })`) and nothing else in the
 * server names it. Its wire format is its own: a JSON body signed with HMAC-SHA256 (hex) in
 * `x-echo-signature`.
 */
export const ECHO_SIGNATURE_HEADER = "x-echo-signature";

const deliverySchema = z.object({
  id: z.string().min(1),
  submitted_at: z.iso.datetime().optional(),
  fields: z.array(
    z.object({
      key: z.string().min(1),
      label: z.string(),
      type: z.enum(["text", "email", "phone", "boolean"]),
      value: z.union([z.string(), z.boolean(), z.null()]),
    }),
  ),
});

export function signEcho(body: string, secret: string): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

function parse(rawBody: string): NormalizedSubmission {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new FormSourceError("The body is not JSON.", { status: 400, code: "invalid_json" });
  }
  const parsed = deliverySchema.safeParse(json);
  if (!parsed.success) {
    throw new FormSourceError("Not an echo delivery.", { status: 400, code: "invalid_body" });
  }
  const body = parsed.data;
  return {
    responseId: body.id,
    formId: "",
    submittedAt: body.submitted_at ? new Date(body.submitted_at) : null,
    landedAt: null,
    questions: body.fields.map((f) => ({
      id: f.key,
      ref: f.key,
      title: f.label,
      type: f.type,
      value: f.value,
    })),
    answers: Object.fromEntries(body.fields.map((f) => [f.key, f.value])),
    hidden: {},
    raw: json,
  };
}

/** What a sample shows: each field by the type it was sent with. */
function fieldsOf(submission: NormalizedSubmission): FormFields {
  const all: FormField[] = submission.questions.map((q) => ({
    id: q.id,
    title: q.title,
    type: q.type,
    ref: q.ref,
  }));
  const ofType = (type: string) => all.filter((f) => f.type === type);
  return {
    formId: submission.formId,
    title: "Echo form",
    lastUpdatedAt: null,
    displayUrl: null,
    editUrl: null,
    all,
    phone: ofType("phone"),
    checkbox: ofType("boolean"),
    text: ofType("text"),
    email: ofType("email"),
    hidden: [],
  };
}

export const echo: FormSourceModule = {
  manifest: {
    id: "echo",
    name: "Echo",
    icon: "webhook",
    description: "A test-only source: a URL and a secret.",
    capabilities: {
      connect: false,
      listForms: false,
      readFields: false,
      manageWebhooks: false,
      sampleFields: true,
      backfill: false,
    },
    formNoun: "form",
    help: { details: ["Paste the URL and the secret into the tool that sends the leads."] },
    docs: [],
    settings: z.toJSONSchema(z.object({})),
  },
  create: () => ({
    id: "echo",
    name: "Echo",
    sandbox: false,
    samples: { fields: fieldsOf },
    verifyDelivery({ rawBody, headers }, secret) {
      const given = Buffer.from(headers.get(ECHO_SIGNATURE_HEADER) ?? "", "utf8");
      const expected = Buffer.from(signEcho(rawBody, secret), "utf8");
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    parseDelivery: ({ rawBody }) => parse(rawBody),
  }),
};
