import { createHash } from "node:crypto";
import { E164_PATTERN } from "@ringback/contracts";
import { strictOutboundClient } from "../../../lib/outbound-http.ts";
import { FORM_ANSWERS_INSTRUCTION } from "../bland/bland-provider.ts";
import { callsOfAttempt } from "../reconcile.ts";
import { createVendorHttp, type VendorHttpMethod } from "../vendor-http.ts";
import {
  type CallerNumber,
  type CallOutcome,
  INVALID_PHONE_NUMBER,
  type PlaceCallInput,
  type VoiceAdapterOptions,
  type VoiceAgentStore,
  type VoiceOption,
  type VoiceProvider,
  VoiceProviderError,
} from "../voice-provider.ts";
import { parseRetellWebhook, toCallOutcome } from "./retell-call.ts";
import { RETELL_SIGNATURE_HEADER, verifyRetellSignature } from "./retell-signature.ts";

/**
 * The Retell AI adapter. Facts from the SDK (github.com/RetellAI/retell-typescript-
 * sdk, src/resources/{llm,agent,call,phone-number,voice}.ts and src/lib/webhook_auth.ts) and
 * docs.retellai.com:
 * - auth: `Authorization: Bearer <API key>`; base https://api.retellai.com.
 * - POST /create-retell-llm, PATCH /update-retell-llm/{llm_id}: general_prompt, begin_message,
 *   start_speaker, general_tools (end_call, transfer_call with transfer_destination).
 * - POST /create-agent, PATCH /update-agent/{agent_id}: response_engine {type: "retell-llm",
 *   llm_id}, voice_id (required on create), language, max_call_duration_ms (60 000–7 200 000),
 *   voicemail_option, post_call_analysis_data (string | enum | boolean | number, name +
 *   description), webhook_url, webhook_events, end_call_after_silence_ms (≥ 10 000).
 * - POST /v2/create-phone-call: from_number (required, a Retell number), to_number,
 *   override_agent_id, retell_llm_dynamic_variables (strings), metadata.
 * - GET /v2/get-call/{call_id}; POST /v3/list-calls (filter_criteria, limit, sort_order; the
 *   legacy list endpoints are deprecated since 2026-06-15,
 *   docs.retellai.com/deprecation-notice/2026/06-15_legacy_list_endpoints); GET
 *   /v2/list-phone-numbers ({items, has_more, pagination_key}); GET /list-voices.
 * - Webhooks `{event, call}` signed with the API key (retell-signature.ts).
 */
export interface RetellOptions extends VoiceAdapterOptions {
  /** Where the LLM and agent made for each assistant are remembered (voice_agents). */
  agents: VoiceAgentStore;
  /** How many of the number's most recent calls reconciliation looks through (default 100). */
  reconcileWindow?: number;
  /** At most this many Get Call look-ups while reconciling (default 10). */
  reconcileDetailLimit?: number;
}

const DEFAULT_API_URL = "https://api.retellai.com";
/** The voice of Retell's own quick-start examples; voice_id is required to create an agent. */
export const RETELL_DEFAULT_VOICE_ID = "11labs-Adrian";
/** Retell's default language ("If unset, defaults to `en-US`"). */
const RETELL_DEFAULT_LANGUAGE = "en-US";
/** Retell accepts 1 min to 2 hours (max_call_duration_ms). */
const MIN_CALL_MS = 60_000;
const MAX_CALL_MS = 7_200_000;
/** Hang up after this much silence (Retell's default is 10 min; its minimum 10 s). */
const END_CALL_AFTER_SILENCE_MS = 30_000;

