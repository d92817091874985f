import type { FormSourceManifest } from "@ringback/contracts";
import { z } from "zod";

/**
 * What an operator sets for Typeform (docs/connecting-forms.md): an OAuth application. Without
 * one, the built-in Typeform sandbox stands in where sandboxes are allowed.
 */
export const typeformSettingsSchema = z
  .object({
    TYPEFORM_CLIENT_ID: z.string().optional().describe("The OAuth application's client id."),
    TYPEFORM_CLIENT_SECRET: z.string().optional().describe("The OAuth application's secret."),
    TYPEFORM_API_URL: z.url().default("https://api.typeform.com").describe("Typeform's API."),
    TYPEFORM_ADMIN_URL: z
      .url()
      .default("https://admin.typeform.com")
      .describe("Where forms are edited."),
  })
  .describe(
    "A Typeform OAuth application. Without one, the built-in Typeform sandbox stands in where sandboxes are allowed.",
  );

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
