import { timingSafeEqual } from "node:crypto";
import { E164_PATTERN } from "@ringback/contracts";
import { eq } from "drizzle-orm";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { simulatorCalls } from "../../../../db/schema/index.ts";
import { byteRangeResponse } from "../../../../lib/byte-range-response.ts";
import { html } from "../../../../lib/html.ts";
import { htmlDocument } from "../../../../lib/html-document.ts";
import { httpUrlSchema } from "../../../../lib/http-url.ts";
import type { Logger } from "../../../../lib/logger.ts";
import { isUuid } from "../../../../lib/uuid.ts";
import { callListItem, callObject, SIMULATOR_FROM_NUMBER } from "../../simulator/call.ts";
import { simulatorAccountForKey } from "../../simulator/credentials.ts";
import { OUTCOME_TABLE } from "../../simulator/outcomes.ts";
import {
  apiKeyHash,
  listSimulatedCalls,
  loadSimulatedCall,
  placeSimulatedCall,
  recordingToken,
  type SimulatedCallDeps,
} from "../../simulator/simulated-calls.ts";
import { SIMULATOR_VOICES, type SimulatorVoice, simulatorVoice } from "../../simulator/voices.ts";
import { BLAND_SIGNATURE_HEADER, signBlandPayload } from "../bland-signature.ts";

type Account = { accountId: string; webhookSecret: string; keyHash: string };

export interface CallSimulatorDeps extends SimulatedCallDeps {
  logger: Logger;
}

const MAX_BODY_BYTES = 1024 * 1024;
const DEFAULT_LIST = 100;
const MAX_LIST = 1000;

/** Bland's error body. */
function blandError(c: Context, status: ContentfulStatusCode, code: string, message: string) {
  return c.json({ status: "error", message, errors: [{ error: code, message }] }, status);
}

/** The parts of Bland's POST /v1/calls body the simulator uses; other fields are accepted and ignored. */
const sendCallBody = z.object({
  phone_number: z.string().trim().regex(E164_PATTERN, "must be in E.164 format, like +14155550123"),
  task: z.string().trim().min(1).max(30_000),
  first_sentence: z.string().trim().max(2000).nullish(),
  from: z.string().trim().regex(E164_PATTERN, "must be in E.164 format").nullish(),
  record: z.boolean().nullish(),
  webhook: httpUrlSchema.nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  request_data: z.record(z.string(), z.unknown()).nullish(),
  analysis_schema: z.record(z.string(), z.unknown()).nullish(),
  /** A voice id or name (GET /v1/voices). */
  voice: z.string().trim().min(1).max(200).nullish(),
  /** e.g. "babel-en"; accepted, the conversation stays in English. */
  language: z.string().trim().min(1).max(35).nullish(),
  /** Minutes. */
  max_duration: z.number().positive().nullish(),
  transfer_phone_number: z
    .string()
    .trim()
    .regex(E164_PATTERN, "must be in E.164 format, like +14155550123")
    .nullish(),
  /** Bland's voicemail setting: `{ action: "hangup" | "leave_message" | "ignore", message }`. */
  voicemail: z
    .object({
      action: z.enum(["hangup", "leave_message", "ignore"]).nullish(),
      message: z.string().trim().max(2000).nullish(),
    })
    .loose()
    .nullish(),
  /** The older top-level form of the same, still accepted. */
  voicemail_action: z.string().nullish(),
  voicemail_message: z.string().trim().max(2000).nullish(),
});

/** A simulator voice in Bland's shape (the voice object of List Voices / Voice Details). */
function blandVoice(voice: SimulatorVoice) {
  return {
    id: voice.id,
    name: voice.name,
    description: voice.description,
    public: true,
    tags: ["english", voice.gender, "Simulator"],
    total_ratings: 0,
    average_rating: 0,
  };
}

