import type { FormSourceManifest } from "@ringback/contracts";
import { z } from "zod";
import type { IntegrationSettings } from "../../../config/env.ts";

/**
 * What an operator sets for Typeform (docs/connecting-forms.md): an OAuth application. Without
 * one, the built-in Typeform sandbox stands in where sandboxes are allowed.
 */
const optional = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();
const base = (fallback: string) =>
  z
    .preprocess(
      (value) => (value === "" ? undefined : value),
      z
        .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
        .default(fallback),
    )
    .transform((value) => value.replace(/\/+$/, ""));

export const typeformSettingsSchema = z
  .object({
    TYPEFORM_CLIENT_ID: optional.describe("The OAuth application's client id."),
    TYPEFORM_CLIENT_SECRET: optional.describe("The OAuth application's secret."),
    TYPEFORM_API_URL: base("https://api.typeform.com").describe(
      "Typeform's API and OAuth base (for tests and proxies).",
    ),
    TYPEFORM_ADMIN_URL: base("https://admin.typeform.com").describe(
      "Where forms are edited (for tests and proxies).",
    ),
  })
  .describe(
    "A Typeform OAuth application. Without one, the built-in Typeform sandbox stands in where sandboxes are allowed.",
  );

/** Typeform's variables as start-up reads them (config/env.ts, IntegrationSettings). */
export const typeformSettings = {
  id: "typeform",
  name: "Typeform",
  schema: typeformSettingsSchema,
  credentials: ["TYPEFORM_CLIENT_ID", "TYPEFORM_CLIENT_SECRET"],
} satisfies IntegrationSettings<z.output<typeof typeformSettingsSchema>>;

/**
 * Typeform as Ringback shows it: the dashboard's provider card, the wizard's wording and help,
 * and what an operator configures. The web app renders these (GET /api/integrations).
 */
export const typeformManifest = {
  id: "typeform",
  name: "Typeform",
  icon: "form",
  description: "Call everyone who fills in one of your Typeforms and asks to be called.",
  capabilities: {
    connect: true,
    listForms: true,
    readFields: true,
    manageWebhooks: true,
    sampleFields: false,
    backfill: true,
  },
  formNoun: "form",
  help: {
    details: ["One Typeform connection is shared by every assistant of the organization."],
    form: [
      "Each form can have one assistant. Forms already used by another assistant are marked.",
      "Created a form just now? Use Refresh Forms to load it.",
    ],
  },
  docs: [
    {
      label: "Typeform webhooks",
      url: "https://www.typeform.com/developers/webhooks/",
    },
    {
      label: "Typeform OAuth applications",
      url: "https://www.typeform.com/developers/get-started/applications/",
    },
  ],
  settings: z.toJSONSchema(typeformSettingsSchema, { io: "input" }),
} satisfies FormSourceManifest;
