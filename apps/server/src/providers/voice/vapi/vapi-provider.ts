import { timingSafeEqual } from "node:crypto";
import { E164_PATTERN } from "@ringback/contracts";
import { strictOutboundClient } from "../../../lib/outbound-http.ts";
import { blandRequestData, FORM_ANSWERS_INSTRUCTION } from "../bland/bland-provider.ts";
import { callsOfAttempt } from "../reconcile.ts";
import { createVendorHttp } from "../vendor-http.ts";
import {
  type CallerNumber,
  type CallOutcome,
  INVALID_PHONE_NUMBER,
  type PlaceCallInput,
  type VoiceAdapterOptions,
  type VoiceOption,
  type VoiceProvider,
  VoiceProviderError,
} from "../voice-provider.ts";
import { parseVapiServerMessage, toVapiOutcome } from "./vapi-call.ts";

/**
 * The Vapi adapter, after Vapi's API reference (docs.vapi.ai/api-reference, the
 * OpenAPI document in VapiAI/docs fern/apis/api/openapi.json, and VapiAI/server-sdk-typescript):
 *
 * - `POST /call` with `customer.number`, `phoneNumberId` and an inline (transient) `assistant`
 *   built from the attempt: the script as the model's system message, `firstMessage`, `voice`,
 *   `transcriber.language`, `maxDurationSeconds`, voicemail detection with `voicemailMessage`,
 *   a `transferCall` tool, `analysisPlan` (summary, and the outcome questions as a
 *   structuredDataPlan JSON schema), `server` (our webhook URL and secret) and `metadata`.
 *   Vapi's create-call body has no `metadata` of its own (CreateCallDTO; unknown properties are
 *   refused: "property … should not exist"), so Ringback's metadata rides on the assistant
 *   (`assistant.metadata`) and comes back as `call.assistant.metadata`.
 * - Server messages `status-update` and `end-of-call-report` at `assistant.server.url`.
 * - `GET /call/{id}`, `GET /call` (reconcile), `GET /phone-number` (verify, caller numbers),
 *   `GET /call/{id}/mono-recording` (the recording, behind the API key).
 */
export const VAPI_API_URL = "https://api.vapi.ai";

/**
 * The header the webhook secret travels in. Vapi's inline `server.secret` ("sent as a header
 * called x-vapi-secret") was replaced by Custom Credentials and `server.headers`
 * (docs.vapi.ai/server-url/server-authentication: "Legacy X-Vapi-Secret Support … Header Name
 * X-Vapi-Secret, no Bearer prefix"; the current `Server` schema has `url`, `headers`,
 * `credentialId`, no `secret`). Ringback sets the header itself on each call's assistant, so an
 * organization needs no credential in Vapi's dashboard.
 */
export const VAPI_SECRET_HEADER = "x-vapi-secret";

/** The model the transient assistant runs on (Vapi bills it; the organization's own plan). */
export const VAPI_MODEL = { provider: "openai", model: "gpt-4o" } as const;

/** How many of the account's recent calls reconciliation looks through (GET /call `limit`). */
const DEFAULT_RECONCILE_WINDOW = 100;
/** At most this many GET /call/{id} look-ups for list items without metadata. */
const RECONCILE_DETAIL_LIMIT = 25;
/** Reconciliation looks at calls created this recently (an attempt is dialled within days). */
const RECONCILE_LOOKBACK_MS = 7 * 24 * 3600_000;

/**
 * Vapi's own voices (`voice.provider: "vapi"`). Vapi's API has no endpoint listing them; this is
 * the "Active Voices" list of docs.vapi.ai/providers/voice/vapi-voices (VapiAI/docs
 * fern/providers/voice/vapi-voices.mdx, 2026), with each voice's gender and accent. Every Vapi
 * voice speaks many languages (set through `voice.language`), so none is tied to one.
 */
