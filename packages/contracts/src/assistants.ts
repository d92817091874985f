import { z } from "zod";
import { countryCodeSchema, phoneSchema } from "./accounts.ts";
import { FEDERAL_CALLING_HOURS } from "./calling-hours.ts";
import { firstSentenceSchema } from "./disclosure.ts";
import { type FormSourceId, formSourceIdSchema } from "./integrations.ts";
import { outcomeQuestionSchema, outcomeQuestionsSchema } from "./outcome-questions.ts";
import { DEFAULT_COUNTRY, normalizePhone } from "./phone.ts";
import { isIanaTimeZone } from "./time-zones.ts";
import { assistantVoiceSchema, isVoiceLanguage, MAX_CALL_MINUTES } from "./voice-options.ts";

export { countryCodeSchema };

/** Which form source an assistant's leads come from (the server's registry knows which exist). */
export const formProviderIdSchema = formSourceIdSchema;
export type FormProviderId = FormSourceId;

/** An assistant, as form_assistants holds it (and its linked form_credentials' provider). */
export const assistantSchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  user_id: z.string().nullable(),
  provider: formProviderIdSchema,
  name: z.string().nullable(),
  form_id: z.string().nullable(),
  form_title: z.string().nullable(),
  phone_field_id: z.string().nullable(),
  checkbox_field_id: z.string().nullable(),
  /** The form's own consent text, where the availability field is FORM_CONSENT_TEXT_FIELD. */
  consent_text: z.string().nullable(),
  name_field_id: z.string().nullable(),
  email_field_id: z.string().nullable(),
  assistant_script: z.string().nullable(),
  /** Spoken before the script; the same variables as the script. */
  first_sentence: z.string(),
  /** What each call should find out. */
  outcome_questions: z.array(outcomeQuestionSchema),
  is_active: z.boolean(),
  webhook_id: z.string().nullable(),
  webhook_url: z.string().nullable(),
  created_at: z.string(),
  form_public_url: z.string().nullable(),
  form_edit_url: z.string().nullable(),
  call_settings: z.object({
    maxAttempts: z.number(),
    retryDelayMinutes: z.number(),
    callingWindowStart: z.string(),
    callingWindowEnd: z.string(),
    defaultTimeZone: z.string(),
    /** ISO 3166-1 alpha-2: numbers typed without a country code. */
    defaultCountry: z.string(),
    voicemailAction: z.enum(["hang_up", "leave_message"]),
    voicemailMessage: z.string().nullable(),
    skipSundays: z.boolean(),
    skipHolidays: z.boolean(),
    /** The voice, with the list it came from (voiceSourceOf); null: the default. */
    voice: assistantVoiceSchema.nullable(),
    /** BCP 47 (VOICE_LANGUAGES); null: the provider's default (English). */
    language: z.string().nullable(),
    maxCallMinutes: z.number(),
    /** E.164: where a call goes when the person asks for a human; null: never transferred. */
    transferNumber: z.string().nullable(),
    /** "Call leads up to N hours old". */
    maxLeadAgeHours: z.number(),
  }),
});
export type Assistant = z.infer<typeof assistantSchema>;

/** One assistant with its 'Total calls: N' (submissions with status call_scheduled). */
export const assistantDetailSchema = assistantSchema.extend({ total_calls: z.number() });
export type AssistantDetail = z.infer<typeof assistantDetailSchema>;

/** A form provider connection of the organization (tokens never leave the server). */
export const formConnectionSchema = z.object({
  provider: formProviderIdSchema,
  connected: z.boolean(),
  /** Ringback's built-in imitation of the provider (no credentials configured). */
  sandbox: z.boolean(),
  connected_at: z.string().nullable(),
});
export type FormConnection = z.infer<typeof formConnectionSchema>;

