import type {
  SandboxTypeformDefinition,
  SandboxTypeformField,
} from "../../../../db/schema/typeform-sandbox.ts";
import { base62Id, newChoiceId, newFieldId } from "./ids.ts";

type FieldOptions = { required?: boolean; description?: string };

function field(
  type: string,
  ref: string,
  title: string,
  options: FieldOptions = {},
  properties: SandboxTypeformField["properties"] = {},
): SandboxTypeformField {
  return {
    id: newFieldId(),
    ref,
    title,
    type,
    properties: {
      ...(options.description ? { description: options.description } : {}),
      ...properties,
    },
    validations: { required: options.required ?? false },
  };
}

export const shortText = (ref: string, title: string, options?: FieldOptions) =>
  field("short_text", ref, title, options);
export const longText = (ref: string, title: string, options?: FieldOptions) =>
  field("long_text", ref, title, options);
export const email = (ref: string, title: string, options?: FieldOptions) =>
  field("email", ref, title, options);
export const phoneNumber = (ref: string, title: string, options?: FieldOptions) =>
  field("phone_number", ref, title, options, { default_country_code: "US" });
export const yesNo = (ref: string, title: string, options?: FieldOptions) =>
  field("yes_no", ref, title, options);
export const legal = (ref: string, title: string, options?: FieldOptions) =>
  field("legal", ref, title, options);

export function multipleChoice(
  ref: string,
  title: string,
  labels: string[],
  options: FieldOptions & { multiple?: boolean } = {},
): SandboxTypeformField {
  return field("multiple_choice", ref, title, options, {
    allow_multiple_selection: options.multiple ?? false,
    allow_other_choice: false,
    choices: labels.map((label, i) => ({ id: newChoiceId(), ref: `${ref}_${i + 1}`, label })),
  });
}

export function group(
  ref: string,
  title: string,
  fields: SandboxTypeformField[],
  options: FieldOptions = {},
): SandboxTypeformField {
  return field("group", ref, title, options, {
    show_button: true,
    button_text: "Continue",
    fields,
  });
}

/**
 * Typeform's contact-info block: its parts are fields in properties.fields, marked by
 * subfield_key (first_name, last_name, phone_number, email, company).
 */
export function contactInfo(
  ref: string,
  title: string,
  parts: { key: string; type: string; title: string; required?: boolean }[],
  options: FieldOptions = {},
): SandboxTypeformField {
  return field("contact_info", ref, title, options, {
    fields: parts.map((part) => ({
      ...field(
        part.type,
        `${ref}_${part.key}`,
        part.title,
        { required: part.required ?? false },
        part.type === "phone_number" ? { default_country_code: "US" } : {},
      ),
      subfield_key: part.key,
    })),
  });
}

/** A ref that no other field of the form uses, for fields added on the edit page. */
export function uniqueRef(prefix: string): string {
  return `${prefix}_${base62Id(6).toLowerCase()}`;
}

export interface SampleForm {
  title: string;
  definition: SandboxTypeformDefinition;
}

/**
 * The sample forms every new sandbox account gets, newest first. Together they cover the field
 * types Ringback reads (phone_number; yes_no, legal and a single "Yes" choice; short_text,
 * long_text; email; fields nested in a group and in a contact_info block), and two of them
 * lack a field Ringback needs so that its warnings can be seen: "Newsletter signup" has no
 * phone field and "Product feedback" no yes/no (or other tick-box) field.
 */
export function sampleForms(): SampleForm[] {
  return [
    {
      title: "Website enquiry",
      definition: {
        hidden: ["utm_source"],
        fields: [
          shortText("name", "What's your name?", { required: true }),
          email("email", "What's your email address?", { required: true }),
          phoneNumber("phone", "What's the best number to call you on?", { required: true }),
          longText("enquiry", "How can we help?"),
          yesNo("call_consent", "Can we call you about your enquiry?", {
            required: true,
            description:
              "We'll call the number you gave within a few minutes, between 8 AM and 8 PM your time. The call is made by our AI assistant and may be recorded.",
          }),
        ],
      },
    },
    {
      title: "Contact us",
      definition: {
        hidden: [],
        fields: [
          contactInfo(
            "contact",
            "How can we reach you?",
            [
              { key: "first_name", type: "short_text", title: "First name", required: true },
              { key: "last_name", type: "short_text", title: "Last name" },
              { key: "email", type: "email", title: "Email", required: true },
              {
                key: "phone_number",
                type: "phone_number",
                title: "Phone number",
                required: true,
              },
            ],
            { required: true },
          ),
          longText("message", "What would you like to talk about?"),
          legal(
            "contact_consent",
            "I agree that you may contact me about my message, including by phone.",
          ),
        ],
      },
    },
    {
      title: "Newsletter signup",
      definition: {
        hidden: ["source"],
        fields: [
          shortText("first_name", "What's your first name?", { required: true }),
          email("email", "Where should we send the newsletter?", { required: true }),
          multipleChoice(
            "topics",
            "Which topics interest you?",
            ["Product news", "Events", "Tips and guides"],
            { multiple: true, description: "Choose as many as you like." },
          ),
          legal(
            "newsletter_consent",
            "I agree to receive the newsletter by email. I can unsubscribe at any time.",
            { required: true },
          ),
        ],
      },
    },
    {
      title: "Product feedback",
      definition: {
        hidden: [],
        fields: [
          shortText("name", "What's your name?", { required: true }),
          email("email", "What's your email address?"),
          phoneNumber("phone", "Your phone number, if you'd like a reply by phone"),
          multipleChoice(
            "satisfaction",
            "How satisfied are you with our product?",
            ["Very satisfied", "Satisfied", "Neutral", "Dissatisfied"],
            { required: true },
          ),
          longText("improvements", "What could we do better?"),
        ],
      },
    },
    {
      title: "Demo request",
      definition: {
        hidden: ["campaign"],
        fields: [
          group("about_you", "Tell us about yourself", [
            shortText("name", "Your name", { required: true }),
            phoneNumber("phone", "Your phone number", { required: true }),
            email("work_email", "Your work email"),
          ]),
          shortText("company", "Company name"),
          // A long question (125 characters), as forms have: the wizard's selects show it whole.
          multipleChoice(
            "call_me",
            "Would you like one of our product specialists to call you to book your demo at a time that suits you and your team this week?",
            ["Yes, call me"],
          ),
        ],
      },
    },
  ];
}
