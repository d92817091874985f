import { randomBytes } from "node:crypto";
import { E164_PATTERN } from "@ringback/contracts";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { httpUrlSchema } from "../../../../lib/http-url.ts";
import type { Logger } from "../../../../lib/logger.ts";
import { SIMULATOR_FROM_NUMBER } from "../../simulator/call.ts";
import { simulatorAccountForKey } from "../../simulator/credentials.ts";
import {
  apiKeyHash,
  listSimulatedCalls,
  loadSimulatedCall,
  placeSimulatedCall,
  type SimulatedCallDeps,
} from "../../simulator/simulated-calls.ts";
import { SIMULATOR_VOICES, simulatorVoice } from "../../simulator/voices.ts";
import {
  parseRetellFormAnswers,
  RETELL_DEFAULT_VOICE_ID,
  RETELL_LANGUAGES,
} from "../retell-provider.ts";
import { retellCallObject, retellListItem, retellWebhooks } from "./call-object.ts";
import { retellObjects } from "./objects.ts";

export interface RetellSimulatorDeps extends SimulatedCallDeps {
  logger: Logger;
}

type Account = { accountId: string; keyHash: string; apiKey: string };

const MAX_BODY_BYTES = 1024 * 1024;
const DEFAULT_LIST = 50;
const MAX_LIST = 1000;

/**
 * Retell's error body. Its API reference gives `{ status: "error", message }` as far as we could
 * tell (not verified against the live API); Ringback's adapter reads `message` either way.
 */
function retellError(c: Context, status: ContentfulStatusCode, message: string) {
  return c.json({ status: "error", message }, status);
}

/** A number or a dynamic variable ("{{transfer_number}}"), as Retell's transfer tool allows. */
const numberOrVariable = z
  .string()
  .trim()
  .refine(
    (v) => E164_PATTERN.test(v) || /^\{\{\s*\w+\s*\}\}$/.test(v),
    "must be E.164 or a {{variable}}",
  );

const toolSchema = z
  .object({
    type: z.string().min(1),
    name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "must be 1–64 of a-z, A-Z, 0-9, _ and -"),
    description: z.string().max(5000).optional(),
    transfer_destination: z
      .union([
        z.object({ type: z.literal("predefined"), number: numberOrVariable }).loose(),
        z.object({ type: z.literal("inferred"), prompt: z.string() }).loose(),
      ])
      .optional(),
    transfer_option: z.object({ type: z.string() }).loose().optional(),
  })
  .loose()
  .superRefine((tool, ctx) => {
    if (tool.type === "transfer_call" && (!tool.transfer_destination || !tool.transfer_option)) {
      ctx.addIssue({
        code: "custom",
        path: ["transfer_destination"],
        message: "a transfer_call tool needs transfer_destination and transfer_option",
      });
    }
  });

/** POST /create-retell-llm and PATCH /update-retell-llm (the fields the simulator reads). */
const llmBody = z
  .object({
    general_prompt: z.string().max(100_000).nullish(),
    begin_message: z.string().max(5000).nullish(),
    start_speaker: z.enum(["user", "agent"]).optional(),
    model: z.string().nullish(),
    general_tools: z.array(toolSchema).max(50).nullish(),
    default_dynamic_variables: z.record(z.string(), z.string()).nullish(),
  })
  .loose();

const analysisItem = z.discriminatedUnion("type", [
  z.object({ type: z.literal("string"), name: z.string().min(1), description: z.string() }).loose(),
  z
    .object({ type: z.literal("boolean"), name: z.string().min(1), description: z.string() })
    .loose(),
  z.object({ type: z.literal("number"), name: z.string().min(1), description: z.string() }).loose(),
  z
    .object({
      type: z.literal("enum"),
      name: z.string().min(1),
      description: z.string(),
      choices: z.array(z.string()).min(1, "must not be empty"),
    })
    .loose(),
  z.object({ type: z.literal("system-presets"), name: z.string() }).loose(),
]);

const voicemailAction = z.discriminatedUnion("type", [
  z.object({ type: z.literal("static_text"), text: z.string().min(1) }),
  z.object({ type: z.literal("prompt"), text: z.string().min(1) }),
  z.object({ type: z.literal("hangup") }),
  z.object({ type: z.literal("bridge_transfer") }),
]);

const webhookEvents = [
  "call_started",
  "call_ended",
  "call_analyzed",
  "transcript_updated",
  "transfer_started",
  "transfer_bridged",
  "transfer_cancelled",
  "transfer_ended",
] as const;