/** A form in the provider's listing. */
export const formListItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  last_updated_at: z.string().nullable(),
  public_url: z.string().nullable(),
  edit_url: z.string().nullable(),
  isInUse: z.boolean(),
  associatedAssistantName: z.string().nullable(),
});
export type FormListItem = z.infer<typeof formListItemSchema>;

/**
 * The part of a contact-info block (Typeform's contact_info) a field is; `full_name` is
 * Ringback's own option joining the block's first and last name.
 */
export const contactParts = [
  "first_name",
  "last_name",
  "full_name",
  "email",
  "phone_number",
  "company",
] as const;
export type ContactPart = (typeof contactParts)[number];

/** A form's field, and the fields grouped by what they can answer. */
export const formFieldSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The provider's type; `hidden` for hidden fields. */
  type: z.string(),
  ref: z.string().nullable(),
  /** Which part of a contact-info block this is, if it is one. */
  contact: z.enum(contactParts).nullable().optional(),
  /** A phone field's own country for numbers typed without a country code (ISO 3166-1). */
  defaultCountry: z.string().nullable().optional(),
  /** A choice question's option labels, in form order (the script preview answers with them). */
  choices: z.array(z.string()).optional(),
  /** What a sample submission sent in it (fields learned from a sample), as text. */
  example: z.string().optional(),
});
export type FormField = z.infer<typeof formFieldSchema>;

export const formFieldsSchema = z.object({
  form_id: z.string(),
  title: z.string(),
  public_url: z.string().nullable(),
  edit_url: z.string().nullable(),
  fields: z.object({
    all: z.array(formFieldSchema),
    phone: z.array(formFieldSchema),
    checkbox: z.array(formFieldSchema),
    text: z.array(formFieldSchema),
    email: z.array(formFieldSchema),
    /**
     * Hidden fields (`?phone=…` in the form's link): not questions, but choosable for the
     * phone, name and email after the questions.
     */
    hidden: z.array(formFieldSchema),
  }),
});
export type FormFieldsResponse = z.infer<typeof formFieldsSchema>;

export const startConnectionSchema = z.object({ assistantId: z.string().uuid() });
/** GET …/form-connections/:provider/forms?assistantId= (the assistant choosing a form). */
export const listFormsQuerySchema = z.object({
  assistantId: z.string().uuid("assistantId must be an assistant's id").optional(),
});
/** Where the browser goes next: the provider's consent page, or straight back when connected. */
export const startConnectionResponseSchema = z.object({ url: z.string() });

/** The reasons a provider's connection returns with. */
export const connectionErrorReasons = [
  "token_exchange_403",
  "token_exchange_exception",
  "db_error",
  "missing_user_id",
  "invalid_state",
  "access_denied",
] as const;

export const assistantNameSchema = z
  .string()
  .trim()
  .min(1, "Please enter a name for your assistant")
  .max(120, "Use at most 120 characters");

export const updateAssistantNameSchema = z.object({ name: assistantNameSchema });
export const selectFormSchema = z.object({ formId: z.string().trim().min(1) });
/**
 * The availability choice for a form with no checkbox for a call (a Google Ads lead form, say):
 * the consent wording the form itself shows, pasted by the business. Every submission then keeps
 * that text, with the time, the form and the source, as its consent evidence.
 */
export const FORM_CONSENT_TEXT_FIELD = "@form-consent-text";
export const FORM_CONSENT_TEXT_LABEL = "The form's own consent text";
export const CONSENT_TEXT_REQUIRED = "Paste the consent text your form shows";

export const assignFieldsSchema = z
  .object({
    phoneFieldId: z.string().min(1, "Please select a phone number field"),
    checkboxFieldId: z.string().min(1, "Please select a call availability field"),
    nameFieldId: z.string().min(1).nullable(),
    emailFieldId: z.string().min(1).nullable(),
    /** With FORM_CONSENT_TEXT_FIELD: the wording the form shows. Ignored otherwise. */
    consentText: z.string().trim().max(2000, "Use at most 2,000 characters").nullable().optional(),
  })
  .refine(
    (input) =>
      input.checkboxFieldId !== FORM_CONSENT_TEXT_FIELD || (input.consentText ?? "").length >= 10,
    { message: CONSENT_TEXT_REQUIRED, path: ["consentText"] },
  );