/** The locales Retell's agent `language` accepts (the SDK's enum, less "multi"). */
export const RETELL_LANGUAGES = [
  "en-US",
  "en-IN",
  "en-GB",
  "en-AU",
  "en-NZ",
  "de-DE",
  "es-ES",
  "es-419",
  "hi-IN",
  "fr-FR",
  "fr-CA",
  "ja-JP",
  "pt-PT",
  "pt-BR",
  "zh-CN",
  "ru-RU",
  "it-IT",
  "ko-KR",
  "nl-NL",
  "nl-BE",
  "pl-PL",
  "tr-TR",
  "vi-VN",
  "ro-RO",
  "bg-BG",
  "ca-ES",
  "th-TH",
  "da-DK",
  "fi-FI",
  "el-GR",
  "hu-HU",
  "id-ID",
  "no-NO",
  "sk-SK",
  "sv-SE",
  "lt-LT",
  "lv-LV",
  "cs-CZ",
  "ms-MY",
  "af-ZA",
  "ar-SA",
  "az-AZ",
  "bs-BA",
  "cy-GB",
  "fa-IR",
  "fil-PH",
  "gl-ES",
  "he-IL",
  "hr-HR",
  "hy-AM",
  "is-IS",
  "kk-KZ",
  "kn-IN",
  "mk-MK",
  "mr-IN",
  "ne-NP",
  "sl-SI",
  "sr-RS",
  "sw-KE",
  "ta-IN",
  "ur-IN",
  "yue-CN",
  "uk-UA",
] as const; // prettier-ignore

/**
 * The assistant's language in Retell's terms: an exact locale, else the first locale of the same
 * language ("de" → "de-DE"); null for Retell's default (en-US). Throws for a language Retell
 * does not speak rather than calling in another one.
 */
export function retellLanguage(language: string | null): string | null {
  if (!language) return null;
  const wanted = language.trim().toLowerCase();
  const exact = RETELL_LANGUAGES.find((l) => l.toLowerCase() === wanted);
  if (exact) return exact;
  const base = wanted.split("-")[0];
  const sameLanguage = RETELL_LANGUAGES.find((l) => l.toLowerCase().split("-")[0] === base);
  if (sameLanguage) return sameLanguage;
  throw new VoiceProviderError(`Retell does not support the language “${language}”.`, {
    status: 400,
    code: "unsupported_language",
  });
}

/**
 * Why dynamic variables: Retell calls go through an agent (voice, language, voicemail, analysis)
 * backed by a Retell LLM (prompt, tools), both long-lived objects. Ringback keeps ONE of each per
 * assistant (per connection) in step with the assistant's settings, and every call carries its
 * lead in `retell_llm_dynamic_variables`, which Retell substitutes into the LLM's prompt and
 * begin message ("{{variable}}", https://docs.retellai.com/build/dynamic-variables). So the
 * agent stays the assistant's, the call carries the lead, and one lead's answers never land in
 * the objects another call uses.
 */
export const RETELL_GENERAL_PROMPT = "{{task}}\n\n{{form_answers}}";
export const RETELL_BEGIN_MESSAGE = "{{first_sentence}}";

const REQUEST_DATA_HEADING = "Request data:";

/**
 * The lead's answers as the `form_answers` variable: Bland's instruction (they are "in this
 * call's request data") followed by that data, one `- "question": "answer"` line each (JSON
 * strings: readable to the model, and unambiguous whatever the question holds), in form order.
 * The name alone comes without the instruction, as with Bland; empty when there is nothing.
 */
export function retellFormAnswers(context: PlaceCallInput["context"]): string {
  const lines: string[] = [];
  const line = (key: string, value: string) =>
    lines.push(`- ${JSON.stringify(key)}: ${JSON.stringify(value)}`);
  if (context.respondentName) line("name", context.respondentName);
  for (const { question, answer } of context.answers) line(question, answer);
  if (lines.length === 0) return "";
  const data = `${REQUEST_DATA_HEADING}\n${lines.join("\n")}`;
  return context.answers.length > 0 ? `${FORM_ANSWERS_INSTRUCTION}\n\n${data}` : data;
}

/**
 * The request data back from a `form_answers` value (the call simulator reads it, as Bland's
 * reads `request_data`): question → answer in order, a repeated question suffixed " (2)".
 */
