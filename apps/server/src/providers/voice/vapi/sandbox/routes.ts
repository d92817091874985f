import { E164_PATTERN } from "@ringback/contracts";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { httpUrlSchema } from "../../../../lib/http-url.ts";
import type { CallSimulatorDeps } from "../../bland/sandbox/routes.ts";
import { SIMULATOR_FROM_NUMBER } from "../../simulator/call.ts";
import { simulatorAccountForKey } from "../../simulator/credentials.ts";
import {
  apiKeyHash,
  listSimulatedCalls,
  loadSimulatedCall,
  placeSimulatedCall,
} from "../../simulator/simulated-calls.ts";
import { VAPI_REQUEST_DATA_HEADING } from "../vapi-provider.ts";
import {
  analysisSchemaOf,
  SIMULATOR_VAPI_PHONE_NUMBER_ID,
  systemPrompt,
  uuidFor,
  vapiCallObject,
  vapiPhoneNumber,
  vapiWebhooks,
} from "./call.ts";

type Account = { accountId: string; orgId: string; keyHash: string };

const MAX_BODY_BYTES = 1024 * 1024;
const DEFAULT_LIST = 100;
const MAX_LIST = 1000;

/**
 * Vapi's error body (its API is NestJS: `{ message, error, statusCode }`; validation errors list
 * their messages, e.g. "property customer should not exist").
 */
function vapiError(c: Context, status: ContentfulStatusCode, message: string | string[]) {
  const error =
    status === 400
      ? "Bad Request"
      : status === 401
        ? "Unauthorized"
        : status === 404
          ? "Not Found"
          : status === 413
            ? "Payload Too Large"
            : "Internal Server Error";
  return c.json({ message, error, statusCode: status }, status);
}

// The properties Vapi's create-call body and the DTOs inside it accept (API reference:
// CreateCallDTO, CreateCustomerDTO, CreateAssistantDTO, Server, AnalysisPlan). Vapi refuses any
// other ("property … should not exist"), so the simulator does too: a field the real service
// would refuse fails here first.
const CALL_KEYS = [
  "assistant",
  "assistantId",
  "assistantOverrides",
  "assistantVersion",
  "customer",
  "customerId",
  "customers",
  "name",
  "phoneNumber",
  "phoneNumberId",
  "schedulePlan",
  "squad",
  "squadId",
  "squadOverrides",
  "transport",
  "workflow",
  "workflowId",
  "workflowOverrides",
];
const CUSTOMER_KEYS = [
  "assistantOverrides",
  "email",
  "extension",
  "externalId",
  "name",
  "number",
  "numberE164CheckEnabled",
  "sipUri",
  "squadOverrides",
];
const ASSISTANT_KEYS = [
  "analysisPlan",
  "artifactPlan",
  "backgroundSound",
  "backgroundSpeechDenoisingPlan",
  "clientMessages",
  "compliancePlan",
  "credentialIds",
  "credentials",
  "endCallMessage",
  "endCallPhrases",
  "firstMessage",
  "firstMessageInterruptionsEnabled",
  "firstMessageMode",
  "hooks",
  "keypadInputPlan",
  "maxDurationSeconds",
  "metadata",
  "model",
  "modelOutputInMessagesEnabled",
  "monitorPlan",
  "name",
  "observabilityPlan",
  "server",
  "serverMessages",
  "startSpeakingPlan",
  "stopSpeakingPlan",
  "transcriber",
  "transportConfigurations",
  "voice",
  "voicemailDetection",
  "voicemailMessage",
];
const SERVER_KEYS = [
  "backoffPlan",
  "credentialId",
  "encryptedPaths",
  "headers",
  "staticIpAddressesEnabled",
  "timeoutSeconds",
  "url",
];
const ANALYSIS_PLAN_KEYS = [
  "minMessagesThreshold",
  "outcomeIds",
  "structuredDataMultiPlan",
  "structuredDataPlan",
  "successEvaluationPlan",
  "summaryPlan",
];
const SERVER_MESSAGES = [
  "assistant.started",
  "assistant.speechStarted",
  "conversation-update",
  "end-of-call-report",
  "function-call",
  "hang",
  "language-changed",
  "language-change-detected",
  "model-output",
  "phone-call-control",
  "speech-update",
  "status-update",
  "transcript",
  'transcript[transcriptType="final"]',
  "tool-calls",
  "transfer-destination-request",
  "handoff-destination-request",
  "transfer-update",
  "user-interrupted",
  "voice-input",
  "chat.created",
  "chat.deleted",
  "session.created",
  "session.updated",
  "session.deleted",
  "call.deleted",
  "call.delete.failed",
  "call.artifact.upload",
];
/** Vapi's default `serverMessages` (CreateAssistantDTO.serverMessages). */
const DEFAULT_SERVER_MESSAGES = [
  "conversation-update",
  "end-of-call-report",
  "function-call",
  "hang",
  "speech-update",
  "status-update",
  "tool-calls",
  "transfer-destination-request",
  "handoff-destination-request",
  "user-interrupted",
  "assistant.started",
];
const LIST_QUERY_KEYS = [
  "id",
  "assistantId",
  "phoneNumberId",
  "limit",
  "createdAtGt",
  "createdAtLt",
  "createdAtGe",
  "createdAtLe",
  "updatedAtGt",
  "updatedAtLt",
  "updatedAtGe",
  "updatedAtLe",
];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function unknownProperties(value: unknown, allowed: string[], prefix: string): string[] {
  if (!isObject(value)) return [];
  return Object.keys(value)
    .filter((key) => !allowed.includes(key))
    .map((key) => `property ${prefix}${key} should not exist`);
}