export const VAPI_VOICES: readonly VoiceOption[] = (
  [
    ["Elliot", "male", "Canadian"],
    ["Savannah", "female", "American, Southern"],
    ["Rohan", "male", "Indian American"],
    ["Emma", "female", "Asian American"],
    ["Clara", "female", "American"],
    ["Nico", "male", "American"],
    ["Kai", "male", "American"],
    ["Sagar", "male", "Indian American"],
    ["Godfrey", "male", "American"],
    ["Neil", "male", "Indian American"],
    ["Layla", "female", "American"],
    ["Sid", "male", "American"],
    ["Naina", "female", "Indian American"],
  ] as const
).map(([name, gender, accent]) => ({
  id: name,
  name: `${name} (${accent})`,
  language: null,
  gender,
  previewUrl: null,
}));

/** "The default voice is Elliot" (vapi-voices.mdx): used when only a language is chosen. */
const DEFAULT_VAPI_VOICE = "Elliot";

/** Deepgram's languages as Vapi accepts them (DeepgramTranscriber.language in the API reference). */
const DEEPGRAM_LANGUAGES = new Set(
  (
    "ar az ba be bg bn br bs ca cs da da-DK de de-CH el en en-AU en-CA en-GB en-IE en-IN en-NZ " +
    "en-US es es-419 es-LATAM et eu fa fi fr fr-CA ha haw he hi hi-Latn hr hu id is it ja jw kn " +
    "ko ko-KR ln lt lv mk mr ms nl nl-BE no pl pt pt-BR pt-PT ro ru sk sl sn so sr su sv sv-SE " +
    "ta taq te th th-TH tl tr tt uk ur vi yo zh zh-CN zh-HK zh-Hans zh-Hant zh-TW"
  ).split(" "),
);

/** Vapi voices' languages (VapiVoice.language in the API reference). */
const VAPI_VOICE_LANGUAGES = new Set(
  (
    "en-US en-GB en-AU en-CA ja zh de hi fr-FR fr-CA ko pt-BR pt-PT it es-ES es-MX id nl tr fil " +
    "pl sv bg ro ar-SA ar-AE cs el fi hr ms sk da ta uk ru hu no vi en ar ar-EG bn es fr gu he " +
    "ka kn ml mr pa pt te th tl"
  ).split(" "),
);