export function parseRetellFormAnswers(text: string | null | undefined): Record<string, string> {
  const data: Record<string, string> = {};
  const at = text?.indexOf(REQUEST_DATA_HEADING) ?? -1;
  if (!text || at < 0) return data;
  for (const raw of text.slice(at + REQUEST_DATA_HEADING.length).split("\n")) {
    const line = raw.trim();
    if (!line.startsWith("- ")) continue;
    try {
      const entry = JSON.parse(`{${line.slice(2)}}`) as Record<string, unknown>;
      for (const [question, answer] of Object.entries(entry)) {
        if (typeof answer !== "string") continue;
        let key = question;
        for (let n = 2; Object.hasOwn(data, key); n++) key = `${question} (${n})`;
        data[key] = answer;
      }
    } catch {
      // Not one of ours: skip it.
    }
  }
  return data;
}

/** The per-call variables (all strings, as Retell requires). */
export function retellDynamicVariables(input: PlaceCallInput): Record<string, string> {
  return {
    task: input.task,
    form_answers: retellFormAnswers(input.context),
    first_sentence: input.firstSentence ?? "",
  };
}

/** The Retell LLM's settings for an assistant (exported for tests). */
export function retellLlmSettings(input: PlaceCallInput): Record<string, unknown> {
  const tools: Record<string, unknown>[] = [
    {
      type: "end_call",
      name: "end_call",
      description:
        "End the call once the conversation is over, or when the person asks to end it or not to be called again.",
    },
  ];
  if (input.voice.transferNumber) {
    tools.push({
      type: "transfer_call",
      name: "transfer_to_human",
      description: "Transfer the call to a person when the caller asks to speak with a human.",
      transfer_destination: { type: "predefined", number: input.voice.transferNumber },
      transfer_option: { type: "cold_transfer" },
    });
  }
  return {
    general_prompt: RETELL_GENERAL_PROMPT,
    // Null lets the LLM open on its own, like Bland without a first sentence.
    begin_message: input.firstSentence ? RETELL_BEGIN_MESSAGE : null,
    start_speaker: "agent",
    general_tools: tools,
  };
}

/**
 * The outcome questions as the agent's post_call_analysis_data (Retell answers them after the
 * call, in call_analysis.custom_analysis_data by name). Retell's types are string, enum, boolean
 * and number: a date is a string in YYYY-MM-DD, a choice an enum of its options.
 */
export function retellAnalysisData(
  questions: PlaceCallInput["outcomeQuestions"],
): Record<string, unknown>[] {
  return questions.map((q) => {
    const description = `${q.label}${q.description ? ` (${q.description})` : ""}`;
    switch (q.type) {
      case "boolean":
        return { type: "boolean", name: q.key, description };
      case "number":
        return { type: "number", name: q.key, description };
      case "choice":
        return { type: "enum", name: q.key, description, choices: [...(q.choices ?? [])] };
      case "date":
        return {
          type: "string",
          name: q.key,
          description: `${description}. Answer as a date, YYYY-MM-DD.`,
          examples: ["2026-01-31"],
        };
      default:
        return { type: "string", name: q.key, description };
    }
  });
}

/** The agent's settings for an assistant, without its response engine (exported for tests). */
export function retellAgentSettings(input: PlaceCallInput): Record<string, unknown> {
  const language = retellLanguage(input.voice.language);
  const maxMs = Math.min(
    MAX_CALL_MS,
    Math.max(MIN_CALL_MS, Math.round(input.maxDurationMinutes * 60_000)),
  );
  const voicemailOption =
    input.voicemail.action === "leave_message"
      ? input.voicemail.message
        ? { action: { type: "static_text", text: input.voicemail.message } }
        : {
            action: {
              type: "prompt",
              text: "Leave a short message: who is calling, why, and that you will call back.",
            },
          }
      : { action: { type: "hangup" } };
  return {
    agent_name: `Ringback: ${input.assistant.name ?? input.assistant.id}`.slice(0, 200),
    voice_id: input.voice.voiceId ?? RETELL_DEFAULT_VOICE_ID,
    // Always sent, so that going back to the default on an existing agent takes effect.
    language: language ?? RETELL_DEFAULT_LANGUAGE,
    max_call_duration_ms: maxMs,
    end_call_after_silence_ms: END_CALL_AFTER_SILENCE_MS,
    voicemail_option: voicemailOption,
    post_call_analysis_data: retellAnalysisData(input.outcomeQuestions),
    webhook_url: input.webhookUrl,
    webhook_events: ["call_started", "call_ended", "call_analyzed"],
  };
}

