import type { FormSourceManifest } from "@ringback/contracts";
import { z } from "zod";

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
  },
  formNoun: "form",
  help: {
    details: [
      "Each assistant has its own webhook URL and signing secret: paste both into the tool that sends your leads.",
    ],
    form: [
      "Send a test submission to the URL: Ringback lists the fields it received, with their values, for you to choose from.",
      "Standard Webhooks signing is the default. Tools that cannot sign can send the secret as a bearer token or in the URL instead, but then anyone with the URL can send leads.",
    ],
  },
  docs: [{ label: "Standard Webhooks", url: "https://www.standardwebhooks.com/" }],
  settings: z.toJSONSchema(z.object({})),
} satisfies FormSourceManifest;