/**
 * The built-in call simulator's Bland dialect, mounted at /sandbox/bland where sandboxes may run
 * (Vapi's and Retell's are beside it). It speaks Bland AI's API to Ringback's unchanged
 * Bland adapter (base URL simulatorApiUrl()):
 *
 * - `POST /v1/calls` places a call: `{ status: "success", message, call_id, batch_id: null }`.
 *   The outcome follows the number's last four digits (OUTCOME_TABLE); job sandbox.bland.call
 *   rings, plays the conversation out at the configured pace and POSTs the post-call webhook to
 *   `webhook`, signed with X-Webhook-Signature (hex HMAC-SHA256 of the raw body).
 *   `request_data` (Ringback sends `name` and each question → answer) is stored with the call
 *   and shapes its conversation: the assistant confirms what the form answered (conversation.ts).
 *   `from` must be the account's number (SIMULATOR_FROM_NUMBER), `voice` one of its voices (id or
 *   name), `transfer_phone_number` an E.164 number (0007 "asks for a person" notes the transfer
 *   in the transcript); `language` is accepted, the conversation is in English. Voicemail follows
 *   `voicemail: { action, message }` (or the older voicemail_action / voicemail_message).
 * - `GET /v1/calls/:id`: the call object (status queued → in-progress → completed, or busy /
 *   no-answer / failed; transcripts, summary and recording_url once ended).
 * - `GET /v1/calls`: `{ count, calls }`, most recent first, 100 by default (at most 1000).
 *   Query: `to_number`, `from_number`, `from`/`to` (index range) or `limit`, `ascending=true`,
 *   and the simulator's own `attempt_id`, which keeps
 *   the calls whose metadata.attempt_id equals it (every POST is stored, so `count` is the
 *   number of dials made for that attempt).
 * - `GET /v1/voices` (an array of Bland voice objects: SIMULATOR_VOICES), `GET /v1/voices/:id`
 *   (`{ voice }`), `GET /v1/inbound` (`{ inbound_numbers }`: the simulator's one number) and
 *   `GET /v1/me` (account details): what Verify and the Voice settings read.
 * - `GET /recordings/:callId.wav?token=…`: the call's recording (audio/wav, byte ranges
 *   supported). The URL handed out carries an unguessable token (like a storage provider's
 *   signed URL); without it, or the API key, it is a 401: a call id alone plays nothing.
 * - `GET /`: a page that explains the simulator and its outcomes.
 *
 * The API needs the `authorization: <api key>` header with a key of a simulator account
 * (simulatorAccount; 401 otherwise); each account sees only its own calls.
 */
