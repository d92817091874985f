import { z } from "zod";
import { type VoiceCapabilities, voicePlatformIds } from "./voice.ts";

/**
 * Integrations as the server describes them (`GET /api/integrations`): each form source and
 * voice platform has a manifest in its own folder on the server, and the web app renders cards,
 * wizard wording and help from these, so that no screen names a vendor by itself. The shapes
 * are ours; no vendor's syntax belongs here.
 */

/** A form source's id: lowercase letters, digits and dashes (it appears in URLs). */
export const formSourceIdSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{1,39}$/, "A form source's id is lowercase letters, digits and dashes.");
export type FormSourceId = z.infer<typeof formSourceIdSchema>;

export const formSourceCapabilitiesSchema = z.object({
  /** An account is connected by OAuth. */
  connect: z.boolean(),
  /** The connected account's forms are listed to choose from. */
  listForms: z.boolean(),
  /** A form's fields are read from the source's API. */
  readFields: z.boolean(),
  /** Ringback creates and deletes the form's webhook itself. */
  manageWebhooks: z.boolean(),
  /** The business pastes a URL and a secret; fields are learned from a sample submission. */
  sampleFields: z.boolean(),
  /** Responses are read back from the source's API, so a missed webhook loses no lead. */
  backfill: z.boolean(),
});
export type FormSourceCapabilities = z.infer<typeof formSourceCapabilitiesSchema>;

export const documentationLinkSchema = z.object({ label: z.string(), url: z.string() });

/** The card's picture, from the web app's fixed set. */
export const integrationIcons = [
  "form",
  "spreadsheet",
  "handshake",
  "webhook",
  "megaphone",
] as const;
export type IntegrationIcon = (typeof integrationIcons)[number];

export const formSourceManifestSchema = z.object({
  id: formSourceIdSchema,
  /** As users see it: "Typeform". */
  name: z.string(),
  icon: z.enum(integrationIcons),
  /** The provider card's sentence on the dashboard. */
  description: z.string(),
  capabilities: formSourceCapabilitiesSchema,
  /** What the source calls a form ("form", "lead form"…), lowercase. */
  formNoun: z.string(),
  /** Help texts by the wizard step they explain (`details`, `form`, `fields`, `activate`). */
  help: z.record(z.string(), z.array(z.string())),
  docs: z.array(documentationLinkSchema),
  /**
   * The installation's settings for this source (environment variables), as JSON Schema: an
   * operator's reference; the server reads them.
   */
  settings: z.record(z.string(), z.unknown()),
  /**
   * A URL-and-secret source: the ways an assistant can have its deliveries authenticated, the
   * first being the default. The wizard offers them, with their fields, as the source says.
   */
  endpoint: z
    .object({
      authModes: z.array(
        z.object({
          /** What is saved as the settings' `auth.mode`. */
          id: z.string(),
          label: z.string(),
          /** How the tool sends it, in a sentence. */
          description: z.string(),
          /** Anyone with the URL can send leads this way: the wizard warns. */
          lessSecure: z.boolean(),
          /** What else the mode needs (an HMAC's header name, say), saved beside `mode`. */
          fields: z.array(
            z.object({
              key: z.string(),
              label: z.string(),
              /** A choice among these values; free text where absent. */
              options: z.array(z.string()).optional(),
              default: z.string(),
              placeholder: z.string().optional(),
            }),
          ),
        }),
      ),
      /**
       * The tools the source knows (a form plugin, an ad platform, an automation tool), the first
       * being the default: what each sends and how, for the wizard to set up and explain.
       */
      presets: z.array(
        z.object({
          /** What is saved as the settings' `preset`. */
          id: z.string(),
          name: z.string(),
          description: z.string(),
          /** The ids of the authentication modes it can use, its default first. */
          authModes: z.array(z.string()).min(1),
          /**
           * Who makes the secret: Ringback (paste it into the tool), or the tool (paste the
           * tool's secret into Ringback).
           */
          secretFrom: z.enum(["ringback", "tool"]),
          /** What tells its deliveries apart, in words. */
          idempotencyKey: z.string(),
          help: z.array(z.string()),
          docs: z.array(documentationLinkSchema),
          /** A body to copy into the tool, where the business types one (Zapier, Make). */
          exampleBody: z.string().nullable(),
        }),
      ),
    })
    .optional(),
});
export type FormSourceManifest = z.infer<typeof formSourceManifestSchema>;
export type EndpointAuthMode = NonNullable<FormSourceManifest["endpoint"]>["authModes"][number];
export type EndpointPreset = NonNullable<FormSourceManifest["endpoint"]>["presets"][number];