/** POST /create-agent and PATCH /update-agent (fields per the SDK's AgentCreateParams). */
const agentFields = {
  response_engine: z.object({ type: z.literal("retell-llm"), llm_id: z.string().min(1) }).loose(),
  voice_id: z.string().min(1),
  agent_name: z.string().max(500).nullish(),
  language: z
    .union([z.enum(RETELL_LANGUAGES), z.literal("multi"), z.array(z.enum(RETELL_LANGUAGES)).min(1)])
    .optional(),
  max_call_duration_ms: z.number().int().min(60_000).max(7_200_000).optional(),
  end_call_after_silence_ms: z.number().int().min(10_000).optional(),
  voicemail_option: z.object({ action: voicemailAction }).loose().nullish(),
  post_call_analysis_data: z.array(analysisItem).nullish(),
  webhook_url: httpUrlSchema.nullish(),
  webhook_events: z.array(z.enum(webhookEvents)).nullish(),
  data_storage_setting: z
    .enum(["everything", "everything_except_pii", "basic_attributes_only"])
    .optional(),
};
const agentCreateBody = z.object(agentFields).loose();
const agentUpdateBody = z.object(agentFields).partial().loose();

/** POST /v2/create-phone-call (the SDK's CallCreatePhoneCallParams). */
const phoneCallBody = z
  .object({
    from_number: z
      .string()
      .trim()
      .regex(E164_PATTERN, "must be in E.164 format, like +14157774444"),
    to_number: z.string().trim().regex(E164_PATTERN, "must be in E.164 format, like +12137774445"),
    override_agent_id: z.string().min(1).optional(),
    override_agent_version: z.union([z.string(), z.number()]).optional(),
    retell_llm_dynamic_variables: z.record(z.string(), z.string()).optional(),
    metadata: z.unknown().optional(),
  })
  .loose();

/** POST /v3/list-calls (the filters the simulator supports). */
const stringFilter = z.object({
  type: z.literal("string"),
  op: z.literal("eq"),
  value: z.string(),
  key: z.string().optional(),
});
const listCallsBody = z
  .object({
    filter_criteria: z
      .object({
        to_number: stringFilter.optional(),
        from_number: stringFilter.optional(),
        metadata: z.array(stringFilter.required({ key: true })).optional(),
      })
      .strict()
      .optional(),
    limit: z.number().int().min(1).max(MAX_LIST).optional(),
    sort_order: z.enum(["ascending", "descending"]).optional(),
    pagination_key: z.string().regex(/^\d+$/).optional(),
    include_total: z.boolean().optional(),
  })
  .strict();

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request format, please check API reference.";
  const field = issue.path.join(".") || "body";
  return `Invalid ${field}: ${issue.message}.`;
}

/** What create-phone-call reads of a stored agent (its other fields are read one by one). */
const storedAgent = z
  .object({
    response_engine: z.object({ type: z.literal("retell-llm"), llm_id: z.string() }).loose(),
    voice_id: z.string(),
  })
  .loose();

/** Substitutes {{variables}} as Retell does; an unknown one is left as written. */
export function substituteVariables(text: string, variables: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(variables, name) ? variables[name]! : whole,
  );
}

/**
 * The agent's post_call_analysis_data as the simulator's analysis schema (simulatedAnalysis,
 * which reads Bland's type hints): boolean, number, "one of: a | b" for an enum, YYYY-MM-DD for a
 * string that asks for a date, otherwise string.
 */
export function analysisSchemaOf(items: unknown): Record<string, string> | null {
  const parsed = z.array(analysisItem).safeParse(items ?? []);
  if (!parsed.success) return null;
  const schema: Record<string, string> = {};
  for (const item of parsed.data) {
    if (item.type === "system-presets") continue;
    if (item.type === "enum") schema[item.name] = `one of: ${item.choices.join(" | ")}`;
    else if (item.type === "string" && /YYYY-MM-DD/.test(item.description)) {
      schema[item.name] = "YYYY-MM-DD";
    } else schema[item.name] = item.type;
  }
  return Object.keys(schema).length > 0 ? schema : null;
}

/** The voices an agent may use: the simulator's, and Retell's default one. */
const RETELL_DEFAULT_VOICE = {
  voice_id: RETELL_DEFAULT_VOICE_ID,
  voice_name: "Adrian",
  provider: "elevenlabs",
  gender: "male",
  accent: "American",
  age: "Young",
};
const knownVoice = (id: string) => id === RETELL_DEFAULT_VOICE_ID || simulatorVoice(id)?.id === id;