const jsonSchemaType = z.enum(["string", "number", "integer", "boolean", "array", "object"]);

/** The parts of the transient assistant the simulator checks (and reads) beyond its keys. */
const assistantSchema = z
  .object({
    name: z.string().max(40).optional(),
    model: z
      .object({
        provider: z.string().min(1),
        model: z.string().min(1),
        messages: z
          .array(z.object({ role: z.string().min(1), content: z.string().optional() }).loose())
          .optional(),
        tools: z.array(z.object({ type: z.string().min(1) }).loose()).optional(),
      })
      .loose(),
    firstMessage: z.string().optional(),
    firstMessageMode: z
      .enum([
        "assistant-speaks-first",
        "assistant-speaks-first-with-model-generated-message",
        "assistant-waits-for-user",
      ])
      .optional(),
    voice: z
      .object({ provider: z.string().min(1), voiceId: z.string().min(1) })
      .loose()
      .optional(),
    transcriber: z
      .object({ provider: z.string().min(1), language: z.string().optional() })
      .loose()
      .optional(),
    maxDurationSeconds: z.number().min(10).max(43_200).optional(),
    voicemailMessage: z.string().max(1000).optional(),
    voicemailDetection: z
      .union([z.literal("off"), z.object({ provider: z.string().min(1) }).loose()])
      .optional(),
    serverMessages: z.array(z.enum(SERVER_MESSAGES)).optional(),
    server: z
      .object({
        url: httpUrlSchema.optional(),
        headers: z.record(z.string(), z.string()).optional(),
        timeoutSeconds: z.number().min(1).max(300).optional(),
      })
      .loose()
      .optional(),
    analysisPlan: z
      .object({
        summaryPlan: z.object({ enabled: z.boolean().optional() }).loose().optional(),
        structuredDataPlan: z
          .object({
            enabled: z.boolean().optional(),
            schema: z
              .object({
                type: jsonSchemaType,
                properties: z
                  .record(z.string(), z.object({ type: jsonSchemaType }).loose())
                  .optional(),
              })
              .loose()
              .optional(),
          })
          .loose()
          .optional(),
      })
      .loose()
      .optional(),
    artifactPlan: z.object({ recordingEnabled: z.boolean().optional() }).loose().optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();

const createCallSchema = z
  .object({
    phoneNumberId: z.string().optional(),
    customer: z
      .object({
        number: z.string().optional(),
        numberE164CheckEnabled: z.boolean().optional(),
        name: z.string().optional(),
      })
      .loose()
      .optional(),
    assistant: assistantSchema.optional(),
    name: z.string().max(40).optional(),
  })
  .loose();

/** Each issue as Vapi words validation errors: "<path> <problem>". */
function issuesOf(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join(".") || "body"} ${issue.message}`);
}

/** The lead's answers the adapter put last in the system message (VAPI_REQUEST_DATA_HEADING). */
export function requestDataOf(prompt: string | null): Record<string, unknown> | null {
  const at = prompt?.lastIndexOf(VAPI_REQUEST_DATA_HEADING) ?? -1;
  if (!prompt || at < 0) return null;
  try {
    const data: unknown = JSON.parse(prompt.slice(at + VAPI_REQUEST_DATA_HEADING.length));
    return isObject(data) ? data : null;
  } catch {
    return null;
  }
}

/** Headers that describe the request itself, which a caller's `server.headers` cannot set. */
const RESERVED_HEADERS = new Set([
  "host",
  "content-length",
  "content-type",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "upgrade",
  "expect",
  "te",
  "trailer",
]);

/** `server.headers` as sent with each server message: valid names, minus the reserved ones. */
function forwardableHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  const forwarded: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const lower = name.toLowerCase();
    if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(lower) || RESERVED_HEADERS.has(lower)) continue;
    if (/[\r\n\0]/.test(value)) continue;
    forwarded[lower] = value;
  }
  return forwarded;
}

/** The transferCall tool's first phone-number destination, if the assistant has one. */
function transferNumberOf(tools: unknown[] | undefined): string | null {
  for (const tool of tools ?? []) {
    if (!isObject(tool) || tool.type !== "transferCall" || !Array.isArray(tool.destinations)) {
      continue;
    }
    for (const destination of tool.destinations) {
      if (
        isObject(destination) &&
        destination.type === "number" &&
        typeof destination.number === "string"
      ) {
        return destination.number;
      }
    }
  }
  return null;
}

/**
 * The call simulator's Vapi dialect, mounted at /sandbox/vapi where sandboxes may
 * run. It speaks Vapi's API to Ringback's unchanged Vapi adapter (base URL
 * simulatorApiUrl(publicUrl, "vapi")), with the same conversations, outcomes (the number's last
 * four digits: OUTCOME_TABLE) and recordings as the Bland dialect:
 *
 * - `POST /call` (201, the Call object, status "queued"): `phoneNumberId` (the account's one
 *   number, GET /phone-number), `customer.number` (E.164) and an inline `assistant` (model with
 *   a system message, firstMessage, voice, transcriber, maxDurationSeconds, voicemailMessage,
 *   analysisPlan.structuredDataPlan, a transferCall tool, server, serverMessages, metadata).
 *   Properties Vapi does not know are refused as Vapi refuses them ("property … should not
 *   exist"); saved assistants, customers, squads, workflows and transient phone numbers are not
 *   simulated (400).
 * - Server messages to `assistant.server.url`, with the headers of `assistant.server` (Vapi sends
 *   them as given: Ringback's secret is `x-vapi-secret`), filtered by `serverMessages`:
 *   `status-update` "in-progress" when the call connects, then `status-update` "ended" and the
 *   `end-of-call-report` (artifact: messages, transcript, recording; analysis: summary and the
 *   structured data answered from the plan's JSON schema) once it has ended.
 * - `GET /call/{id}`, `GET /call` (newest first; id, phoneNumberId, limit and createdAt/updatedAt
 *   filters), `GET /call/{id}/mono-recording` (302 to the recording), `GET /phone-number`,
 *   `GET /phone-number/{id}`.
 *
 * Every endpoint needs `Authorization: Bearer <key>` with a key of a simulated Vapi account
 * (simulatorAccount(…, "vapi", …)); each account sees only its own calls.
 */
export function vapiSimulatorRoutes(deps: CallSimulatorDeps) {
  const logger = deps.logger.child({ module: "call-simulator", dialect: "vapi" });

  const requireKey: MiddlewareHandler<{ Variables: { account: Account } }> = async (c, next) => {
    const header = c.req.header("authorization")?.trim() ?? "";
    const key = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? "";
    const account = key ? simulatorAccountForKey(deps.secretKey, "vapi", key) : null;
    if (!account) return vapiError(c, 401, "Invalid Key.");
    c.set("account", {
      accountId: account.accountId,
      orgId: uuidFor(account.accountId),
      keyHash: apiKeyHash(key),
    });
    await next();
  };

  const api = new Hono<{ Variables: { account: Account } }>();
  api.use("*", requireKey);

  api.post("/call", async (c) => {
    let json: unknown;
    try {
      json = await c.req.json();
    } catch {
      return vapiError(c, 400, "Unexpected token in JSON body.");
    }
    if (!isObject(json)) return vapiError(c, 400, ["body must be an object"]);
    const unknown = [
      ...unknownProperties(json, CALL_KEYS, ""),
      ...unknownProperties(json.customer, CUSTOMER_KEYS, "customer."),
      ...unknownProperties(json.assistant, ASSISTANT_KEYS, "assistant."),
      ...(isObject(json.assistant)
        ? [
            ...unknownProperties(json.assistant.server, SERVER_KEYS, "assistant.server."),
            ...unknownProperties(
              json.assistant.analysisPlan,
              ANALYSIS_PLAN_KEYS,
              "assistant.analysisPlan.",
            ),
          ]
        : []),
    ];
    if (unknown.length > 0) return vapiError(c, 400, unknown);
    const parsed = createCallSchema.safeParse(json);
    if (!parsed.success) return vapiError(c, 400, issuesOf(parsed.error));
    const body = parsed.data;
    // What the simulator does not play: saved resources and other ways of starting a call.
    for (const key of ["assistantId", "squad", "squadId", "workflow", "workflowId"] as const) {
      if (json[key] !== undefined) {
        return vapiError(
          c,
          400,
          `The call simulator plays calls with an inline \`assistant\` only, not \`${key}\`.`,
        );
      }
    }
    if (!body.assistant) {
      return vapiError(c, 400, "Couldn't Create Call. Need Either `assistant` Or `assistantId`.");
    }
    if (json.customers !== undefined || json.customerId !== undefined) {
      return vapiError(
        c,
        400,
        "The call simulator calls one inline `customer` per call (not `customers` or `customerId`).",
      );
    }
    if (!body.customer?.number) {
      return vapiError(c, 400, "Couldn't Create Call. Need Either `customer` Or `customerId`.");
    }
    if (
      body.customer.numberE164CheckEnabled !== false &&
      !E164_PATTERN.test(body.customer.number)
    ) {
      return vapiError(c, 400, [
        "customer.number must be a valid phone number in the E.164 format.",
      ]);
    }
    if (!E164_PATTERN.test(body.customer.number)) {
      return vapiError(c, 400, "The call simulator calls E.164 numbers only.");
    }
    if (json.phoneNumber !== undefined) {
      return vapiError(
        c,
        400,
        "The call simulator has no telephony of yours: use `phoneNumberId` (GET /phone-number).",
      );
    }
    if (!body.phoneNumberId) {
      return vapiError(
        c,
        400,
        "Couldn't Get Phone Number. Need Either `phoneNumberId` Or `phoneNumber`.",
      );
    }
    if (body.phoneNumberId !== SIMULATOR_VAPI_PHONE_NUMBER_ID) {
      return vapiError(
        c,
        400,
        `Couldn't Get Phone Number. ${body.phoneNumberId} is not one of this account's numbers (GET /phone-number).`,
      );
    }

    const assistant = body.assistant;
    const request = json;
    const prompt = systemPrompt(request);
    const server = assistant.server;
    const account = c.get("account");
    const call = await placeSimulatedCall(deps, {
      dialect: "vapi",
      apiKeyHash: account.keyHash,
      request,
      call: {
        phoneNumber: body.customer.number,
        task: prompt,
        firstSentence: assistant.firstMessage || null,
        metadata: assistant.metadata ?? null,
        requestData: requestDataOf(prompt),
        analysisSchema: analysisSchemaOf(request),
        voicemail: {
          leaveMessage: !!assistant.voicemailMessage && assistant.voicemailDetection !== "off",
          message: assistant.voicemailMessage || null,
        },
        transferNumber: transferNumberOf(assistant.model.tools),
        voice: assistant.voice?.voiceId ?? null,
        language: assistant.transcriber?.language ?? null,
      },
      fromNumber: SIMULATOR_FROM_NUMBER,
      // "recordingEnabled … Defaults to true" (ArtifactPlan).
      record: assistant.artifactPlan?.recordingEnabled !== false,
      webhooks: (ended) =>
        vapiWebhooks(ended, {
          orgId: account.orgId,
          url: server?.url ?? null,
          headers: forwardableHeaders(server?.headers),
          types: assistant.serverMessages ?? DEFAULT_SERVER_MESSAGES,
        }),
    });
    logger.info(
      { callId: call.callId, outcome: call.outcome, answeredBy: call.answeredBy },
      "Simulated Vapi call queued",
    );
    return c.json(vapiCallObject(call, account.orgId, { justPlaced: true }), 201);
  });

  api.get("/call", async (c) => {
    const query = c.req.query();
    const unknown = unknownProperties(query, LIST_QUERY_KEYS, "");
    if (unknown.length > 0) return vapiError(c, 400, unknown);
    const problems: string[] = [];
    let limit = DEFAULT_LIST;
    if (query.limit !== undefined) {
      limit = Number(query.limit);
      if (!Number.isFinite(limit)) problems.push("limit must be a number");
      else if (limit < 0) problems.push("limit must not be less than 0");
      else if (limit > MAX_LIST) problems.push(`limit must not be greater than ${MAX_LIST}`);
    }
    const bounds: [string, (t: number, b: number) => boolean, "createdAt" | "updatedAt"][] = [
      ["createdAtGt", (t, b) => t > b, "createdAt"],
      ["createdAtLt", (t, b) => t < b, "createdAt"],
      ["createdAtGe", (t, b) => t >= b, "createdAt"],
      ["createdAtLe", (t, b) => t <= b, "createdAt"],
      ["updatedAtGt", (t, b) => t > b, "updatedAt"],
      ["updatedAtLt", (t, b) => t < b, "updatedAt"],
      ["updatedAtGe", (t, b) => t >= b, "updatedAt"],
      ["updatedAtLe", (t, b) => t <= b, "updatedAt"],
    ];
    const filters: ((call: ReturnType<typeof vapiCallObject>) => boolean)[] = [];
    for (const [name, compare, field] of bounds) {
      const raw = query[name];
      if (raw === undefined) continue;
      const bound = Date.parse(raw);
      if (Number.isNaN(bound)) {
        problems.push(`${name} must be a valid ISO 8601 date string`);
        continue;
      }
      filters.push((call) => compare(Date.parse(call[field]), bound));
    }
    if (problems.length > 0) return vapiError(c, 400, problems);
    const account = c.get("account");
    // No saved assistants here, and one phone number: other filters find nothing.
    if (
      query.assistantId ||
      (query.phoneNumberId && query.phoneNumberId !== SIMULATOR_VAPI_PHONE_NUMBER_ID)
    ) {
      return c.json([]);
    }
    const { calls } = await listSimulatedCalls(deps.db, {
      dialect: "vapi",
      apiKeyHash: account.keyHash,
      offset: 0,
      limit: MAX_LIST,
    });
    const items = calls
      .filter((call) => !query.id || call.callId === query.id)
      .map((call) => vapiCallObject(call, account.orgId))
      .filter((call) => filters.every((keep) => keep(call)))
      .slice(0, Math.floor(limit));
    return c.json(items);
  });

  api.get("/call/:id", async (c) => {
    const account = c.get("account");
    const call = await loadSimulatedCall(deps.db, {
      dialect: "vapi",
      apiKeyHash: account.keyHash,
      callId: c.req.param("id"),
    });
    if (!call) return vapiError(c, 404, "Not Found");
    return c.json(vapiCallObject(call, account.orgId));
  });

  // "Download Call Mono Recording": a 302 to a short-lived link (here: the simulator's signed
  // recording URL), or 404 "Artifact not found." (docs.vapi.ai/assistants/retrieve-call-artifacts).
  api.get("/call/:id/mono-recording", async (c) => {
    const call = await loadSimulatedCall(deps.db, {
      dialect: "vapi",
      apiKeyHash: c.get("account").keyHash,
      callId: c.req.param("id"),
    });
    if (!call?.recordingUrl || !call.recording) return vapiError(c, 404, "Artifact not found.");
    return c.redirect(call.recordingUrl, 302);
  });

  api.get("/phone-number", (c) => c.json([vapiPhoneNumber(c.get("account").orgId)]));

  api.get("/phone-number/:id", (c) =>
    c.req.param("id") === SIMULATOR_VAPI_PHONE_NUMBER_ID
      ? c.json(vapiPhoneNumber(c.get("account").orgId))
      : vapiError(c, 404, "Not Found"),
  );

  api.all("*", (c) => vapiError(c, 404, `Cannot ${c.req.method} ${c.req.path}`));

  const app = new Hono();
  app.use(
    "*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => vapiError(c, 413, "request entity too large"),
    }),
  );
  app.route("/", api);
  app.onError((error, c) => {
    logger.error({ err: error, path: c.req.path }, "Call simulator error");
    return vapiError(c, 500, "Internal server error");
  });
  return app;
}
