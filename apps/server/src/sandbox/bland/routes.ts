import { createHash, createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import type { Database } from "../../db/database.ts";
import { simulatorCalls } from "../../db/schema/index.ts";
import { byteRangeResponse } from "../../http/byte-range-response.ts";
import { htmlDocument } from "../../lib/html-document.ts";
import { httpUrlSchema } from "../../lib/http-url.ts";
import type { Logger } from "../../lib/logger.ts";
import { isUuid } from "../../lib/uuid.ts";
import type { Queue } from "../../queue/queue.ts";
import { html } from "../typeform/html.ts";
import {
  type CallRequest,
  callListItem,
  callObject,
  finalCall,
  type Pace,
  planCall,
  SIMULATOR_FROM_NUMBER,
} from "./call.ts";
import { simulatorApiUrl } from "./credentials.ts";
import { OUTCOME_TABLE } from "./outcomes.ts";
import { enqueueCall } from "./play.ts";

export interface CallSimulatorDeps {
  db: Database;
  queue: Queue;
  logger: Logger;
  /** Ringback's public base URL: the simulator lives under `${publicUrl}/sandbox/bland`. */
  publicUrl: string;
  /** The key callers must send as the `authorization` header (simulatorCredentials). */
  apiKey: string;
  /** Signs post-call webhooks: X-Webhook-Signature = hex HMAC-SHA256 of the raw body. */
  webhookSecret: string;
  /** Ringing time and time per conversation turn (DEFAULT_SIMULATOR_PACE feels real). */
  pace: Pace;
}

const MAX_BODY_BYTES = 1024 * 1024;
const DEFAULT_LIST = 100;
const MAX_LIST = 1000;
const E164 = /^\+[1-9]\d{6,14}$/;

/** Bland's error body. */
function blandError(c: Context, status: ContentfulStatusCode, code: string, message: string) {
  return c.json({ status: "error", message, errors: [{ error: code, message }] }, status);
}

const sha256 = (value: string) => createHash("sha256").update(value).digest();

/** The parts of Bland's POST /v1/calls body the simulator uses; other fields are accepted and ignored. */
const sendCallBody = z.object({
  phone_number: z.string().trim().regex(E164, "must be in E.164 format, like +14155550123"),
  task: z.string().trim().min(1).max(30_000),
  first_sentence: z.string().trim().max(2000).nullish(),
  from: z.string().trim().regex(E164, "must be in E.164 format").nullish(),
  record: z.boolean().nullish(),
  webhook: httpUrlSchema.nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  request_data: z.record(z.string(), z.unknown()).nullish(),
  analysis_schema: z.record(z.string(), z.unknown()).nullish(),
  voicemail_action: z.string().nullish(),
  voicemail_message: z.string().trim().max(2000).nullish(),
});

/**
 * The built-in call simulator, mounted at /sandbox/bland when no voice provider is configured.
 * It speaks Bland AI's API to Ringback's unchanged Bland adapter (base URL simulatorApiUrl()):
 *
 * - `POST /v1/calls` places a call: `{ status: "success", message, call_id, batch_id: null }`.
 *   The outcome follows the number's last four digits (OUTCOME_TABLE); job sandbox.bland.call
 *   rings, plays the conversation out at the configured pace and POSTs the post-call webhook to
 *   `webhook`, signed with X-Webhook-Signature (hex HMAC-SHA256 of the raw body).
 *   `request_data` (Ringback sends `name` and each question → answer) is stored with the call
 *   and shapes its conversation: the assistant confirms what the form answered (conversation.ts).
 * - `GET /v1/calls/:id`: the call object (status queued → in-progress → completed, or busy /
 *   no-answer / failed; transcripts, summary and recording_url once ended).
 * - `GET /v1/calls`: `{ count, calls }`, most recent first, 100 by default (at most 1000).
 *   Query: `to_number`, `from_number`, `from`/`to` (index range) or `limit`, `ascending=true`,
 *   and the simulator's own `attempt_id`, which keeps
 *   the calls whose metadata.attempt_id equals it (every POST is stored, so `count` is the
 *   number of dials made for that attempt).
 * - `GET /recordings/:callId.wav?token=…`: the call's recording (audio/wav, byte ranges
 *   supported). The URL handed out carries an unguessable token (like a storage provider's
 *   signed URL); without it, or the API key, it is a 401: a call id alone plays nothing.
 * - `GET /`: a page that explains the simulator and its outcomes.
 *
 * The API needs the `authorization: <api key>` header (401 otherwise).
 */
export function callSimulatorRoutes(deps: CallSimulatorDeps) {
  const logger = deps.logger.child({ module: "call-simulator" });
  const baseUrl = simulatorApiUrl(deps.publicUrl);
  const keyHash = sha256(deps.apiKey);
  const keyHashHex = keyHash.toString("hex");
  const sign = (body: string) =>
    createHmac("sha256", deps.webhookSecret).update(body).digest("hex");
  const recordingToken = (callId: string) => sign(`recording:${callId}`).slice(0, 40);
  const hasKey = (c: Context) => {
    const given = c.req.header("authorization")?.trim() ?? "";
    return given !== "" && timingSafeEqual(sha256(given), keyHash);
  };

  const requireKey: MiddlewareHandler = async (c, next) => {
    const given = c.req.header("authorization")?.trim() ?? "";
    if (!given || !timingSafeEqual(sha256(given), keyHash)) {
      return blandError(
        c,
        401,
        "UNAUTHORIZED",
        given ? "Invalid API key." : "Missing API key: send it in the authorization header.",
      );
    }
    await next();
  };

  const api = new Hono();
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
    const request: CallRequest = {
      phoneNumber: body.phone_number,
      task: body.task,
      firstSentence: body.first_sentence || null,
      metadata: body.metadata ?? null,
      requestData: body.request_data ?? null,
      analysisSchema: body.analysis_schema ?? null,
      voicemail: {
        leaveMessage: body.voicemail_action === "leave_message",
        message: body.voicemail_message || null,
      },
    };
    const createdAt = new Date();
    const plan = planCall(request, createdAt, deps.pace);
    const callId = randomUUID();
    const record = body.record === true;
    const recorded = record && plan.transcripts.length > 0;
    const row = {
      callId,
      apiKeyHash: keyHashHex,
      phoneNumber: request.phoneNumber,
      fromNumber: body.from ?? SIMULATOR_FROM_NUMBER,
      task: request.task,
      firstSentence: request.firstSentence,
      record,
      requestData: request.requestData,
      analysisSchema: request.analysisSchema,
      metadata: request.metadata,
      webhookUrl: body.webhook ?? null,
      status: "queued" as const,
      outcome: plan.outcome.status,
      answeredBy: plan.outcome.answeredBy,
      callLength: plan.callLength,
      transcripts: plan.transcripts,
      summary: plan.summary,
      errorMessage: plan.outcome.errorMessage,
      recordingUrl: recorded
        ? `${baseUrl}/recordings/${callId}.wav?token=${recordingToken(callId)}`
        : null,
      recording: null,
      answerAt: plan.answerAt,
      endAt: plan.endAt,
      webhookBody: null,
      webhookSignature: null,
      webhookAttempts: 0,
      webhookDeliveredAt: null,
      createdAt,
      startedAt: null,
      completedAt: null,
    };
    // The post-call webhook is made (and signed) now: the worker holds no secret, and every
    // retry sends the same bytes.
    const webhookBody = row.webhookUrl ? JSON.stringify(callObject(finalCall(row))) : null;
    await deps.db.insert(simulatorCalls).values({
      ...row,
      webhookBody,
      webhookSignature: webhookBody ? sign(webhookBody) : null,
    });
    try {
      await enqueueCall(deps.queue, callId, plan.endAt.getTime() - createdAt.getTime());
    } catch (error) {
      // Not queued: not dialled either, so it does not count.
      await deps.db.delete(simulatorCalls).where(eq(simulatorCalls.callId, callId));
      throw error;
    }
    logger.info(
      { callId, outcome: plan.outcome.status, answeredBy: plan.outcome.answeredBy },
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
    const conditions: SQL[] = [eq(simulatorCalls.apiKeyHash, keyHashHex)];
    const toNumber = c.req.query("to_number");
    const fromNumber = c.req.query("from_number");
    const attemptId = c.req.query("attempt_id");
    if (toNumber) conditions.push(eq(simulatorCalls.phoneNumber, toNumber));
    if (fromNumber) conditions.push(eq(simulatorCalls.fromNumber, fromNumber));
    if (attemptId) conditions.push(sql`(${simulatorCalls.metadata}->>'attempt_id') = ${attemptId}`);
    // Bland's index range (`from` inclusive, `to` exclusive) or `limit`; 100 by default.
    const whole = (name: string) => {
      const raw = c.req.query(name);
      const value = raw === undefined || raw === "" ? Number.NaN : Number(raw);
      return Number.isInteger(value) && value >= 0 ? value : null;
    };
    const offset = whole("from") ?? 0;
    const to = whole("to");
    const wanted = to !== null ? to - offset : (whole("limit") ?? DEFAULT_LIST);
    const limit = Math.max(0, Math.min(wanted, MAX_LIST));
    const ascending = c.req.query("ascending") === "true";
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      deps.db
        .select()
        .from(simulatorCalls)
        .where(where)
        .orderBy(
          ascending ? asc(simulatorCalls.createdAt) : desc(simulatorCalls.createdAt),
          ascending ? asc(simulatorCalls.callId) : desc(simulatorCalls.callId),
        )
        .limit(limit)
        .offset(offset),
      deps.db.select({ n: count() }).from(simulatorCalls).where(where),
    ]);
    return c.json({ count: total?.n ?? 0, calls: rows.map(callListItem) });
  });

  api.get("/calls/:callId", async (c) => {
    const callId = c.req.param("callId");
    const [call] = isUuid(callId)
      ? await deps.db
          .select()
          .from(simulatorCalls)
          .where(and(eq(simulatorCalls.callId, callId), eq(simulatorCalls.apiKeyHash, keyHashHex)))
      : [];
    if (!call) return blandError(c, 404, "NOT_FOUND", "Call not found.");
    return c.json(callObject(call));
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
    const expected = Buffer.from(recordingToken(callId));
    const tokenOk = token.length === expected.length && timingSafeEqual(token, expected);
    if (!tokenOk && !hasKey(c)) {
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