export type AssignFields = z.infer<typeof assignFieldsSchema>;
export const updateScriptSchema = z.object({
  script: z.string().trim().min(1, "Please write a script for your assistant").max(10_000),
  /** What the call opens with. Left out: the saved one stays. */
  firstSentence: firstSentenceSchema.optional(),
});
export type UpdateScript = z.infer<typeof updateScriptSchema>;

/** PUT …/assistants/:id/outcomes. */
export const updateOutcomesSchema = z.object({ questions: outcomeQuestionsSchema });

/**
 * US law allows calls only between 8 a.m. and 9 p.m. at the called person
 * (47 CFR § 64.1200(c)(1)); an assistant's window must sit inside. Stricter states (8 p.m.) are
 * applied by the call engine from the number's area code (calling-hours.ts).
 */
export const LAWFUL_CALLING_HOURS = FEDERAL_CALLING_HOURS;
export const CALLING_HOURS_MESSAGE = `Calls are allowed only between ${LAWFUL_CALLING_HOURS.start} and ${LAWFUL_CALLING_HOURS.end} in the respondent's local time (US law, 47 CFR 64.1200(c)(1)). Set the window inside those hours.`;

/**
 * Where a call is transferred when the person asks for a human: any phone number
 * with its country code, spaces and punctuation allowed ("+44 20 7946 0958"), kept as E.164.
 */
export const transferNumberSchema = z
  .string()
  .trim()
  .max(40, "Enter a phone number with its country code, e.g. +1 415 555 0123")
  .refine((value) => value.startsWith("+"), {
    message: "Enter the transfer number with its country code, starting with +",
  })
  .transform(normalizePhone)
  .pipe(phoneSchema);

/** The oldest lead an assistant may be set to call: a week. */
export const MAX_LEAD_AGE_HOURS = 168;

/** How an assistant calls; the call engine applies them. */
export const voicemailActions = ["hang_up", "leave_message"] as const;
export const callSettingsSchema = z
  .object({
    maxAttempts: z.number().int().min(1).max(5),
    retryDelayMinutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60),
    callingWindowStart: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use HH:MM"),
    callingWindowEnd: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use HH:MM"),
    defaultTimeZone: z.string().trim().refine(isIanaTimeZone, "Choose a time zone from the list"),
    /**
     * Where numbers typed without a country code are from when the phone field names no
     * country. Left out: the saved one stays.
     */
    defaultCountry: countryCodeSchema.optional(),
    voicemailAction: z.enum(voicemailActions),
    voicemailMessage: z.string().trim().max(500).nullable(),
    /** No calls on Sundays / public holidays (the respondent's). Left out: kept. */
    skipSundays: z.boolean().optional(),
    skipHolidays: z.boolean().optional(),
    /**
     * The voice options (each left out: the saved one stays, so older clients keep
     * working). Null voice or language: the provider's default.
     */
    voice: assistantVoiceSchema.nullable().optional(),
    language: z
      .string()
      .trim()
      .refine((tag): boolean => isVoiceLanguage(tag), "Choose a language from the list")
      .nullable()
      .optional(),
    maxCallMinutes: z
      .number("Enter the maximum call length in minutes")
      .int(`Choose between ${MAX_CALL_MINUTES.min} and ${MAX_CALL_MINUTES.max} minutes`)
      .min(
        MAX_CALL_MINUTES.min,
        `Choose between ${MAX_CALL_MINUTES.min} and ${MAX_CALL_MINUTES.max} minutes`,
      )
      .max(
        MAX_CALL_MINUTES.max,
        `Choose between ${MAX_CALL_MINUTES.min} and ${MAX_CALL_MINUTES.max} minutes`,
      )
      .optional(),
    transferNumber: transferNumberSchema.nullable().optional(),
    /**
     * "Call leads up to N hours old": a lead submitted longer ago (read back by a backfill, or
     * delivered late) is stored and shown as "Too old to call", never dialled. Left out: kept.
     */
    maxLeadAgeHours: z
      .number("Enter a number of hours")
      .int(`Choose between 1 and ${MAX_LEAD_AGE_HOURS} hours`)
      .min(1, `Choose between 1 and ${MAX_LEAD_AGE_HOURS} hours`)
      .max(MAX_LEAD_AGE_HOURS, `Choose between 1 and ${MAX_LEAD_AGE_HOURS} hours`)
      .optional(),
  })
  .refine((s) => s.callingWindowStart < s.callingWindowEnd, {
    message: "The calling window must end after it starts",
    path: ["callingWindowEnd"],
  })
  .refine((s) => s.callingWindowStart >= LAWFUL_CALLING_HOURS.start, {
    message: CALLING_HOURS_MESSAGE,
    path: ["callingWindowStart"],
  })
  .refine((s) => s.callingWindowEnd <= LAWFUL_CALLING_HOURS.end, {
    message: CALLING_HOURS_MESSAGE,
    path: ["callingWindowEnd"],
  });
