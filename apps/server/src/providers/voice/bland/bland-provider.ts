import { E164_PATTERN } from "@ringback/contracts";
import { strictOutboundClient } from "../../../lib/outbound-http.ts";
import { callsOfAttempt } from "../reconcile.ts";
import { createVendorHttp } from "../vendor-http.ts";
import {
  type CallOutcome,
  INVALID_PHONE_NUMBER,
  type PlaceCallInput,
  type VoiceAdapterOptions,
  type VoiceProvider,
  VoiceProviderError,
} from "../voice-provider.ts";
import { toCallerNumbers, toVoiceOptions } from "./bland-account.ts";
import { isBlandInvalidNumber, parseBlandWebhook, toCallOutcome } from "./bland-call.ts";
import { BLAND_SIGNATURE_HEADER, verifyBlandSignature } from "./bland-signature.ts";

export interface BlandOptions extends VoiceAdapterOptions {
  /** How many of the account's most recent calls reconciliation looks through (default 200). */
  reconcileWindow?: number;
  /** At most this many Call Details look-ups when the list omits metadata (default 25). */
  reconcileDetailLimit?: number;
}

interface BlandErrorBody {
  status?: string;
  message?: string;
  errors?: ({ message?: string; error?: string } | string)[];
}

/** The message of Bland's error body: `message`, else the first of its `errors`. */
function blandErrorDetail(body: Record<string, unknown>): string | undefined {
  const { message, errors } = body as BlandErrorBody;
  const first = errors?.[0];
  return message ?? (typeof first === "string" ? first : (first?.message ?? first?.error));
}

/** Every text of Bland's error body: its message, and each error's code and message. */
function blandErrorTexts(body: unknown): string[] {
  if (typeof body !== "object" || body === null) return [];
  const { message, errors } = body as BlandErrorBody;
  const texts = typeof message === "string" ? [message] : [];
  for (const error of Array.isArray(errors) ? errors : []) {
    if (typeof error === "string") texts.push(error);
    else if (error && typeof error === "object") {
      for (const text of [error.error, error.message]) {
        if (typeof text === "string") texts.push(text);
      }
    }
  }
  return texts;
}

/**
 * Appended to the task when the lead's answers travel with the call, so that the agent uses them
 * rather than asking again for what the person just typed.
 */
export const FORM_ANSWERS_INSTRUCTION =
  "Before this call, the person filled in a form. Their answers are in this call's request data, each under its question. Use them: do not ask again for what they already told you; confirm it or build on it instead.";

/**
 * The call's context as Bland's `request_data`: "specific facts, like the caller's name … The AI
 * agent will be aware of both the key names as well as their corresponding values" (Send Call).
 * So the keys are what a person would read: `name`, then each question as the form asked it
 * (a repeated question gets " (2)"), with its answer. Null when there is nothing to tell.
 */
export function blandRequestData(
  context: PlaceCallInput["context"],
): Record<string, string> | null {
  const data: Record<string, string> = {};
  if (context.respondentName) data.name = context.respondentName;
  for (const { question, answer } of context.answers) {
    let key = question;
    for (let n = 2; Object.hasOwn(data, key); n++) key = `${question} (${n})`;
    data[key] = answer;
  }
  return Object.keys(data).length > 0 ? data : null;
}

/**
 * The outcome questions as Bland's `analysis_schema` and `analysis_prompt` (Send Call): "Define
 * a JSON schema for how you want to get information about the call … you'll get the data you
 * defined back under `analysis`", e.g. {"email_address": "email", "wants_to_book_appointment":
 * "boolean", "appointment_time": "YYYY-MM-DD HH:MM:SS"}. Each key's value is the type as Bland's
 * examples write it; the prompt carries each question's label, options and description.
 */
export function blandAnalysis(
  questions: PlaceCallInput["outcomeQuestions"],
): { analysis_schema: Record<string, string>; analysis_prompt: string } | null {
  if (questions.length === 0) return null;
  const type = (q: PlaceCallInput["outcomeQuestions"][number]) => {
    switch (q.type) {
      case "boolean":
        return "boolean";
      case "number":
        return "number";
      case "date":
        return "YYYY-MM-DD";
      case "choice":
        return `one of: ${(q.choices ?? []).join(" | ")}`;
      default:
        return "string";
    }
  };
  const lines = questions.map(
    (q) =>
      `- ${q.key}: ${q.label}${q.description ? ` (${q.description})` : ""}. Answer as ${type(q)}, or null if the call did not tell.`,
  );
  return {
    analysis_schema: Object.fromEntries(questions.map((q) => [q.key, type(q)])),
    analysis_prompt: `From the call's transcript, answer each question about the person called:\n${lines.join("\n")}`,
  };
}

/**
 * An assistant's language (BCP 47) in Bland's terms. Bland's Send Call takes `language` with the
 * default "babel-en" and, for Spanish, "babel-es" (Bland's own cookbooks:
 * github.com/Bland-com/bland-ai-cookbooks 01-getting-started/README.md "Optional Parameters" and
 * 09-batch-campaigns/python/create_batch.py): the language without its region. A value already
 * in Bland's form ("babel…") is passed as it is. Null: Bland's default (English).
 */