/** A BCP 47 tag as one of a vendor's codes: exactly, else its language alone; null if neither. */
export function matchLanguage(language: string | null, codes: ReadonlySet<string>): string | null {
  const tag = language?.trim();
  if (!tag) return null;
  const exact = [...codes].find((code) => code.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  const primary = tag.split("-")[0]!.toLowerCase();
  return codes.has(primary) ? primary : null;
}

/**
 * The outcome questions as a structuredDataPlan (AnalysisPlan.structuredDataPlan: "set this to
 * true and provide a `schema`"; the answers come back in `call.analysis.structuredData`). The
 * schema is Vapi's JsonSchema: type string | number | integer | boolean | array | object,
 * `description`, `enum` and `format` ("date", …) for strings.
 */
export function vapiStructuredDataPlan(
  questions: PlaceCallInput["outcomeQuestions"],
): Record<string, unknown> | null {
  if (questions.length === 0) return null;
  const properties: Record<string, Record<string, unknown>> = {};
  for (const q of questions) {
    const description = `${q.label}${q.description ? ` (${q.description})` : ""}. Leave it out if the call did not tell.`;
    switch (q.type) {
      case "boolean":
        properties[q.key] = { type: "boolean", description };
        break;
      case "number":
        properties[q.key] = { type: "number", description };
        break;
      case "date":
        properties[q.key] = { type: "string", format: "date", description };
        break;
      case "choice":
        properties[q.key] = { type: "string", enum: [...(q.choices ?? [])], description };
        break;
      default:
        properties[q.key] = { type: "string", description };
    }
  }
  return { enabled: true, schema: { type: "object", properties } };
}

/** Heads the lead's answers in the system message (the call simulator reads them there too). */
export const VAPI_REQUEST_DATA_HEADING = "This call's request data:";

/**
 * The system message: the script, then the lead's answers as data (a JSON object after
 * VAPI_REQUEST_DATA_HEADING, last) with the instruction Bland's agent gets for its request_data.
 * Vapi's create-call body has no separate call data for the model (assistantOverrides'
 * variableValues only fill {{placeholders}}), so the prompt carries it.
 */
export function vapiSystemMessage(input: PlaceCallInput): string {
  const parts = [input.task];
  if (input.voice.transferNumber) {
    parts.push(
      "If the person asks to speak to a human, tell them you will transfer them, then use the transferCall tool.",
    );
  }
  const data = blandRequestData(input.context);
  if (data && input.context.answers.length > 0) parts.push(FORM_ANSWERS_INSTRUCTION);
  if (data) parts.push(`${VAPI_REQUEST_DATA_HEADING}\n${JSON.stringify(data, null, 2)}`);
  return parts.join("\n\n");
}

/** The body of POST /call for one attempt (exported for tests). */
export function vapiCallRequest(
  input: PlaceCallInput,
  options: { phoneNumberId: string; webhookSecret: string | null },
): Record<string, unknown> {
  const voiceLanguage = matchLanguage(input.voice.language, VAPI_VOICE_LANGUAGES);
  const transcriberLanguage = matchLanguage(input.voice.language, DEEPGRAM_LANGUAGES);
  const voiceId = input.voice.voiceId ?? (voiceLanguage ? DEFAULT_VAPI_VOICE : null);
  const structuredDataPlan = vapiStructuredDataPlan(input.outcomeQuestions);
  const leaveMessage =
    input.voicemail.action === "leave_message" && input.voicemail.message?.trim()
      ? input.voicemail.message.trim().slice(0, 1000)
      : null;
  const assistant: Record<string, unknown> = {
    ...(input.assistant.name ? { name: input.assistant.name.slice(0, 40) } : {}),
    model: {
      ...VAPI_MODEL,
      messages: [{ role: "system", content: vapiSystemMessage(input) }],
      ...(input.voice.transferNumber
        ? {
            tools: [
              {
                type: "transferCall",
                destinations: [
                  {
                    type: "number",
                    number: input.voice.transferNumber,
                    description: "A person at the business, for when the caller asks for a human.",
                  },
                ],
              },
            ],
          }
        : {}),
    },
    ...(input.firstSentence
      ? { firstMessage: input.firstSentence }
      : { firstMessageMode: "assistant-speaks-first-with-model-generated-message" }),
    ...(voiceId
      ? {
          voice: {
            provider: "vapi",
            voiceId,
            ...(voiceLanguage ? { language: voiceLanguage } : {}),
          },
        }
      : {}),
    ...(transcriberLanguage
      ? { transcriber: { provider: "deepgram", model: "nova-2", language: transcriberLanguage } }
      : {}),
    maxDurationSeconds: Math.min(43_200, Math.max(10, Math.round(input.maxDurationMinutes * 60))),
    // "If unspecified [voicemailMessage], it will hang up."
    voicemailDetection: { provider: "vapi" },
    ...(leaveMessage ? { voicemailMessage: leaveMessage } : {}),
    analysisPlan: {
      summaryPlan: { enabled: true },
      ...(structuredDataPlan ? { structuredDataPlan } : {}),
    },
    artifactPlan: { recordingEnabled: true },
    serverMessages: ["status-update", "end-of-call-report"],
    server: {
      url: input.webhookUrl,
      ...(options.webhookSecret
        ? { headers: { [VAPI_SECRET_HEADER]: options.webhookSecret } }
        : {}),
    },
    metadata: {
      submission_id: input.metadata.submissionId,
      attempt_id: input.metadata.attemptId,
      attempt: input.metadata.attempt,
      organization_id: input.metadata.organizationId,
      ...(input.metadata.test ? { test: true } : {}),
    },
  };
  return {
    phoneNumberId: options.phoneNumberId,
    customer: { number: input.phoneNumber },
    assistant,
  };
}

/** Vapi's error body (NestJS): `{ message: string | string[], error, statusCode }`. */
interface VapiErrorBody {
  message?: string | string[];
  error?: string;
}

/** The message of Vapi's error body: `message`, its parts joined when it is a list. */
function vapiErrorDetail(body: Record<string, unknown>): string | null {
  const { message } = body as VapiErrorBody;
  return Array.isArray(message)
    ? message.filter((m) => typeof m === "string").join("; ")
    : typeof message === "string"
      ? message
      : null;
}

interface VapiPhoneNumber {
  id?: unknown;
  number?: unknown;
  name?: unknown;
  status?: unknown;
}

function safeEqual(given: string | null | undefined, wanted: string): boolean {
  if (!given || !wanted) return false;
  const a = Buffer.from(given.trim(), "utf8");
  const b = Buffer.from(wanted, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The Vapi adapter for one connection (its key, server secret and phone-number id). */
export function createVapiProvider(
  options: VoiceAdapterOptions & { reconcileWindow?: number },
): VoiceProvider {
  const apiUrl = (options.apiUrl ?? VAPI_API_URL).replace(/\/+$/, "");
  const apiOrigin = new URL(apiUrl).origin;
  const reconcileWindow = Math.max(
    1,
    Math.min(options.reconcileWindow ?? DEFAULT_RECONCILE_WINDOW, 1000),
  );

  const http = createVendorHttp({
    vendor: "Vapi",
    apiUrl,
    authorization: `Bearer ${options.apiKey}`,
    fetch: options.fetch ?? fetch,
    outbound: options.outbound ?? strictOutboundClient,
    timeoutMs: options.timeoutMs ?? 15_000,
    // A POST that failed in flight may still have placed the call: say so.
    mayHaveDialled: (method) => method === "POST",
    errorDetail: vapiErrorDetail,
  });
  const { request, readJson, invalid, failure } = http;

  async function phoneNumbers(): Promise<CallerNumber[]> {
    const response = await request("GET", "/phone-number?limit=1000");
    if (!response.ok) throw await failure(response, "Listing phone numbers");
    const json = await readJson(response);
    if (!Array.isArray(json)) throw invalid();
    const numbers: CallerNumber[] = [];
    for (const item of json as VapiPhoneNumber[]) {
      if (!item || typeof item.id !== "string" || typeof item.number !== "string") continue;
      const name = typeof item.name === "string" && item.name.trim() ? item.name.trim() : null;
      const status = typeof item.status === "string" ? item.status : "active";
      numbers.push({
        id: item.id,
        number: item.number,
        label: status === "active" ? name : `${name ?? item.number} (${status})`,
      });
    }
    return numbers;
  }

  /** The phone-number id calls go out from: the chosen one, or the account's only number. */
  async function callerId(): Promise<string> {
    if (options.callerNumber) return options.callerNumber;
    const numbers = await phoneNumbers();
    if (numbers.length === 1) return numbers[0]!.id;
    throw new VoiceProviderError(
      numbers.length === 0
        ? "Vapi has no phone number to call from. Add one in Vapi's dashboard, then choose it in the Voice settings."
        : "Choose which Vapi phone number calls go out from in the Voice settings.",
      { status: 400, code: "no_caller_number" },
    );
  }

  async function getCall(providerCallId: string): Promise<CallOutcome | null> {
    if (!providerCallId) return null;
    const response = await request("GET", `/call/${encodeURIComponent(providerCallId)}`);
    // Vapi answers an unknown (or malformed) id with 404, or 400 for a non-UUID.
    if (response.status === 404 || response.status === 400) return null;
    if (!response.ok) throw await failure(response, "Fetching the call");
    const outcome = toVapiOutcome(await readJson(response), apiUrl);
    if (!outcome) throw invalid();
    return outcome;
  }

  return {
    id: "vapi",
    simulator: options.simulator,

    async verify() {
      const numbers = await phoneNumbers();
      const count = `${numbers.length} phone number${numbers.length === 1 ? "" : "s"}`;
      if (options.callerNumber && !numbers.some((n) => n.id === options.callerNumber)) {
        return {
          summary: `Connected to Vapi: ${count}, but not the one chosen for calls. Choose another.`,
        };
      }
      return { summary: `Connected to Vapi: ${count}.` };
    },

    listCallerNumbers: phoneNumbers,

    async listVoices() {
      return [...VAPI_VOICES];
    },

    async placeCall(input) {
      if (!E164_PATTERN.test(input.phoneNumber)) {
        throw new VoiceProviderError("The phone number is not a valid international number", {
          status: 400,
          code: INVALID_PHONE_NUMBER,
        });
      }
      if (!(input.maxDurationMinutes > 0)) {
        throw new VoiceProviderError("The maximum call duration must be positive", {
          status: 400,
          code: "invalid_max_duration",
        });
      }
      const body = vapiCallRequest(input, {
        phoneNumberId: await callerId(),
        webhookSecret: options.webhookSecret,
      });
      const response = await request("POST", "/call", body);
      if (!response.ok) throw await failure(response, "Placing the call");
      const json = (await readJson(response)) as { id?: unknown } | null;
      if (typeof json?.id !== "string" || !json.id) {
        throw new VoiceProviderError("Vapi did not return a call ID", {
          status: 502,
          code: "no_call_id",
        });
      }
      return { providerCallId: json.id };
    },

    getCall,

    /**
     * Vapi's List Calls (GET /call) filters by id, assistantId, phoneNumberId and creation time,
     * not by the customer's number or metadata. So this lists the recent calls from the
     * connection's phone number (newest first, `limit` calls of the last week), keeps those to
     * the attempt's number, and among them those whose assistant metadata carries the attempt
     * id; a call listed without it is looked up (at most 25).
     */
    async findCallsByAttempt({ attemptId, phoneNumber }) {
      if (!attemptId) return [];
      const query = new URLSearchParams({
        limit: String(reconcileWindow),
        createdAtGe: new Date(Date.now() - RECONCILE_LOOKBACK_MS).toISOString(),
      });
      if (options.callerNumber) query.set("phoneNumberId", options.callerNumber);
      const response = await request("GET", `/call?${query}`);
      if (!response.ok) throw await failure(response, "Listing calls");
      const items = await readJson(response);
      if (!Array.isArray(items)) throw invalid();
      return callsOfAttempt({
        attemptId,
        items: items.slice(0, reconcileWindow),
        // Only calls to the attempt's number (Vapi's list cannot filter by it).
        candidate: (item) => {
          const to = (item as { customer?: { number?: unknown } } | null)?.customer?.number;
          return typeof to !== "string" || to === phoneNumber;
        },
        listed: (item) => toVapiOutcome(item, apiUrl),
        knowsAttempt: (_item, listed) => listed.attemptId !== null,
        // Vapi's list items are whole calls: an ended one needs no second read.
        endedNeedsDetail: false,
        getCall,
        detailLimit: RECONCILE_DETAIL_LIMIT,
      });
    },

    /**
     * The recording endpoint of Vapi's API (GET /call/{id}/mono-recording) answers with a 302 to
     * a short-lived presigned URL: the key goes to Vapi's API only, and the redirect is followed
     * without it. Any other URL (an older report's public storage link) is fetched without it.
     */
    fetchRecording: (recordingUrl) =>
      http.fetchRecording(recordingUrl, {
        timeoutMs: options.recordingTimeoutMs ?? 300_000,
        sendKeyTo: (url) => url.origin === apiOrigin,
      }),

    /**
     * The server secret Ringback set on the call's assistant comes back in `x-vapi-secret`
     * (the header Vapi documents for it); `Authorization: Bearer <secret>` (Vapi's recommended
     * Bearer Token credential) is accepted too. Constant time; no secret, no webhook.
     */
    verifyWebhook(_rawBody, headers) {
      const secret = options.webhookSecret;
      if (!secret) return false;
      if (safeEqual(headers.get(VAPI_SECRET_HEADER), secret)) return true;
      const bearer = /^Bearer\s+(.+)$/i.exec(headers.get("authorization") ?? "")?.[1];
      return safeEqual(bearer, secret);
    },

    parseWebhook: (rawBody) => parseVapiServerMessage(rawBody, apiUrl),
  };
}