export type CallSettings = z.infer<typeof callSettingsSchema>;

export const defaultCallSettings: CallSettings & {
  defaultCountry: string;
  maxLeadAgeHours: number;
} = {
  maxAttempts: 3,
  retryDelayMinutes: 10,
  callingWindowStart: "09:00",
  callingWindowEnd: "20:00",
  defaultTimeZone: "America/New_York",
  defaultCountry: DEFAULT_COUNTRY,
  voicemailAction: "hang_up",
  voicemailMessage: null,
  skipSundays: false,
  skipHolidays: false,
  voice: null,
  language: null,
  maxCallMinutes: MAX_CALL_MINUTES.default,
  transferNumber: null,
  maxLeadAgeHours: 24,
};

/** The dashboard's stats, computed on the server for the current organization. */
export const dashboardStatsSchema = z.object({
  completedCalls: z.number(),
  answeredCalls: z.number(),
  uniqueFormsCalled: z.number(),
  totalAttempts: z.number(),
  totalSubmissions: z.number(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/**
 * A URL-and-secret source's endpoint for one assistant (GET/POST …/assistants/:id/endpoint): where
 * its tool sends leads, and how they are signed. The secret is shown once, when it is made or
 * rotated (`secret` is null otherwise); a rotated-out secret still works until
 * `previousSecretUntil`.
 */
export const assistantEndpointSchema = z.object({
  /** The URL to paste into the tool (with the secret's token at its end in `path` mode). */
  url: z.string(),
  /** The new secret, this once; null when it was shown before. */
  secret: z.string().nullable(),
  /** The secret's last four characters, to tell which one a tool has. */
  secretHint: z.string(),
  /** Until when the secret a rotation replaced is still accepted (ISO 8601), or null. */
  previousSecretUntil: z.string().nullable(),
  /** The assistant's settings for its source (how deliveries are authenticated). */
  settings: z.record(z.string(), z.unknown()),
  /** When the last sample submission arrived (ISO 8601), or null: none yet. */
  sampleReceivedAt: z.string().nullable(),
  /** Sandbox mode: "Send a test submission" sends the tool's documented request here. */
  testSubmissions: z.boolean(),
});
export type AssistantEndpoint = z.infer<typeof assistantEndpointSchema>;

/** PUT …/assistants/:id/endpoint/secret: the secret the business's own tool shows. */
export const toolSecretSchema = z.object({
  secret: z
    .string()
    .trim()
    .min(8, "Paste the whole secret: at least 8 characters")
    .max(500, "That is longer than any tool's secret: paste the secret alone"),
});