export function blandLanguage(language: string | null): string | null {
  const tag = language?.trim();
  if (!tag) return null;
  if (/^babel(-|$)/i.test(tag)) return tag.toLowerCase();
  const primary = /^([A-Za-z]{2,3})(?:[-_]|$)/.exec(tag)?.[1];
  return primary ? `babel-${primary.toLowerCase()}` : null;
}

/**
 * Bland's voicemail setting (Send Call `voicemail`: `{ action: "hangup" | "leave_message" |
 * "ignore", message }`, per Bland's cookbook 01-getting-started/README.md "Voicemail Options",
 * github.com/Bland-com/bland-ai-cookbooks; it replaces the older top-level voicemail_action and
 * voicemail_message). `answered_by_enabled` (Send Call, docs.bland.ai/api-v1/post/calls) turns on
 * answering-machine detection and fills the call's `answered_by`, which our statuses read.
 */
export function blandVoicemail(voicemail: PlaceCallInput["voicemail"]): {
  action: "hangup" | "leave_message";
  message?: string;
} {
  const message = voicemail.message?.trim();
  return voicemail.action === "leave_message"
    ? { action: "leave_message", ...(message ? { message } : {}) }
    : { action: "hangup" };
}

/** The body of POST /v1/calls for one attempt (exported for tests). */
export function blandCallRequest(
  input: PlaceCallInput,
  options: { callerNumber?: string | null } = {},
): Record<string, unknown> {
  const requestData = blandRequestData(input.context);
  const language = blandLanguage(input.voice.language);
  return {
    phone_number: input.phoneNumber,
    // Send Call `from`: "a phone number to call from that you own" (else Bland's own pool).
    ...(options.callerNumber ? { from: options.callerNumber } : {}),
    task:
      input.context.answers.length > 0
        ? `${input.task}\n\n${FORM_ANSWERS_INSTRUCTION}`
        : input.task,
    ...(requestData ? { request_data: requestData } : {}),
    ...(input.firstSentence ? { first_sentence: input.firstSentence } : {}),
    // Send Call `voice`: "Accepts any form of voice ID" (the ids of GET /v1/voices).
    ...(input.voice.voiceId ? { voice: input.voice.voiceId } : {}),
    ...(language ? { language } : {}),
    // "A phone number to transfer the call to if the human requests to speak with a real person."
    ...(input.voice.transferNumber ? { transfer_phone_number: input.voice.transferNumber } : {}),
    ...blandAnalysis(input.outcomeQuestions),
    record: true,
    // Minutes.
    max_duration: input.maxDurationMinutes,
    answered_by_enabled: true,
    voicemail: blandVoicemail(input.voicemail),
    webhook: input.webhookUrl,
    metadata: {
      submission_id: input.metadata.submissionId,
      attempt_id: input.metadata.attemptId,
      attempt: input.metadata.attempt,
      organization_id: input.metadata.organizationId,
      ...(input.metadata.test ? { test: true } : {}),
    },
  };
}