/** JSON with sorted keys, so that equal settings always hash alike. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 of the LLM and agent settings: what voice_agents.settings_hash remembers. */
export function retellSettingsHash(
  llm: Record<string, unknown>,
  agent: Record<string, unknown>,
): string {
  return createHash("sha256").update(canonical({ llm, agent })).digest("hex");
}

/** The body of POST /v2/create-phone-call for one attempt (exported for tests). */
export function retellCallRequest(
  input: PlaceCallInput,
  fromNumber: string,
  agentId: string,
): Record<string, unknown> {
  return {
    from_number: fromNumber,
    to_number: input.phoneNumber,
    override_agent_id: agentId,
    retell_llm_dynamic_variables: retellDynamicVariables(input),
    metadata: {
      submission_id: input.metadata.submissionId,
      attempt_id: input.metadata.attemptId,
      attempt: input.metadata.attempt,
      organization_id: input.metadata.organizationId,
      ...(input.metadata.test ? { test: true } : {}),
    },
  };
}

interface RetellErrorBody {
  status?: unknown;
  message?: unknown;
  error_message?: unknown;
  error?: unknown;
}

/** The message of Retell's error body: `message`, `error_message` or `error` (or its message). */
function retellErrorDetail(body: Record<string, unknown>): string | undefined {
  const { message, error_message, error } = body as RetellErrorBody;
  return [
    message,
    error_message,
    typeof error === "object" && error !== null ? (error as { message?: unknown }).message : error,
  ].find((v): v is string => typeof v === "string" && v.trim() !== "");
}

/**
 * An id Retell does not know: 404, or 422 (which Retell's API reference gives, as far as we
 * could tell, for "cannot find requested asset under given api key"; not verified).
 */
const isGone = (status: number) => status === 404 || status === 422;

