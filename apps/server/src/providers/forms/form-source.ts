import type { ContactPart } from "@ringback/contracts";
import type { z } from "zod";

/**
 * A form source: where leads come from (a form builder such as Typeform, or any tool that can
 * send a signed webhook). Vendors' wire formats stay inside their folder
 * (providers/forms/<id>/): everything here is our own, normalized shape (ADR 0007, ADR 0027).
 */

export interface TokenSet {
  accessToken: string;
  /** Rotates: store the new one after every refresh. */
  refreshToken: string | null;
  /** When the access token expires, if the provider says. */
  expiresAt: Date | null;
  scope: string | null;
}

/** A form in the provider's listing (before Ringback marks forms in use). */
export interface FormSummary {
  id: string;
  title: string;
  lastUpdatedAt: string | null;
  /** The public form page ('Use Form'). */
  displayUrl: string | null;
  /** The provider's page to edit the form ('Edit Form'). */
  editUrl: string | null;
}

/** A form's field. */
export interface FormField {
  /** The provider's id; `hidden:<name>` for a hidden field, ids joined by `+` for a joined option. */
  id: string;
  title: string;
  /** The provider's type; `hidden` for hidden fields. */
  type: string;
  ref: string | null;
  /** Which part of a contact-info block this is (`full_name`: its first + last name joined). */
  contact?: ContactPart | null;
  /** A phone field's own country for numbers typed without a country code (ISO 3166-1). */
  defaultCountry?: string | null;
  /** A choice question's option labels, in form order (the script preview answers with them). */
  choices?: string[];
  /** The text shown under the question, if any (kept with consent). */
  description?: string;
  /** What a sample submission sent in it (fields learned from a sample), as text. */
  example?: string;
}

/** The form's fields grouped by what they can answer, plus its title and links. */
export interface FormFields {
  formId: string;
  title: string;
  /** When the form was last changed, as the provider says (ISO 8601), or null. */
  lastUpdatedAt: string | null;
  displayUrl: string | null;
  editUrl: string | null;
  all: FormField[];
  phone: FormField[];
  checkbox: FormField[];
  text: FormField[];
  email: FormField[];
  /** Hidden fields (`?phone=…` in the form's link), choosable for the phone, name and email. */
  hidden: FormField[];
}

/**
 * One question of a submission as the respondent saw it, in form order: what the business reads
 * in Call Details, what the assistant is told, and what `{ref}` fills in a script.
 */
export interface SubmittedAnswer {
  /** The field id (hidden fields: `hidden:<name>`). */
  id: string;
  /** The form's own name for the field (Typeform's ref; a hidden field's name), if any. */
  ref: string | null;
  /** The question as shown (a hidden field: its name). */
  title: string;
  /** The provider's field type (`hidden` for hidden fields). */
  type: string;
  value: AnswerValue;
}

/** Field ids of hidden fields (query-string values a form carries) are `hidden:<name>`. */
export const HIDDEN_FIELD_PREFIX = "hidden:";

/**
 * An option that joins several fields' answers with a space (a contact-info block's first and
 * last name) has their ids joined by `+`: `<firstId>+<lastId>`. Providers' ids never hold one.
 */
export const JOINED_FIELD_SEPARATOR = "+";

/** A verified delivery, normalized: answers by field id as plain values. */
export interface NormalizedSubmission {
  /** The provider's id for the response: the de-duplication key. */
  responseId: string;
  formId: string;
  submittedAt: Date | null;
  /** When the respondent opened the form, if the provider says. */
  landedAt: Date | null;
  /** Every answered question and hidden field in form order, with its title. */
  questions: SubmittedAnswer[];
  /** Field id → answer: string, boolean, number, string[] or null. */
  answers: Record<string, AnswerValue>;
  /** Hidden fields (query-string values the form carried). */
  hidden: Record<string, string>;
  /** The source marked it a test lead (Google Ads' "Send test data"): stored, never dialled. */
  test?: boolean;
  /**
   * How long `responseId` tells a repeat apart, where it is made from the body itself (a sender
   * with no id of its own): an identical body after this long is a new lead. Absent: for ever.
   */
  responseIdWindowMs?: number;
  /** The raw payload, its secrets removed, kept for support and reprocessing. */
  raw: unknown;
}
export type AnswerValue = string | number | boolean | string[] | null;

/**
 * One request to an assistant's delivery URL, as a source reads it: the raw body (signatures are
 * over its bytes), the headers, and what the assistant set for its source.
 */
export interface Delivery {
  rawBody: string;
  headers: Headers;
  /**
   * The assistant's settings for its source (how deliveries are authenticated, say), as the
   * source's own `samples.settings` schema reads them; null where it has none.
   */
  settings: unknown;
  /** The token the URL ends with (`…/<assistant id>/<token>`), for a source that takes one. */
  pathToken: string | null;
}