export function callSimulatorRoutes(deps: CallSimulatorDeps) {
  const logger = deps.logger.child({ module: "call-simulator" });
  /** The caller's account (its key's hash and webhook secret), or null for a refused key. */
  const accountOf = (c: Context) => {
    const given = c.req.header("authorization")?.trim() ?? "";
    // Bland documents the bare key; a Bearer prefix is accepted as well.
    const key = given.replace(/^Bearer\s+/i, "");
    const account = key ? simulatorAccountForKey(deps.secretKey, "bland", key) : null;
    return account ? { ...account, keyHash: apiKeyHash(key) } : null;
  };

  const requireKey: MiddlewareHandler<{ Variables: { account: Account } }> = async (c, next) => {
    const account = accountOf(c);
    if (!account) {
      const given = c.req.header("authorization")?.trim() ?? "";
      return blandError(
        c,
        401,
        "UNAUTHORIZED",
        given ? "Invalid API key." : "Missing API key: send it in the authorization header.",
      );
    }
    c.set("account", account);
    await next();
  };

  const api = new Hono<{ Variables: { account: Account } }>();
  api.use("*", requireKey);

  api.post("/calls", async (c) => {
    let json: unknown;
    try {
      json = await c.req.json();
    } catch {
      return blandError(c, 400, "INVALID_JSON", "The request body must be JSON.");
    }
    const parsed = sendCallBody.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join(".") || "body";
      return blandError(
        c,
        400,
        "INVALID_PARAMETER",
        issue ? `Invalid ${field}: ${issue.message}.` : "Invalid request.",
      );
    }
    const body = parsed.data;
    // Send Call's `from` must be "a phone number … that you own": the simulator owns one.
    if (body.from && body.from !== SIMULATOR_FROM_NUMBER) {
      return blandError(
        c,
        400,
        "INVALID_FROM_NUMBER",
        `Invalid from: ${body.from} is not one of this account's numbers (the call simulator's is ${SIMULATOR_FROM_NUMBER}).`,
      );
    }
    const voice = body.voice ? simulatorVoice(body.voice) : null;
    if (body.voice && !voice) {
      return blandError(
        c,
        400,
        "INVALID_VOICE",
        `Invalid voice: ${body.voice} is not one of this account's voices (GET /v1/voices).`,
      );
    }
    const voicemailAction = body.voicemail?.action ?? body.voicemail_action;
    const account = c.get("account");
    const call = await placeSimulatedCall(deps, {
      dialect: "bland",
      apiKeyHash: account.keyHash,
      request: json as Record<string, unknown>,
      call: {
        phoneNumber: body.phone_number,
        task: body.task,
        firstSentence: body.first_sentence || null,
        metadata: body.metadata ?? null,
        requestData: body.request_data ?? null,
        analysisSchema: body.analysis_schema ?? null,
        voicemail: {
          leaveMessage: voicemailAction === "leave_message",
          message: body.voicemail?.message || body.voicemail_message || null,
        },
        transferNumber: body.transfer_phone_number ?? null,
        voice: voice?.id ?? null,
        language: body.language ?? null,
      },
      fromNumber: body.from ?? null,
      record: body.record === true,
      // Bland's one post-call webhook: the full call object, signed with the account's secret.
      webhooks: (ended) => {
        if (!body.webhook) return [];
        const webhookBody = JSON.stringify(callObject(ended));
        return [
          {
            at: "end",
            url: body.webhook,
            body: webhookBody,
            headers: {
              "user-agent": "Bland Webhooks (Ringback call simulator)",
              [BLAND_SIGNATURE_HEADER]: signBlandPayload(webhookBody, account.webhookSecret),
            },
          },
        ];
      },
    });
    const callId = call.callId;
    logger.info(
      { callId, outcome: call.outcome, answeredBy: call.answeredBy },
      "Simulated call queued",
    );
    return c.json({
      status: "success",
      message: "Call successfully queued.",
      call_id: callId,
      batch_id: null,
    });
  });

  api.get("/calls", async (c) => {
    // Bland's index range (`from` inclusive, `to` exclusive) or `limit`; 100 by default.
    const whole = (name: string) => {
      const raw = c.req.query(name);
      const value = raw === undefined || raw === "" ? Number.NaN : Number(raw);
      return Number.isInteger(value) && value >= 0 ? value : null;
    };
    const offset = whole("from") ?? 0;
    const to = whole("to");
    const wanted = to !== null ? to - offset : (whole("limit") ?? DEFAULT_LIST);
    const { total, calls } = await listSimulatedCalls(deps.db, {
      dialect: "bland",
      apiKeyHash: c.get("account").keyHash,
      toNumber: c.req.query("to_number"),
      fromNumber: c.req.query("from_number"),
      attemptId: c.req.query("attempt_id"),
      offset,
      limit: Math.max(0, Math.min(wanted, MAX_LIST)),
      ascending: c.req.query("ascending") === "true",
    });
    return c.json({ count: total, calls: calls.map(callListItem) });
  });

  api.get("/calls/:callId", async (c) => {
    const call = await loadSimulatedCall(deps.db, {
      dialect: "bland",
      apiKeyHash: c.get("account").keyHash,
      callId: c.req.param("callId"),
    });
    if (!call) return blandError(c, 404, "NOT_FOUND", "Call not found.");
    return c.json(callObject(call));
  });

  // List Voices: Bland's cookbook reads "an array of voice objects" (11-personas-and-voices).
  api.get("/voices", (c) => c.json(SIMULATOR_VOICES.map(blandVoice)));

  // Voice Details (docs.bland.ai/api-v1/get/voices-id): by id or name, `{ voice }`.
  api.get("/voices/:id", (c) => {
    const voice = simulatorVoice(c.req.param("id"));
    if (!voice) return blandError(c, 404, "NOT_FOUND", "Voice not found.");
    return c.json({ voice: blandVoice(voice) });
  });

  // List Numbers (docs.bland.ai/api-v1/get/inbound): the numbers the account owns, usable as
  // Send Call's `from`. Every simulator account owns the simulator's one number.
  api.get("/inbound", (c) =>
    c.json({
      inbound_numbers: [
        {
          created_at: "2024-01-01T00:00:00.000000+00:00",
          phone_number: SIMULATOR_FROM_NUMBER,
          prompt: null,
          webhook: null,
          voice_id: null,
          dynamic_data: null,
          interruption_threshold: null,
          first_sentence: null,
          transfer_phone_number: null,
          voice_settings: null,
          record: false,
          max_duration: 30,
        },
      ],
    }),
  );

  // Account Details (docs.bland.ai/api-v1/get/me).
  api.get("/me", async (c) => {
    const { total } = await listSimulatedCalls(deps.db, {
      dialect: "bland",
      apiKeyHash: c.get("account").keyHash,
      offset: 0,
      limit: 0,
    });
    return c.json({
      status: "active",
      billing: { current_balance: 1000, refill_to: null },
      total_calls: total,
    });
  });

  api.all("*", (c) => blandError(c, 404, "NOT_FOUND", "No such endpoint in the call simulator."));

  const app = new Hono();
  app.use(
    "/v1/*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => blandError(c, 413, "PAYLOAD_TOO_LARGE", "The request body is too large."),
    }),
  );
  app.route("/v1", api);

  app.get("/recordings/:file", async (c) => {
    const file = c.req.param("file");
    const callId = file.endsWith(".wav") ? file.slice(0, -4) : "";
    const token = Buffer.from(c.req.query("token") ?? "");
    const expected = Buffer.from(recordingToken(deps.secretKey, callId));
    const tokenOk = token.length === expected.length && timingSafeEqual(token, expected);
    if (!tokenOk && !accountOf(c)) {
      return blandError(c, 401, "UNAUTHORIZED", "This recording link is not valid.");
    }
    const [call] = isUuid(callId)
      ? await deps.db
          .select({ recording: simulatorCalls.recording })
          .from(simulatorCalls)
          .where(eq(simulatorCalls.callId, callId))
      : [];
    if (!call?.recording) return c.text("Recording not found.", 404);
    const audio = call.recording;
    return byteRangeResponse(c, {
      size: audio.length,
      contentType: "audio/wav",
      body: (range) => new Uint8Array(range ? audio.subarray(range.start, range.end + 1) : audio),
    });
  });

  app.get("/", (c) =>
    c.html(
      page(
        html`<h1>Call simulator</h1>
<p>Ringback runs without a voice provider configured, so calls go to this built-in stand-in for Bland AI. It speaks Bland's API and post-call webhooks: each call rings, then plays out a short conversation built from the assistant's script, the respondent's name and the answers sent as the call's <code>request_data</code> (the assistant refers back to what the respondent wrote), with a simulated respondent, and ends with a transcript, a summary and a recording. No real phone is called.</p>
<h2>Outcomes</h2>
<p>The outcome depends on the last four digits of the number called:</p>
<table><thead><tr><th scope="col">Last four digits</th><th scope="col">Outcome</th></tr></thead><tbody>
${OUTCOME_TABLE.map((row) => html`<tr><td>${row.digits}</td><td>${row.outcome}</td></tr>\n`)}</tbody></table>
<p>Calls come from ${SIMULATOR_FROM_NUMBER}, the one number a simulator account owns. The simulator speaks English only; a voice chosen from its list (${SIMULATOR_VOICES.map((v) => v.name).join(", ")}) is kept with the call, and a transfer is noted in the transcript rather than made.</p>
<p>A call rings for ${formatSeconds(deps.pace.ringMs)}, and each turn of its conversation takes ${formatSeconds(deps.pace.turnMs)}.</p>`
          .value,
      ),
    ),
  );
  app.all("*", (c) =>
    c.req.method === "GET" && c.req.path.endsWith("/")
      ? c.redirect(c.req.path.replace(/\/+$/, ""), 301)
      : c.text("Not found.", 404),
  );

  app.onError((error, c) => {
    logger.error({ err: error, path: c.req.path }, "Call simulator error");
    return blandError(c, 500, "INTERNAL_ERROR", "Something went wrong in the call simulator.");
  });
  return app;
}

function formatSeconds(ms: number): string {
  const seconds = Math.round(ms / 100) / 10;
  return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
}

function page(body: string): string {
  return htmlDocument({
    title: "Call simulator · Ringback",
    styles: PAGE_STYLES,
    body: `<main>\n${body}\n</main>`,
  });
}

const PAGE_STYLES = `
body { margin: 0; background: #f4f2ee; color: #262627; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 42rem; margin: 2.5rem auto; padding: 2rem 2.25rem; background: #fff; border-radius: 1rem; box-shadow: 0 8px 24px rgba(0,0,0,0.06); }
h1 { margin: 0 0 0.75rem; font-size: 1.75rem; font-weight: 600; }
h2 { margin: 1.75rem 0 0.5rem; font-size: 1.25rem; font-weight: 600; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: 0.5rem 0.75rem; border-bottom: 1px solid #cfcbc4; }
th { font-weight: 600; }
`;