/** What the wizard shows for a source whose deliveries can come from anyone with the URL. */
export const LESS_SECURE_WARNING = "Less secure: anyone with the URL can send leads";

/** A form source as this installation offers it. */
export const availableFormSourceSchema = formSourceManifestSchema.extend({
  /** Ringback's built-in imitation stands in (no credentials configured). */
  sandbox: z.boolean(),
});
export type AvailableFormSource = z.infer<typeof availableFormSourceSchema>;

/** A source on the way: a card that says "Coming soon". */
export const plannedFormSourceSchema = formSourceManifestSchema.pick({
  id: true,
  name: true,
  icon: true,
  description: true,
});
export type PlannedFormSource = z.infer<typeof plannedFormSourceSchema>;

/** What a voice platform does with each per-assistant voice option (with why, where it differs). */
const capability = z.object({ supported: z.boolean(), note: z.string().nullable() });
export const voiceCapabilitiesSchema = z.object({
  voice: capability,
  language: capability,
  maxDuration: capability,
  voicemailMessage: capability,
  transfer: capability,
}) satisfies z.ZodType<VoiceCapabilities>;

/**
 * A voice platform as the Voice page shows it, from its folder on the server
 * (providers/voice/<id>/manifest.ts): its card, what it does with each voice option, and the
 * fields of its account with their help.
 */
export const voicePlatformManifestSchema = z.object({
  id: z.enum(voicePlatformIds),
  name: z.string(),
  /** The Provider choice's line on the Voice page. */
  description: z.string(),
  capabilities: voiceCapabilitiesSchema,
  /** Where the platform's API key is found. */
  apiKeyHelp: z.string(),
  /** A webhook secret apart from the API key (null: the platform signs with the key). */
  webhookSecret: z
    .object({
      label: z.string(),
      help: z.string(),
      /** Required to save; when not, Ringback makes one. */
      required: z.boolean(),
      /** What a save without one says. */
      missing: z.string(),
    })
    .nullable(),
  callerNumber: z.object({
    /** What the platform dials from: the number itself (E.164) or one of its phone-number ids. */
    kind: z.enum(["number", "id"]),
    label: z.string(),
    help: z.string(),
    placeholder: z.string(),
    /** Required to save; when not, the account's default numbers are used. */
    required: z.boolean(),
    /** What a save without one says. */
    missing: z.string(),
    /** What a malformed one says (an id the platform cannot have). */
    malformed: z.string(),
  }),
  /** One line under the webhook URL: where it goes (nothing to paste, for each of them). */
  webhookUrlHelp: z.string(),
  docs: z.array(documentationLinkSchema),
});
export type VoicePlatformManifest = z.infer<typeof voicePlatformManifestSchema>;

/** The call simulator as the Voice page shows it. */
export const voiceSimulatorManifestSchema = z.object({
  name: z.string(),
  description: z.string(),
  capabilities: voiceCapabilitiesSchema,
});
export type VoiceSimulatorManifest = z.infer<typeof voiceSimulatorManifestSchema>;

export const integrationsResponseSchema = z.object({
  formSources: z.array(availableFormSourceSchema),
  comingSoon: z.array(plannedFormSourceSchema),
  voicePlatforms: z.array(voicePlatformManifestSchema),
  voiceSimulator: voiceSimulatorManifestSchema,
});
export type IntegrationsResponse = z.infer<typeof integrationsResponseSchema>;