/** A provider error already worded for a person (the app's own texts where they exist). */
export class FormSourceError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(message: string, options: { status: number; code: string; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = "FormSourceError";
    this.status = options.status;
    this.code = options.code;
  }
  /** The token was refused: refresh (once) and retry. */
  get isAuthFailure(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

/** What a source can do, as its manifest says; the adapter has an object for each it can. */
export interface FormSourceCapabilities {
  /** An account is connected by OAuth (`oauth`). */
  connect: boolean;
  /** The connected account's forms are listed for the wizard to choose from (`forms`). */
  listForms: boolean;
  /** A form's fields are read from the source's API (`fields`). */
  readFields: boolean;
  /** Ringback creates and deletes the form's webhook itself (`webhooks`). */
  manageWebhooks: boolean;
  /**
   * A URL and a secret: the business pastes the assistant's URL and secret into its tool, and
   * the fields are learned from a sample submission sent there (`samples`).
   */
  sampleFields: boolean;
  /** Responses are read back from the source's API (`responses`). */
  backfill: boolean;
}

/** OAuth: how an organization connects its account. */
export interface FormSourceOAuth {
  /**
   * `loginHint`: who is connecting (their email), for a consent page that can pre-fill it — the
   * sandbox's does; a source that knows no such parameter ignores it.
   */
  authorizationUrl(input: { state: string; redirectUri: string; loginHint?: string }): string;
  exchangeCode(input: { code: string; redirectUri: string }): Promise<TokenSet>;
  refresh(refreshToken: string): Promise<TokenSet>;
}

/**
 * A form source: one form builder or tool leads come from. Receiving a delivery is what every
 * source does; each other capability is optional, and present exactly when its manifest says
 * so (a test checks each registered source).
 */
export interface FormSource {
  readonly id: string;
  readonly name: string;
  /** True when this source is Ringback's built-in imitation (no credentials configured). */
  readonly sandbox: boolean;
  readonly oauth?: FormSourceOAuth;
  /** The connected account's forms. */
  readonly forms?: { list(accessToken: string): Promise<FormSummary[]> };
  /** A form's fields from the source's API. */
  readonly fields?: { read(accessToken: string, formId: string): Promise<FormFields> };
  readonly webhooks?: {
    /** Creates or replaces the webhook `tag` on a form; returns the source's webhook id. */
    put(
      accessToken: string,
      input: { formId: string; tag: string; url: string; secret: string },
    ): Promise<{ webhookId: string }>;
    delete(accessToken: string, input: { formId: string; tag: string }): Promise<void>;
  };
  /** Fields learned from a sample submission (a source without an API to read them). */
  readonly samples?: {
    /** The fields a sample showed, as the assistant's `settings` read them. */
    fields(submission: NormalizedSubmission, settings: unknown): FormFields;
    /** A raw body as a log may keep it: the secrets some senders put in bodies replaced. */
    redactBody?(rawBody: string): string;
    /** A new signing secret, in the form this source's senders expect (default: 32 random bytes). */
    newSecret?(): string;
    /** The URL to paste where the assistant's settings put a token in it (default: as it is). */
    endpointUrl?(url: string, secret: string, settings: unknown): string;
    /**
     * A request as the assistant's tool would send it, signed with `secret`, carrying the tool's
     * documented example: what "Send a test submission" sends in sandbox mode.
     */
    testSubmission?(
      secret: string,
      settings: unknown,
      now: Date,
    ): { rawBody: string; headers: Headers; pathToken: string | null };
    /**
     * What an assistant may set for this source (how its deliveries are authenticated, say):
     * checked when saved, and handed to verifyDelivery and parseDelivery as `settings`.
     */
    settings?: z.ZodType;
  };
  /**
   * A form's responses read back from the source's API (a backfill of what its webhook missed):
   * those submitted at or after `since`, newest first, at most `limit`, each normalized as its
   * webhook delivery would be (the same response id, so a response stored either way is one).
   */
  readonly responses?: {
    since(
      accessToken: string,
      formId: string,
      since: Date,
      limit: number,
    ): Promise<NormalizedSubmission[]>;
  };
  /** Checks a delivery's signature (or token) with the assistant's secret, in constant time. */
  verifyDelivery(delivery: Delivery, secret: string): boolean;
  /**
   * Parses a verified delivery; throws FormSourceError(400) on a malformed body, and
   * FormSourceError with code `unsupported_event` for an event Ringback does not use (a
   * partial response, say), which is acknowledged and ignored. A source whose URL stands for
   * one form (no form listing) may return any formId: the assistant is the form.
   */
  parseDelivery(delivery: Delivery): NormalizedSubmission;
}

/** The capabilities an adapter has, read from the objects it has. */
export function capabilitiesOf(source: FormSource): FormSourceCapabilities {
  return {
    connect: source.oauth !== undefined,
    listForms: source.forms !== undefined,
    readFields: source.fields !== undefined,
    manageWebhooks: source.webhooks !== undefined,
    sampleFields: source.samples !== undefined,
    backfill: source.responses !== undefined,
  };
}