const newId = (prefix: string) => `${prefix}${randomBytes(16).toString("hex")}`;

/**
 * The call simulator's Retell dialect, at /sandbox/retell, for Ringback's Retell
 * adapter (base URL simulatorApiUrl(publicUrl, "retell")). It serves what the adapter uses, in
 * Retell's shapes (retell-typescript-sdk src/resources/*), with the same conversations, magic
 * numbers (OUTCOME_TABLE) and recordings as the Bland dialect:
 *
 * - `POST /create-retell-llm`, `GET /get-retell-llm/:id`, `PATCH /update-retell-llm/:id`;
 *   `POST /create-agent`, `GET /get-agent/:id`, `PATCH /update-agent/:id`: the LLMs and agents
 *   of the account, kept in call_simulator.objects (objects.ts): shared by every web process
 *   and kept across restarts. An account never sees, changes or calls with another account's
 *   LLM or agent: its id answers 404, as an unknown one does.
 * - `POST /v2/create-phone-call`: from_number (the account's one number, SIMULATOR_FROM_NUMBER)
 *   and to_number in E.164, override_agent_id (one of the account's agents),
 *   retell_llm_dynamic_variables (strings), metadata. The agent's LLM prompt and begin message,
 *   with the variables substituted, are the call's task and first sentence; the lead's answers
 *   are read back from the variables Ringback sends (parseRetellFormAnswers) so the conversation
 *   refers to them, as Bland's request_data does. Voicemail, the transfer number, the voice,
 *   the language and the outcome questions come from the agent and its LLM.
 * - `GET /v2/get-call/:id`, `POST /v3/list-calls` (filters: to_number, from_number and metadata
 *   `eq`; newest first, 50 by default), `GET /list-voices`, `GET /v2/list-phone-numbers`.
 * - Webhooks to the agent's webhook_url: call_started (when it connects), call_ended and
 *   call_analyzed (when it has ended), signed with the account's API key (x-retell-signature).
 *
 * Auth: `Authorization: Bearer <key>` with a key of a simulator account in Retell's dialect.
 */