/** The Bland AI adapter: Send Call, Call Details, List Calls and signed post-call webhooks. */
export function createBlandProvider(options: BlandOptions): VoiceProvider {
  const apiUrl = (options.apiUrl ?? "https://api.bland.ai").replace(/\/+$/, "");
  const reconcileWindow = Math.max(1, Math.min(options.reconcileWindow ?? 200, 1000));
  const reconcileDetailLimit = Math.max(0, options.reconcileDetailLimit ?? 25);

  const http = createVendorHttp({
    vendor: "Bland",
    apiUrl,
    // Bland documents the bare key in `authorization` (a Bearer prefix is also accepted).
    authorization: options.apiKey,
    fetch: options.fetch ?? fetch,
    outbound: options.outbound ?? strictOutboundClient,
    timeoutMs: options.timeoutMs ?? 15_000,
    // A POST that failed in flight may still have placed the call: say so.
    mayHaveDialled: (method) => method === "POST",
    errorDetail: blandErrorDetail,
  });
  const { request, readJson, invalid, failure } = http;

  async function getCall(providerCallId: string): Promise<CallOutcome | null> {
    if (!providerCallId) return null;
    const response = await request("GET", `/v1/calls/${encodeURIComponent(providerCallId)}`);
    if (response.status === 404) return null;
    if (!response.ok) throw await failure(response, "Fetching the call");
    const json = await readJson(response);
    const outcome = toCallOutcome(json);
    if (outcome) return outcome;
    // A 200 without a call object is Bland's "no such call" ({ status: "error", ... }).
    if (json && typeof json === "object" && ("errors" in json || "status" in json)) return null;
    throw invalid();
  }

  /** The numbers the account owns (List Numbers): what Send Call's `from` may be. */
  async function callerNumbers() {
    const response = await request("GET", "/v1/inbound");
    if (!response.ok) throw await failure(response, "Listing phone numbers");
    const numbers = toCallerNumbers(await readJson(response));
    if (!numbers) throw invalid();
    return numbers;
  }

  return {
    id: "bland",
    simulator: options.simulator,

    async placeCall(input) {
      if (!E164_PATTERN.test(input.phoneNumber)) {
        throw new VoiceProviderError("The phone number is not a valid international number", {
          status: 400,
          code: INVALID_PHONE_NUMBER,
        });
      }
      const transferNumber = input.voice.transferNumber;
      if (transferNumber && !E164_PATTERN.test(transferNumber)) {
        throw new VoiceProviderError("The transfer number is not a valid international number", {
          status: 400,
          code: "invalid_transfer_number",
        });
      }
      if (!(input.maxDurationMinutes > 0)) {
        throw new VoiceProviderError("The maximum call duration must be positive", {
          status: 400,
          code: "invalid_max_duration",
        });
      }
      const response = await request(
        "POST",
        "/v1/calls",
        blandCallRequest(input, { callerNumber: options.callerNumber }),
      );
      if (!response.ok) {
        const body = await response
          .clone()
          .json()
          .catch(() => null);
        const error = await failure(response, "Placing the call");
        // Bland refused the number itself: the engine ends the attempt as an invalid number.
        if (
          error.status >= 400 &&
          error.status < 500 &&
          blandErrorTexts(body).some(isBlandInvalidNumber)
        ) {
          throw new VoiceProviderError(error.message, {
            status: 400,
            code: INVALID_PHONE_NUMBER,
            cause: error,
          });
        }
        throw error;
      }
      const json = (await readJson(response)) as { status?: string; call_id?: unknown } | null;
      if (typeof json?.call_id !== "string" || !json.call_id || json.status === "error") {
        throw new VoiceProviderError("Bland did not return a call ID", {
          status: 502,
          code: "no_call_id",
        });
      }
      return { providerCallId: json.call_id };
    },

    getCall,

    /**
     * Bland's List Calls (GET /v1/calls, https://docs.bland.ai/api-v1/get/calls) filters by
     * from_number / to_number and an index range (`from`, `to`), not by metadata. So this lists
     * the most recent `reconcileWindow` calls to the attempt's number and keeps those whose
     * metadata.attempt_id matches; list items without metadata are looked up one by one, and so
     * are the attempt's ended calls (list items carry no transcript, which tells whether a person
     * was reached), at most `reconcileDetailLimit` lookups in all. Filtering by the number
     * matters: the account's most recent calls overall would lose the attempt behind a busy
     * minute's other calls, and it would be dialled twice.
     */
    async findCallsByAttempt({ attemptId, phoneNumber }) {
      if (!attemptId) return [];
      const query = new URLSearchParams({
        to_number: phoneNumber,
        from: "0",
        to: String(reconcileWindow),
      });
      const response = await request("GET", `/v1/calls?${query}`);
      if (!response.ok) throw await failure(response, "Listing calls");
      const json = (await readJson(response)) as { calls?: unknown } | unknown[] | null;
      const items = Array.isArray(json) ? json : Array.isArray(json?.calls) ? json.calls : null;
      if (!items) throw invalid();
      return callsOfAttempt({
        attemptId,
        items: items.slice(0, reconcileWindow),
        listed: toCallOutcome,
        knowsAttempt: (item) =>
          typeof item === "object" && item !== null && "metadata" in item && item.metadata != null,
        // List items carry no transcript, which tells whether a person was reached.
        endedNeedsDetail: true,
        getCall,
        detailLimit: reconcileDetailLimit,
      });
    },

    fetchRecording: (recordingUrl) =>
      http.fetchRecording(recordingUrl, {
        timeoutMs: options.recordingTimeoutMs ?? 300_000,
        // The API key goes only to Bland's own API, never to a storage host it links to.
        sendKeyTo: (url) => url.origin === new URL(apiUrl).origin,
      }),

    // Bland's signing secret is per account (Dev Portal → Keys): this connection's.
    verifyWebhook: (rawBody, headers) =>
      verifyBlandSignature(
        rawBody,
        headers.get(BLAND_SIGNATURE_HEADER),
        options.webhookSecret ?? "",
      ),

    /**
     * A harmless authenticated request: the account's numbers (List Numbers, GET /v1/inbound).
     * A refused key is Bland's 401/403 (VoiceProviderError, isAuthFailure).
     */
    async verify() {
      const numbers = await callerNumbers();
      const count = `${numbers.length} phone number${numbers.length === 1 ? "" : "s"}`;
      const caller = options.callerNumber;
      const note =
        numbers.length === 0
          ? " Calls come from Bland's own numbers."
          : caller && !numbers.some((n) => n.number === caller)
            ? ` The caller number ${caller} is not one of them.`
            : "";
      return { summary: `Connected to Bland: ${count}.${note}` };
    },

    listCallerNumbers: callerNumbers,

    /** List Voices (GET /v1/voices): Bland's voices and the account's own (clones). */
    async listVoices() {
      const response = await request("GET", "/v1/voices");
      if (!response.ok) throw await failure(response, "Listing voices");
      const voices = toVoiceOptions(await readJson(response));
      if (!voices) throw invalid();
      return voices;
    },

    parseWebhook: parseBlandWebhook,
  };
}