export function createRetellProvider(options: RetellOptions): VoiceProvider {
  const apiUrl = (options.apiUrl ?? DEFAULT_API_URL).replace(/\/+$/, "");
  const reconcileWindow = Math.max(1, Math.min(options.reconcileWindow ?? 100, 1000));
  const reconcileDetailLimit = Math.max(0, options.reconcileDetailLimit ?? 10);

  const http = createVendorHttp({
    vendor: "Retell",
    apiUrl,
    authorization: `Bearer ${options.apiKey}`,
    fetch: options.fetch ?? fetch,
    outbound: options.outbound ?? strictOutboundClient,
    timeoutMs: options.timeoutMs ?? 15_000,
    // Only the call itself must not be placed twice: a create-phone-call lost in flight may
    // have dialled. (Creating an agent twice only leaves an unused agent behind.)
    mayHaveDialled: (_method, path) => path === "/v2/create-phone-call",
    errorDetail: retellErrorDetail,
    statusErrors: {
      402: {
        message: "Retell refused the call: the account has no valid payment method.",
        code: "payment_required",
      },
    },
  });
  const { request, readJson, invalid, failure } = http;

  async function call(method: VendorHttpMethod, path: string, context: string, body?: unknown) {
    const response = await request(method, path, body);
    if (!response.ok) throw await failure(response, context);
    return readJson(response);
  }

  async function idOf(
    method: VendorHttpMethod,
    path: string,
    context: string,
    body: unknown,
    field: "llm_id" | "agent_id",
  ): Promise<string> {
    const json = (await call(method, path, context, body)) as Record<string, unknown> | null;
    const id = json?.[field];
    if (typeof id !== "string" || !id) throw invalid();
    return id;
  }

  /**
   * The assistant's agent, created on its first call and updated when its settings changed (the
   * hash of what was last sent), under the assistant's lock so that two workers never create
   * two agents for it. An LLM or agent deleted in Retell's dashboard (404 on update) is made
   * again; `recheck` updates even when the hash is unchanged (the call was refused for an
   * unknown agent).
   */
  async function syncAgent(input: PlaceCallInput, recheck = false): Promise<string> {
    const llm = retellLlmSettings(input);
    const agent = retellAgentSettings(input);
    const settingsHash = retellSettingsHash(llm, agent);
    const assistantId = input.assistant.id;
    return options.agents.withLock(assistantId, async () => {
      const stored = await options.agents.get(assistantId);
      if (!recheck && stored?.llmId && stored.settingsHash === settingsHash) return stored.agentId;

      const createLlm = () =>
        idOf("POST", "/create-retell-llm", "Creating the agent", llm, "llm_id");
      const createAgent = (llmId: string) =>
        idOf(
          "POST",
          "/create-agent",
          "Creating the agent",
          { ...agent, response_engine: { type: "retell-llm", llm_id: llmId } },
          "agent_id",
        );
      const update = async (path: string, body: unknown): Promise<boolean> => {
        const response = await request("PATCH", path, body);
        if (isGone(response.status)) return false;
        if (!response.ok) throw await failure(response, "Updating the agent");
        await readJson(response);
        return true;
      };

      let llmId = stored?.llmId ?? null;
      if (!llmId || !(await update(`/update-retell-llm/${encodeURIComponent(llmId)}`, llm))) {
        llmId = await createLlm();
      }
      let agentId = stored?.agentId ?? null;
      const withEngine = { ...agent, response_engine: { type: "retell-llm", llm_id: llmId } };
      if (!agentId || !(await update(`/update-agent/${encodeURIComponent(agentId)}`, withEngine))) {
        agentId = await createAgent(llmId);
      }
      await options.agents.save(assistantId, { agentId, llmId, settingsHash });
      return agentId;
    });
  }

  async function phoneNumbers(): Promise<CallerNumber[]> {
    const numbers: CallerNumber[] = [];
    let paginationKey: string | null = null;
    for (let page = 0; page < 10; page++) {
      const query = new URLSearchParams({ limit: "1000" });
      if (paginationKey) query.set("pagination_key", paginationKey);
      const json = (await call(
        "GET",
        `/v2/list-phone-numbers?${query}`,
        "Listing phone numbers",
      )) as { items?: unknown; has_more?: unknown; pagination_key?: unknown } | null;
      if (!json || !Array.isArray(json.items)) throw invalid();
      for (const item of json.items as Record<string, unknown>[]) {
        if (typeof item?.phone_number !== "string") continue;
        const label =
          typeof item.nickname === "string" && item.nickname.trim() ? item.nickname : null;
        numbers.push({ id: item.phone_number, number: item.phone_number, label });
      }
      if (json.has_more !== true || typeof json.pagination_key !== "string") break;
      paginationKey = json.pagination_key;
    }
    return numbers;
  }

  async function getCall(providerCallId: string): Promise<CallOutcome | null> {
    if (!providerCallId) return null;
    const response = await request("GET", `/v2/get-call/${encodeURIComponent(providerCallId)}`);
    if (isGone(response.status)) return null;
    if (!response.ok) throw await failure(response, "Fetching the call");
    const outcome = toCallOutcome(await readJson(response));
    if (!outcome) throw invalid();
    return outcome;
  }

  return {
    id: "retell",
    simulator: options.simulator,

    async verify() {
      const numbers = await phoneNumbers();
      const n = numbers.length;
      return { summary: `Connected to Retell: ${n} phone number${n === 1 ? "" : "s"}.` };
    },

    listCallerNumbers: phoneNumbers,

    async listVoices(): Promise<VoiceOption[]> {
      const json = await call("GET", "/list-voices", "Listing voices");
      if (!Array.isArray(json)) throw invalid();
      const voices: VoiceOption[] = [];
      for (const item of json as Record<string, unknown>[]) {
        if (typeof item?.voice_id !== "string" || !item.voice_id) continue;
        const text = (v: unknown) => (typeof v === "string" && v.trim() ? v : null);
        voices.push({
          id: item.voice_id,
          name: text(item.voice_name) ?? item.voice_id,
          // Retell lists an accent, not a language.
          language: null,
          gender: text(item.gender),
          previewUrl: text(item.preview_audio_url),
        });
      }
      return voices;
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
      // Retell requires from_number (a number bought from or imported to Retell). Without a
      // chosen one, the account's first number is its default.
      let fromNumber = options.callerNumber;
      if (!fromNumber) {
        fromNumber = (await phoneNumbers())[0]?.number ?? null;
        if (!fromNumber) {
          throw new VoiceProviderError(
            "The Retell account has no phone number to call from. Add one in Retell, then choose it in the Voice settings.",
            { status: 400, code: "no_caller_number" },
          );
        }
      }
      const dial = async (agentId: string) =>
        request("POST", "/v2/create-phone-call", retellCallRequest(input, fromNumber, agentId));
      let response = await dial(await syncAgent(input));
      // Refused for an unknown agent (deleted in Retell's dashboard since we last saw it): make
      // it again and dial once more. A refused request placed no call, so this never dials twice.
      if (isGone(response.status)) response = await dial(await syncAgent(input, true));
      if (!response.ok) throw await failure(response, "Placing the call");
      const json = (await readJson(response)) as { call_id?: unknown } | null;
      if (typeof json?.call_id !== "string" || !json.call_id) {
        throw new VoiceProviderError("Retell did not return a call ID", {
          status: 502,
          code: "no_call_id",
        });
      }
      return { providerCallId: json.call_id };
    },

    getCall,

    /**
     * POST /v3/list-calls filtered by to_number (the SDK's FilterCriteria.ToNumber, an exact
     * string match), newest first, then our metadata.attempt_id kept client-side: a metadata
     * filter that missed (its key syntax is not documented precisely) would hide the call and
     * have it dialled twice. List items omit the transcript and recording
     * (docs.retellai.com/api-references/list-calls_deprecated), so an ended match is read again
     * with Get Call, at most `reconcileDetailLimit` of them.
     */
    async findCallsByAttempt({ attemptId, phoneNumber }) {
      if (!attemptId) return [];
      const json = (await call("POST", "/v3/list-calls", "Listing calls", {
        filter_criteria: { to_number: { type: "string", op: "eq", value: phoneNumber } },
        sort_order: "descending",
        limit: reconcileWindow,
      })) as { items?: unknown } | unknown[] | null;
      const items = Array.isArray(json) ? json : Array.isArray(json?.items) ? json.items : null;
      if (!items) throw invalid();
      return callsOfAttempt({
        attemptId,
        items,
        listed: toCallOutcome,
        // Retell's list items carry the call's metadata.
        knowsAttempt: () => true,
        endedNeedsDetail: true,
        getCall,
        detailLimit: reconcileDetailLimit,
      });
    },

    fetchRecording: (recordingUrl) =>
      http.fetchRecording(recordingUrl, {
        timeoutMs: options.recordingTimeoutMs ?? 300_000,
        // The API key goes only to Retell's own API, never to the storage it links to (S3).
        sendKeyTo: (url) => url.href.startsWith(`${apiUrl}/`),
      }),

    // Retell signs with the API key itself: there is no separate webhook secret.
    verifyWebhook: (rawBody, headers) =>
      verifyRetellSignature(rawBody, headers.get(RETELL_SIGNATURE_HEADER), options.apiKey),

    parseWebhook: parseRetellWebhook,
  };
}