export function retellSimulatorRoutes(deps: RetellSimulatorDeps) {
  const logger = deps.logger.child({ module: "call-simulator", dialect: "retell" });
  const objects = retellObjects(deps.db);

  const requireKey: MiddlewareHandler<{ Variables: { account: Account } }> = async (c, next) => {
    const given = c.req.header("authorization")?.trim() ?? "";
    const key = /^Bearer\s+(.+)$/i.exec(given)?.[1]?.trim() ?? "";
    const account = key ? simulatorAccountForKey(deps.secretKey, "retell", key) : null;
    if (!account) return retellError(c, 401, "API key is missing or invalid.");
    c.set("account", { accountId: account.accountId, keyHash: apiKeyHash(key), apiKey: key });
    await next();
  };

  const api = new Hono<{ Variables: { account: Account } }>();
  api.use(
    "*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => retellError(c, 413, "The request body is too large."),
    }),
  );
  api.use("*", requireKey);

  const readBody = async <T extends z.ZodType>(c: Context, schema: T) => {
    let json: unknown;
    try {
      json = await c.req.json();
    } catch {
      return { error: retellError(c, 400, "Invalid request format, please check API reference.") };
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) return { error: retellError(c, 400, firstIssue(parsed.error)) };
    return { body: parsed.data as z.infer<T>, json: json as Record<string, unknown> };
  };

  // --- Retell LLMs ---
  api.post("/create-retell-llm", async (c) => {
    const read = await readBody(c, llmBody);
    if (read.error) return read.error;
    const id = newId("llm_");
    const llm = await objects.create("retell-llm", c.get("account").keyHash, id, {
      ...read.json,
      llm_id: id,
      version: 0,
      is_published: false,
      last_modification_timestamp: Date.now(),
    });
    return c.json(llm, 201);
  });
  api.get("/get-retell-llm/:id", async (c) => {
    const llm = await objects.get("retell-llm", c.get("account").keyHash, c.req.param("id"));
    return llm ? c.json(llm) : retellError(c, 404, "Retell LLM not found.");
  });
  api.patch("/update-retell-llm/:id", async (c) => {
    const keyHash = c.get("account").keyHash;
    const id = c.req.param("id");
    if (!(await objects.get("retell-llm", keyHash, id))) {
      return retellError(c, 404, "Retell LLM not found.");
    }
    const read = await readBody(c, llmBody);
    if (read.error) return read.error;
    const updated = await objects.update("retell-llm", keyHash, id, read.json);
    return updated ? c.json(updated) : retellError(c, 404, "Retell LLM not found.");
  });

  // --- Agents ---
  const checkAgent = async (
    c: Context,
    account: Account,
    body: Partial<z.infer<typeof agentCreateBody>>,
  ) => {
    const llmId = body.response_engine?.llm_id;
    if (llmId && !(await objects.get("retell-llm", account.keyHash, llmId))) {
      return retellError(
        c,
        400,
        `Invalid response_engine.llm_id: ${llmId} is not a Retell LLM of this account.`,
      );
    }
    if (body.voice_id && !knownVoice(body.voice_id)) {
      return retellError(
        c,
        400,
        `Invalid voice_id: ${body.voice_id} is not a voice of this account (GET /list-voices).`,
      );
    }
    return null;
  };
  api.post("/create-agent", async (c) => {
    const read = await readBody(c, agentCreateBody);
    if (read.error) return read.error;
    const account = c.get("account");
    const refused = await checkAgent(c, account, read.body);
    if (refused) return refused;
    const id = newId("agent_");
    const agent = await objects.create("agent", account.keyHash, id, {
      ...read.json,
      response_engine: read.body.response_engine,
      voice_id: read.body.voice_id,
      agent_id: id,
      version: 0,
      is_published: false,
      last_modification_timestamp: Date.now(),
    });
    return c.json(agent, 201);
  });
  api.get("/get-agent/:id", async (c) => {
    const agent = await objects.get("agent", c.get("account").keyHash, c.req.param("id"));
    return agent ? c.json(agent) : retellError(c, 404, "Agent not found.");
  });
  api.patch("/update-agent/:id", async (c) => {
    const account = c.get("account");
    const id = c.req.param("id");
    if (!(await objects.get("agent", account.keyHash, id))) {
      return retellError(c, 404, "Agent not found.");
    }
    const read = await readBody(c, agentUpdateBody);
    if (read.error) return read.error;
    const refused = await checkAgent(c, account, read.body);
    if (refused) return refused;
    const updated = await objects.update("agent", account.keyHash, id, read.json);
    return updated ? c.json(updated) : retellError(c, 404, "Agent not found.");
  });

  // --- Calls ---
  api.post("/v2/create-phone-call", async (c) => {
    const read = await readBody(c, phoneCallBody);
    if (read.error) return read.error;
    const body = read.body;
    const account = c.get("account");
    if (body.from_number !== SIMULATOR_FROM_NUMBER) {
      return retellError(
        c,
        400,
        `Invalid from_number: ${body.from_number} is not a number of this account (the call simulator's is ${SIMULATOR_FROM_NUMBER}).`,
      );
    }
    if (!body.override_agent_id) {
      return retellError(
        c,
        400,
        `Invalid override_agent_id: ${SIMULATOR_FROM_NUMBER} has no outbound agent bound; pass override_agent_id.`,
      );
    }
    const found = await objects.get("agent", account.keyHash, body.override_agent_id);
    if (!found) return retellError(c, 404, "Agent not found.");
    const agent = storedAgent.parse(found);
    const llm = await objects.get("retell-llm", account.keyHash, agent.response_engine.llm_id);
    if (!llm) return retellError(c, 404, "Retell LLM not found.");

    const defaults = z
      .record(z.string(), z.string())
      .catch({})
      .parse(llm.default_dynamic_variables ?? {});
    const variables = { ...defaults, ...(body.retell_llm_dynamic_variables ?? {}) };
    const fill = (value: unknown) =>
      typeof value === "string" ? substituteVariables(value, variables).trim() : "";
    const task = fill(llm.general_prompt) || null;
    const firstSentence = fill(llm.begin_message) || null;
    const requestData: Record<string, string> = {};
    for (const value of Object.values(variables))
      Object.assign(requestData, parseRetellFormAnswers(value));
    const tools = z
      .array(toolSchema)
      .catch([])
      .parse(llm.general_tools ?? []);
    const transfer = tools.find((t) => t.type === "transfer_call")?.transfer_destination;
    const transferNumber =
      transfer?.type === "predefined"
        ? fill((transfer as { number: string }).number) || null
        : null;
    const voicemail = z
      .object({ action: voicemailAction })
      .loose()
      .nullish()
      .catch(null)
      .parse(agent.voicemail_option);
    const action = voicemail?.action;
    const metadata =
      body.metadata && typeof body.metadata === "object" && !Array.isArray(body.metadata)
        ? (body.metadata as Record<string, unknown>)
        : null;
    const language = typeof agent.language === "string" ? agent.language : null;
    const agentName = typeof agent.agent_name === "string" ? agent.agent_name : null;
    const webhookUrl = typeof agent.webhook_url === "string" ? agent.webhook_url : null;
    const events = Array.isArray(agent.webhook_events) ? (agent.webhook_events as string[]) : null;

    const call = await placeSimulatedCall(deps, {
      dialect: "retell",
      apiKeyHash: account.keyHash,
      request: read.json,
      call: {
        phoneNumber: body.to_number,
        task,
        firstSentence,
        metadata,
        requestData: Object.keys(requestData).length > 0 ? requestData : null,
        analysisSchema: analysisSchemaOf(agent.post_call_analysis_data),
        voicemail: {
          leaveMessage: action?.type === "static_text" || action?.type === "prompt",
          message: action?.type === "static_text" ? fill(action.text) || null : null,
        },
        transferNumber,
        voice: simulatorVoice(agent.voice_id)?.id ?? null,
        language,
      },
      fromNumber: body.from_number,
      record: agent.data_storage_setting !== "basic_attributes_only",
      webhooks: (ended) =>
        retellWebhooks(ended, { url: webhookUrl, events, apiKey: account.apiKey, agentName }),
    });
    logger.info(
      { callId: call.callId, outcome: call.outcome, answeredBy: call.answeredBy },
      "Simulated call queued",
    );
    return c.json(retellCallObject(call, { agentName }), 201);
  });

  api.get("/v2/get-call/:id", async (c) => {
    const call = await loadSimulatedCall(deps.db, {
      dialect: "retell",
      apiKeyHash: c.get("account").keyHash,
      callId: c.req.param("id"),
    });
    if (!call) return retellError(c, 404, "Call not found.");
    return c.json(retellCallObject(call, { analysis: true }));
  });

  api.post("/v3/list-calls", async (c) => {
    let json: unknown = {};
    const text = await c.req.text();
    if (text.trim()) {
      try {
        json = JSON.parse(text);
      } catch {
        return retellError(c, 400, "Invalid request format, please check API reference.");
      }
    }
    const parsed = listCallsBody.safeParse(json);
    if (!parsed.success) {
      return retellError(
        c,
        400,
        `${firstIssue(parsed.error)} (The call simulator supports the to_number, from_number and metadata filters with op "eq".)`,
      );
    }
    const body = parsed.data;
    const filters = body.filter_criteria;
    let attemptId: string | null = null;
    for (const m of filters?.metadata ?? []) {
      if (m.key.replace(/^metadata\./, "") !== "attempt_id") {
        return retellError(
          c,
          400,
          `Invalid filter_criteria.metadata: the call simulator filters by attempt_id only.`,
        );
      }
      attemptId = m.value;
    }
    const limit = body.limit ?? DEFAULT_LIST;
    const offset = body.pagination_key ? Number(body.pagination_key) : 0;
    const { total, calls } = await listSimulatedCalls(deps.db, {
      dialect: "retell",
      apiKeyHash: c.get("account").keyHash,
      toNumber: filters?.to_number?.value ?? null,
      fromNumber: filters?.from_number?.value ?? null,
      attemptId,
      offset,
      limit,
      ascending: body.sort_order === "ascending",
    });
    const hasMore = offset + calls.length < total;
    return c.json({
      items: calls.map(retellListItem),
      has_more: hasMore,
      ...(hasMore ? { pagination_key: String(offset + calls.length) } : {}),
      ...(body.include_total ? { total } : {}),
    });
  });

  // --- Account ---
  api.get("/list-voices", (c) =>
    c.json([
      ...SIMULATOR_VOICES.map((voice) => ({
        voice_id: voice.id,
        voice_name: voice.name,
        provider: "platform",
        gender: voice.gender,
        accent: voice.description,
      })),
      RETELL_DEFAULT_VOICE,
    ]),
  );
  api.get("/v2/list-phone-numbers", (c) =>
    c.json({
      items: [
        {
          phone_number: SIMULATOR_FROM_NUMBER,
          phone_number_type: "retell-twilio",
          nickname: "Call simulator",
          area_code: 415,
          last_modification_timestamp: 1_704_067_200_000,
          inbound_agents: null,
          outbound_agents: null,
        },
      ],
      has_more: false,
    }),
  );

  api.all("*", (c) => retellError(c, 404, "No such endpoint in the call simulator."));
  api.onError((error, c) => {
    logger.error({ err: error, path: c.req.path }, "Call simulator error");
    return retellError(c, 500, "An unexpected server error occurred.");
  });
  return api;
}
